/** Mechanical edits: where a finding sits in the text, and applying non-overlapping replacements. */
import type { Finding } from '../../checker/index.js';
import type { Edit } from './model.js';

/** Offsets of the start of each line of `text`. */
export function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** The span of the node the checker reported at (1-based line/col, UTF-16 columns like javac). */
export function findingSpan(f: Finding, starts: number[]): { start: number; end: number } | undefined {
  if (f.endLine === undefined || f.endCol === undefined) return undefined;
  const at = (line: number, col: number) => (starts[line - 1] ?? NaN) + col - 1;
  const start = at(f.line, f.col);
  const end = at(f.endLine, f.endCol);
  return Number.isFinite(start) && Number.isFinite(end) && end >= start ? { start, end } : undefined;
}

/** Applies non-overlapping edits to a text (later edits first, so offsets stay valid). */
export function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((x, y) => y.start - x.start);
  let out = text;
  let lastStart = Infinity;
  for (const e of sorted) {
    if (e.end > lastStart) continue; // overlapping: keep the first one only
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    lastStart = e.start;
  }
  return out;
}
