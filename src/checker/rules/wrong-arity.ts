/** AS003 wrong-arity: a call of an AgentScope method or constructor with an argument count no overload accepts. */
import type { Node } from 'web-tree-sitter';
import type { FoundMember } from '../inventory-index.js';
import { type JType, shortName } from '../jtype.js';
import { describeArity } from '../expr-types.js';
import type { AnalyzerBase } from '../analysis/base.js';

export function reportWrongArity(a: AnalyzerBase, at: Node, cands: FoundMember[], recv: JType, what: 'constructor' | 'method', n: number, extraArities: number[]) {
  const owner = shortName(cands[0]?.owner.fqn ?? (recv.k === 'class' ? recv.fqn : '?'));
  const sigs = cands.map((c) => (what === 'constructor' ? a.fmtSig(c) : `${owner}.${a.fmtSig(c)}`));
  const name = what === 'constructor' ? `new ${owner}(…)` : `${owner}.${cands[0]?.member.name ?? ''}(…)`;
  const counts = [...new Set(cands.map((c) => describeArity(c.member)).concat(extraArities.map(String)))].sort().join(' or ');
  a.report(at, 'AS003', `${name} takes ${counts} argument${counts === '1' ? '' : 's'}, not ${n} (AgentScope ${a.idx.version})`, `${a.idx.version} declares: ${sigs.join('; ')}`, {
    type: cands[0]?.owner.fqn ?? (recv.k === 'class' ? recv.fqn : '?'),
    member: what === 'constructor' ? '<init>' : cands[0]?.member.name,
  });
}

/** Argument counts (`n+`: n or more) as a message says them: `1 or 2`, `0 or more`. */
function countsText(arities: string[]): string {
  return [...new Set(arities)].sort().map((x) => (x.endsWith('+') ? `${x.slice(0, -1)} or more` : x)).join(' or ');
}

/** A common JDK type's method called with an argument count none of its overloads takes (jdk-results.ts): `pending.set(event)` on a List. */
export function reportJdkArity(a: AnalyzerBase, at: Node, recv: JType, name: string, n: number, arities: string[]) {
  const owner = recv.k === 'class' ? shortName(recv.fqn) : '?';
  const counts = countsText(arities);
  a.report(at, 'AS003', `${owner}.${name}(…) takes ${counts} argument${counts === '1' ? '' : 's'}, not ${n}`, `the JDK's ${owner} declares ${name} with ${counts} argument${counts === '1' ? '' : 's'}`);
}

/** `new SomeInterface(x) { .. }`: an anonymous implementation of an interface takes no arguments. */
export function reportInterfaceWithArgs(a: AnalyzerBase, argsNode: Node, fqn: string) {
  a.report(argsNode, 'AS003', `${shortName(fqn)} is an interface: an anonymous implementation takes no constructor arguments`, undefined);
}

/** `Msg<String>`, `Mono<A, B>`-like: an AgentScope type given a number of type arguments it does not declare (javac: "type X does not take parameters"). */
export function checkTypeArgumentCount(a: AnalyzerBase, at: Node, fqn: string, n: number) {
  const decl = a.idx.type(fqn);
  if (!decl || !a.mayJudgeQualified(decl.package)) return;
  const want = decl.typeParams.length;
  if (want === n) return;
  const name = shortName(fqn);
  const declared = want ? `${name}<${decl.typeParams.map((p) => p.name).join(', ')}>` : name;
  a.report(at, 'AS003', want ? `${name} takes ${want} type argument${want === 1 ? '' : 's'}, not ${n} (AgentScope ${a.idx.version})` : `${name} takes no type arguments in AgentScope ${a.idx.version}`, `${a.idx.version} declares ${decl.kind} ${declared}`, { type: fqn });
}

/** A project class's own method called with an argument count none of its declarations takes (`success(param)` where `success(ToolCallParam, String)` is the only one); `arities` as for reportJdkArity. */
export function reportSourceArity(a: AnalyzerBase, at: Node, owner: string, name: string, n: number, arities: string[], what: 'method' | 'constructor' = 'method') {
  const counts = countsText(arities);
  const args = `argument${counts === '1' ? '' : 's'}`;
  if (what === 'constructor') a.report(at, 'AS003', `new ${shortName(owner)}(…) takes ${counts} ${args}, not ${n}`, `the class declares its constructors with ${counts} ${args}`);
  else a.report(at, 'AS003', `${shortName(owner)}.${name}(…) takes ${counts} ${args}, not ${n}`, `the class declares ${name} with ${counts} ${args}`);
}
