/**
 * Structured Javadoc beyond the summary: @param / @return / @throws (@exception) / @deprecated /
 * @since block tags and the <pre> code blocks. Texts keep inline code as `backticks` ({@code x},
 * <code>x</code>, {@link A#b}) and lose all other HTML; code blocks keep their lines.
 * Kept apart from javadoc.ts (the summary) so the summary, which translations key on, never moves.
 */
import type { Javadoc } from '../schema.js';

/** As parsed, before the exception names are resolved against the declaration's scope. */
export interface RawJavadocTags {
  params: { name: string; text: string }[];
  returns?: string;
  throws: { written: string; text: string }[];
  deprecated?: string;
  since?: string;
  examples: string[];
}

/** Comment -> lines without the delimiters and the leading ` * ` (indentation inside kept). */
function lines(comment: string): string[] {
  return comment
    .replace(/^\/\*\*+/, '')
    .replace(/\*+\/$/, '')
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*\*(?!\/)\s?/, ''));
}

/** Index just past the `}` that closes the inline tag opened at `open` (`{@`), or -1. */
function closeOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e] ?? m;
  });
}

/** `x` in the shortest backtick fence that its own backticks cannot close. */
function codeSpan(code: string): string {
  const c = code.replace(/\s+/g, ' ').trim();
  if (!c) return '';
  const longest = Math.max(0, ...(c.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${c} ${fence}` : `${fence}${c}${fence}`;
}

/**
 * The HTML tags Javadoc authors use, lower-case only; only these are removed, so a type argument
 * written without escaping (`Mono<Void>`, `Function<I, O>`, `skills/<skillId>/`) survives as text.
 */
const HTML_TAG = /<\/?(?:a|abbr|b|big|blockquote|br|caption|cite|code|dd|div|dl|dt|em|h[1-6]|hr|i|img|kbd|li|ol|p|pre|s|samp|small|span|strong|sub|sup|table|tbody|td|tfoot|th|thead|tr|tt|u|ul|var)\b[^<>]*>/g;

// Private-use characters stand for code spans while the HTML around them is stripped.
const HOLE = '\uE000';
const HOLE_END = '\uE001';

/**
 * Javadoc prose -> one line of text: inline tags unwrapped (code-like ones as `code`), HTML tags
 * removed, entities decoded, white space collapsed. {@code} content is taken verbatim, as javadoc
 * shows it; <code> content has its entities decoded.
 */
export function richText(text: string): string {
  const spans: string[] = [];
  const hole = (code: string) => `${HOLE}${spans.push(codeSpan(code)) - 1}${HOLE_END}`;
  let out = '';
  for (let i = 0; i < text.length; ) {
    const open = text.indexOf('{@', i);
    if (open < 0) {
      out += text.slice(i);
      break;
    }
    const end = closeOf(text, open);
    if (end < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, open);
    const m = /^\{@(\w+)\s*([\s\S]*)\}$/.exec(text.slice(open, end));
    const tag = m?.[1] ?? '';
    const arg = (m?.[2] ?? '').trim();
    if (tag === 'code' || tag === 'value') out += hole(arg);
    else if (tag === 'literal') out += arg;
    else if (tag === 'link' || tag === 'linkplain') {
      const lm = /^([^\s(]*(?:\([^)]*\))?)(?:\s+([\s\S]+))?$/.exec(arg);
      if (lm?.[2]) out += lm[2].trim();
      else {
        const target = (lm?.[1] ?? arg).replace(/^#/, '').replace('#', '.');
        out += tag === 'link' ? hole(target) : target;
      }
    } else if (tag !== 'inheritDoc') out += arg;
    i = end;
  }
  out = out.replace(/<(code|tt)>([\s\S]*?)<\/\1>/gi, (_m, _t, inner: string) => hole(decodeEntities(inner.replace(HTML_TAG, ''))));
  out = decodeEntities(out.replace(HTML_TAG, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return out.replace(new RegExp(`${HOLE}(\\d+)${HOLE_END}`, 'g'), (_m, n: string) => spans[Number(n)]);
}

/** Removes the common indentation and the blank lines around a code block. */
function dedent(block: string): string {
  const ls = block.replace(/\t/g, '    ').split('\n');
  while (ls.length && !ls[0].trim()) ls.shift();
  while (ls.length && !ls[ls.length - 1].trim()) ls.pop();
  const ind = Math.min(...ls.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return ls.map((l) => l.slice(Number.isFinite(ind) ? ind : 0).trimEnd()).join('\n');
}

/**
 * Cuts the <pre> blocks out of a text: each becomes an example (the {@code} content verbatim, or
 * the block's text with tags removed and entities decoded); the text keeps a space in its place.
 */
function takeCodeBlocks(text: string, examples: string[]): string {
  return text.replace(/<pre\b[^>]*>([\s\S]*?)(?:<\/pre>|$)/gi, (_m, inner: string) => {
    const open = /^\s*\{@code\b/.exec(inner);
    let code: string;
    if (open) {
      const start = inner.indexOf('{@');
      const end = closeOf(inner, start);
      code = end < 0 ? inner.slice(start + 6) : inner.slice(start + 6, end - 1);
      // {@code starts a line; its first character after the tag name is a separator
      code = code.replace(/^[ \t]/, '');
    } else {
      code = decodeEntities(inner.replace(HTML_TAG, ''));
    }
    code = dedent(code);
    if (code) examples.push(code);
    return ' ';
  });
}

const TAG = /^\s*@(\w+)(?:\s+([\s\S]*))?$/;

/** Block tags of a comment, by the line they start on; <pre> content never starts a tag. */
export function parseJavadocTags(comment: string): RawJavadocTags {
  const main: string[] = [];
  const blocks: { tag: string; lines: string[] }[] = [];
  let inPre = false;
  for (const line of lines(comment)) {
    const tag = inPre ? null : TAG.exec(line);
    if (tag) blocks.push({ tag: tag[1], lines: [tag[2] ?? ''] });
    else if (blocks.length) blocks[blocks.length - 1].lines.push(line);
    else main.push(line);
    // a line may open and close a block (<pre>{@code x}</pre>): the last marker decides
    const opens = line.toLowerCase().lastIndexOf('<pre');
    const closes = line.toLowerCase().lastIndexOf('</pre>');
    if (opens > closes) inPre = true;
    else if (closes >= 0) inPre = false;
  }
  const out: RawJavadocTags = { params: [], throws: [], examples: [] };
  takeCodeBlocks(main.join('\n'), out.examples);
  for (const b of blocks) {
    // the name of @param / @throws comes before any markup (`<T>` is not HTML)
    const raw = takeCodeBlocks(b.lines.join('\n'), out.examples);
    switch (b.tag) {
      case 'param': {
        const m = /^\s*(<\s*[\w$]+\s*>|[\w$]+)([\s\S]*)$/.exec(raw);
        const text = m ? richText(m[2]) : '';
        if (m && text) out.params.push({ name: m[1].replace(/\s+/g, ''), text });
        break;
      }
      case 'return':
      case 'returns': {
        const text = richText(raw);
        if (text) out.returns = text;
        break;
      }
      case 'throws':
      case 'exception': {
        const m = /^\s*(?:\{@link(?:plain)?\s+([\w$.]+)\s*\}|([\w$.]+))([\s\S]*)$/.exec(raw);
        if (m) out.throws.push({ written: m[1] ?? m[2], text: richText(m[3]) });
        break;
      }
      case 'deprecated': {
        const text = richText(raw);
        if (text) out.deprecated = text;
        break;
      }
      case 'since': {
        const text = richText(raw);
        if (text) out.since = text;
        break;
      }
    }
  }
  return out;
}

/**
 * The inventory's Javadoc record, exception names resolved by `resolveName` (the extractor resolves
 * them like the signature's types: FQN where resolvable, as written otherwise); undefined when the
 * comment has nothing of it.
 */
export function structuredJavadoc(raw: RawJavadocTags | undefined, resolveName: (written: string) => string): Javadoc | undefined {
  if (!raw) return undefined;
  const out: Javadoc = {};
  if (raw.params.length) out.params = raw.params;
  if (raw.returns) out.returns = raw.returns;
  if (raw.throws.length) {
    out.throws = raw.throws.map((t) => {
      const type = resolveName(t.written);
      return t.text ? { type, text: t.text } : { type };
    });
  }
  if (raw.deprecated) out.deprecated = raw.deprecated;
  if (raw.since) out.since = raw.since;
  if (raw.examples.length) out.examples = raw.examples;
  return Object.keys(out).length ? out : undefined;
}
