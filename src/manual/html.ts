/** HTML building blocks shared by every page of the manual. */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESC[c]);
}

/** A bilingual pair; `zh` absent when no (current) translation exists. */
export interface Text {
  en: string;
  zh?: string;
}

/**
 * A block of prose in both languages. CSS picks what shows per mode (html[data-lang]):
 * mixed = zh above, en muted below; zh = zh only, or en with an EN badge when zh is missing;
 * en = en only. Code, package and type names are never inside these blocks' translated side.
 */
export function prose(t: Text, tag = 'p'): string {
  if (!t.zh) return `<div class="tx nozh"><${tag} class="lang-en">${esc(t.en)}</${tag}></div>`;
  return `<div class="tx hasz"><${tag} class="lang-zh" lang="zh">${esc(t.zh)}</${tag}><${tag} class="lang-en" lang="en">${esc(t.en)}</${tag}></div>`;
}

/** prose() whose `code spans` (Markdown backticks) become <code>. */
export function proseMd(t: Text, tag = 'p'): string {
  const md = (x: string) => esc(x).replace(/`([^`]+)`/g, '<code>$1</code>');
  if (!t.zh) return `<div class="tx nozh"><${tag} class="lang-en">${md(t.en)}</${tag}></div>`;
  return `<div class="tx hasz"><${tag} class="lang-zh" lang="zh">${md(t.zh)}</${tag}><${tag} class="lang-en" lang="en">${md(t.en)}</${tag}></div>`;
}

/** English prose already rendered as HTML (inline code, links): prose() without a translation. */
export function proseHtml(enHtml: string, tag = 'p'): string {
  return `<div class="tx nozh"><${tag} class="lang-en">${enHtml}</${tag}></div>`;
}

/** A short UI label inline (headings, table heads, buttons). */
export function label(t: Text): string {
  if (!t.zh) return `<span class="ui nozh"><span class="lang-en">${esc(t.en)}</span></span>`;
  return `<span class="ui hasz"><span class="lang-zh" lang="zh">${esc(t.zh)}</span><span class="lang-en" lang="en">${esc(t.en)}</span></span>`;
}

/** Anchor ids: readable, no spaces, and the same for the same member on every build. */
function anchorId(s: string): string {
  return s.replace(/[^A-Za-z0-9_.$()[\],-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

/** Hands out unique ids within one page (overloads that erase to the same text get -2, -3). */
export class IdAllocator {
  private readonly used = new Set<string>();
  take(base: string): string {
    let id = anchorId(base);
    for (let i = 2; this.used.has(id); i++) id = `${anchorId(base)}-${i}`;
    this.used.add(id);
    return id;
  }
}

export function badge(text: string, cls: string, title?: string): string {
  return `<span class="badge ${cls}"${title ? ` title="${esc(title)}"` : ''}>${esc(text)}</span>`;
}

/** The relative path from a page at `from` (e.g. java/pkg/A.html) to a site path `to`. */
export function rel(from: string, to: string): string {
  const depth = from.split('/').length - 1;
  return '../'.repeat(depth) + to;
}
