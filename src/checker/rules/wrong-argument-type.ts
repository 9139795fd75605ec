/**
 * AS007 wrong-argument-type: the argument count fits some overload but the argument types none of
 * them, decided by applicability.ts as javac does (JLS 15.12.2). Names the types found and the candidates.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { cls, type JType, shortName } from '../jtype.js';
import { type ArgInfo, assignable, describeArg } from '../applicability.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { javacPosition } from '../analysis/syntax.js';
import { fullyKnown, mentionsAgentScope } from '../expr-types.js';
import { decidedType, type WrittenType } from './incompatible-result-type.js';

export function reportWrongArgumentTypes(a: AnalyzerBase, at: Node, cands: FoundMember[], fitting: FoundMember[], infos: ArgInfo[], what: 'constructor' | 'method', args: Node[] = []) {
  const owner = shortName(cands[0].owner.fqn);
  const name = what === 'constructor' ? `new ${owner}` : `${owner}.${cands[0].member.name}`;
  const found = infos.map(describeArg).join(', ');
  const sigs = [...new Set(fitting.map((c) => (what === 'constructor' ? a.fmtSig(c) : `${owner}.${a.fmtSig(c)}`)))];
  a.report(mismatchAt(a, at, fitting, infos, args), 'AS007', `${name}(${found}): no overload of AgentScope ${a.idx.version} accepts these argument types`, `${a.idx.version} declares: ${sigs.join('; ')}`);
}

/**
 * Where javac reports it. With one candidate of the right arity (javac drops the others from its
 * compact diagnostic), not generic and not of variable arity, javac rewrites "cannot be applied"
 * to "incompatible types" at the first argument that does not fit, at that argument's position
 * (javacPosition): on another line than the name when the arguments
 * are written over several lines. Otherwise at the name.
 */
function mismatchAt(a: AnalyzerBase, at: Node, fitting: FoundMember[], infos: ArgInfo[], args: Node[]): Node {
  if (fitting.length !== 1 || args.length !== infos.length) return at;
  const c = fitting[0];
  if (c.member.typeParams?.length || c.member.params?.some((p) => p.varargs)) return at;
  const ps = a.idx.paramTypes(c);
  const i = infos.findIndex((x, j) => ps[j] !== undefined && assignable(x, ps[j], a.facts) === 'no');
  return i < 0 ? at : javacPosition(args[i]);
}

/**
 * A common JDK type's method (jdk-results.ts) whose overloads of that arity take none of the
 * arguments' types (`Files.writeString(path, reply)` with reply a Msg). javac reports a lone fixed-arity
 * candidate's mismatch at the argument, as for AgentScope methods (mismatchAt), and otherwise at the name.
 */
export function reportJdkArgumentTypes(a: AnalyzerBase, at: Node, recv: JType & { k: 'class' }, name: string, infos: ArgInfo[], overloads: { params: JType[]; varargs: boolean }[], args: Node[]) {
  const owner = shortName(recv.fqn);
  const lone = overloads.length === 1 && !overloads[0].varargs ? overloads[0] : undefined;
  const i = lone ? infos.findIndex((x, j) => lone.params[j] !== undefined && assignable(x, lone.params[j], a.facts) === 'no') : -1;
  const sigs = overloads.map((o) => `${name}(${o.params.map((p) => (p.k === 'class' ? shortName(p.fqn) : p.k === 'array' && p.elem.k === 'class' ? `${shortName(p.elem.fqn)}${o.varargs ? '...' : '[]'}` : p.k === 'prim' ? p.name : '?')).join(', ')})`);
  a.report(i >= 0 ? javacPosition(args[i]) : at, 'AS007', `${owner}.${name}(${infos.map(describeArg).join(', ')}): no overload accepts these argument types`, `the JDK's ${owner} declares: ${[...new Set(sigs)].join('; ')}`);
}

/**
 * `new ArrayList<>(byName)` with a `Map<String, Msg>`: a collection class's constructors of one
 * argument take a capacity or a Collection, and a JDK type that is no Collection is neither
 * (javac: "cannot infer type arguments for ArrayList<>", or "no suitable constructor" with the
 * type argument written). Judged where the value's type is decided and names an AgentScope type.
 */
export function checkCollectionCopy(a: AnalyzerBase, at: Node, fqn: string, arg: Node, written: WrittenType) {
  const x = decidedType(a, arg, written);
  if (x?.k !== 'class' || !x.fqn.startsWith('java.') || !fullyKnown(x) || !mentionsAgentScope(x)) return;
  if (assignable({ k: 'type', t: cls(x.fqn) }, cls('java.util.Collection'), a.facts) !== 'no') return;
  const owner = shortName(fqn);
  const map = x.fqn === 'java.util.Map';
  a.report(at, 'AS007', `new ${owner}(${describeArg({ k: 'type', t: x })}): no constructor takes it; ${owner}'s take nothing, a capacity or a Collection (the argument names AgentScope ${a.idx.version} types)`, map ? `copy its values() or keySet()` : `pass a Collection`);
}
