/**
 * AS007 wrong-argument-type: the argument count fits some overload but the argument types none of
 * them, decided by applicability.ts as javac does (JLS 15.12.2). Names the types found and the candidates.
 */
import type { Node } from 'web-tree-sitter';
import type { FoundMember } from '../inventory-index.js';
import { shortName } from '../jtype.js';
import { type ArgInfo, describeArg } from '../applicability.js';
import type { AnalyzerBase } from '../analysis/base.js';

export function reportWrongArgumentTypes(a: AnalyzerBase, at: Node, cands: FoundMember[], fitting: FoundMember[], infos: ArgInfo[], what: 'constructor' | 'method') {
  const owner = shortName(cands[0].owner.fqn);
  const name = what === 'constructor' ? `new ${owner}` : `${owner}.${cands[0].member.name}`;
  const found = infos.map(describeArg).join(', ');
  const sigs = [...new Set(fitting.map((c) => (what === 'constructor' ? a.fmtSig(c) : `${owner}.${a.fmtSig(c)}`)))];
  a.report(at, 'AS007', `${name}(${found}): no overload of AgentScope ${a.idx.version} accepts these argument types`, `${a.idx.version} declares: ${sigs.join('; ')}`);
}
