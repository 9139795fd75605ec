import type { PyClass, PyFunction, PyInventory, PyModule } from '../inventory/python/schema.js';
import { isPublicModule, publicOwner } from '../inventory/python/store.js';
import { firstSentence, parseDocstring } from './docstring.js';
import { enOnly } from './javadoc.js';
import { badge, esc, IdAllocator, label, prose, proseHtml, rel } from './html.js';
import { rstBlocks, rstInline, type RefHtml } from './rst.js';
import type { Translations } from './i18n.js';
import type { Text } from './html.js';
import type { PageSpec } from './layout.js';
import type { SearchEntry } from './search.js';
import { groupHeading, PY_GROUPS, pyGroup, type PyGroup } from './taxonomy.js';

export interface PyContext {
  inv: PyInventory;
  tr: Translations;
  entries: SearchEntry[];
  /** Where each class/function landed: `module.Name` -> page#anchor; for cross links. */
  where: Map<string, { href: string; publicName: string; module: string }>;
  docCount: Map<string, { items: number; documented: number }>;
}

export function pyContext(inv: PyInventory, tr: Translations): PyContext {
  return { inv, tr, entries: [], where: new Map(), docCount: new Map() };
}

function ownerPath(owner: string): string {
  return `python/${owner}.html`;
}

/**
 * Names a public package re-exports, by defining module: `agentscope.agent._agent.Agent` ->
 * `agentscope.agent.Agent`. Imports are followed through intermediate private packages
 * (`agentscope.agent` imports RealtimeAgent from `._realtime`, whose `__init__` imports it from
 * `._agent`).
 */
/** The defining `module.Name` of a name as seen from `module` (defined there or imported, followed through re-exports). */
function resolveIn(byName: Map<string, PyModule>, module: string, name: string, depth = 0): string | undefined {
  const m = byName.get(module);
  if (!m || depth > 8) return undefined;
  if (m.classes.some((c) => c.name === name) || m.functions.some((f) => f.name === name)) return `${module}.${name}`;
  const imp = m.imports?.find((i) => i.name === name);
  return imp ? resolveIn(byName, imp.from, imp.orig, depth + 1) : undefined;
}

function publicNames(inv: PyInventory): Map<string, string> {
  const byName = new Map(inv.modules.map((m) => [m.name, m]));
  const resolve = (module: string, name: string, depth: number) => resolveIn(byName, module, name, depth);
  const out = new Map<string, string>();
  for (const m of inv.modules) {
    if (!isPublicModule(m.name) || !m.path.endsWith('__init__.py')) continue;
    for (const imp of m.imports ?? []) {
      if (m.exports && !m.exports.includes(imp.name)) continue;
      const def = resolve(imp.from, imp.orig, 0);
      if (def && !out.has(def)) out.set(def, `${m.name}.${imp.name}`);
    }
  }
  return out;
}

/**
 * A reference to resolve once every page's anchors are known: `\u0001module\u0002name\u0003html\u0004`
 * (the module the name is written in, the name, its shown HTML); see resolveRefs.
 */
function refToken(module: string): RefHtml {
  return (name, textHtml) => `\u0001${module}\u0002${name}\u0003${textHtml}\u0004`;
}

/** An annotation's text with every name in it a reference (linked when it names a class or function of the inventory). */
function annotationHtml(module: string, text: string): string {
  const ref = refToken(module);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/[A-Za-z_][\w.]*/g)) {
    out += esc(text.slice(last, m.index)) + ref(m[0], esc(m[0]));
    last = m.index + m[0].length;
  }
  return out + esc(text.slice(last));
}

function signature(f: PyFunction, module: string): string {
  const ann = (t: string) => annotationHtml(module, t);
  const ps: string[] = [];
  let starDone = false;
  const posonly = f.params.filter((p) => p.kind === 'posonly').length;
  f.params.forEach((p, i) => {
    if (p.kind === 'kwonly' && !starDone && !f.params.some((q) => q.kind === 'vararg')) {
      ps.push('*');
      starDone = true;
    }
    const name = p.kind === 'vararg' ? `*${p.name}` : p.kind === 'kwarg' ? `**${p.name}` : p.name;
    ps.push(`${esc(name)}${p.annotation ? `: ${ann(p.annotation)}` : ''}${p.default !== undefined ? esc(p.annotation ? ` = ${p.default}` : `=${p.default}`) : ''}`);
    if (posonly && i === posonly - 1) ps.push('/');
  });
  return `${esc((f.decorators ?? []).map((d) => `@${d}\n`).join(''))}${f.async ? 'async ' : ''}def ${esc(f.name)}(${ps.join(', ')})${f.returns ? ` -&gt; ${ann(f.returns)}` : ''}`;
}

/** prose() of a docstring text whose inline RST (both languages) becomes HTML. */
function rstProse(t: Text, ref: RefHtml, tag = 'p'): string {
  if (!t.zh) return proseHtml(rstInline(t.en, ref), tag);
  return `<div class="tx hasz"><${tag} class="lang-zh" lang="zh">${rstInline(t.zh, ref)}</${tag}><${tag} class="lang-en" lang="en">${rstInline(t.en, ref)}</${tag}></div>`;
}

function docHtml(c: PyContext, module: string, id: string, doc: string | undefined): string {
  if (!doc) return '';
  const d = parseDocstring(doc);
  const tr = c.tr;
  const ref = refToken(module);
  const blocks = (text: string) => proseHtml(rstBlocks(text, ref), 'div');
  const parts = [rstProse(tr.doc(id, d.summary), ref)];
  if (d.body) parts.push(`<div class="doc">${blocks(d.body)}</div>`);
  const dl = (title: string, xs: { name: string; type?: string; text: string }[]) =>
    xs.length ? `<h4>${label(tr.ui(title))}</h4><dl>${xs.map((x) => `<dt><code>${esc(x.name)}</code>${x.type ? ` <span class="muted">(${annotationHtml(module, x.type)})</span>` : ''}</dt><dd>${enOnly(rstInline(x.text, ref))}</dd>`).join('')}</dl>` : '';
  parts.push(dl('ui.doc.params', d.args));
  if (d.returns) parts.push(`<h4>${label(tr.ui('ui.doc.returns'))}</h4>${blocks(d.returns)}`);
  if (d.yields) parts.push(`<h4>${label(tr.ui('ui.doc.yields'))}</h4>${blocks(d.yields)}`);
  parts.push(dl('ui.doc.raises', d.raises));
  // an example written as RST (a code-block directive, a `::` literal block) is rendered; plain code stays as written
  if (d.examples) parts.push(`<h4>${label(tr.ui('ui.doc.examples'))}</h4>${/^\s*\.\. code|::\s*$/m.test(d.examples) ? blocks(d.examples) : `<pre>${esc(d.examples)}</pre>`}`);
  if (d.notes) parts.push(`<h4>${label(tr.ui('ui.doc.notes'))}</h4>${blocks(d.notes)}`);
  return parts.join('');
}

/**
 * Replaces the references of refToken: a name written in `module` (`Msg`, `agentscope.message.Msg`,
 * `agentscope.agent.Agent` through its public package) that names a class or function of the
 * inventory becomes a link to its anchor (a simple name the module does not import: when exactly
 * one class of the inventory has it); anything else its shown text.
 */
function resolveRefs(c: PyContext, html: string, byName: Map<string, PyModule>, publicToDef: Map<string, string>, unique: Map<string, string | undefined>): string {
  return html.replace(/\u0001([^\u0002]*)\u0002([^\u0003]*)\u0003([^\u0004]*)\u0004/g, (_, module: string, name: string, text: string) => {
    const dot = name.lastIndexOf('.');
    // a name the module does not import (a TYPE_CHECKING import, a string annotation): the one class of that name
    const qual = c.where.has(name) ? name : (publicToDef.get(name) ?? (dot < 0 ? (resolveIn(byName, module, name) ?? unique.get(name)) : resolveIn(byName, name.slice(0, dot), name.slice(dot + 1))));
    const w = qual ? c.where.get(qual) : undefined;
    return w ? `<a href="${esc(w.href.replace(/^python\//, ''))}" title="${esc(w.publicName)}">${text}</a>` : text;
  });
}

function count(c: PyContext, owner: string, doc: string | undefined): void {
  const k = c.docCount.get(owner) ?? c.docCount.set(owner, { items: 0, documented: 0 }).get(owner)!;
  k.items++;
  if (doc) k.documented++;
}

function functionHtml(c: PyContext, owner: string, m: PyModule, f: PyFunction, path: string, ids: IdAllocator, cls?: PyClass): string {
  const id = ids.take(cls ? `${cls.name}.${f.name}` : f.name);
  const qual = `${m.name}.${cls ? `${cls.name}.` : ''}${f.name}`;
  // a property's setter or deleter has the getter's name and a docstring of its own: `py:<qual>.setter`
  const accessor = f.decorators?.find((d) => d === `${f.name}.setter` || d === `${f.name}.deleter`);
  const docId = `py:${qual}${accessor ? accessor.slice(f.name.length) : ''}`;
  count(c, owner, f.doc);
  c.entries.push([f.name, cls ? 'py-method' : 'py-func', cls ? cls.name : owner, `${path}#${id}`, `(${f.params.filter((p, i) => !(cls && i === 0 && (p.name === 'self' || p.name === 'cls'))).map((p) => (p.kind === 'vararg' ? '*' : p.kind === 'kwarg' ? '**' : '') + p.name).join(', ')})`, f.doc ? c.tr.doc(docId, parseDocstring(f.doc).summary).zh ?? '' : '', 1]);
  if (!cls) c.where.set(qual, { href: `${path}#${id}`, publicName: qual, module: m.name });
  return `<div class="member" id="${esc(id)}"><div class="sig">${signature(f, m.name)}${f.async ? badge('async', 'async') : ''}</div>
<div class="loc">agentscope ${esc(c.inv.version)} · ${esc(m.path)}:${f.line}</div>${docHtml(c, m.name, docId, f.doc)}</div>`;
}

function classHtml(c: PyContext, owner: string, m: PyModule, k: PyClass, path: string, ids: IdAllocator, pub: Map<string, string>): string {
  const id = ids.take(k.name);
  const qual = `${m.name}.${k.name}`;
  const publicName = pub.get(qual);
  count(c, owner, k.doc);
  c.entries.push([k.name, 'py-class', owner, `${path}#${id}`, '', k.doc ? c.tr.doc(`py:${qual}`, parseDocstring(k.doc).summary).zh ?? '' : '', 1]);
  c.where.set(qual, { href: `${path}#${id}`, publicName: publicName ?? qual, module: m.name });
  const head = `${esc((k.decorators ?? []).map((d) => `@${d}\n`).join(''))}class ${esc(k.name)}${k.bases?.length ? `(${k.bases.map((b) => annotationHtml(m.name, b)).join(', ')})` : ''}`;
  const attrs = k.attributes?.length
    ? `<h4>${label(c.tr.ui('ui.py.attributes'))}</h4><table>${k.attributes.map((a) => `<tr><td><code>${esc(a.name)}: ${annotationHtml(m.name, a.annotation)}${a.default !== undefined ? ` = ${esc(a.default)}` : ''}</code></td><td class="loc">${esc(m.path)}:${a.line}</td></tr>`).join('')}</table>`
    : '';
  const methods = k.methods.map((f) => functionHtml(c, owner, m, f, path, ids, k)).join('\n');
  return `<section class="pyclass"><h2 id="${esc(id)}"><span class="muted">class</span> ${esc(k.name)}</h2>
<div class="sig">${head}</div>
<div class="loc">${publicName ? `<code>from ${esc(publicName.slice(0, publicName.lastIndexOf('.')))} import ${esc(publicName.slice(publicName.lastIndexOf('.') + 1))}</code> · ` : ''}${esc(m.path)}:${k.line}</div>
${docHtml(c, m.name, `py:${qual}`, k.doc)}${attrs}
${methods}</section>`;
}

/** A package's first sentence for the index, in both languages: one translation (of the whole docstring) serves the page and the index. */
function moduleSummary(t: Text): Text {
  return t.zh ? { en: firstSentence(t.en), zh: firstSentence(t.zh) } : { en: firstSentence(t.en) };
}

export function pythonPages(c: PyContext): PageSpec[] {
  const pub = publicNames(c.inv);
  const byOwner = new Map<string, PyModule[]>();
  for (const m of c.inv.modules) {
    const o = publicOwner(m.name);
    (byOwner.get(o) ?? byOwner.set(o, []).get(o)!).push(m);
  }
  const owners = [...byOwner.keys()].sort();
  const pages: PageSpec[] = [];
  const rows = new Map<PyGroup, string[]>();
  for (const owner of owners) {
    const path = ownerPath(owner);
    const mods = byOwner.get(owner)!;
    const ids = new IdAllocator();
    ids.take('top');
    c.entries.push([owner, 'module', '', path, '', '', 1]);
    const init = mods.find((m) => m.name === owner);
    const parts: string[] = [];
    let nClasses = 0;
    let nFuncs = 0;
    for (const m of mods) {
      if (!m.classes.length && !m.functions.length) continue;
      parts.push(`<h3 class="loc">${esc(m.path)}</h3>`);
      for (const k of m.classes) parts.push(classHtml(c, owner, m, k, path, ids, pub));
      for (const f of m.functions) parts.push(functionHtml(c, owner, m, f, path, ids));
      nClasses += m.classes.length;
      nFuncs += m.functions.length;
    }
    const exported = init?.exports?.length ? `<p><code>__all__</code>: <code>${esc(init.exports.join(', '))}</code></p>` : '';
    pages.push({
      path,
      title: `${owner} (AgentScope Python ${c.inv.version})`,
      body: `<p class="muted"><a href="${rel(path, 'python/index.html')}">${label(c.tr.ui('ui.nav.python'))}</a></p>
<h1 id="top">${esc(owner)}</h1>
${init?.doc ? rstProse(c.tr.doc(`py:${owner}`, init.doc), refToken(owner)) : ''}${exported}
${parts.join('\n')}`,
    });
    (rows.get(pyGroup(owner)) ?? rows.set(pyGroup(owner), []).get(pyGroup(owner))!).push(`<tr><td><a href="${path.replace(/^python\//, '')}">${esc(owner)}</a></td><td class="num">${mods.length}</td><td class="num">${nClasses}</td><td class="num">${nFuncs}</td><td>${init?.doc ? rstProse(moduleSummary(c.tr.doc(`py:${owner}`, init.doc)), refToken(owner)) : ''}</td></tr>`);
  }
  const counts = {
    modules: c.inv.modules.length,
    classes: c.inv.modules.reduce((n, m) => n + m.classes.length, 0),
    functions: c.inv.modules.reduce((n, m) => n + m.functions.length, 0),
  };
  pages.push({
    path: 'python/index.html',
    title: `AgentScope Python ${c.inv.version}`,
    body: `<h1>AgentScope Python ${esc(c.inv.version)}</h1>
${prose(c.tr.ui('ui.python.intro'))}
<p class="loc">${esc(c.inv.wheel.file)} · sha256 ${esc(c.inv.wheel.sha256)} · ${counts.modules} modules, ${counts.classes} classes, ${counts.functions} functions</p>
${PY_GROUPS.filter((g) => rows.has(g))
  .map((g) => `${groupHeading('pygroup', g, rows.get(g)!.length, c.tr)}<div class="wide"><table><thead><tr><th>${label(c.tr.ui('ui.package'))}</th><th class="num">${label(c.tr.ui('ui.col.modules'))}</th><th class="num">${label(c.tr.ui('ui.col.classes'))}</th><th class="num">${label(c.tr.ui('ui.col.functions'))}</th><th>${label(c.tr.ui('ui.col.summary'))}</th></tr></thead><tbody>
${rows.get(g)!.join('\n')}
</tbody></table></div>`)
  .join('\n')}`,
  });
  // every page's anchors are known now: the references of signatures and docstrings become links
  const byName = new Map(c.inv.modules.map((m) => [m.name, m]));
  const publicToDef = new Map([...pub].map(([def, name]) => [name, def]));
  const unique = new Map<string, string | undefined>();
  for (const m of c.inv.modules) for (const k of m.classes) unique.set(k.name, unique.has(k.name) ? undefined : `${m.name}.${k.name}`);
  for (const p of pages) p.body = resolveRefs(c, p.body, byName, publicToDef, unique);
  return pages;
}
