/**
 * Minimal textual edits of a user's pom.xml: where the AgentScope version is declared,
 * bumping it, and adding an io.agentscope dependency. Everything else in the file
 * (comments, formatting, order) is left byte-for-byte as it was.
 */

export interface VersionSite {
  /** `property` (<agentscope.version>) or `dependency` (a literal <version> of an io.agentscope artifact). */
  kind: 'property' | 'dependency';
  /** Property name or artifactId. */
  name: string;
  value: string;
  /** Offsets of the value text inside the pom. */
  start: number;
  end: number;
  line: number;
}

export interface PomInfo {
  sites: VersionSite[];
  /** The current AgentScope version (the one most sites agree on). */
  version?: string;
  /** io.agentscope artifactIds the project depends on (dependencies and dependencyManagement). */
  artifacts: string[];
}

function lineAt(text: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Blanks out comments (keeping offsets) so commented-out XML is never edited. */
function maskComments(text: string): string {
  return text.replace(/<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ' '));
}

function tag(block: string, name: string): { value: string; start: number; end: number } | undefined {
  const re = new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`);
  const m = re.exec(block);
  if (!m) return undefined;
  const start = m.index + m[0].indexOf(m[1], name.length + 2);
  return { value: m[1], start, end: start + m[1].length };
}

export function readPomVersions(text: string): PomInfo {
  const masked = maskComments(text);
  const sites: VersionSite[] = [];
  const artifacts = new Set<string>();
  const props = new Map<string, { value: string; start: number; end: number }>();
  const propsBlock = /<properties>([\s\S]*?)<\/properties>/.exec(masked);
  if (propsBlock) {
    const base = propsBlock.index + '<properties>'.length;
    for (const m of propsBlock[1].matchAll(/<([\w.-]+)>\s*([^<]*?)\s*<\/\1>/g)) {
      const start = base + m.index! + m[0].indexOf(m[2], m[1].length + 2);
      props.set(m[1], { value: m[2], start, end: start + m[2].length });
    }
  }
  const usedProps = new Set<string>();
  for (const m of masked.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const body = m[1];
    const base = m.index! + '<dependency>'.length;
    if (tag(body, 'groupId')?.value !== 'io.agentscope') continue;
    const artifactId = tag(body, 'artifactId')?.value;
    if (!artifactId) continue;
    artifacts.add(artifactId);
    const v = tag(body, 'version');
    if (!v) continue;
    const ref = /^\$\{([\w.-]+)\}$/.exec(v.value);
    if (ref) usedProps.add(ref[1]);
    else sites.push({ kind: 'dependency', name: artifactId, value: v.value, start: base + v.start, end: base + v.end, line: lineAt(text, base + v.start) });
  }
  if (props.has('agentscope.version')) usedProps.add('agentscope.version');
  for (const name of usedProps) {
    const p = props.get(name);
    if (p) sites.push({ kind: 'property', name, value: p.value, start: p.start, end: p.end, line: lineAt(text, p.start) });
  }
  sites.sort((x, y) => x.start - y.start);
  const counts = new Map<string, number>();
  for (const s of sites) counts.set(s.value, (counts.get(s.value) ?? 0) + 1);
  const version = [...counts].sort((x, y) => y[1] - x[1])[0]?.[0];
  return { sites, version, artifacts: [...artifacts].sort() };
}

/** Replaces every version site's value with `to`. */
export function bumpPomVersion(text: string, info: PomInfo, to: string): string {
  let out = text;
  for (const s of [...info.sites].sort((x, y) => y.start - x.start)) out = out.slice(0, s.start) + to + out.slice(s.end);
  return out;
}
