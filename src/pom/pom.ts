import { CliError } from '../core/errors.js';

/** What a generator needs from pom.xml beyond the files it writes. */
export interface DependencyNeed {
  groupId: string;
  artifactId: string;
  /** `${agentscope.version}` for io.agentscope artifacts. */
  version: string;
  scope?: 'test' | 'provided' | 'runtime';
}

/**
 * pom.xml reading and minimal textual editing. We never re-serialize a pom: we locate
 * elements by offset with a small XML scanner and splice new text in, so comments,
 * formatting, attribute quoting and element order stay exactly as the user wrote them.
 */

export interface XmlElement {
  name: string;
  /** Offset of `<` of the start tag. */
  start: number;
  /** Offset just past `>` of the start tag. */
  openEnd: number;
  /** Offset of `<` of the end tag (equals openEnd for self-closing elements). */
  closeStart: number;
  /** Offset just past the end tag's `>`. */
  end: number;
  parent?: XmlElement;
  children: XmlElement[];
}

/**
 * Offset just past a `<!...>` declaration starting at `i` (a DOCTYPE with its internal subset),
 * or -1 when it never ends. Quoted literals, comments and PIs are skipped whole, so a `>` or `]`
 * inside an entity value or a system id does not end it. Only skipped: no entity is ever
 * declared, resolved or expanded (a `&name;` in a value stays literal text).
 */
function declarationEnd(text: string, i: number): number {
  let subset = false;
  for (let j = i + 2; j < text.length; j++) {
    const ch = text[j];
    if (ch === '"' || ch === "'") {
      const e = text.indexOf(ch, j + 1);
      if (e < 0) return -1;
      j = e;
    } else if (subset && text.startsWith('<!--', j)) {
      const e = text.indexOf('-->', j + 4);
      if (e < 0) return -1;
      j = e + 2;
    } else if (subset && text.startsWith('<?', j)) {
      const e = text.indexOf('?>', j + 2);
      if (e < 0) return -1;
      j = e + 1;
    } else if (ch === '[') subset = true;
    else if (ch === ']') subset = false;
    else if (ch === '>' && !subset) return j + 1;
  }
  return -1;
}

/** Scans an XML document into elements with offsets. Comments, CDATA, PIs and DOCTYPE are skipped. */
function scanXml(text: string): XmlElement {
  const root: XmlElement = { name: '#document', start: 0, openEnd: 0, closeStart: text.length, end: text.length, children: [] };
  let cur = root;
  let i = 0;
  const fail = (what: string): never => {
    const line = text.slice(0, i).split('\n').length;
    throw new CliError({ en: `pom.xml is not well-formed XML (${what} at line ${line}); fix it before running this command`, zh: `pom.xml 不是格式正确的 XML（第 ${line} 行：${what}）；请先修正再运行本命令` });
  };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const e = text.indexOf('-->', i + 4);
      if (e < 0) fail('unterminated comment');
      i = e + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const e = text.indexOf(']]>', i);
      if (e < 0) fail('unterminated CDATA');
      i = e + 3;
    } else if (text.startsWith('<?', i)) {
      const e = text.indexOf('?>', i);
      if (e < 0) fail('unterminated processing instruction');
      i = e + 2;
    } else if (text.startsWith('<!', i)) {
      const e = declarationEnd(text, i);
      if (e < 0) fail('unterminated declaration');
      i = e;
    } else if (text.startsWith('</', i)) {
      const m = /^<\/([^\s>]+)\s*>/.exec(text.slice(i, i + 300));
      if (!m) fail('bad end tag');
      if (m![1] !== cur.name) fail(`</${m![1]}> closes <${cur.name}>`);
      cur.closeStart = i;
      cur.end = i + m![0].length;
      cur = cur.parent!;
      i += m![0].length;
    } else {
      const nameM = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(i, i + 300));
      if (!nameM) fail('bad start tag');
      // find the closing '>' honouring quoted attribute values
      let j = i + nameM![0].length;
      let quote = '';
      for (; j < text.length; j++) {
        const ch = text[j];
        if (quote) {
          if (ch === quote) quote = '';
        } else if (ch === '"' || ch === "'") quote = ch;
        else if (ch === '>') break;
      }
      if (j >= text.length) fail('unterminated start tag');
      const selfClosing = text[j - 1] === '/';
      const el: XmlElement = { name: nameM![1], start: i, openEnd: j + 1, closeStart: j + 1, end: j + 1, parent: cur, children: [] };
      cur.children.push(el);
      if (!selfClosing) cur = el;
      i = j + 1;
    }
  }
  if (cur !== root) fail(`<${cur.name}> is never closed`);
  return root;
}

export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

export function children(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Text content of a leaf element, entities decoded, trimmed. */
export function textOf(text: string, el: XmlElement | undefined): string | undefined {
  if (!el) return undefined;
  return text
    .slice(el.openEnd, el.closeStart)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

interface PomDependency {
  groupId?: string;
  artifactId?: string;
  version?: string;
  scope?: string;
  type?: string;
  element: XmlElement;
}

export interface PomModel {
  text: string;
  project: XmlElement;
  groupId?: string;
  artifactId?: string;
  version?: string;
  parentGroupId?: string;
  properties: Record<string, string>;
  /** project/dependencies/dependency (not dependencyManagement, not profiles). */
  dependencies: PomDependency[];
  /** project/dependencyManagement/dependencies/dependency */
  managed: PomDependency[];
}

function readDeps(text: string, deps: XmlElement | undefined): PomDependency[] {
  return children(deps, 'dependency').map((d) => ({
    groupId: textOf(text, child(d, 'groupId')),
    artifactId: textOf(text, child(d, 'artifactId')),
    version: textOf(text, child(d, 'version')),
    scope: textOf(text, child(d, 'scope')),
    type: textOf(text, child(d, 'type')),
    element: d,
  }));
}

/** What a pom inherits from its parent chain on disk: properties and dependencyManagement. */
export interface Inherited {
  properties: Record<string, string>;
  managed: PomDependency[];
  /** The parent poms read, nearest first. */
  chain: string[];
}

/**
 * Parses a pom; with `inherited`, the parents' properties sit under the pom's own (which win)
 * and their dependencyManagement is added after its own, as Maven's effective model has them.
 */
export function parsePom(text: string, inherited?: Inherited): PomModel {
  const own = parseOwnPom(text);
  if (!inherited) return own;
  return { ...own, properties: { ...inherited.properties, ...own.properties }, managed: [...own.managed, ...inherited.managed] };
}

function parseOwnPom(text: string): PomModel {
  const doc = scanXml(text);
  const project = child(doc, 'project');
  if (!project) throw new CliError({ en: 'pom.xml has no <project> element', zh: 'pom.xml 没有 <project> 元素' });
  const props: Record<string, string> = {};
  for (const p of child(project, 'properties')?.children ?? []) props[p.name] = textOf(text, p) ?? '';
  const parent = child(project, 'parent');
  return {
    text,
    project,
    groupId: textOf(text, child(project, 'groupId')),
    artifactId: textOf(text, child(project, 'artifactId')),
    version: textOf(text, child(project, 'version')),
    parentGroupId: textOf(text, child(parent, 'groupId')),
    properties: props,
    dependencies: readDeps(text, child(project, 'dependencies')),
    managed: readDeps(text, child(child(project, 'dependencyManagement'), 'dependencies')),
  };
}

/** Replaces `${name}` references with pom properties (and project.* basics); unknown ones stay. */
export function interpolate(value: string, pom: PomModel): string {
  return value.replace(/\$\{([^}]+)\}/g, (m, name: string) => {
    if (name in pom.properties) return pom.properties[name];
    if (name === 'project.version' && pom.version) return pom.version;
    if (name === 'project.groupId') return pom.groupId ?? pom.parentGroupId ?? m;
    return m;
  });
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The whitespace before an element on its line ('' if something else precedes it). */
function indentOf(text: string, el: XmlElement): string {
  const ls = lineStart(text, el.start);
  const before = text.slice(ls, el.start);
  return /^[ \t]*$/.test(before) ? before : '';
}

/** One indentation step as used by the file (from project's children), default 4 spaces. */
function indentUnit(text: string, project: XmlElement): string {
  for (const c of project.children) {
    const ind = indentOf(text, c);
    if (ind) return ind;
  }
  return '    ';
}

function eol(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function hasDependency(pom: PomModel, groupId: string, artifactId: string): boolean {
  return pom.dependencies.some((d) => interpolate(d.groupId ?? '', pom) === groupId && interpolate(d.artifactId ?? '', pom) === artifactId);
}

/**
 * Whether dependencyManagement decides the version: an entry for the artifact itself, or an
 * imported BOM of the same groupId (io.agentscope:agentscope-bom manages every io.agentscope
 * library artifact of its release).
 */
function isManaged(pom: PomModel, groupId: string, artifactId: string): boolean {
  return pom.managed.some((d) => {
    if (interpolate(d.groupId ?? '', pom) !== groupId) return false;
    if (interpolate(d.artifactId ?? '', pom) === artifactId) return true;
    return d.scope === 'import' && d.type === 'pom' && /-bom$/.test(interpolate(d.artifactId ?? '', pom));
  });
}

function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Adds dependencies to a pom.xml as a minimal textual edit:
 * - a dependency already present (same groupId:artifactId, properties resolved) is skipped;
 * - new ones go after the last project-level `<dependency>`, indented like it, with the
 *   file's own line endings and indentation step;
 * - without a project-level `<dependencies>`, one is inserted before `<build>` (or at the
 *   end of `<project>`), indented like its siblings.
 * Returns the text unchanged when nothing is missing, so a second run is a no-op.
 */
export function addDependencies(text: string, needs: DependencyNeed[], inherited?: Inherited): string {
  let out = text;
  for (const need of needs) out = addDependency(out, need, inherited);
  return out;
}

export function addDependency(text: string, need: DependencyNeed, inherited?: Inherited): string {
  const pom = parsePom(text, inherited);
  if (hasDependency(pom, need.groupId, need.artifactId)) return text;
  const nl = eol(text);
  const unit = indentUnit(text, pom.project);
  const depsEl = child(pom.project, 'dependencies');
  const projectIndent = indentOf(text, pom.project);
  const depsIndent = depsEl ? indentOf(text, depsEl) || projectIndent + unit : projectIndent + unit;
  const lastDep = depsEl ? children(depsEl, 'dependency').at(-1) : undefined;
  const depIndent = lastDep ? indentOf(text, lastDep) || depsIndent + unit : depsIndent + unit;
  // inner indentation: copy from the last dependency's first child when possible
  const firstChild = lastDep?.children[0];
  const innerIndent = (firstChild && indentOf(text, firstChild)) || depIndent + unit;

  // A managed version (dependencyManagement, or an imported BOM of the same group) means no <version> is needed.
  const managed = isManaged(pom, need.groupId, need.artifactId);
  const lines = [
    `${depIndent}<dependency>`,
    `${innerIndent}<groupId>${xmlText(need.groupId)}</groupId>`,
    `${innerIndent}<artifactId>${xmlText(need.artifactId)}</artifactId>`,
    ...(managed || !need.version ? [] : [`${innerIndent}<version>${xmlText(need.version)}</version>`]),
    ...(need.scope ? [`${innerIndent}<scope>${need.scope}</scope>`] : []),
    `${depIndent}</dependency>`,
  ];

  if (depsEl && depsEl.openEnd !== depsEl.closeStart) {
    // after the last <dependency> (or right after <dependencies> when it is empty)
    const anchor = lastDep ? lastDep.end : depsEl.openEnd;
    return text.slice(0, anchor) + nl + lines.join(nl) + text.slice(anchor);
  }
  const block = [`${depsIndent}<dependencies>`, ...lines, `${depsIndent}</dependencies>`];
  if (depsEl) {
    // self-closing <dependencies/>: replace it in place
    const ls = lineStart(text, depsEl.start);
    return text.slice(0, ls) + block.join(nl) + text.slice(depsEl.end);
  }
  const build = child(pom.project, 'build');
  if (build && indentOf(text, build) !== '') {
    const ls = lineStart(text, build.start);
    return text.slice(0, ls) + block.join(nl) + nl + nl + text.slice(ls);
  }
  // at the end of <project>, on its own lines
  const closeLs = lineStart(text, pom.project.closeStart);
  const onOwnLine = /^[ \t]*$/.test(text.slice(closeLs, pom.project.closeStart));
  if (onOwnLine) return text.slice(0, closeLs) + nl + block.join(nl) + nl + text.slice(closeLs);
  return text.slice(0, pom.project.closeStart) + nl + block.join(nl) + nl + text.slice(pom.project.closeStart);
}

/**
 * `${agentscope.version}` only works when the pom defines that property. A project
 * that writes the version literally gets the literal (the one its io.agentscope
 * dependencies already use), so the added dependency resolves the same way.
 */
export function fitVersionToPom(text: string, need: DependencyNeed, agentscopeVersion: string, inherited?: Inherited): DependencyNeed {
  if (!need.version.includes('${agentscope.version}')) return need;
  const pom = parsePom(text, inherited);
  if ('agentscope.version' in pom.properties) return need;
  return { ...need, version: need.version.split('${agentscope.version}').join(agentscopeVersion) };
}
