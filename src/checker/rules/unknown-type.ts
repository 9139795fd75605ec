/**
 * AS001 unknown-type: an io.agentscope type, nested type or package the inventory does not have.
 * Called wherever a qualified name is resolved (imports, type uses, annotations, code).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import { suggest } from '../../core/suggest.js';
import { shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { isAsName } from '../analysis/model.js';

/**
 * Project context: `name` (a type or package) is in an io.agentscope artifact the module does not
 * depend on. The message javac gives, and the artifact to add; undefined when it is not so.
 */
export function missingArtifact(a: AnalyzerBase, name: string): { artifact: string; fix: string } | undefined {
  const artifact = a.idx.outside?.artifactOf(name);
  if (!artifact) return undefined;
  return { artifact: `io.agentscope:${artifact}`, fix: `add io.agentscope:${artifact} to the <dependencies> of ${a.idx.outside!.pom}` };
}

/**
 * Project context: an io.agentscope jar no inventory lists is on the file's classpath (a tests
 * jar, an artifact outside the BOM), so an io.agentscope type or package the inventory lacks may
 * be in it, as javac sees it.
 */
export function mayBeInUnlistedJar(a: AnalyzerBase, name: string): boolean {
  return (a.idx.outside?.unlisted.size ?? 0) > 0 && isAsName(name);
}

export function reportUnknownType(a: AnalyzerBase, node: Node, q: string, pkg: string) {
  const simple = q.slice(q.lastIndexOf('.') + 1);
  const inPkg = a.idx.byPackage.get(pkg);
  const missing = missingArtifact(a, q) ?? (inPkg ? undefined : missingArtifact(a, pkg));
  if (missing) {
    const what = inPkg ? `cannot find symbol: class ${simple} in package ${pkg}` : `package ${pkg} does not exist`;
    a.report(node, 'AS001', `${what}: it is in ${missing.artifact}, which is not a dependency of this module`, missing.fix, { type: q });
    return;
  }
  // an inventory type of an artifact left out is an error still: a tests jar does not bring the main classes
  if (mayBeInUnlistedJar(a, q)) return;
  if (!inPkg) {
    const near = suggest(pkg, [...a.idx.byPackage.keys()]);
    const elsewhere = (a.idx.simpleNames.get(simple) ?? []).map((d) => d.fqn);
    const hint = elsewhere.length
      ? `${simple} is ${elsewhere.join(' or ')}`
      : near.length
        ? `did you mean package ${near.join(', ')}?`
        : `no artifact of AgentScope ${a.idx.version} in the inventory provides it; check the artifact and version in pom.xml`;
    const arts = a.idx.inventory.artifacts.map((x) => x.artifactId);
    const where = arts.length <= 6 ? arts.join(', ') : `${arts.length} artifacts`;
    a.report(node, 'AS001', `package ${pkg} does not exist in AgentScope ${a.idx.version} (${where})`, hint, { type: q });
    return;
  }
  const elsewhere = (a.idx.simpleNames.get(simple) ?? []).map((d) => d.fqn);
  const near = suggest(simple, a.idx.simpleNames.keys()).flatMap((n) => (a.idx.simpleNames.get(n) ?? []).map((d) => d.fqn));
  const cands = [...new Set([...elsewhere, ...near])].slice(0, 5);
  a.report(node, 'AS001', `type ${q} does not exist in AgentScope ${a.idx.version}`, cands.length ? `did you mean ${cands.join(', ')}?` : `see \`agentscope api\` for the types of ${pkg}`, { type: q });
}

/** `Outer.Name` where the inventory type Outer has no nested type Name; suggestions are written `${written}.X`. */
export function reportUnknownNested(a: AnalyzerBase, node: Node, outer: string, name: string, written: string) {
  const names = a.idx.nested.get(outer);
  const near = suggest(name, names ? [...names.keys()] : []);
  a.report(node, 'AS001', `${shortName(outer)} has no nested type ${name} in AgentScope ${a.idx.version}`, near.length ? `did you mean ${near.map((x) => `${written}.${x}`).join(', ')}?` : undefined, { type: `${outer}.${name}` });
}
