/**
 * The guide chapters: bilingual prose written for the 2.x line, whose every API name is a link
 * into the reference resolved against the inventory at build time. A name the version does not
 * have fails the build (ChapterError), so the chapters cannot drift from the code.
 *
 * What holds only from some version on is written per version, so that each version's manual
 * says what is true of it: `{{since 2.0.2: text}}` is kept in the manual of 2.0.2 and later,
 * `{{before 2.0.2: text}}` in older ones (saying what they offer instead), `{{since 2.0.0 before
 * 2.0.2: text}}` in the versions between, and the rest is
 * dropped before anything is resolved: the references of the kept text are checked like any
 * other, those of the dropped text are checked by the versions that keep it. A chapter about
 * what a line of versions introduced has `since` (the first version it is true of).
 *
 * Markup of a chapter text (one per language, the same number of blocks in both):
 * blocks are separated by blank lines; `## ` starts a heading, lines starting with `- ` make a
 * list, a ``` fence is a code block (written once, in the English text; the Chinese text has `~`
 * in its place). Inline: `code`, **bold**, [text](page.html#anchor) and API references:
 * [[Type]], [[pkg.Type]], [[Outer.Inner]], [[Type#member]] (declared or inherited),
 * [[Type#member(Param,Param)]], [[artifact:agentscope-core]], [[package:io.agentscope.core]],
 * [[py:agentscope.tool]]; [[ref|shown text]] changes the text shown.
 */
import type { TypeDecl } from '../inventory/schema.js';
import { compareVersions } from '../core/versions.js';
import { esc, label, rel } from './html.js';
import type { Text } from './html.js';
import type { Translations } from './i18n.js';
import type { PageSpec } from './layout.js';
import { lineage, memberHref, nestedName, typePath, type JavaContext } from './java.js';
import type { PyContext } from './python.js';
import type { SearchEntry } from './search.js';

export interface Chapter {
  /** File name under guide/ without .html; also the search entry's name. */
  id: string;
  title: Text & { zh: string };
  /** The first version the chapter is true of; absent: every version. */
  since?: string;
  /** Search keywords besides the title (both languages). */
  keywords: string;
  en: string;
  zh: string;
}

export class ChapterError extends Error {}

const GATE = /\{\{(?:since (\d[\w.-]*))? ?(?:before (\d[\w.-]*))?: ((?:(?!\{\{|\}\})[\s\S])*)\}\}/g;

/**
 * A chapter text as it reads for `version`: each `{{since A: ...}}`, `{{before B: ...}}` and
 * `{{since A before B: ...}}` kept when A <= version < B, else dropped.
 */
export function textFor(text: string, version: string, where: string): string {
  const out = text.replace(GATE, (whole: string, since: string | undefined, before: string | undefined, body: string) => {
    if (!since && !before) return whole;
    return (!since || compareVersions(version, since) >= 0) && (!before || compareVersions(version, before) < 0) ? body : '';
  });
  const bad = /\{\{|\}\}/.exec(out);
  if (bad) throw new ChapterError(`${where}: "${out.slice(bad.index, bad.index + 30)}": write {{since V: ...}}, {{before V: ...}} or {{since V before W: ...}}`);
  return out;
}

/** Whether the chapter belongs to the manual of `version`. */
function chapterApplies(ch: Chapter, version: string): boolean {
  return ch.since === undefined || compareVersions(version, ch.since) >= 0;
}

/** Resolves the references of chapter texts against the version's inventories. */
export class ApiRefs {
  private readonly byName = new Map<string, TypeDecl[]>();
  constructor(
    private readonly c: JavaContext,
    private readonly py: PyContext | undefined,
  ) {
    for (const t of c.inv.types) {
      const n = nestedName(t);
      (this.byName.get(n) ?? this.byName.set(n, []).get(n)!).push(t);
    }
  }

  private type(name: string): TypeDecl | string {
    const exact = this.c.by.get(name);
    if (exact) return exact;
    const ts = this.byName.get(name) ?? [];
    if (ts.length === 1) return ts[0];
    return ts.length ? `${name} is ambiguous (${ts.map((t) => t.fqn).join(', ')}): write the full name` : `no type ${name}`;
  }

  /** The site path (with anchor) and the text shown, or the reason it names nothing. */
  resolve(ref: string): { href?: string; text: string } | string {
    const colon = /^(artifact|package|py):(.+)$/.exec(ref);
    if (colon) {
      const [, kind, name] = colon;
      if (kind === 'artifact') return this.c.inv.artifacts.some((a) => a.artifactId === name) ? { href: `artifacts.html#${name}`, text: name } : `no artifact ${name}`;
      if (kind === 'package') return this.c.inv.types.some((t) => t.package === name) ? { href: `java/${name}/index.html`, text: name } : `no package ${name}`;
      // the Python edition is optional: without its inventory the name is shown, not linked
      if (!this.py) return { text: name };
      return this.py.inv.modules.some((m) => m.name === name) ? { href: `python/${name}.html`, text: name } : `no Python package ${name}`;
    }
    const hash = ref.indexOf('#');
    const t = this.type(hash < 0 ? ref : ref.slice(0, hash));
    if (typeof t === 'string') return t;
    if (hash < 0) return { href: typePath(t), text: nestedName(t) };
    const member = ref.slice(hash + 1);
    const name = member.replace(/\(.*$/, '');
    for (const s of [t, ...lineage(this.c, t)]) {
      const href = memberHref(this.c, s, member);
      if (href) return { href, text: `${nestedName(t)}.${name}${member.includes('(') ? member.slice(name.length) : ''}` };
    }
    return `no member ${member} on ${t.fqn} or its supertypes`;
  }
}

function inline(text: string, from: string, refs: ApiRefs, where: string): string {
  // split on code spans first: nothing inside `...` is markup
  return text
    .split(/(`[^`]+`)/)
    .map((part) => {
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1) return `<code>${esc(part.slice(1, -1))}</code>`;
      return esc(part)
        .replace(/\[\[([^\]|]+)(?:\|([^\]]+))?\]\]/g, (_, ref: string, shown?: string) => {
          const r = refs.resolve(ref.trim());
          if (typeof r === 'string') throw new ChapterError(`${where}: [[${ref}]]: ${r}`);
          return r.href ? `<a class="api" href="${esc(rel(from, r.href))}"><code>${shown ?? esc(r.text)}</code></a>` : `<code class="api">${shown ?? esc(r.text)}</code>`;
        })
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, shown: string, href: string) => `<a href="${href}">${shown}</a>`)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
    })
    .join('');
}

function blocks(text: string): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let fence = false;
  for (const line of text.replace(/^\n+|\n+$/g, '').split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    if (!fence && line.trim() === '' && !line.startsWith('```')) {
      if (cur.length) out.push(cur.join('\n'));
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) out.push(cur.join('\n'));
  return out;
}

function blockHtml(b: string, from: string, refs: ApiRefs, where: string, headingId: string): string {
  if (b.startsWith('## ')) return `<h2 id="${headingId}">${inline(b.slice(3), from, refs, where)}</h2>`;
  if (b.startsWith('- ')) {
    const items = b.split(/\n(?=- )/).map((i) => `<li>${inline(i.slice(2).replace(/\n\s*/g, ' '), from, refs, where)}</li>`);
    return `<ul>${items.join('')}</ul>`;
  }
  return `<p>${inline(b.replace(/\n\s*/g, ' '), from, refs, where)}</p>`;
}

/** The chapter as a page: zh and en blocks paired, so the mixed mode reads paragraph by paragraph. */
function chapterPage(ch: Chapter, refs: ApiRefs, tr: Translations, all: Chapter[], version: string): PageSpec {
  const path = `guide/${ch.id}.html`;
  const en = blocks(textFor(ch.en, version, `chapter ${ch.id} (en)`));
  const zh = blocks(textFor(ch.zh, version, `chapter ${ch.id} (zh)`));
  if (en.length !== zh.length) throw new ChapterError(`chapter ${ch.id}: ${en.length} English blocks but ${zh.length} Chinese ones`);
  let h = 0;
  const body = en.map((b, i) => {
    if (b.startsWith('```')) {
      if (zh[i] !== '~') throw new ChapterError(`chapter ${ch.id}: block ${i + 1} is code in English; the Chinese text must have ~ there`);
      return `<pre class="diagram">${esc(b.replace(/^```[^\n]*\n|\n?```$/g, ''))}</pre>`;
    }
    if (b.startsWith('## ') !== zh[i].startsWith('## ')) throw new ChapterError(`chapter ${ch.id}: block ${i + 1} is a heading in one language only`);
    const id = b.startsWith('## ') ? `s${++h}` : '';
    const zhHtml = blockHtml(zh[i], path, refs, `chapter ${ch.id} (zh)`, id);
    const enHtml = blockHtml(b, path, refs, `chapter ${ch.id} (en)`, id ? `${id}-en` : '');
    if (id) return `<div class="tx hasz hd"><div class="lang-zh" lang="zh">${zhHtml}</div><div class="lang-en" lang="en">${enHtml}</div></div>`;
    return `<div class="tx hasz"><div class="lang-zh" lang="zh">${zhHtml}</div><div class="lang-en" lang="en">${enHtml}</div></div>`;
  });
  const idx = all.indexOf(ch);
  const nav = [all[idx - 1], all[idx + 1]]
    .map((x, k) => (x ? `<a href="${x.id}.html">${k ? '→ ' : '← '}${label(x.title)}</a>` : ''))
    .join(' ');
  return {
    path,
    title: `${ch.title.zh} ${ch.title.en} — AgentScope Java`,
    body: `<p class="muted"><a href="index.html">${label(tr.ui('ui.nav.guide'))}</a></p>
<h1 id="top">${label(ch.title)}</h1>
${body.join('\n')}
<p class="chapter-nav">${nav}</p>`,
  };
}

/**
 * The guide's index page and one page per chapter that applies to `version` (the chapters of a
 * later line listed on the index as such); their search entries go into `entries`.
 */
export function guidePages(all: Chapter[], refs: ApiRefs, tr: Translations, entries: SearchEntry[], version: string): PageSpec[] {
  const chapters = all.filter((ch) => chapterApplies(ch, version));
  const later = all.filter((ch) => !chapterApplies(ch, version));
  const pages = chapters.map((ch) => chapterPage(ch, refs, tr, chapters, version));
  for (const ch of chapters) entries.push([ch.title.en, 'guide', 'guide', `guide/${ch.id}.html`, '', `${ch.title.zh} ${ch.keywords}`, 0]);
  const laterNote = later.length
    ? `<p id="later">${label(tr.ui('ui.guide.later'))} ${later.map((ch) => `${label(ch.title)} <code>${esc(ch.since!)}+</code>`).join(', ')}</p>`
    : '';
  pages.push({
    path: 'guide/index.html',
    title: 'Guide — AgentScope Java',
    body: `<h1>${label(tr.ui('ui.nav.guide'))}</h1>
${chapters.length ? `<ol>${chapters.map((ch) => `<li><a href="${ch.id}.html">${label(ch.title)}</a></li>`).join('')}</ol>` : ''}
${laterNote}`,
  });
  return pages;
}
