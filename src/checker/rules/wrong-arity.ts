/** AS003 wrong-arity: a call of an AgentScope method or constructor with an argument count no overload accepts. */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { type JType, shortName } from '../jtype.js';
import { describeArity } from '../expr-types.js';
import { describedTypeParamCount } from '../external.js';
import { JDK_TYPE_PARAMS } from '../jdk-types.js';
import { JAVA_LANG_TYPES } from '../names.js';
import { listedPackage, listedPackageType } from '../package-types.js';
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

/** A common JDK type's method (or constructor, `<init>`) called with an argument count none of its overloads takes (jdk-results.ts): `pending.set(event)` on a List. */
export function reportJdkArity(a: AnalyzerBase, at: Node, recv: JType, name: string, n: number, arities: string[]) {
  const owner = recv.k === 'class' ? shortName(recv.fqn) : '?';
  const counts = countsText(arities);
  const ctor = name === '<init>';
  a.report(at, 'AS003', `${ctor ? `new ${owner}` : `${owner}.${name}`}(…) takes ${counts} argument${counts === '1' ? '' : 's'}, not ${n}`, `the JDK's ${owner} declares ${ctor ? 'constructors' : name} with ${counts} argument${counts === '1' ? '' : 's'}`);
}

/** `new SomeInterface(x) { .. }`: an anonymous implementation of an interface takes no arguments. */
export function reportInterfaceWithArgs(a: AnalyzerBase, argsNode: Node, fqn: string) {
  a.report(argsNode, 'AS003', `${shortName(fqn)} is an interface: an anonymous implementation takes no constructor arguments`, undefined);
}

/**
 * How many type parameters `fqn` declares, when it is known here: an AgentScope type's (the
 * inventory), a JDK type's (jdk-types.ts, generated) or a described library type's (`Mono`).
 */
function declaredTypeParams(a: AnalyzerBase, fqn: string): { count: number; agentscope: boolean; names?: string[] } | undefined {
  const decl = a.idx.type(fqn);
  if (decl) return a.mayJudgeQualified(decl.package) ? { count: decl.typeParams.length, agentscope: true, names: decl.typeParams.map((p) => p.name) } : undefined;
  if (Object.hasOwn(JDK_TYPE_PARAMS, fqn)) return { count: JDK_TYPE_PARAMS[fqn], agentscope: false };
  const dot = fqn.lastIndexOf('.');
  const pkg = fqn.slice(0, dot);
  const name = fqn.slice(dot + 1);
  // a top-level JDK type that is not generic (`String`, `Instant`); member types are listed only when generic
  if ((pkg === 'java.lang' && JAVA_LANG_TYPES.has(name)) || (listedPackage(pkg) && listedPackageType(pkg, name))) return { count: 0, agentscope: false };
  const described = describedTypeParamCount(fqn);
  return described === undefined ? undefined : { count: described, agentscope: false };
}

/**
 * `Msg<String>`, `Mono<A, B>`, `List<String, Object>`, `String<String>`: a type given a number of
 * type arguments it does not declare (javac: "type X does not take parameters", "wrong number of
 * type arguments"). True when the count is wrong: javac then makes the type erroneous, and
 * nothing done with it is reported again. Reports it with `report`.
 */
export function checkTypeArgumentCount(a: AnalyzerBase, at: Node, fqn: string, n: number, report: boolean): boolean {
  const known = declaredTypeParams(a, fqn);
  if (!known || known.count === n) return false;
  if (!report) return true;
  const want = known.count;
  const name = shortName(fqn);
  const args = `type argument${want === 1 ? '' : 's'}`;
  if (known.agentscope) {
    const declared = want ? `${name}<${known.names!.join(', ')}>` : name;
    a.report(at, 'AS003', want ? `${name} takes ${want} ${args}, not ${n} (AgentScope ${a.idx.version})` : `${name} takes no type arguments in AgentScope ${a.idx.version}`, `${a.idx.version} declares ${a.idx.type(fqn)!.kind} ${declared}`, { type: fqn });
  } else a.report(at, 'AS003', want ? `${name} takes ${want} ${args}, not ${n}` : `${name} takes no type arguments`, want ? `write ${want} ${args}, or none for the raw type` : `write ${name} without type arguments`);
  return true;
}

/** A project class's own method called with an argument count none of its declarations takes (`success(param)` where `success(ToolCallParam, String)` is the only one); `arities` as for reportJdkArity. */
export function reportSourceArity(a: AnalyzerBase, at: Node, owner: string, name: string, n: number, arities: string[], what: 'method' | 'constructor' = 'method') {
  const counts = countsText(arities);
  const args = `argument${counts === '1' ? '' : 's'}`;
  if (what === 'constructor') a.report(at, 'AS003', `new ${shortName(owner)}(…) takes ${counts} ${args}, not ${n}`, `the class declares its constructors with ${counts} ${args}`);
  else a.report(at, 'AS003', `${shortName(owner)}.${name}(…) takes ${counts} ${args}, not ${n}`, `the class declares ${name} with ${counts} ${args}`);
}
