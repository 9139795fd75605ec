/**
 * AS007 wrong-argument-type: the argument count fits some overload but the argument types none of
 * them, decided by applicability.ts as javac does (JLS 15.12.2). Names the types found and the candidates.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { cls, type JType, shortName, typeToString } from '../jtype.js';
import { type ArgInfo, assignable, describeArg, simple as simpleName } from '../applicability.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { javacPosition } from '../analysis/syntax.js';
import type { FileUnit } from '../analysis/model.js';
import { argInfo, fullyKnown, mentionsAgentScope } from '../expr-types.js';
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
  // an override and the method it overrides (a class's get and its interface's) are one candidate to javac
  const distinct = new Map(fitting.map((c) => {
    const ps = a.idx.paramTypes(c);
    return [ps.map(typeToString).join(','), { c, ps }] as const;
  }));
  if (distinct.size !== 1 || args.length !== infos.length) return at;
  const [{ c, ps }] = distinct.values();
  if (c.member.typeParams?.length || c.member.params?.some((p) => p.varargs)) return at;
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
  const sigs = overloads.map((o) => `${name === '<init>' ? owner : name}(${o.params.map((p) => (p.k === 'class' ? shortName(p.fqn) : p.k === 'array' && p.elem.k === 'class' ? `${shortName(p.elem.fqn)}${o.varargs ? '...' : '[]'}` : p.k === 'prim' ? p.name : '?')).join(', ')})`);
  const what = name === '<init>' ? `new ${owner}` : `${owner}.${name}`;
  a.report(i >= 0 ? javacPosition(args[i]) : at, 'AS007', `${what}(${infos.map(describeArg).join(', ')}): no overload accepts these argument types`, `the JDK's ${owner} declares: ${[...new Set(sigs)].join('; ')}`);
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

/**
 * Generic factories each of whose parameters is the method's type variable (Map.of's K and V in
 * turn). `lone`: javac sees one candidate of fixed arity, so it reports the first argument that does
 * not fit, at its position ("incompatible types"); otherwise "no suitable method" at the name.
 */
const WITNESSED_FACTORIES: Record<string, { lone: boolean; pairs?: true; result: string }> = {
  'java.util.List.of': { lone: false, result: 'java.util.List' },
  'java.util.Set.of': { lone: false, result: 'java.util.Set' },
  'java.util.Map.of': { lone: false, pairs: true, result: 'java.util.Map' },
  'java.util.stream.Stream.of': { lone: false, result: 'java.util.stream.Stream' },
  'java.util.Arrays.asList': { lone: false, result: 'java.util.List' },
  'java.util.Optional.of': { lone: true, result: 'java.util.Optional' },
  'java.util.Optional.ofNullable': { lone: true, result: 'java.util.Optional' },
  'java.util.Collections.singletonList': { lone: true, result: 'java.util.List' },
  'java.util.Collections.singleton': { lone: true, result: 'java.util.Set' },
  'reactor.core.publisher.Mono.just': { lone: true, result: 'reactor.core.publisher.Mono' },
  'reactor.core.publisher.Flux.just': { lone: false, result: 'reactor.core.publisher.Flux' },
};

/** Other generic factories each overload of which declares one type variable (`Flux.<T>empty()`). */
const ONE_TYPE_VARIABLE: ReadonlySet<string> = new Set(
  ['empty', 'never', 'error', 'defer', 'justOrEmpty', 'fromCallable', 'fromSupplier', 'fromIterable', 'fromArray', 'fromStream']
    .flatMap((m) => [`reactor.core.publisher.Mono.${m}`, `reactor.core.publisher.Flux.${m}`])
    .filter((k) => !/Mono\.(fromIterable|fromArray|fromStream)$|Flux\.(justOrEmpty|fromCallable|fromSupplier)$/.test(k)),
);

/** The factory a witness is written for, when the witness gives each of its type variables a fully known class. */
function witnessedFactory(fqn: string, name: string, witness: JType[]): (typeof WITNESSED_FACTORIES)[string] | undefined {
  const f = WITNESSED_FACTORIES[`${fqn}.${name}`];
  return f && witness.length === (f.pairs ? 2 : 1) && witness.every((w) => w.k === 'class' && fullyKnown(w)) ? f : undefined;
}

/** What a witnessed factory returns (`List.<Msg>of(..)` a List<Msg>), exactly; undefined for another call or a witness not fully known. */
export function witnessedResult(fqn: string, name: string, witness: JType[]): JType | undefined {
  const f = witnessedFactory(fqn, name, witness);
  return f && cls(f.result, witness);
}

/**
 * `Mono.<String>just(reply)`, `List.<Integer>of("x")`: a type witness fixes the factory's type
 * variable, and an argument whose type is decided must be one (JLS 15.12.2.1). Reported where
 * javac reports it; true when reported (the call is then erroneous: it has no type to judge further).
 */
export function checkWitnessedFactory(a: AnalyzerBase, at: Node, fqn: string, name: string, witness: JType[], args: Node[], written: WrittenType): boolean {
  // `List.<Object, Object>of(x)`: each factory has one type variable (Map.of two), and a witness of another count fits no overload
  const key = `${fqn}.${name}`;
  const declared = Object.hasOwn(WITNESSED_FACTORIES, key) ? WITNESSED_FACTORIES[key] : undefined;
  const count = declared ? (declared.pairs ? 2 : 1) : ONE_TYPE_VARIABLE.has(key) ? 1 : undefined;
  if (count !== undefined && witness.length !== count) {
    reportTypeArgumentCount(a, at, `${shortName(fqn)}.${name}`, count, witness.length);
    return true;
  }
  const f = witnessedFactory(fqn, name, witness);
  if (!f || !args.length || (f.lone && args.length !== 1) || (f.pairs && args.length % 2)) return false;
  const types = args.map((x) => decidedType(a, x, written));
  // (an array may be the varargs array itself: not judged)
  const i = types.findIndex((x, j) => x !== undefined && (x.k === 'class' || x.k === 'prim') && fullyKnown(x) && assignable({ k: 'type', t: x }, witness[f.pairs ? j % 2 : 0], a.facts) === 'no');
  if (i < 0 || types.some((x) => x?.k === 'array')) return false;
  const x = types[i]!;
  const w = witness[f.pairs ? i % 2 : 0];
  const call = `${shortName(fqn)}.<${witness.map(simpleName).join(', ')}>${name}`;
  if (f.lone) a.report(javacPosition(args[i]), 'AS007', `incompatible types: ${simpleName(x)} cannot be converted to ${simpleName(w)}, the type witness of ${call}(..)`, `pass a ${simpleName(w)}, or drop the witness`);
  else a.report(at, 'AS007', `${call}(${types.map((t) => (t ? simpleName(t) : '?')).join(', ')}): no suitable method: the type witness ${simpleName(w)} takes no ${simpleName(x)}`, `pass ${simpleName(w)} values, or drop the witness`);
  return true;
}

/** A call given `given` explicit type arguments where the generic method `call` declares `count` type variables (JLS 15.12.2.1). */
export function reportTypeArgumentCount(a: AnalyzerBase, at: Node, call: string, count: number, given: number) {
  a.report(at, 'AS007', `${call}(..) cannot be applied to given types: wrong number of type arguments; required ${count}, given ${given}`, count === 1 ? 'write one type argument, or none (javac infers it)' : `write ${count} type arguments, or none (javac infers them)`);
}

/**
 * `msgs.stream().collect(Collectors.joining(","))`: joining collects CharSequences, and a stream of
 * another exactly known type is none (javac: "no suitable method found for collect(..)").
 */
export function checkJoinedElements(a: AnalyzerBase, at: Node, e: JType & { k: 'class' }) {
  if (!mentionsAgentScope(e) || assignable({ k: 'type', t: e }, cls('java.lang.CharSequence'), a.facts) !== 'no') return;
  a.report(at, 'AS007', `collect(Collectors.joining(..)): the stream's elements are ${simpleName(e)}, and joining takes CharSequences`, `map them to text first, e.g. .map(${shortName(e.fqn)}::getTextContent)`);
}

/** JUnit 5's assertions whose functional arguments (Executable, ThrowingSupplier) take no parameter. */
const JUNIT_ASSERTIONS = 'org.junit.jupiter.api.Assertions';
const NO_PARAMETER_LAMBDAS = new Set(['assertThrows', 'assertThrowsExactly', 'assertDoesNotThrow', 'assertAll', 'assertTimeout', 'assertTimeoutPreemptively']);
/** Classes tests import statically on demand beside JUnit's that declare none of those names. */
const OTHER_STATIC_OWNERS = new Set(['org.mockito.Mockito', 'org.mockito.ArgumentMatchers', 'org.hamcrest.Matchers', 'org.hamcrest.MatcherAssert', 'org.assertj.core.api.Assertions']);

/**
 * AS007 for `assertThrows(X.class, (unused) -> ..)`: a lambda with parameters where JUnit's
 * assertion takes an Executable or ThrowingSupplier, whose methods take none (javac: "no suitable
 * method found for assertThrows"). `owner`: the class the call is on, or undefined for an
 * unqualified call, resolved through the file's static imports (`ownMethod`: the enclosing class
 * declares a method of that name).
 */
export function checkNoParameterLambdas(a: AnalyzerBase, at: Node, name: string, args: Node[], owner: string | undefined, unit: FileUnit, ownMethod: boolean) {
  if (!NO_PARAMETER_LAMBDAS.has(name)) return;
  if (owner === undefined) {
    if (ownMethod) return;
    const single = unit.imports.staticSingle.get(name);
    const junit = single ? single.includes(JUNIT_ASSERTIONS) : unit.imports.staticOnDemand.includes(JUNIT_ASSERTIONS) && unit.imports.staticOnDemand.every((o) => o === JUNIT_ASSERTIONS || OTHER_STATIC_OWNERS.has(o));
    if (!junit) return;
  } else if (owner !== JUNIT_ASSERTIONS) return;
  for (const arg of args) {
    const info = argInfo(arg, undefined);
    if (info.k !== 'lambda' || info.arity === 0) continue;
    const n = info.arity;
    a.report(at, 'AS007', `no suitable method found for ${name}(..): the lambda takes ${n} parameter${n === 1 ? '' : 's'}, but JUnit's Executable (and ThrowingSupplier) takes none`, `write the lambda without parameters: () -> ..`);
    return;
  }
}
