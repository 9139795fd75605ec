import type { Inventory, Member, MemberKind, TypeDecl } from '../inventory/schema.js';
import { annotationsText, memberSignature } from '../api/format.js';
import { ApiIndex } from '../api/lookup.js';
import { erasedParams, indexTypes, memberKey, simple } from '../diff/signature.js';
import { badge, esc, IdAllocator, label, prose, proseHtml, rel } from './html.js';
import type { History } from './history.js';
import type { Translations } from './i18n.js';
import { cutShort } from './docstring.js';
import type { Text } from './html.js';
import { inlineHtml, javadocHtml, typeNameIn, type JavadocLinks } from './javadoc.js';
import type { PageSpec } from './layout.js';
import { exampleKey, type ExampleFinding } from './examples.js';
import type { SearchEntry } from './search.js';
import { ARTIFACT_KINDS, artifactWeight, byKind, groupHeading } from './taxonomy.js';

export function nestedName(t: TypeDecl): string {
  return t.fqn.slice(t.package.length + 1);
}

export function typePath(t: TypeDecl): string {
  return `java/${t.package}/${nestedName(t)}.html`;
}

function packagePath(pkg: string): string {
  return `java/${pkg}/index.html`;
}

const KIND_TEXT: Record<TypeDecl['kind'], string> = { class: 'class', interface: 'interface', enum: 'enum', record: 'record', annotation: '@interface' };

/** Member sections in page order, each with its UI text id. */
const SECTIONS: { kind: MemberKind; id: string }[] = [
  { kind: 'enumConstant', id: 'ui.section.enumConstants' },
  { kind: 'annotationElement', id: 'ui.section.elements' },
  { kind: 'constructor', id: 'ui.section.constructors' },
  { kind: 'field', id: 'ui.section.fields' },
  { kind: 'method', id: 'ui.section.methods' },
];

const GENERATED_TEXT: Record<string, string> = {
  'record-accessor': 'synthesized accessor',
  'record-constructor': 'canonical constructor',
  'default-constructor': 'default constructor',
  'enum-values': 'implicit',
  'enum-valueOf': 'implicit',
};

/** Everything the Java pages need besides the inventory. */
export interface JavaContext {
  inv: Inventory;
  by: Map<string, TypeDecl>;
  tr: Translations;
  history: History;
  entries: SearchEntry[];
  /** Types by simple name, for the code spans of Javadoc texts that name one. */
  bySimple: Map<string, TypeDecl[]>;
  /** Documented/undocumented members per artifact, filled while rendering. */
  docCount: Map<string, { types: number; typesDoc: number; members: number; membersDoc: number }>;
  /** `fqn#name` (first overload) and `fqn#anchor` -> site path with anchor, for the guide's references. */
  anchors: Map<string, string>;
  /** Anchor id of every member of a type (computed once, shared by its page and its subtypes' pages). */
  memberIds: Map<TypeDecl, Map<Member, string>>;
  /** The inventory's lookups (supertypes). */
  api: ApiIndex;
  /** Direct subtypes (extends or implements) of each inventory type, by fqn. */
  subtypes: Map<string, TypeDecl[]>;
  /** Notes (version traps, claims) shown on type and member pages: fqn or fqn#anchor -> HTML. */
  notes: Map<string, string[]>;
  /** The first certain checker finding of each Javadoc example that does not compile, by exampleKey. */
  examples: Map<string, ExampleFinding>;
}

export function javaContext(inv: Inventory, tr: Translations, history: History, examples: Map<string, ExampleFinding> = new Map()): JavaContext {
  const bySimple = new Map<string, TypeDecl[]>();
  for (const t of inv.types) (bySimple.get(t.name) ?? bySimple.set(t.name, []).get(t.name)!).push(t);
  const by = indexTypes(inv);
  const subtypes = new Map<string, TypeDecl[]>();
  for (const t of inv.types) {
    for (const r of [...t.extends, ...t.implements]) {
      const s = by.get(erase(r.resolved));
      if (s) (subtypes.get(s.fqn) ?? subtypes.set(s.fqn, []).get(s.fqn)!).push(t);
    }
  }
  return { inv, by, bySimple, tr, history, entries: [], docCount: new Map(), anchors: new Map(), memberIds: new Map(), api: new ApiIndex(inv), subtypes, notes: new Map(), examples };
}

/** A Java summary (translated where it can be); one the inventory cut before its sentence ended ends in an ellipsis. */
function javaSummary(tr: Translations, id: string, doc: string): Text {
  const t = tr.doc(id, doc);
  return cutShort(doc) ? { ...t, en: `${t.en} …` } : t;
}

const erase = (t: string) => t.replace(/<.*$/s, '');

/** The supertypes the inventory has, nearest first (breadth first, each once). */
export function lineage(c: JavaContext, t: TypeDecl): TypeDecl[] {
  return c.api.supertypes(t);
}

/** Anchors of the members named `name` of a type (every overload), in page order. */
export function memberAnchors(c: JavaContext, t: TypeDecl, name: string): string[] {
  return [...idsOf(c, t)].filter(([m]) => m.name === name).map(([, id]) => id);
}

/** The page#anchor of a member of `t` by name (first overload) or by anchor id (`call(Msg)`). */
export function memberHref(c: JavaContext, t: TypeDecl, member: string): string | undefined {
  idsOf(c, t);
  return c.anchors.get(`${t.fqn}#${member}`);
}

/** Member anchors of a type, allocated in page order: top, record components, then the sections. */
function idsOf(c: JavaContext, t: TypeDecl): Map<Member, string> {
  let m = c.memberIds.get(t);
  if (m) return m;
  const ids = new IdAllocator();
  ids.take('top');
  ids.take('summary');
  ids.take('inherited');
  for (const p of t.recordComponents ?? []) ids.take(`component-${p.name}`);
  m = new Map();
  for (const s of SECTIONS) for (const x of t.members) if (x.kind === s.kind) m.set(x, ids.take(anchorBase(t, x, c.by)));
  c.memberIds.set(t, m);
  const path = typePath(t);
  for (const [x, id] of m) {
    if (!c.anchors.has(`${t.fqn}#${x.name}`)) c.anchors.set(`${t.fqn}#${x.name}`, `${path}#${id}`);
    c.anchors.set(`${t.fqn}#${id}`, `${path}#${id}`);
  }
  return m;
}

/**
 * Escaped type text with every FQN shortened, and linked when the inventory has the type; string
 * and char literals (annotation arguments) are kept as written.
 */
function linkTypes(text: string, by: Map<string, TypeDecl>, from: string): string {
  return text
    .split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/)
    .map((part, i) => (i % 2 ? esc(part) : linkNames(part, by, from)))
    .join('');
}

function linkNames(text: string, by: Map<string, TypeDecl>, from: string): string {
  return esc(text).replace(/\b(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:\.[A-Z][\w$]*)*/g, (fqn) => {
    const t = by.get(fqn);
    const short = simple(fqn);
    return t ? `<a href="${rel(from, typePath(t))}" title="${esc(fqn)}">${esc(nestedName(t))}</a>` : `<span title="${esc(fqn)}">${esc(short)}</span>`;
  });
}

function anchorBase(t: TypeDecl, m: Member, by: Map<string, TypeDecl>): string {
  if (m.kind === 'method' || m.kind === 'constructor') {
    return `${m.kind === 'constructor' ? 'new' : m.name}(${erasedParams(t, m, by).map(simple).join(',')})`;
  }
  return m.name;
}

function searchKind(m: Member): string {
  return m.kind === 'enumConstant' ? 'constant' : m.kind === 'annotationElement' ? 'element' : m.kind;
}

/** The deprecation: its whole Javadoc text (code kept) when the inventory has it, else the note. */
function deprecationBlock(tr: Translations, d: TypeDecl['deprecated'], text: string | undefined, links: JavadocLinks): string {
  if (!d) return '';
  const head = `${label(tr.ui(d.forRemoval ? 'ui.deprecated.forRemoval' : 'ui.deprecated'))}${d.since ? ` <code>since ${esc(d.since)}</code>` : ''}`;
  return `<div class="deprecated"><strong>${head}</strong>${text ? proseHtml(inlineHtml(text, links)) : d.note ? prose({ en: d.note }) : ''}</div>`;
}

/**
 * Links of one page's Javadoc texts: type names through linkTypes; a code span naming a type
 * resolved roughly as Java would from the page's type (nested in it, beside it, same package),
 * else when the inventory has exactly one type of that name.
 */
function pageLinks(c: JavaContext, t: TypeDecl, path: string): JavadocLinks {
  return {
    type: (name) => linkTypes(name, c.by, path),
    code: (code) => {
      const name = typeNameIn(code);
      if (!name) return undefined;
      const first = name.split('.')[0];
      const scopes = [t.fqn, t.outer, t.package].filter((s): s is string => s !== undefined);
      const hit =
        c.by.get(name) ??
        scopes.map((s) => c.by.get(`${s}.${name}`)).find((x) => x) ??
        (c.bySimple.get(first)?.length === 1 ? c.by.get(`${c.bySimple.get(first)![0].fqn}${name.slice(first.length)}`) : undefined);
      return hit ? rel(path, typePath(hit)) : undefined;
    },
    example: (code) => {
      const f = c.examples.get(exampleKey(t, code));
      if (!f) return '';
      const v = c.inv.version;
      return `<p class="example-fails">${badge(`${f.rule}`, 'dep')} ${label({ en: `does not compile in ${v}`, zh: `在 ${v} 中无法编译` })}: <code>${esc(`line ${f.line}: ${f.message}`)}</code></p>`;
    },
  };
}

function memberHtml(c: JavaContext, t: TypeDecl, m: Member, path: string, id: string, links: JavadocLinks): string {
  const key = memberKey(t, m, c.by);
  const mid = `${t.fqn}#${key}`;
  const badges: string[] = [];
  if (m.generated) badges.push(badge(GENERATED_TEXT[m.generated] ?? m.generated, 'gen', `not written in the source: ${m.generated}`));
  if (m.deprecated) badges.push(badge('deprecated', 'dep'));
  const since = c.history.memberSince.get(mid);
  if (since) badges.push(badge(`since ${since}`, 'since', `absent from the held inventories before ${since}`));
  const ch = c.history.changed.get(mid);
  if (ch) badges.push(badge(`changed in ${ch.version}`, 'changed', ch.what));
  const count = c.docCount.get(t.artifact)!;
  count.members++;
  if (m.doc) count.membersDoc++;
  const detail = m.kind === 'method' || m.kind === 'constructor' ? `(${(m.params ?? []).map((p) => simple(p.type.replace(/<.*$/s, '')) + (p.varargs ? '...' : '')).join(', ')})` : '';
  const summary = m.doc ? javaSummary(c.tr, `java:${mid}`, m.doc) : undefined;
  c.entries.push([m.kind === 'constructor' ? nestedName(t) : m.name, searchKind(m), nestedName(t), `${path}#${id}`, detail, summary?.zh ?? '', artifactWeight(t.artifact)]);
  return `<div class="member" id="${esc(id)}">
<div class="sig">${annotationLines(m.annotations, m.annotationArgs, c.by, path)}${linkTypes(memberSignature(t, m, false, true), c.by, path)}${badges.join('')}</div>
<div class="loc">${esc(t.artifact)} · ${esc(t.path)}:${m.line}</div>
${(c.notes.get(`${t.fqn}#${id}`) ?? []).join('')}${summary ? prose(summary) : ''}${deprecationBlock(c.tr, m.deprecated, m.javadoc?.deprecated, links)}${javadocHtml(m.javadoc, c.tr, links)}
</div>`;
}

/** A declaration's annotations with their arguments, one a line above its signature. */
function annotationLines(names: string[] | undefined, uses: TypeDecl['annotationArgs'], by: Map<string, TypeDecl>, from: string): string {
  return annotationsText(names, uses)
    .map((a) => `${linkTypes(a, by, from)}\n`)
    .join('');
}

function refList(refs: TypeDecl['extends'], c: JavaContext, path: string): string {
  return refs.map((r) => `<code>${linkTypes(r.resolved, c.by, path)}</code>`).join(', ');
}

function typePage(c: JavaContext, t: TypeDecl, nested: TypeDecl[]): PageSpec {
  const path = typePath(t);
  const tr = c.tr;
  if (!c.docCount.has(t.artifact)) c.docCount.set(t.artifact, { types: 0, typesDoc: 0, members: 0, membersDoc: 0 });
  const count = c.docCount.get(t.artifact)!;
  count.types++;
  if (t.doc) count.typesDoc++;
  const summary = t.doc ? javaSummary(tr, `java:${t.fqn}`, t.doc) : undefined;
  c.entries.push([nestedName(t), t.kind, t.package, path, '', summary?.zh ?? '', artifactWeight(t.artifact)]);
  const memberIds = idsOf(c, t);
  const badges: string[] = [];
  if (t.deprecated) badges.push(badge('deprecated', 'dep'));
  const since = c.history.typeSince.get(t.fqn);
  if (since) badges.push(badge(`since ${since}`, 'since', `absent from the held inventories before ${since}`));
  const ch = c.history.changed.get(t.fqn);
  if (ch) badges.push(badge(`changed in ${ch.version}`, 'changed', ch.what));
  const head = [
    `<p class="muted"><a href="${rel(path, packagePath(t.package))}">${esc(t.package)}</a>${t.outer && c.by.has(t.outer) ? ` · ${label(tr.ui('ui.type.enclosing'))} <a href="${rel(path, typePath(c.by.get(t.outer)!))}">${esc(nestedName(c.by.get(t.outer)!))}</a>` : ''}</p>`,
    `<h1 id="top"><span class="muted">${KIND_TEXT[t.kind]}</span> ${esc(nestedName(t))}${badges.join('')}</h1>`,
    `<div class="sig">${annotationLines(t.annotations, t.annotationArgs, c.by, path)}${linkTypes(typeDeclaration(t), c.by, path)}</div>`,
    `<div class="loc">${label(tr.ui('ui.type.artifact'))} <a href="${rel(path, 'artifacts.html')}#${esc(t.artifact)}">io.agentscope:${esc(t.artifact)}:${esc(c.inv.version)}</a> · ${esc(t.path)}:${t.line}</div>`,
  ];
  const links = pageLinks(c, t, path);
  head.push(...(c.notes.get(t.fqn) ?? []));
  if (summary) head.push(prose(summary));
  head.push(deprecationBlock(tr, t.deprecated, t.javadoc?.deprecated, links), javadocHtml(t.javadoc, tr, links));
  const rows: string[] = [];
  if (t.typeParams.length) rows.push(`<tr><th>${label(tr.ui('ui.type.typeParams'))}</th><td><code>${t.typeParams.map((p) => esc(p.name) + (p.bounds.length ? ` extends ${p.bounds.map((b) => linkTypes(b, c.by, path)).join(' &amp; ')}` : '')).join(', ')}</code></td></tr>`);
  if (t.extends.length) rows.push(`<tr><th>${label(tr.ui('ui.type.extends'))}</th><td>${refList(t.extends, c, path)}</td></tr>`);
  if (t.implements.length) rows.push(`<tr><th>${label(tr.ui('ui.type.implements'))}</th><td>${refList(t.implements, c, path)}</td></tr>`);
  if (t.permits?.length) rows.push(`<tr><th>${label(tr.ui('ui.type.permits'))}</th><td>${refList(t.permits, c, path)}</td></tr>`);
  if (t.modifiers.length) rows.push(`<tr><th>${label(tr.ui('ui.type.modifiers'))}</th><td><code>${esc(t.modifiers.join(' '))}</code></td></tr>`);
  const subs = (c.subtypes.get(t.fqn) ?? []).slice().sort((a, b) => (nestedName(a) < nestedName(b) ? -1 : 1));
  if (subs.length) rows.push(`<tr><th>${label(tr.ui(t.kind === 'interface' ? 'ui.type.implementations' : 'ui.type.subclasses'))}</th><td>${subs.map((n) => `<a href="${rel(path, typePath(n))}" title="${esc(n.fqn)}">${esc(nestedName(n))}</a>`).join(', ')}</td></tr>`);
  const supers = lineage(c, t);
  if (supers.length) rows.push(`<tr><th>${label(tr.ui('ui.type.supertypes'))}</th><td>${supers.map((n) => `<a href="${rel(path, typePath(n))}" title="${esc(n.fqn)}">${esc(nestedName(n))}</a>`).join(', ')}</td></tr>`);
  if (nested.length) rows.push(`<tr><th>${label(tr.ui('ui.type.nested'))}</th><td>${nested.map((n) => `<a href="${rel(path, typePath(n))}">${esc(nestedName(n))}</a>`).join(', ')}</td></tr>`);
  const body = [...head, rows.length ? `<table class="facts">${rows.join('')}</table>` : ''];
  if (t.recordComponents?.length) {
    body.push(`<h2>${label(tr.ui('ui.section.components'))}</h2><ul>${t.recordComponents.map((p) => `<li id="${esc(`component-${p.name}`)}"><code>${linkTypes([...annotationsText(p.annotations, p.annotationArgs), p.type].join(' '), c.by, path)} ${esc(p.name)}</code></li>`).join('')}</ul>`);
  }
  body.push(summaryTable(c, t, path, memberIds), inheritedHtml(c, t, path, supers));
  for (const s of SECTIONS) {
    const ms = t.members.filter((m) => m.kind === s.kind);
    if (!ms.length) continue;
    body.push(`<h2>${label(tr.ui(s.id))} <span class="muted">${ms.length}</span></h2>`);
    for (const m of ms) body.push(memberHtml(c, t, m, path, memberIds.get(m)!, links));
  }
  return { path, title: `${nestedName(t)} — ${t.package} (AgentScope Java ${c.inv.version})`, body: body.join('\n') };
}

const visibility = (m: Member) => (m.modifiers.includes('public') ? 0 : m.modifiers.includes('protected') ? 1 : 2);

/** Compact row text of a member: `call(List, RuntimeContext)` or the field / constant name. */
function shortMember(m: Member): string {
  return m.kind === 'method' || m.kind === 'constructor' ? `${m.name}(${(m.params ?? []).map((p) => simple(erase(p.type)) + (p.varargs ? '...' : '')).join(', ')})` : m.name;
}

/** One table of every member, public before protected, then by kind and name: javadoc.io's summary. */
function summaryTable(c: JavaContext, t: TypeDecl, path: string, ids: Map<Member, string>): string {
  if (t.members.length < 2) return '';
  const order = new Map(SECTIONS.map((s, i) => [s.kind, i]));
  const rows = [...t.members]
    .map((m, i) => ({ m, i }))
    .sort((a, b) => visibility(a.m) - visibility(b.m) || order.get(a.m.kind)! - order.get(b.m.kind)! || (a.m.name < b.m.name ? -1 : a.m.name > b.m.name ? 1 : a.i - b.i))
    .map(({ m }) => {
      const mods = m.modifiers.filter((x) => x !== 'public').join(' ');
      const type = m.kind === 'method' || m.kind === 'field' || m.kind === 'annotationElement' ? linkTypes(m.type ?? 'void', c.by, path) : '';
      return `<tr><td class="loc">${esc(mods)}${mods && type ? ' ' : ''}${type}</td><td><a href="#${esc(ids.get(m)!)}"><code>${esc(shortMember(m))}</code></a></td><td>${m.doc ? prose(javaSummary(c.tr, `java:${t.fqn}#${memberKey(t, m, c.by)}`, m.doc)) : ''}</td></tr>`;
    });
  return `<h2 id="summary">${label(c.tr.ui('ui.section.summary'))}</h2><div class="wide"><table class="summary"><tbody>${rows.join('')}</tbody></table></div>`;
}

/** Members inherited from the inventory's supertypes, grouped by declaring type, overridden ones left out. */
function inheritedHtml(c: JavaContext, t: TypeDecl, path: string, supers: TypeDecl[]): string {
  // a member is overridden (hidden) when a nearer type declares the same name and erased parameters
  const sig = (owner: TypeDecl, m: Member) => `${m.kind}:${m.name}(${erasedParams(owner, m, c.by).map(simple).join(',')})`;
  const inheritable = (m: Member) => (m.kind === 'method' || m.kind === 'field') && visibility(m) < 2 && !m.modifiers.includes('static');
  const seen = new Set(t.members.filter(inheritable).map((m) => sig(t, m)));
  const groups: string[] = [];
  for (const s of supers) {
    const ids = idsOf(c, s);
    const ms = s.members.filter((m) => inheritable(m) && !seen.has(sig(s, m)));
    for (const m of ms) seen.add(sig(s, m));
    if (ms.length) groups.push(`<p class="inherited"><span class="muted">${label(c.tr.ui('ui.type.inheritedFrom'))}</span> <a href="${rel(path, typePath(s))}">${esc(nestedName(s))}</a>: ${ms.map((m) => `<a href="${rel(path, typePath(s))}#${esc(ids.get(m)!)}"><code>${esc(shortMember(m))}</code></a>`).join(', ')}</p>`);
  }
  return groups.length ? `<h2 id="inherited">${label(c.tr.ui('ui.section.inherited'))}</h2>${groups.join('')}` : '';
}

/** `public final class ToolResultBlock<T> extends ...` without the package (shown above it). */
function typeDeclaration(t: TypeDecl): string {
  const mods = t.modifiers.length ? t.modifiers.join(' ') + ' ' : '';
  const tps = t.typeParams.length ? `<${t.typeParams.map((p) => (p.bounds.length ? `${p.name} extends ${p.bounds.join(' & ')}` : p.name)).join(', ')}>` : '';
  const comps = t.recordComponents ? `(${t.recordComponents.map((p) => `${p.type} ${p.name}`).join(', ')})` : '';
  const ext = t.extends.length ? ` extends ${t.extends.map((r) => r.resolved).join(', ')}` : '';
  const impl = t.implements.length ? ` implements ${t.implements.map((r) => r.resolved).join(', ')}` : '';
  const permits = t.permits?.length ? ` permits ${t.permits.map((r) => r.resolved).join(', ')}` : '';
  return `${mods}${KIND_TEXT[t.kind]} ${nestedName(t)}${tps}${comps}${ext}${impl}${permits}`;
}

function packagePage(c: JavaContext, pkg: string, types: TypeDecl[]): PageSpec {
  const path = packagePath(pkg);
  c.entries.push([pkg, 'package', '', path, '', '', Math.min(...types.map((t) => artifactWeight(t.artifact)))]);
  const artifacts = [...new Set(types.map((t) => t.artifact))].sort();
  const rows = types
    .map((t) => `<tr><td><code>${KIND_TEXT[t.kind]}</code></td><td><a href="${rel(path, typePath(t))}">${esc(nestedName(t))}</a>${t.deprecated ? badge('deprecated', 'dep') : ''}</td><td>${t.doc ? prose(javaSummary(c.tr, `java:${t.fqn}`, t.doc)) : ''}</td></tr>`)
    .join('\n');
  return {
    path,
    title: `${pkg} (AgentScope Java ${c.inv.version})`,
    body: `<p class="muted"><a href="${rel(path, 'java/index.html')}">${label(c.tr.ui('ui.nav.java'))}</a></p>
<h1>${label(c.tr.ui('ui.package'))} ${esc(pkg)}</h1>
<p class="loc">${artifacts.map((a) => `<a href="${rel(path, 'artifacts.html')}#${esc(a)}">${esc(a)}</a>`).join(', ')}</p>
<table><thead><tr><th>${label(c.tr.ui('ui.col.kind'))}</th><th>${label(c.tr.ui('ui.col.type'))}</th><th>${label(c.tr.ui('ui.col.summary'))}</th></tr></thead><tbody>
${rows}
</tbody></table>`,
  };
}

/** The Java pages: one per package and one per type; fills c.entries and c.docCount. */
export function javaPages(c: JavaContext): PageSpec[] {
  const byPkg = new Map<string, TypeDecl[]>();
  const nestedOf = new Map<string, TypeDecl[]>();
  for (const t of c.inv.types) {
    (byPkg.get(t.package) ?? byPkg.set(t.package, []).get(t.package)!).push(t);
    if (t.outer) (nestedOf.get(t.outer) ?? nestedOf.set(t.outer, []).get(t.outer)!).push(t);
  }
  const pages: PageSpec[] = [];
  const pkgs = [...byPkg.keys()].sort();
  for (const pkg of pkgs) {
    pages.push(packagePage(c, pkg, byPkg.get(pkg)!));
    for (const t of byPkg.get(pkg)!) pages.push(typePage(c, t, nestedOf.get(t.fqn) ?? []));
  }
  const row = (p: string) => {
    const ts = byPkg.get(p)!;
    return `<tr><td><a href="${packagePath(p).replace(/^java\//, '')}">${esc(p)}</a></td><td class="num">${ts.length}</td><td class="loc">${esc([...new Set(ts.map((t) => t.artifact))].sort().join(', '))}</td></tr>`;
  };
  // a package goes under the most central kind among the artifacts it spans
  const kinds = byKind(pkgs, (p) => [...new Set(byPkg.get(p)!.map((t) => t.artifact))].sort((a, b) => artifactWeight(a) - artifactWeight(b))[0]);
  const list = ARTIFACT_KINDS.filter((k) => kinds.get(k)!.length)
    .map((k) => `${groupHeading('kind', k, kinds.get(k)!.length, c.tr)}<div class="wide"><table><thead><tr><th>${label(c.tr.ui('ui.package'))}</th><th class="num">${label(c.tr.ui('ui.col.types'))}</th><th>${label(c.tr.ui('ui.col.artifacts'))}</th></tr></thead><tbody>
${kinds.get(k)!.map(row).join('\n')}
</tbody></table></div>`)
    .join('\n');
  pages.push({
    path: 'java/index.html',
    title: `AgentScope Java ${c.inv.version} — packages`,
    body: `<h1>AgentScope Java ${esc(c.inv.version)}</h1>
${prose(c.tr.ui('ui.java.intro'))}
<p><a href="../artifacts.html">${label(c.tr.ui('ui.nav.artifacts'))}</a> · <a href="../providers.html">${label(c.tr.ui('ui.nav.providers'))}</a></p>
${list}`,
  });
  return pages;
}
