/**
 * Identifier-ignorable characters (Java's Character.isIdentifierIgnorable: U+0000-0008,
 * U+000E-001B, U+007F-009F and every format character, general category Cf, such as U+200B or
 * U+202E): javac accepts them inside an identifier and drops them, so `ab\u202Ec` is `abc`. The
 * tree-sitter grammar does not know them and would report a syntax error on valid Java, so they
 * are removed where they continue an identifier before parsing (javac's reading), and the columns
 * of the findings are mapped back to the original text. Lines never move: none of them ends a line.
 */
import type { Finding } from './rules.js';

const IGNORABLE = '[\\u0000-\\u0008\\u000e-\\u001b\\u007f-\\u009f\\p{Cf}]';
/** An identifier part (letters, digits, marks, connectors, currency) followed by ignorables. */
const AFTER_PART = new RegExp(`(?<=[\\p{L}\\p{Nl}\\p{Nd}\\p{Mn}\\p{Mc}\\p{Pc}\\p{Sc}]${IGNORABLE}*)${IGNORABLE}+`, 'gu');
const ANY = new RegExp(IGNORABLE, 'u');
/** Anything but printable ASCII, tab, line feed and carriage return (none of those is ignorable). */
const NOT_PLAIN_ASCII = /[^\t\n\r\x20-\x7e]/;

/** Where characters were removed: per 0-based line, [column in the stripped text, code units removed]. */
export type ColumnMap = Map<number, [number, number][]>;

/** The text as javac reads its identifiers, and the map back (undefined when nothing was removed). */
export function withoutIgnorables(text: string): { text: string; map?: ColumnMap } {
  // most Java source is printable ASCII: one plain scan decides, the Unicode one runs only beyond it
  if (!NOT_PLAIN_ASCII.test(text) || !ANY.test(text)) return { text };
  const map: ColumnMap = new Map();
  let out = '';
  let last = 0;
  let line = 0;
  let lineStart = 0;
  let removed = 0;
  for (const m of text.matchAll(AFTER_PART)) {
    const at = m.index;
    for (let i = text.indexOf('\n', last); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
      removed = 0;
    }
    out += text.slice(last, at);
    const col = at - lineStart - removed;
    const entries = map.get(line) ?? [];
    entries.push([col, m[0].length]);
    map.set(line, entries);
    removed += m[0].length;
    last = at + m[0].length;
  }
  if (!map.size) return { text };
  return { text: out + text.slice(last), map };
}

function original(map: ColumnMap, line: number, col: number): number {
  let shift = 0;
  for (const [at, n] of map.get(line - 1) ?? []) if (at < col) shift += n;
  return col + shift;
}

/** A finding's columns (1-based) in the original text. */
export function mapFinding(f: Finding, map: ColumnMap): Finding {
  const out = { ...f, col: original(map, f.line, f.col) };
  if (f.endCol !== undefined) out.endCol = original(map, f.endLine ?? f.line, f.endCol);
  return out;
}
