/** Javadoc comment -> plain-text summary and @deprecated note (and the block tags, see javadoc-tags.ts). */
import { parseJavadocTags, type RawJavadocTags } from './javadoc-tags.js';

export interface DocInfo {
  /** First sentence of the main description, inline tags unwrapped, HTML removed. */
  summary?: string;
  /** Present when the comment has a @deprecated block tag: its first sentence ('' if empty). */
  deprecatedNote?: string;
  /** @param, @return, @throws, ... and the code blocks. */
  tags: RawJavadocTags;
}

/** Strips the comment delimiters and leading asterisks; keeps line structure. */
function body(comment: string): string {
  return comment
    .replace(/^\/\*\*+/, '')
    .replace(/\*+\/$/, '')
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*\*(?!\/)\s?/, ''))
    .join('\n');
}

/** `{@code x}` -> x, `{@link A#b label}` -> label, `{@link A#b}` -> A.b, `{@inheritDoc}` dropped. */
function unwrapInline(text: string): string {
  // Inline tags can hold braces ({@code Map<String, {}>}); match balanced one level deep.
  return text.replace(/\{@(\w+)\s*((?:[^{}]|\{[^{}]*\})*)\}/g, (_m, tag: string, arg: string) => {
    const a = arg.trim();
    switch (tag) {
      case 'link':
      case 'linkplain': {
        const m = /^([^\s(]*(?:\([^)]*\))?)(?:\s+([\s\S]+))?$/.exec(a);
        if (!m) return a;
        if (m[2]) return m[2].trim();
        return m[1].replace(/^#/, '').replace('#', '.');
      }
      case 'inheritDoc':
        return '';
      default:
        return a; // code, literal, value, summary, ...
    }
  });
}

function plain(text: string): string {
  return unwrapInline(text)
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first sentence, as javadoc's BreakIterator sees it: it ends at a period followed by white
 * space and a character that is not a lower-case letter (so "e.g. by" does not end it), or at the end.
 */
function firstSentence(text: string): string {
  const m = /^([\s\S]*?\.)(?=\s+[^a-z\s]|\s*$)/.exec(text);
  return (m ? m[1] : text).trim();
}

export function parseJavadoc(comment: string): DocInfo {
  const lines = body(comment).split('\n');
  const main: string[] = [];
  let deprecated: string[] | undefined;
  let inBlock: 'other' | 'deprecated' | undefined;
  let inPre = false;
  for (const line of lines) {
    if (/<pre\b/i.test(line)) inPre = true;
    const tag = inPre ? null : /^\s*@(\w+)\b\s?(.*)$/.exec(line);
    if (tag) {
      if (tag[1] === 'deprecated') {
        inBlock = 'deprecated';
        deprecated = [tag[2]];
      } else {
        inBlock = 'other';
      }
    } else if (inBlock === 'deprecated') {
      deprecated!.push(line);
    } else if (!inBlock) {
      main.push(line);
    }
    if (/<\/pre>/i.test(line)) inPre = false;
  }
  const info: DocInfo = { tags: parseJavadocTags(comment) };
  // The summary also ends at the first block-level HTML tag (<p>, <pre>, lists, ...).
  const chunks = main.join('\n').split(/<(?:p|pre|ul|ol|dl|h[1-6]|table|blockquote|div)\b[^>]*>/i);
  const first = chunks.map(plain).find((c) => c.length > 0) ?? '';
  const summary = firstSentence(first);
  if (summary) info.summary = summary;
  if (deprecated) info.deprecatedNote = firstSentence(plain(deprecated.join('\n')));
  return info;
}
