/** AS006 deprecated-for-removal: a type or member whose `@Deprecated(forRemoval = true)` the inventory records. */
import type { Node } from 'web-tree-sitter';
import type { FoundMember } from '../inventory-index.js';
import { shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';

export function reportDeprecatedType(a: AnalyzerBase, node: Node, fqn: string) {
  const d = a.idx.type(fqn);
  if (d?.deprecated?.forRemoval) {
    a.report(node, 'AS006', `${shortName(fqn)} is deprecated for removal in AgentScope ${a.idx.version}`, d.deprecated.note);
  }
}

/** A field, method or constructor resolved (or chosen among overloads) at `node`. */
export function reportDeprecatedMember(a: AnalyzerBase, node: Node, f: FoundMember) {
  if (!f.member.deprecated?.forRemoval) return;
  const name = f.member.kind === 'constructor' ? '<init>' : f.member.name;
  a.report(node, 'AS006', `${shortName(f.owner.fqn)}.${name} is deprecated for removal in AgentScope ${a.idx.version}`, f.member.deprecated.note);
}
