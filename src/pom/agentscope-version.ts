/**
 * Where a module's AgentScope version is written, across its parent chain on disk, and the
 * minimal edit that moves it: only the version text changes, comments and layout stay.
 *
 * A site is one of:
 * - `property`: the property an io.agentscope version refers to (`${agentscope.version}`,
 *   followed through properties that refer to properties), or `agentscope.version` itself;
 *   the definition Maven uses is the nearest one from the module upwards;
 * - `bom`: the literal version of an imported io.agentscope BOM (dependencyManagement);
 * - `dependency`: the literal version of an io.agentscope dependency or managed dependency;
 * - `parent`: the version of a `<parent>` that is an io.agentscope pom (e.g. the BOM).
 */
import { CliError } from '../core/errors.js';
import { child, children, parsePom, textOf, type PomModel, type XmlElement } from './pom.js';
import { agentscopeVersionOf, inheritedFromChain, readPomChain, type PomLayer } from './parents.js';

export const AGENTSCOPE_GROUP = 'io.agentscope';
const VERSION_PROPERTY = 'agentscope.version';

type VersionSiteKind = 'property' | 'bom' | 'dependency' | 'parent';

export interface VersionSite {
  /** Absolute path of the pom that declares the version. */
  file: string;
  kind: VersionSiteKind;
  /** Property name, or the artifactId of the dependency / BOM / parent. */
  name: string;
  value: string;
  /** Offsets of the value text inside the file. */
  start: number;
  end: number;
  line: number;
}

export interface AgentscopeDeclaration {
  /** The module's pom followed by its parents on disk. */
  chain: PomLayer[];
  sites: VersionSite[];
  /** The version the module builds with, if it can be read from the files on disk. */
  version?: string;
  /** io.agentscope artifactIds on the module's classpath by declaration (its own and inherited `<dependencies>`). */
  artifacts: string[];
}

/** The raw value span of a leaf element; undefined when it holds markup (comments, CDATA). */
function valueSpan(text: string, el: XmlElement | undefined): { value: string; start: number; end: number } | undefined {
  if (!el || el.openEnd === el.closeStart) return undefined;
  const raw = text.slice(el.openEnd, el.closeStart);
  if (raw.includes('<') || raw.includes('&')) return undefined;
  const value = raw.trim();
  if (!value) return undefined;
  const start = el.openEnd + raw.indexOf(value);
  return { value, start, end: start + value.length };
}

function lineAt(text: string, offset: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function site(layer: PomLayer, kind: VersionSiteKind, name: string, el: XmlElement | undefined): VersionSite | undefined {
  const span = valueSpan(layer.pom.text, el);
  return span && { file: layer.path, kind, name, ...span, line: lineAt(layer.pom.text, span.start) };
}

const text = (pom: PomModel, el: XmlElement | undefined) => textOf(pom.text, el);

/** io.agentscope `<dependency>` elements of a pom: its dependencies and dependencyManagement. */
function agentscopeDependencies(pom: PomModel): { el: XmlElement; artifactId: string; managed: boolean; bom: boolean }[] {
  const out: { el: XmlElement; artifactId: string; managed: boolean; bom: boolean }[] = [];
  const lists: [XmlElement | undefined, boolean][] = [
    [child(pom.project, 'dependencies'), false],
    [child(child(pom.project, 'dependencyManagement'), 'dependencies'), true],
  ];
  for (const [list, managed] of lists) {
    for (const d of children(list, 'dependency')) {
      if (text(pom, child(d, 'groupId')) !== AGENTSCOPE_GROUP) continue;
      const artifactId = text(pom, child(d, 'artifactId'));
      if (!artifactId) continue;
      const bom = managed && text(pom, child(d, 'scope')) === 'import' && text(pom, child(d, 'type')) === 'pom';
      out.push({ el: d, artifactId, managed, bom });
    }
  }
  return out;
}

/** The nearest definition of a property from the module upwards (Maven interpolates with the module's properties). */
function propertySite(chain: PomLayer[], name: string, depth = 0): VersionSite | undefined {
  for (const layer of chain) {
    const el = child(child(layer.pom.project, 'properties'), name);
    if (!el) continue;
    const found = site(layer, 'property', name, el);
    const ref = found && /^\$\{([^}]+)\}$/.exec(found.value);
    // <agentscope.version>${revision}</agentscope.version>: the version is written where ${revision} is
    if (ref && depth < 5) return propertySite(chain, ref[1], depth + 1) ?? found;
    return found;
  }
  return undefined;
}

/** Every place in `chain` (module first) where the module's AgentScope version is written. */
export function versionSites(chain: PomLayer[]): VersionSite[] {
  const sites: VersionSite[] = [];
  const referenced = new Set<string>();
  for (const layer of chain) {
    for (const d of agentscopeDependencies(layer.pom)) {
      const v = site(layer, d.bom ? 'bom' : 'dependency', d.artifactId, child(d.el, 'version'));
      if (!v) continue;
      const ref = /^\$\{([^}]+)\}$/.exec(v.value);
      if (ref) referenced.add(ref[1]);
      else if (!v.value.includes('${')) sites.push(v);
    }
    const parentEl = child(layer.pom.project, 'parent');
    if (parentEl && text(layer.pom, child(parentEl, 'groupId')) === AGENTSCOPE_GROUP) {
      const v = site(layer, 'parent', text(layer.pom, child(parentEl, 'artifactId')) ?? 'parent', child(parentEl, 'version'));
      if (v && !v.value.includes('${')) sites.push(v);
    }
  }
  if (chain.some((l) => VERSION_PROPERTY in l.pom.properties)) referenced.add(VERSION_PROPERTY);
  for (const name of referenced) {
    const p = propertySite(chain, name);
    if (p && !p.value.includes('${')) sites.push(p);
  }
  // one site per place (a property can be reached from several dependencies)
  const unique = [...new Map(sites.map((s) => [`${s.file}:${s.start}`, s])).values()];
  const order = (s: VersionSite) => chain.findIndex((l) => l.path === s.file);
  return unique.sort((x, y) => order(x) - order(y) || x.start - y.start);
}

/** The module at `pomPath`: its chain, the version sites and the version it builds with. */
export function readAgentscopeDeclaration(pomPath: string): AgentscopeDeclaration {
  const chain = readPomChain(pomPath);
  const sites = versionSites(chain);
  const effective = parsePom(chain[0].pom.text, inheritedFromChain(chain));
  const artifacts = new Set<string>();
  for (const layer of chain) for (const d of agentscopeDependencies(layer.pom)) if (!d.managed) artifacts.add(d.artifactId);
  return {
    chain,
    sites,
    version: agentscopeVersionOf(effective).version ?? sites.find((s) => s.kind === 'parent')?.value,
    artifacts: [...artifacts].sort(),
  };
}

/**
 * Writes `to` at each of `sites`, all read from this `text`. A site whose span no longer holds
 * the value it was read with is an error: its offsets belong to another version of the file.
 */
/** Text content as XML needs it: a version is validated (src/core/versions.ts), this is the second guard. */
function escapeXmlText(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function bumpVersionSites(text: string, sites: VersionSite[], to: string): string {
  let out = text;
  for (const s of [...sites].sort((x, y) => y.start - x.start)) {
    if (out.slice(s.start, s.end) !== s.value) throw new CliError(`${s.file}:${s.line}: expected "${s.value}" at the version site`, 1, 'the file changed while it was read; run the command again');
    out = out.slice(0, s.start) + escapeXmlText(to) + out.slice(s.end);
  }
  return out;
}
