/**
 * The structured Javadoc of a type or member (the inventory's `javadoc` record) as a compact
 * definition list: parameters, returns, throws, since, then the code blocks. Not Javadoc's HTML:
 * the texts are the inventory's one-line texts, with their `code` spans as <code>.
 */
import type { Javadoc } from '../inventory/schema.js';
import { esc, label } from './html.js';
import type { Translations } from './i18n.js';

/** What the page supplies: links into the inventory (java.ts knows the paths). */
export interface JavadocLinks {
  /** HTML of a (resolved) type name, linked when the inventory has the type. */
  type(name: string): string;
  /** The href for a code span that names an inventory type (`Msg`, `ReActAgent.Builder`, `Foo.bar(int)`). */
  code(text: string): string | undefined;
  /** HTML flagging an example that does not compile in the version ('' when it does or cannot be judged). */
  example?(code: string): string;
}

/**
 * Escaped text with its backtick spans as <code> (a fence of n backticks closes at the next run of
 * exactly n, as in the inventory's encoding); a span naming an inventory type links to its page.
 */
export function inlineHtml(text: string, links: Pick<JavadocLinks, 'code'>): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('`', i);
    if (open < 0) break;
    let n = 1;
    while (text[open + n] === '`') n++;
    // the closing fence: a run of exactly n backticks
    let close = -1;
    for (let j = text.indexOf('`', open + n); j >= 0; j = text.indexOf('`', j)) {
      let m = 1;
      while (text[j + m] === '`') m++;
      if (m === n) {
        close = j;
        break;
      }
      j += m;
    }
    if (close < 0) break;
    const code = text.slice(open + n, close).trim();
    const href = links.code(code);
    out += esc(text.slice(i, open)) + (href ? `<a href="${esc(href)}"><code>${esc(code)}</code></a>` : `<code>${esc(code)}</code>`);
    i = close + n;
  }
  return out + esc(text.slice(i));
}

/** The part of a code span that names a type: `Foo.bar(int)` and `Foo#bar` -> `Foo`; `bar()` -> undefined. */
export function typeNameIn(code: string): string | undefined {
  const m = /^((?:[a-z_$][\w$]*\.)*[A-Z][\w$]*(?:\.[A-Z][\w$]*)*)(?:(?:\.|#)[a-z_$][\w$]*(?:\(.*\))?)?$/.exec(code);
  return m?.[1];
}

/** English-only text inline: in Chinese mode it carries the EN badge like untranslated prose. */
export function enOnly(html: string): string {
  return `<span class="tx nozh"><span class="lang-en">${html}</span></span>`;
}

/** The definition list of a javadoc record ('' when there is nothing to show). */
export function javadocHtml(jd: Javadoc | undefined, tr: Translations, links: JavadocLinks): string {
  if (!jd) return '';
  const rows: string[] = [];
  const dt = (id: string) => `<dt>${label(tr.ui(id))}</dt>`;
  if (jd.params?.length) {
    rows.push(dt('ui.doc.params'));
    for (const p of jd.params) rows.push(`<dd><code>${esc(p.name)}</code> — ${enOnly(inlineHtml(p.text, links))}</dd>`);
  }
  if (jd.returns) rows.push(dt('ui.doc.returns'), `<dd>${enOnly(inlineHtml(jd.returns, links))}</dd>`);
  if (jd.throws?.length) {
    rows.push(dt('ui.doc.throws'));
    for (const t of jd.throws) rows.push(`<dd><code>${links.type(t.type)}</code>${t.text ? ` — ${enOnly(inlineHtml(t.text, links))}` : ''}</dd>`);
  }
  if (jd.since) rows.push(dt('ui.doc.since'), `<dd>${inlineHtml(jd.since, links)}</dd>`);
  if (jd.examples?.length) {
    rows.push(dt('ui.doc.examples'));
    for (const e of jd.examples) rows.push(`<dd>${links.example?.(e) ?? ''}<pre class="example"><code>${esc(e)}</code></pre></dd>`);
  }
  return rows.length ? `<dl class="jd">${rows.join('')}</dl>` : '';
}
