/**
 * Calls: the overloads of a method or constructor, which of them fit the arguments (JLS 15.12.2,
 * applicability.ts), the chosen one's result type with method type arguments inferred, and calls
 * on the project's own classes (typed, never judged).
 */
import type { SyntaxNode as Node } from './syntax-tree.js';
import type { CollectedMap } from './base.js';
import type { TypeDecl } from '../../inventory/schema.js';
import { newerJdkMethod, reportNewerJdkMethod } from '../rules/java-release.js';
import { reportFailedStaticImportUse } from '../rules/imports.js';
import { enumSupplies, fixedJdkResult, type FoundMember, inheritedBySubtypes, knownJdkNames } from '../inventory-index.js';
import { asValueType, cls, erasure, innermost, type JType, parseTypeString, shortName, substitute, typeToString, UNKNOWN } from '../jtype.js';
import { argumentTypedResult, describedTypeParamCount, externalFactory, externalMethod, flattenedElement, flattenedKind, flattens, flattensPublisher, receiverTypedParams, STUBBED_VALUE, type TargetTypedArg, targetElement, targetTypedArgs } from '../external.js';
import { acceptsArity, argInfo, fullyKnown, isFunctional, mentionsAgentScope, mentionsTypeVar, PUBLISHERS, STATIC_ONLY_CLASSES } from '../expr-types.js';
import { applicable, assignable, COLLECTION_CLASSES, describeArg, type ArgInfo, type TypeFacts } from '../applicability.js';
import { checkFlattenedBody, checkLiteralArgument, lambdaInfo, checkReceiverTypedArgument, checkResultAssignment, checkStubbedValue, checkVariableAssignment, decidedType, factoryElements, reportPrimitiveReceiver, resultIsExact } from '../rules/incompatible-result-type.js';
import { reportArrayMethod, reportMissingContainerMember, reportMissingDeclaredMember, reportMissingMember, reportPrivateAccess, reportProtectedAccess, reportUnresolvedCall } from '../rules/unknown-member.js';
import { checkAmbiguousNull } from '../rules/ambiguous-null.js';
import { reportInterfaceWithArgs, reportJdkArity, reportSourceArity, reportWrongArity } from '../rules/wrong-arity.js';
import { checkCollectionCopy, checkJoinedElements, checkNoParameterLambdas, checkWitnessedFactory, reportJdkArgumentTypes, reportTypeArgumentCount, reportWrongArgumentTypes, witnessedResult } from '../rules/wrong-argument-type.js';
import { checkInstantiable, checkJdkInstantiable } from '../rules/not-instantiable.js';
import { checkUnreportedException, checkUnreportedJdkCreation, checkUnreportedJdkException } from '../rules/unreported-exception.js';
import { declaredThrows, jdkCallThrows, jdkCreationThrows, PLAIN_OBJECT_METHODS } from '../rules/catch-clauses.js';
import { reportDeprecatedMember } from '../rules/deprecated-for-removal.js';
import { checkObjectMethodInStatic, checkInheritedApiMethodInStatic, checkInheritedMethodInStatic, checkInstanceViaType, checkStaticViaInstance, checkInstanceMethodInStatic, jdkInstanceOnly, reportJdkInstanceViaType, reportSourceInstanceViaType } from '../rules/static-context.js';
import { onInventoryCall, onInventoryCreation } from '../rules/traps.js';
import { checkResumeAskWithText } from '../rules/resume-ask-with-text.js';
import { noteMcpRegistration } from '../rules/mcp-tool-name-collision.js';
import { classExactVar, type EVal, isAsName, NONE, type Scope, type SourceClass, type TypeCtx, val, writtenVar } from './model.js';
import { OBJECT_METHOD_NAMES, Scopes } from './scopes.js';
import { sourceParamTypes } from './method-signatures.js';
import { inferredLocalType } from './lombok.js';
import { callOfArgument, EXPRESSIONS, field, hasModifier, kids } from './syntax.js';
import { containerMethods } from '../container-members.js';
import { misfitLambda, reportMisfitLambda } from '../rules/lambda-fit.js';
import { jdkAritiesWithout, jdkMethodNames, jdkOverloads, jdkResult, jdkResultClass } from '../jdk-results.js';

/** `List::stream` (or Collection's, Set's) on a stream of collections of X (`t`): X, a class type; else undefined. */
function collectionStreamElement(ref: Node, t: JType): JType | undefined {
  if (!/^(java\.util\.)?(List|Collection|Set)::stream$/.test(ref.text.replace(/\s+/g, '')) || t.k !== 'class' || t.args.length !== 1) return undefined;
  const c = t.args[0].k === 'wild' ? t.args[0].bound : t.args[0];
  const x = c?.k === 'class' && /^java\.util\.(List|Collection|Set)$/.test(c.fqn) ? c.args[0] : undefined;
  return x?.k === 'class' && fullyKnown(x) ? x : undefined;
}


/** Static factories of Reactor's publishers whose only type parameter is the element type of their result. */
const REACTOR_FACTORIES: Record<string, string[]> = {
  'reactor.core.publisher.Mono': ['empty', 'just', 'justOrEmpty', 'error', 'never', 'defer', 'fromCallable', 'fromSupplier', 'create'],
  'reactor.core.publisher.Flux': ['empty', 'just', 'error', 'never', 'fromIterable', 'fromArray', 'fromStream', 'defer', 'create'],
};

/**
 * Static factories whose one type argument, written as a receiver or a `var`'s initializer, is the
 * argument's type (`value`), that of every argument, when they have one (`values`), its elements'
 * (`elements`) or its lambda body's (`body`); or Object, which nothing constrains (`none`:
 * `Mono.empty().block()` is an Object).
 */
const RECEIVER_FACTORIES: Record<string, Record<string, 'value' | 'values' | 'elements' | 'body' | 'none'>> = {
  'reactor.core.publisher.Mono': { just: 'value', fromCallable: 'body', fromSupplier: 'body', empty: 'none', never: 'none', error: 'none' },
  'reactor.core.publisher.Flux': { just: 'values', fromIterable: 'elements', empty: 'none', never: 'none', error: 'none' },
  'java.util.Optional': { of: 'value', ofNullable: 'value' },
  'java.util.concurrent.CompletableFuture': { supplyAsync: 'body', completedFuture: 'value' },
  'java.util.List': { of: 'values' },
  'java.util.Set': { of: 'values' },
  'java.util.stream.Stream': { of: 'values' },
  'java.util.Arrays': { asList: 'values' },
};

const NO_POSITIONS: ReadonlySet<number> = new Set();

const PRIMS = new Set(['boolean', 'byte', 'char', 'short', 'int', 'long', 'float', 'double']);
/** A project method declared to return a JDK or Reactor type (`Object`, `List<String>`, `Mono<String>`): its result is exactly that (only a cast narrows it). */
const isJdkOrReactor = (t: JType): boolean => t.k === 'class' && (t.fqn.startsWith('java.') || t.fqn.startsWith('reactor.core.publisher.'));

/**
 * The parameters of a generic method with its type variables that a `Class<T>` parameter pins
 * (given `X.class` or another `Class<X>` of a known X: an equality constraint, JLS 18.2.3) put in:
 * `RuntimeContext.put(Class<T> type, T value)` called with `Integer.class` takes an Integer.
 * A variable two arguments pin differently is left as it is.
 */
function pinnedByClass(c: FoundMember, params: JType[], infos: ArgInfo[], facts: TypeFacts): JType[] | undefined {
  // (most candidates are not generic: nothing is made for them)
  const tps = c.member.typeParams;
  if (!tps?.length) return params;
  const bind = new Map<string, JType>();
  const clash = new Set<string>();
  params.forEach((p, i) => {
    const v = p.k === 'class' && p.fqn === 'java.lang.Class' ? p.args[0] : undefined;
    const x = infos[i];
    const given = x?.k === 'type' && x.t.k === 'class' && x.t.fqn === 'java.lang.Class' ? x.t.args[0] : undefined;
    if (v?.k !== 'tv' || !tps.some((t) => t.name === v.name) || given?.k !== 'class' || !fullyKnown(given)) return;
    const prior = bind.get(v.name);
    if (prior && typeToString(prior) !== typeToString(given)) clash.add(v.name);
    bind.set(v.name, given);
  });
  for (const n of clash) bind.delete(n);
  // `<T extends ContentBlock> boolean hasContentBlocks(Class<T>)` given `ChatUsage.class`: T is
  // exactly ChatUsage, outside its bound (javac: "cannot be applied"); undefined, no call of it fits
  const names = new Set(tps.map((x) => x.name));
  for (const [name, given] of bind) {
    const bounds = tps.find((t) => t.name === name)?.bounds ?? [];
    const outside = bounds.some((b) => {
      const bt = parseTypeString(b, names);
      return bt.k === 'class' && bt.fqn.includes('.') && given.k === 'class' && assignable({ k: 'type', t: cls(given.fqn), written: true }, cls(bt.fqn), facts) === 'no';
    });
    if (outside) return undefined;
  }
  // `<T extends Channel> T channel(T c)`: whatever T is inferred as, the argument must be a Channel
  // (its erasure: `T extends Comparable<T>` asks for a Comparable; only a parameter that is T itself:
  // in List<T> invariance would ask more of the argument than javac does)
  const bounded = new Map<string, JType>();
  for (const t of tps) {
    const b = t.bounds.length === 1 && !bind.has(t.name) ? parseTypeString(t.bounds[0], new Set(tps.map((x) => x.name))) : undefined;
    if (b?.k === 'class' && b.fqn !== 'java.lang.Object') bounded.set(t.name, cls(b.fqn));
  }
  if (!bind.size && !bounded.size) return params;
  return params.map((p) => (p.k === 'tv' && bounded.has(p.name) ? bounded.get(p.name)! : substitute(p, bind)));
}

/** The collections Collectors' argument-less collectors make. */
const COLLECTED_INTO: Record<string, string> = {
  toList: 'java.util.List',
  toUnmodifiableList: 'java.util.List',
  toSet: 'java.util.Set',
  toUnmodifiableSet: 'java.util.Set',
};

/** JDK static factories whose result's one type argument is inferred from every argument (and the target). */
const JDK_FACTORIES: Record<string, { fqn: string; varargs?: true; elements?: true }> = {
  'java.util.Optional.of': { fqn: 'java.util.Optional' },
  // a collection whose elements become the result's (`List.copyOf(toolCalls)` of a List<String>)
  'java.util.List.copyOf': { fqn: 'java.util.List', elements: true },
  'java.util.Set.copyOf': { fqn: 'java.util.Set', elements: true },
  'java.util.Collections.unmodifiableList': { fqn: 'java.util.List', elements: true },
  'java.util.Collections.unmodifiableSet': { fqn: 'java.util.Set', elements: true },
  'java.util.Optional.ofNullable': { fqn: 'java.util.Optional' },
  'java.util.Arrays.asList': { fqn: 'java.util.List', varargs: true },
  'java.util.Collections.singletonList': { fqn: 'java.util.List' },
  'java.util.Collections.singleton': { fqn: 'java.util.Set' },
  'java.util.stream.Stream.of': { fqn: 'java.util.stream.Stream', varargs: true },
};

/**
 * JDK parameters whose type arguments decide where the listing (jdk-results.ts) has only their
 * erasure: `String.join(", ", msg.getContent())` takes no Iterable of ContentBlocks.
 */
const GENERIC_JDK_PARAMS: Record<string, string> = {
  'java.lang.String.join:java.lang.Iterable': 'java.lang.Iterable<? extends java.lang.CharSequence>',
};

/** Is the lambda the argument of a Reactor operator that flattens the publisher it returns (`flatMap`, `flatMapMany`, `concatMap`, ..)? */
function flatteningArgument(lambda: Node): boolean {
  const call = callOfArgument(lambda);
  return !!call && flattensPublisher(field(call, 'name')?.text ?? '');
}

/** JDK collection classes whose copy constructor takes a Map (Collection) and keeps its type arguments. */
const MAP_COPIES = /^java\.util\.(HashMap|LinkedHashMap|TreeMap|concurrent\.ConcurrentHashMap)$/;
const COLLECTION_COPIES = /^java\.util\.(ArrayList|LinkedList|HashSet|LinkedHashSet|TreeSet|ArrayDeque|PriorityQueue|concurrent\.CopyOnWriteArrayList)$/;
/** The JDK types whose type arguments are a Map's K and V (a Collection's E) as written. */
const MAPS = /^java\.util\.(Map|HashMap|LinkedHashMap|TreeMap|SortedMap|NavigableMap|concurrent\.(ConcurrentMap|ConcurrentHashMap))$/;
const COLLECTIONS_OF_E = /^java\.util\.(Collection|List|Set|SortedSet|NavigableSet|Queue|Deque|ArrayList|LinkedList|HashSet|LinkedHashSet|TreeSet|ArrayDeque|PriorityQueue|concurrent\.CopyOnWriteArrayList)$/;

/** `new HashMap<>(m)` of a `Map<String, Msg>`: the type arguments javac infers from the argument alone (fully known ones only). */
function copiedTypeArgs(fqn: string, arg: JType): JType[] | undefined {
  if (arg.k !== 'class' || !arg.args.every((x) => x.k === 'class' && fullyKnown(x))) return undefined;
  if (MAP_COPIES.test(fqn) && MAPS.test(arg.fqn) && arg.args.length === 2) return arg.args;
  if (COLLECTION_COPIES.test(fqn) && COLLECTIONS_OF_E.test(arg.fqn) && arg.args.length === 1) return arg.args;
  return undefined;
}

export abstract class Calls extends Scopes {
  ctorCandidates(t: JType): FoundMember[] {
    if (t.k !== 'class') return [];
    const decl = this.idx.type(t.fqn);
    if (!decl) return [];
    const subst = new Map<string, JType>();
    decl.typeParams.forEach((p, i) => t.args[i] && subst.set(p.name, t.args[i]));
    return decl.members.filter((m) => m.kind === 'constructor').map((m) => ({ member: m, owner: decl, subst }));
  }

  /**
   * Types the arguments, picks the overloads that fit, reports AS003 when `judge` and none
   * accepts the argument count, and returns the chosen candidate (if one).
   */
  checkCall(
    at: Node,
    argsNode: Node,
    cands: FoundMember[],
    recv: JType,
    scope: Scope,
    what: 'constructor' | 'method',
    judge: boolean,
    extraArities: number[] = [],
  ): FoundMember | undefined {
    const args = kids(argsNode);
    const n = args.length;
    const fitting = cands.filter((c) => acceptsArity(c.member, n));
    // type the non-lambda arguments first
    const argTypes: (JType | undefined)[] = args.map((a) => (isFunctional(a) ? undefined : this.exprType(a, scope)));
    let chosen: FoundMember | undefined;
    // JLS 15.12.2: keep the overloads the argument types may fit; `no` only when certain
    const infos = args.map((a, i) => {
      const info = argInfo(a, argTypes[i]);
      // a lambda whose parameters' types are written: they must be the functional interface's
      if (info.k === 'lambda' && info.arity > 0) return lambdaInfo(this, a, scope.ctx);
      // a variable's written type: its type arguments are exact (no inference made them), so invariance decides
      if (info.k === 'type' && a.type === 'identifier' && writtenVar(a.text, scope)) return { ...info, written: true };
      // an exact result's type arguments are exact too (`call(buildList())` with a List<String>, where List<Msg> is declared)
      if (info.k === 'type' && a.type === 'method_invocation' && this.exactResults.has(a.id)) return { ...info, written: true };
      // (a JDK method's declared result alike: `blocks.toArray()` is an Object[])
      if (info.k === 'type' && info.t.k === 'array' && a.type === 'method_invocation' && this.jdkResults.has(a.id)) return { ...info, written: true };
      const elements = info.k === 'type' && info.t.k === 'class' ? factoryElements(this, a, info.t.fqn, this.writtenType(scope)) : undefined;
      return elements ? { ...info, elements } : info;
    });
    let narrowed = fitting.filter((c) => {
      const params = pinnedByClass(c, this.idx.paramTypes(c), infos, this.facts);
      return params !== undefined && applicable({ params, varargs: c.member.params?.[c.member.params.length - 1]?.varargs === true }, infos, this.facts) !== 'no';
    });
    if (judge && fitting.length > 0 && narrowed.length === 0 && !extraArities.includes(n)) reportWrongArgumentTypes(this, at, cands, fitting, infos, what, args);
    if (narrowed.length === 0) narrowed = fitting;
    else if (judge && narrowed.length > 1) {
      // `any()` leaves the overload open as a null does (external.ts `target`)
      const anyRef = this.targetTyped.size ? new Set(args.flatMap((a, i) => (this.targetTyped.has(a.id) ? [i] : []))) : NO_POSITIONS;
      if (anyRef.size || infos.some((x) => x.k === 'null')) checkAmbiguousNull(this, at, narrowed, infos, what, anyRef, args);
    }
    if (narrowed.length === 1) chosen = narrowed[0];
    else if (narrowed.length > 1) {
      // an override and the method it overrides (same parameters): the first found is the most derived
      const sig = (c: FoundMember) => this.idx.paramTypes(c).map((t) => erasure(t) ?? '?').join(',');
      if (new Set(narrowed.map(sig)).size === 1 && !sig(narrowed[0]).includes('?')) chosen = narrowed[0];
    }
    // the one method left, of a type and with parameters that are not generic: its parameter types are
    // what javac types the arguments by (a lambda's parameters, a conditional's branches)
    const one = narrowed.length === 1 && !narrowed[0].owner.typeParams.length && !narrowed[0].member.typeParams?.length ? narrowed[0] : undefined;
    // lambdas / method refs with a target when all remaining candidates agree
    args.forEach((a, i) => {
      if (!isFunctional(a)) return;
      let target: JType | undefined;
      for (const c of narrowed) {
        const ps = this.idx.paramTypes(c);
        let p = ps[Math.min(i, ps.length - 1)];
        if (p && p.k === 'array' && c.member.params?.[c.member.params.length - 1]?.varargs && i >= ps.length - 1) p = p.elem;
        if (!p) continue;
        if (target === undefined) target = p;
        else if (typeToString(target) !== typeToString(p)) target = UNKNOWN;
      }
      // (`modelResolver(name -> name)`: name is exactly a String)
      if (one && target && fullyKnown(target) && !mentionsTypeVar(target, () => true)) this.exactLambdas.add(a.id);
      this.expr(a, scope, target && target.k !== 'unknown' ? target : undefined);
    });
    // a conditional argument: each branch against its parameter
    // (`state(failed ? "ERROR" : ToolResultState.SUCCESS)`: javac's "bad type in conditional expression")
    if (one && args.some((a) => a.type === 'ternary_expression')) {
      const ps = this.idx.paramTypes(one);
      const varargs = one.member.params?.[one.member.params.length - 1]?.varargs === true;
      args.forEach((a, i) => {
        const p = i < ps.length && !(varargs && i >= ps.length - 1) ? ps[i] : undefined;
        if (a.type === 'ternary_expression' && p && (p.k === 'class' || p.k === 'array') && fullyKnown(p)) checkResultAssignment(this, a, p, this.writtenType(scope));
      });
    }
    if (judge && fitting.length === 0 && !extraArities.includes(n) && (cands.length > 0 || extraArities.length > 0)) reportWrongArity(this, at, cands, recv, what, n, extraArities);
    if (chosen) reportDeprecatedMember(this, at, chosen);
    this.lastArgTypes = argTypes;
    this.lastCandidates = narrowed;
    return chosen;
  }
  /** The overloads the last checkCall left (the chosen one alone, or those it could not tell apart). */
  lastCandidates: FoundMember[] = [];
  /** The argument types of the last checkCall, for the chosen method's inference. */
  private lastArgTypes: (JType | undefined)[] = [];

  inferMethodTypeArgs(f: FoundMember, retT: JType, argTypes: (JType | undefined)[], sourceTypeVar?: (name: string) => boolean): JType {
    const tps = f.member.typeParams ?? [];
    if (!tps.length) return retT;
    const names = new Set(tps.map((t) => t.name));
    const bind = new Map<string, JType>();
    const ps = this.idx.signature(f).params;
    const unify = (p: JType, a: JType | undefined) => {
      if (!a || a.k === 'unknown') return;
      if (p.k === 'tv' && names.has(p.name) && !bind.has(p.name) && (a.k === 'class' || (a.k === 'tv' && sourceTypeVar?.(a.name)))) bind.set(p.name, a);
      else if (p.k === 'class' && a.k === 'class' && p.fqn === a.fqn) p.args.forEach((x, i) => unify(x, a.args[i]));
      else if (p.k === 'wild' && p.bound) unify(p.bound, a);
      else if (p.k === 'array' && a.k === 'array') unify(p.elem, a.elem);
    };
    ps.forEach((p, i) => unify(p, argTypes[i]));
    for (const n of names) if (!bind.has(n)) bind.set(n, UNKNOWN);
    return substitute(retT, bind);
  }

  invoke(node: Node, scope: Scope): EVal {
    const objNode = field(node, 'object');
    const nameNode = field(node, 'name');
    const argsNode = field(node, 'arguments');
    if (!nameNode || !argsNode) return NONE;
    const name = nameNode.text;
    if (name.startsWith('assert')) {
      // `assertThrows(X.class, (unused) -> ..)`: on JUnit's Assertions, named or imported statically
      const owner = objNode?.type === 'identifier' && !this.lookupVar(objNode.text, scope) ? this.resolveSimple(objNode.text, scope.ctx) : undefined;
      if (!objNode || owner?.k === 'class') checkNoParameterLambdas(this, nameNode, name, kids(argsNode), owner?.k === 'class' ? owner.fqn : undefined, scope.ctx.unit, !!scope.ctx.cls?.methods.has(name));
    }
    const typeArgs = field(node, 'type_arguments');
    if (typeArgs) for (const t of kids(typeArgs)) this.typeOf(t, scope.ctx, true);

    if (!objNode) return this.unqualifiedCall(node, name, argsNode, scope);
    if (objNode.type === 'this' && this.anonymousOwn(scope)?.methods.has(name)) {
      // a method of the anonymous class's own body, not of its supertype
      for (const a of kids(argsNode)) this.expr(a, scope);
      return NONE;
    }
    const lost = objNode.type === 'this' || objNode.type === 'super' ? this.lostOnReceiver(name, true, objNode.type === 'super', scope) : undefined;
    if (lost) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      this.reportLostToMissingSuper(nameNode, name, true, lost);
      return NONE;
    }
    const recv = this.eval(objNode, scope);
    if (objNode.type === 'super' && this.superCallFails(nameNode, name, kids(argsNode).length, scope)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      return NONE;
    }
    if (objNode.type === 'super' && recv.k === 'val') {
      // super.m(..): look it up on the superclass, but never judge (interfaces' defaults, Outer.super...)
      return this.callOn(node, nameNode, argsNode, recv.t, scope, false, false);
    }
    // (text between the receiver and the name beyond the dot before asking the tree: children cost a WebAssembly call)
    if (recv.k === 'type' && nameNode.startIndex - objNode.endIndex > 1 && node.children.some((c) => c.type === 'super')) {
      // Interface.super.m(..): a default method of a direct superinterface, an instance call; never judged
      return this.callOn(node, nameNode, argsNode, recv.t, scope, false, false);
    }
    if (recv.k === 'type') return this.callOn(node, nameNode, argsNode, recv.t, scope, true, true);
    // a void or primitive value has no members to call (a conditional of two ints is typed by decidedType alone)
    if ((recv.k === 'none' || (recv.k === 'val' && recv.t.k === 'prim')) && this.primitiveReceiver(objNode, nameNode, scope)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      return NONE;
    }
    // Object's final getClass(): a Class whatever the receiver (`reply.getClass().getSimpleName()`)
    if (recv.k === 'val' && name === 'getClass' && recv.t.k !== 'prim' && recv.t.k !== 'unknown' && kids(argsNode).length === 0) {
      this.erasedResults.set(node.id, 'java.lang.Class');
      return val(cls('java.lang.Class', [UNKNOWN]));
    }
    if (recv.k === 'val') return this.callOn(node, nameNode, argsNode, recv.t, scope, false, true);
    this.stats.unknownReceiver++;
    for (const a of kids(argsNode)) this.expr(a, scope);
    return NONE;
  }

  /**
   * `super.getName()` in a class that extends nothing (its superclass is Object, whatever interfaces
   * it implements: an interface's method is reached as `AgentTool.super.m()`), "cannot find symbol";
   * `super.doCall(msgs)` where every method of that name and arity the AgentScope superclass has is
   * abstract: "abstract method doCall(List<Msg>) in AgentBase cannot be accessed directly". Reported; true then.
   */
  private superCallFails(nameNode: Node, name: string, argc: number, scope: Scope): boolean {
    const cc = scope.ctx.cls;
    if (!cc) return false;
    const sc = cc.src;
    let sup: JType | undefined;
    let what: string;
    let extendsObject: boolean;
    if (sc) {
      if (sc.kind !== 'class' || sc.node.type !== 'class_declaration' || sc.generatedMembers) return false;
      extendsObject = !field(sc.node, 'superclass');
      sup = cc.superclass;
      what = `${sc.name} extends no class`;
    } else {
      // an anonymous class of an AgentScope interface (its superclass Object) or class
      const t = cc.supers.length === 1 ? cc.supers[0] : undefined;
      const decl = t?.k === 'class' && !this.srcByFqn.has(t.fqn) ? this.idx.type(t.fqn) : undefined;
      if (!decl) return false;
      extendsObject = decl.kind === 'interface';
      sup = t;
      what = `the anonymous ${decl.name} extends no class (${decl.name} is an interface)`;
    }
    if (extendsObject) {
      if (OBJECT_METHOD_NAMES.has(name)) return false;
      this.report(nameNode, 'AS002', `cannot find symbol: super.${name}(..): ${what}, and Object has no method ${name}()`, `an interface's default method is called as Interface.super.${name}(..); an abstract one has no body to call`, { type: 'java.lang.Object', member: name });
      return true;
    }
    if (sup?.k !== 'class' || !this.idx.type(sup.fqn) || this.decls.declaredAgain.has(sup.fqn)) return false;
    const { found, hierarchy } = this.idx.findMembers(sup, name, ['method']);
    const arity = found.filter((f) => acceptsArity(f.member, argc));
    if (!hierarchy.complete || !arity.length || !arity.every((f) => f.member.modifiers.includes('abstract') || (f.owner.kind === 'interface' && !f.member.modifiers.includes('default') && !f.member.modifiers.includes('static')))) return false;
    const first = arity[0];
    this.report(nameNode, 'AS002', `abstract method ${this.fmtSig(first)} in ${shortName(first.owner.fqn)} cannot be accessed directly: super.${name}(..) has no body to call (AgentScope ${this.idx.version})`, `drop the super call: this method is the implementation`, { type: first.owner.fqn, member: name });
    return true;
  }

  callOn(node: Node, nameNode: Node, argsNode: Node, t: JType, scope: Scope, isStatic: boolean, judge: boolean): EVal {
    t = this.boundReceiver(t, scope.ctx) ?? t;
    const name = nameNode.text;
    if (t.k !== 'class') {
      if (t.k === 'unknown') this.stats.unknownReceiver++;
      for (const a of kids(argsNode)) this.expr(a, scope);
      // `blocks.size()` on a ContentBlock[]: an array has `length` and Object's methods
      // (or any array an AgentScope call returns: `fs.content(path).block()` on a byte[])
      if (judge && !isStatic && t.k === 'array' && !OBJECT_METHOD_NAMES.has(name) && (mentionsAgentScope(innermost(t)) || this.exactReceiver(field(node, 'object'), scope))) reportArrayMethod(this, nameNode, t, name);
      return t.k === 'array' && name === 'clone' ? val(t) : NONE;
    }
    const decl = this.idx.type(t.fqn);
    const sc = this.srcByFqn.get(t.fqn);
    if (decl) return this.callOnInventoryType(node, nameNode, argsNode, t, decl, sc, scope, isStatic, judge);
    if (sc) return this.callOnSourceType(node, nameNode, argsNode, t, sc, scope, isStatic, judge);
    return this.callOnOtherType(node, nameNode, argsNode, t, scope, isStatic, judge);
  }

  /** A call on an inventory type (the inventory is the truth for its own types, even when the checked sources declare them too). */
  callOnInventoryType(node: Node, nameNode: Node, argsNode: Node, t: JType & { k: 'class' }, decl: TypeDecl, sc: SourceClass | undefined, scope: Scope, isStatic: boolean, judge: boolean): EVal {
    const name = nameNode.text;
    const { found, hierarchy, jdkHas } = this.idx.findMembers(t, name, ['method']);
    const canJudge = judge && hierarchy.complete && !this.samePackage(hierarchy) && this.mayJudgeQualified(decl.package);
    this.stats.resolved++;
    if (canJudge) this.stats.judged++;
    if (!found.length && !jdkHas.length) {
      if (canJudge && !this.argumentsInError(argsNode, scope)) reportMissingMember(this, nameNode, t, name, 'method', hierarchy);
      if (sc) return this.srcCall(sc, t, name, argsNode, scope, node);
      for (const a of kids(argsNode)) this.expr(a, scope);
      return NONE;
    }
    if (canJudge && isStatic) checkInstanceViaType(this, nameNode, t, found, jdkHas, hierarchy.types[0]?.decl.kind === 'enum' && (name === 'values' || name === 'valueOf'));
    const chosen = this.checkCall(nameNode, argsNode, found, t, scope, 'method', canJudge, jdkHas);
    // what it may throw (AS023): the overload's throws clause, or every fitting one's (an Object method of the JDK's: nothing)
    const argc = kids(argsNode).length;
    // (a method without parameters an AgentScope type declares overrides its JDK supertype's: `close()` of an AutoCloseable)
    const overridesJdk = !!chosen && argc === 0 && !(chosen.member.params ?? []).length;
    if (this.inTry && hierarchy.complete && (chosen ? !jdkHas.includes(argc) || overridesJdk : !jdkHas.length)) this.callThrows.set(node.id, chosen ? (chosen.member.throws ?? []) : [...new Set(found.flatMap((f) => f.member.throws ?? []))]);
    else if (this.inTry && hierarchy.complete && !found.length && PLAIN_OBJECT_METHODS.has(name)) this.callThrows.set(node.id, []);
    // what follows may type the arguments again (traps, chains): keep this call's
    const argTypes = this.lastArgTypes;
    if (canJudge && !isStatic) checkStaticViaInstance(this, nameNode, chosen, found);
    if (canJudge && chosen?.member.modifiers.includes('protected') && isAsName(chosen.owner.package) && this.protectedOutOfReach(chosen.owner, scope)) {
      reportProtectedAccess(this, nameNode, chosen.owner.fqn, name, 'method');
    }
    if (canJudge) checkUnreportedException(this, node, chosen, this.lastCandidates);
    const typeArgs = field(node, 'type_arguments');
    // (a witness that makes the call inapplicable leaves it without a type: nothing further is judged)
    if (canJudge && typeArgs && !jdkHas.includes(argc) && this.checkExplicitTypeArgs(nameNode, kids(typeArgs), found, chosen, argsNode, t, scope)) return NONE;
    const owner = chosen?.owner.fqn ?? decl.fqn;
    const receiver = field(node, 'object');
    if (!receiver || !this.mockStandIns.has(receiver.id)) {
      onInventoryCall(this, node, argsNode, chosen, found, isStatic);
      checkResumeAskWithText(this, node, t, name);
      noteMcpRegistration(this, node, owner, name);
    }
    // an erroneous argument makes the call's type erroneous for javac: nothing further on the chain is judged
    if (this.callResultInError(argsNode, scope)) return NONE;
    if (!chosen) {
      // all fitting overloads agree on the return type?
      const fit = found.filter((c) => acceptsArity(c.member, argc));
      const rets = new Set(fit.map((c) => typeToString(this.idx.memberType(c))));
      if (fit.length && rets.size === 1 && !fit.some((c) => c.member.typeParams?.length)) {
        // whichever of them javac picks, the result has this type (AS013)
        const r = asValueType(this.idx.memberType(fit[0]));
        if (canJudge && !jdkHas.includes(argc)) this.exactResults.set(node.id, r);
        return val(r);
      }
      if (!fit.length && jdkHas.length && name === 'getClass') return val(cls('java.lang.Class', [t]));
      // `MsgRole r = msg.getRole().name()`: a String (AS013 where an AgentScope type is declared)
      const fixed = !fit.length && jdkHas.includes(argc) ? fixedJdkResult(name, argc, decl.kind === 'enum') : undefined;
      if (fixed) {
        if (canJudge) this.jdkResults.set(node.id, fixed);
        // (its class is certain: `msg.toString().to()` is judged on String)
        if (canJudge && fixed.k === 'class') this.erasedResults.set(node.id, fixed.fqn);
        return val(fixed);
      }
      if (!fit.length && name === 'values' && decl.kind === 'enum') return val({ k: 'array', elem: cls(decl.fqn) });
      if (!fit.length && name === 'valueOf' && decl.kind === 'enum') {
        // the implicit valueOf(String) (javac: "no suitable method found for valueOf(int)")
        const arg = kids(argsNode);
        // and java.lang.Enum's valueOf(Class<T>, String) ("method valueOf in class Enum<E> cannot be applied")
        const want = argc === 1 ? [cls('java.lang.String')] : [cls('java.lang.Class'), cls('java.lang.String')];
        if (canJudge && argc >= 1 && argc <= 2 && want.some((w, i) => assignable(argInfo(arg[i], argTypes[i]), w, this.facts) === 'no')) {
          this.report(nameNode, 'AS007', `${decl.name}.valueOf(${arg.map((x, i) => describeArg(argInfo(x, argTypes[i]))).join(', ')}): no overload accepts these argument types`, `the enum declares valueOf(String); java.lang.Enum valueOf(Class<T>, String)`);
        }
        return val(cls(decl.fqn));
      }
      return NONE;
    }
    const sourceTypeVar = (n: string) => scope.ctx.typeVars.has(n) && !!scope.ctx.tvBounds?.get(n);
    const declared = this.idx.memberType(chosen);
    const rt = this.inferMethodTypeArgs(chosen, declared, argTypes, sourceTypeVar);
    // (a type variable of the source stays one: what it is assigned to is judged by its bounds)
    if (canJudge && (resultIsExact(this, chosen, argTypes, sourceTypeVar) || this.passedThrough(chosen, argsNode, rt, scope))) this.exactResults.set(node.id, rt.k === 'tv' && sourceTypeVar(rt.name) ? rt : asValueType(rt));
    // a generic method's result is of its declared class whatever its type arguments are inferred to (`hook.onEvent(e)`: a Mono)
    else if (canJudge && declared.k === 'class') this.erasedResults.set(node.id, declared.fqn);
    return val(asValueType(rt));
  }

  /** A call on a type the checked sources declare. */
  callOnSourceType(node: Node, nameNode: Node, argsNode: Node, t: JType & { k: 'class' }, sc: SourceClass, scope: Scope, isStatic: boolean, judge: boolean): EVal {
    const name = nameNode.text;
    const declared = this.srcHasMethod(sc, name);
    // `other.helper()` where every `helper` the class declares is private, from outside its top-level class
    const own = sc.methodNodes.get(name);
    // `Helper.run()` where every `run` it declares, and nothing it inherits, is an instance method
    if (judge && isStatic && own?.length && !sc.generatedMembers && own.every((m) => m.type === 'method_declaration' && !hasModifier(m, 'static')) && this.onlyMethodNamed(sc, name) && !this.argumentsInError(argsNode, scope)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      reportSourceInstanceViaType(this, nameNode, sc);
      return NONE;
    }
    if (judge && own?.length && field(node, 'object')?.type !== 'this' && own.every((m) => this.privateOutOfReach(sc, m, scope)) && this.onlyMethodNamed(sc, name)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      reportPrivateAccess(this, nameNode, sc, name, 'method');
      return NONE;
    }
    // a source enum's java.lang.Enum methods and implicit values()/valueOf(String) are no AgentScope interface's to judge
    if (!declared && sc.kind === 'enum' && enumSupplies(name)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      const n = kids(argsNode).length;
      if (name === 'values' && n === 0) return val({ k: 'array', elem: cls(sc.fqn) });
      const fixed = fixedJdkResult(name, n, true);
      if (fixed) this.jdkResults.set(node.id, fixed);
      return name === 'valueOf' && n === 1 ? val(cls(sc.fqn)) : fixed ? val(fixed) : NONE;
    }
    const inherited = declared ? undefined : this.soleInventorySuper(sc);
    if (inherited) return this.callOn(node, nameNode, argsNode, inherited, scope, isStatic, judge);
    if (!declared && judge && this.declaredMemberMissing(t, name, true, isStatic ? null : field(node, 'object'), scope) && !this.argumentsInError(argsNode, scope)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      reportMissingDeclaredMember(this, nameNode, t, name, true, this.sourceMemberNames(sc, true), []);
      return NONE;
    }
    return this.srcCall(sc, t, name, argsNode, scope, node);
  }

  /** A call on a JDK or third-party type: what external.ts, jdk-results.ts and the container tables know of it. */
  callOnOtherType(node: Node, nameNode: Node, argsNode: Node, t: JType & { k: 'class' }, scope: Scope, isStatic: boolean, judge: boolean): EVal {
    const name = nameNode.text;
    // `List.stream()`, `String.startsWith("x")`: a common JDK type's instance method through the type name
    const argc = kids(argsNode).length;
    if (judge && isStatic && jdkInstanceOnly(t.fqn, name, (n) => !!jdkOverloads(t.fqn, n, argc)?.length || !!externalMethod(t, n, argc)) && !this.argumentsInError(argsNode, scope)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      reportJdkInstanceViaType(this, nameNode, t.fqn);
      return NONE;
    }
    const typed = argumentTypedResult(t.fqn, name);
    if (typed) return this.argumentTyped(node, typed, argsNode, scope);
    // `msgs.getLast()` in a module compiled for Java 17: a method of a newer JDK's API
    if (judge && newerJdkMethod(this.javaLevel, t.fqn, name) && (isStatic || this.exactClassReceiver(field(node, 'object'), scope)) && !this.argumentsInError(argsNode, scope)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      reportNewerJdkMethod(this, nameNode, t.fqn, name, this.javaLevel!);
      return NONE;
    }
    // `agent.call(msg).getTextContent()`: a method the Mono (a JDK or Reactor type AgentScope hands
    // results in, exactly typed) does not have
    // (or any common JDK type's, listed whole in jdk-results.ts: `sb.apend(..)`, `"x".equal(y)`)
    const members = judge ? (containerMethods(t.fqn) ?? (t.fqn.startsWith('java.') ? jdkMethodNames(t.fqn) : undefined)) : undefined;
    if (members && !members.includes(name) && (isStatic || this.exactClassReceiver(field(node, 'object'), scope)) && !this.argumentsInError(argsNode, scope)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      reportMissingContainerMember(this, nameNode, t, name, kids(argsNode).length, members);
      return NONE;
    }
    // `error.geMessage()` on a Throwable: a JDK type whose members are all known (inventory-index.ts)
    if (judge && this.idx.isJdkKnown(t.fqn) && this.declaredMemberMissing(t, name, true, isStatic ? null : field(node, 'object'), scope) && !this.argumentsInError(argsNode, scope)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      reportMissingDeclaredMember(this, nameNode, t, name, true, knownJdkNames(t.fqn, true), []);
      return NONE;
    }
    // `pending.set(event)` on a List, `Paths.get()`: a common JDK type's method that takes no such argument count
    const arities = judge ? jdkAritiesWithout(t.fqn, name, kids(argsNode).length) : undefined;
    if (arities && (isStatic || this.exactClassReceiver(field(node, 'object'), scope)) && !this.argumentsInError(argsNode, scope)) {
      for (const a of kids(argsNode)) this.expr(a, scope);
      reportJdkArity(this, nameNode, t, name, kids(argsNode).length, arities);
      return NONE;
    }
    // `list.forEach((a, b) -> ..)`: a lambda whose parameter count no overload's functional parameter takes
    const misfit = judge ? misfitLambda(t.fqn, name, kids(argsNode)) : undefined;
    if (misfit && (isStatic || this.exactClassReceiver(field(node, 'object'), scope)) && !this.argumentsInError(argsNode, scope)) {
      for (const a of kids(argsNode)) if (a.id !== misfit.lambda.id) this.expr(a, scope);
      reportMisfitLambda(this, nameNode, t.fqn, name, misfit);
      return NONE;
    }
    // third-party / JDK receivers: only a few well-known generic methods are followed
    let ext = externalMethod(t, name, kids(argsNode).length);
    const args = kids(argsNode);
    const shape = isStatic ? targetTypedArgs(t.fqn, name, args.length) : undefined;
    const element = shape && this.elementTargets.get(node.id);
    const exactArgs = !isStatic && ext !== undefined && t.args.every((x) => x.k === 'class' && fullyKnown(x)) && this.exactReceiver(field(node, 'object'), scope);
    const argTypes = args.map((a, i) => {
      const p = element ? this.targetTypedParam(shape![i], element) : ext?.params[Math.min(i, ext.params.length - 1)];
      if (exactArgs && (a.type === 'lambda_expression' || a.type === 'method_reference')) this.exactLambdas.add(a.id);
      // `collect(groupingBy(m -> ..))`, `sorted(comparing(m -> ..))`: the argument's T is this receiver's element
      const el = a.type === 'method_invocation' ? targetElement(p) : undefined;
      if (el) this.elementTargets.set(a.id, el);
      return this.exprType(a, scope, p);
    });
    // `Files.writeString(path, reply)`: an AgentScope value where no overload of a common JDK method takes it
    if (judge && (isStatic || this.exactReceiver(field(node, 'object'), scope))) this.judgeJdkArguments(nameNode, t, name, args, argTypes, scope);
    // `Mono.<String>just(reply)`: the witness fixes T, an argument of another type makes the call erroneous (no result to judge)
    const witnessed = isStatic ? field(node, 'type_arguments') : null;
    if (witnessed) {
      const witness = kids(witnessed).map((w) => this.typeOf(w, scope.ctx, false));
      if (judge && checkWitnessedFactory(this, nameNode, t.fqn, name, witness, args, this.writtenType(scope))) return NONE;
      const r = witnessedResult(t.fqn, name, witness);
      if (r) {
        this.exactResults.set(node.id, r);
        return val(r);
      }
    }
    if (judge && (isStatic || this.exactClassReceiver(field(node, 'object'), scope))) checkUnreportedJdkException(this, node, t.fqn, name, args.length);
    const jdkThrows = this.inTry ? jdkCallThrows(t.fqn, name) : undefined;
    if (jdkThrows) this.callThrows.set(node.id, jdkThrows);
    // `.map(e -> e.getContent())` written as a receiver (not a poly expression: javac infers R from
    // the lambda's body alone): R is the body's type, exact when the body is (or is the parameter of
    // an exact receiver's element)
    const asReceiver = node.parent?.type === 'method_invocation' && field(node.parent, 'object')?.id === node.id;
    const lambda = ext?.inferred ? args.find((a) => this.lambdaBodies.has(a.id)) : undefined;
    const lb = lambda && this.lambdaBodies.get(lambda.id);
    // `flatMap(m -> agent.call(m))`, `flatMap(m -> m.getContent().stream())`: R is the element of what the body returns
    const flat = flattens(t.fqn, name);
    // (a primitive body is boxed: `last.map(m -> m.getContent().size())` is an Optional<Integer>)
    const bodyT = lb && (flat ? flattenedElement(t.fqn, name, lb.t) : boxed(lb.t));
    const kind = lb && flat && !bodyT ? flattenedKind(t.fqn, name) : undefined;
    if (kind && this.exactReceiver(lb!.body, lb!.scope)) checkFlattenedBody(this, node, name, lb!.t, kind);
    if (lb && bodyT?.k === 'class') {
      const ownParam = lb.body.type === 'identifier' && lb.scope.vars.has(lb.body.text);
      const exactR = lb.decided === true || this.exactReceiver(lb.body, lb.scope) || (ownParam && this.exactReceiver(field(node, 'object'), scope));
      // elsewhere the target decides R too: an assignment judges the body against it (AS013)
      if (asReceiver) ext = externalMethod(t, name, args.length, { t: bodyT, exact: exactR });
      // (a flattening operator's R: the element of the publisher the body returns)
      else if (exactR && ext!.ret.k === 'class' && lb.t.k === 'class') this.mappedValues.set(node.id, { fqn: ext!.ret.fqn, body: flat ? bodyT : lb.t });
    } else if (ext?.inferred && args.length === 1 && args[0].type === 'method_reference') {
      // `map(TextBlock.class::cast)`, `map(Msg::getContent)`: R is what the method returns;
      // `flatMap(List::stream)` on a stream of lists: their elements; `flatMap(agent::observe)`:
      // the element of the publisher the method returns
      const listStream = flat && name === 'flatMap' && t.fqn === 'java.util.stream.Stream' ? collectionStreamElement(args[0], t) : undefined;
      const ref = listStream ? undefined : this.methodRefResult(args[0], scope);
      const r = listStream ?? (ref && (flat ? flattenedElement(t.fqn, name, ref) : ref));
      // `flatMap(AgentResultEvent::getResult)`: a method whose AgentScope result is no publisher (javac: "no suitable method")
      const refKind = flat && ref && !r ? flattenedKind(t.fqn, name) : undefined;
      if (refKind && ref!.k === 'class' && mentionsAgentScope(ref!)) checkFlattenedBody(this, node, name, ref!, refKind, `the method ${args[0].text}`);
      if (r && asReceiver) ext = externalMethod(t, name, 1, { t: r, exact: true });
      // elsewhere the target decides R: an assignment or return judges it (AS013), as for a lambda
      else if (r?.k === 'class' && ref && ext.ret.k === 'class' && this.exactReceiver(field(node, 'object'), scope)) this.mappedValues.set(node.id, { fqn: ext.ret.fqn, body: r });
    }
    // `stream.collect(Collectors.toList())`: a List (Set) of any supertype of the stream's elements, as the target asks
    const into = !isStatic && name === 'collect' && t.fqn === 'java.util.stream.Stream' && args.length === 1 ? this.collectedInto(args[0], scope) : undefined;
    if (into) {
      ext = { params: ext?.params ?? [UNKNOWN], ret: cls(into, [UNKNOWN]), exact: false, inferred: false, ownParams: true, paramResult: false };
      const e = t.args.length === 1 ? t.args[0] : undefined;
      if (e?.k === 'class' && fullyKnown(e) && this.exactReceiver(field(node, 'object'), scope)) this.mappedValues.set(node.id, { fqn: into, body: e, collected: true });
    }
    // `flux.collect(Collectors.toSet()).block()`: `<R, A> Mono<R> collect(Collector<? super T, A, ? extends R>)`
    // as a receiver has no target to infer from, so R is the collector's Set<T> exactly (T the Flux's element)
    const fluxInto = !isStatic && name === 'collect' && t.fqn === 'reactor.core.publisher.Flux' && args.length === 1 && t.args.length === 1 && isReceiver(node) ? this.collectedInto(args[0], scope) : undefined;
    const fluxElement = fluxInto && t.args[0].k === 'class' && fullyKnown(t.args[0]) && this.exactReceiver(field(node, 'object'), scope) ? t.args[0] : undefined;
    if (fluxInto && fluxElement) {
      const r = cls('reactor.core.publisher.Mono', [cls(fluxInto, [fluxElement])]);
      this.exactChain.add(node.id);
      this.exactContainers.set(node.id, r);
      return val(r);
    }
    // `collect(Collectors.groupingBy(Msg::getRole))`: a Map whose keys (values) the collector's functions give
    const collector = !isStatic && !into && name === 'collect' && t.fqn === 'java.util.stream.Stream' && args.length === 1 && t.args.length === 1 ? this.collectorOf(args[0], scope) : undefined;
    if (collector && this.exactReceiver(field(node, 'object'), scope)) {
      const e = t.args[0];
      if (collector.name === 'joining') {
        if (judge && e.k === 'class' && fullyKnown(e)) checkJoinedElements(this, nameNode, e);
      } else {
        const made = this.collectedMap(collector.name, collector.args, e, scope);
        if (made) this.collectedMaps.set(node.id, made);
      }
    }
    if (isStatic && REACTOR_FACTORIES[t.fqn]?.includes(name)) return this.reactorFactory(node, t.fqn, name, args, scope);
    // `Optional<Msg> o = Optional.of(x)`, `List<Msg> l = Arrays.asList(a, b)`: noted for AS013 as `Mono.just(x)` is
    const factory = isStatic && args.length && !field(node, 'type_arguments') ? JDK_FACTORIES[`${t.fqn}.${name}`] : undefined;
    if (factory && (factory.varargs || args.length === 1)) this.factoryArgs.set(node.id, { fqn: factory.fqn, args, ...(factory.elements ? { elements: true as const } : {}) });
    // `CompletableFuture.supplyAsync(() -> reply)` where a CompletableFuture<Msg> is declared: javac
    // infers U from the target and the supplier's result together, as map's R
    if (isStatic && t.fqn === 'java.util.concurrent.CompletableFuture' && name === 'supplyAsync' && args.length) {
      const x = this.supplierResult(args[0]);
      if (x) this.mappedValues.set(node.id, { fqn: t.fqn, body: x });
    }
    const received = isStatic && !ext ? this.receiverFactory(node, t.fqn, name, args, scope) : undefined;
    if (received) return received;
    // `events.ofType(TextBlockDeltaEvent.class)`, `.cast(X.class)`: a publisher of the class named
    if (!isStatic && PUBLISHERS.has(t.fqn) && (name === 'ofType' || name === 'cast') && args.length === 1 && args[0].type === 'class_literal') {
      const lit = this.exprType(args[0], scope);
      const x = lit.k === 'class' ? lit.args[0] : undefined;
      if (x?.k === 'class' && fullyKnown(x)) {
        this.exactChain.add(node.id);
        return val(cls(t.fqn, [x]));
      }
    }
    const zipped = isStatic && !ext && t.fqn === 'reactor.core.publisher.Mono' && name === 'zip' && !field(node, 'type_arguments') ? this.zipped(args, argTypes, scope) : undefined;
    if (zipped) {
      this.exactChain.add(node.id);
      this.erasedResults.set(node.id, zipped.fqn);
      return val(zipped);
    }
    const made = isStatic && !ext && !field(node, 'type_arguments') ? externalFactory(t, name) : undefined;
    if (made) {
      // `List.of(..)` is a List whatever its E (AS013 judges its elements against a declared List<Msg>)
      if (made.k === 'class') this.erasedResults.set(node.id, made.fqn);
      return val(made);
    }
    // `.thenReturn(v)`: a Mono of v's type, as `Mono.just(v)` is (AS013 judges v where a Mono<E> is declared)
    if (!isStatic && t.fqn === 'reactor.core.publisher.Mono' && name === 'thenReturn' && args.length === 1 && !field(node, 'type_arguments')) this.factoryArgs.set(node.id, { fqn: t.fqn, args });
    // `.then(other)` (`<V> Mono<V> then(Mono<V>)` of a Mono or a Flux) is what `other` is: `then(Mono.just(v))`
    // judged as Mono.just(v), `then(agent.call(m))` a Mono<Msg>, `then(Mono.<AgentEvent>empty())` a Mono<AgentEvent>
    if (!isStatic && PUBLISHERS.has(t.fqn) && name === 'then' && args.length === 1 && !field(node, 'type_arguments')) {
      const made = this.factoryArgs.get(args[0].id);
      if (made?.fqn === 'reactor.core.publisher.Mono') this.factoryArgs.set(node.id, made);
      const other = this.exactResults.get(args[0].id);
      if (other?.k === 'class' && other.fqn === 'reactor.core.publisher.Mono') this.exactResults.set(node.id, other);
    }
    // `msgs.toArray(new Msg[0])`, `stream.toArray(String[]::new)`: `<T> T[] toArray(T[])` (and its
    // IntFunction<T[]> forms, the JDK's only toArray of one argument) makes the array its argument
    // names, whatever the receiver holds: of a type jdk-results.ts lists with one
    const array = !isStatic && name === 'toArray' && args.length === 1 && this.exactClassReceiver(field(node, 'object'), scope) ? this.namedArray(args[0], scope) : undefined;
    if (array && jdkOverloads(t.fqn, name, 1)?.length) {
      this.jdkResults.set(node.id, array);
      this.exactChain.add(node.id);
      return val(array);
    }
    if (!ext) {
      // a common JDK type's method (jdk-results.ts): its declared result, on a type or an exactly typed receiver
      if (!(isStatic || this.exactReceiver(field(node, 'object'), scope))) return NONE;
      const ret = jdkResult(t.fqn, name, args.length);
      if (ret === undefined) {
        // `Mono.zip(a, b)`: a Mono, its type arguments left to inference
        const c = jdkResultClass(t.fqn, name, args.length);
        if (c) this.erasedResults.set(node.id, c);
        return c ? val(cls(c)) : NONE;
      }
      const r = asValueType(parseTypeString(ret, new Set()));
      this.jdkResults.set(node.id, r);
      this.exactChain.add(node.id);
      return val(r);
    }
    // `when(agent.call(msg)).thenReturn(Mono.just("x"))`: the value must be of the stubbed call's result type
    if (STUBBED_VALUE[t.fqn] === name && args.length === 1 && t.args[0]) checkStubbedValue(this, nameNode, name, args[0], t.args[0], this.writtenType(scope));
    // `blocks.add(block)` on a `List<TextBlock>`: the receiver's written type arguments type the argument
    if (!isStatic && this.exactReceiver(field(node, 'object'), scope)) {
      const wants = receiverTypedParams(t, name, args.length);
      wants.forEach((w, i) => w && checkReceiverTypedArgument(this, args[i], w, this.writtenType(scope)));
    }
    // `msgs.get(0)` on a variable written with a raw type (`List msgs`): javac erases the type's
    // members (JLS 4.8), so a result of the type's own parameter is an Object
    if (!isStatic && ext.paramResult && t.args.length === 0 && this.writtenRaw(field(node, 'object'), scope)) {
      const object = cls('java.lang.Object');
      this.jdkResults.set(node.id, object);
      this.erasedResults.set(node.id, 'java.lang.Object');
      this.exactChain.add(node.id);
      return val(object);
    }
    const r = asValueType(ext.ret);
    // `events.map(AgentResultEvent::getResult)` is a Flux whatever its R: no Msg
    // (a described operator's class is its receiver class's: `flatMap` on a Mono is a Mono)
    if (r.k === 'class' && (isStatic || this.exactClassReceiver(field(node, 'object'), scope))) this.erasedResults.set(node.id, r.fqn);
    // `String.join(", ", names)`, `Duration.ofSeconds(3)`: a static method of a described non-generic type is exactly its result type
    if (ext.exact && isStatic && (r.k === 'class' || r.k === 'prim') && fullyKnown(r)) this.jdkResults.set(node.id, r);
    // `m.block()` on a `Mono<T> m`, `Mono.just(event).block()`: a T of the enclosing declarations (judged where it is assigned)
    if (ext.ret.k === 'tv' && !isStatic && !ext.inferred && this.writtenTypeVarReceiver(field(node, 'object'), ext.ret.name, scope)) this.jdkResults.set(node.id, ext.ret);
    // (a result of R alone, `map(k -> ToolResultBlock.text(k))`, needs only the receiver's class)
    if (ext.exact && !isStatic && (ext.ownParams ? this.exactReceiver(field(node, 'object'), scope) : this.exactClassReceiver(field(node, 'object'), scope))) {
      this.exactChain.add(node.id);
      // `ToolUseBlock u = blocks.get(0)` (blocks a List<ContentBlock>): judged as an AgentScope call's result is (AS013)
      if (r.k === 'class' && r.fqn.startsWith('io.agentscope.') && this.idx.type(r.fqn) && fullyKnown(r)) this.exactResults.set(node.id, r);
      else if (r.k === 'class' && r.args.length && fullyKnown(r)) this.exactContainers.set(node.id, r);
      // `Msg m = msgs.size()`: a primitive or array result is exactly what the method declares
      else if ((r.k === 'prim' || r.k === 'array') && fullyKnown(r)) this.jdkResults.set(node.id, r);
      // `param.getInput().get("city")`: an Object, on a chain an AgentScope call began (AS013 where it is assigned)
      let o = field(node, 'object');
      while (o?.type === 'parenthesized_expression') o = kids(o)[0] ?? null;
      const rooted = o?.type === 'method_invocation' && (this.exactResults.has(o.id) || this.agentScopeChain.has(o.id));
      if (rooted) this.agentScopeChain.set(node.id, r);
    }
    return val(r);
  }

  /**
   * AS007 for a call of a common JDK type's method (jdk-results.ts) with arguments no overload of
   * that arity can take (`Duration.ofSeconds("30")` in a builder chain, `msgs.get("0")`, an
   * AgentScope value where a String is declared), judged against the overloads' erased parameter
   * types (a value that fits no erasure fits no generic parameter either); only where no argument
   * is in error and the hierarchy decides.
   */
  private judgeJdkArguments(at: Node, t: JType & { k: 'class' }, name: string, args: Node[], types: JType[], scope: Scope) {
    const overloads = jdkOverloads(t.fqn, name, args.length);
    const argsNode = at.parent ? field(at.parent, 'arguments') : null;
    if (!overloads?.length || !argsNode) return;
    // a written variable's type, or an AgentScope call's exact result, is the argument's static type
    const exact = (a: Node) => (a.type === 'identifier' ? writtenVar(a.text, scope) : this.exactResults.has(a.id));
    const infos = args.map((a, i) => {
      const info = argInfo(a, types[i]);
      return info.k === 'type' && exact(a) ? { ...info, written: true } : info;
    });
    const toType = (p: string): JType => (p.endsWith('[]') ? { k: 'array', elem: toType(p.slice(0, -2)) } : PRIMS.has(p) ? { k: 'prim', name: p } : cls(p));
    // an erased type variable reads as Object: a lambda or method reference there may still fit (`List.of(() -> x)`, E from the target)
    const poly = infos.map((a) => a.k === 'lambda' || a.k === 'mref');
    const erasedVar = (p: string, i: number, o: { params: readonly string[]; varargs: boolean }) =>
      (p === 'java.lang.Object' || p === 'java.lang.Object[]') && (o.varargs && i === o.params.length - 1 ? poly.slice(i).some(Boolean) : poly[i]);
    const generic = (p: string): JType => {
      const g = GENERIC_JDK_PARAMS[`${t.fqn}.${name}:${p}`];
      return g ? parseTypeString(g) : toType(p);
    };
    const typed = overloads.map((o) => ({ params: o.params.map((p, i) => (erasedVar(p, i, o) ? UNKNOWN : generic(p))), varargs: o.varargs }));
    // (an argument in error is reported alone; asked last: it evaluates the arguments again)
    if (typed.some((o) => applicable(o, infos, this.facts) !== 'no') || this.argumentsInError(argsNode, scope)) return;
    reportJdkArgumentTypes(this, at, t, name, infos, typed, args);
  }

  /**
   * `new X(..)` of a common JDK class (its public constructors listed as `<init>` in jdk-results.ts)
   * with an argument count, a lambda or argument types none of them takes (AS003, AS007); true when reported.
   */
  private judgeJdkCreation(tn: Node, t: JType & { k: 'class' }, args: Node[], types: JType[], scope: Scope): boolean {
    const arities = jdkAritiesWithout(t.fqn, '<init>', args.length);
    const argsNode = tn.parent ? field(tn.parent, 'arguments') : null;
    if (!argsNode || this.argumentsInError(argsNode, scope)) return false;
    if (arities) {
      reportJdkArity(this, tn, t, '<init>', args.length, arities);
      return true;
    }
    const misfit = misfitLambda(t.fqn, '<init>', args);
    if (misfit) {
      // (a diamond's type arguments are inferred: javac reports at the creation)
      reportMisfitLambda(this, tn, t.fqn, '<init>', /<\s*>/.test(tn.text) ? { ...misfit, atLambda: false } : misfit);
      return true;
    }
    const before = this.findings.length;
    this.judgeJdkArguments(tn, t, '<init>', args, types, scope);
    return this.findings.length > before;
  }

  /**
   * The result type of a method reference used as a Function: `X.class::cast` is an X; `Type::m`,
   * an AgentScope type's only method `m` (an instance method without parameters and type
   * parameters), its declared return type. Undefined otherwise.
   */
  methodRefResult(ref: Node, scope: Scope): JType | undefined {
    const ks = kids(ref);
    const lhs = ks[0];
    const nameNode = ks[ks.length - 1];
    if (!lhs || !nameNode || nameNode.type !== 'identifier' || nameNode.id === lhs.id) return undefined;
    if (lhs.type === 'class_literal') {
      const lit = this.exprType(lhs, scope);
      const x = nameNode.text === 'cast' && lit.k === 'class' ? lit.args[0] : undefined;
      return x?.k === 'class' && fullyKnown(x) ? x : undefined;
    }
    // `Msg::getContent`: the type named; `agent::observe`: a variable's bound reference, when its type is written
    let t: JType | undefined;
    let bound = false;
    if (lhs.type === 'type_identifier' || lhs.type === 'scoped_type_identifier') t = this.typeOf(lhs, scope.ctx, false);
    else if (lhs.type === 'identifier' || lhs.type === 'field_access') {
      const r = this.eval(lhs, scope);
      bound = r.k === 'val' && this.exactReceiver(lhs, scope);
      t = r.k === 'type' || bound ? (r as { t: JType }).t : undefined;
    }
    if (t?.k !== 'class' || !this.idx.type(t.fqn) || this.srcByFqn.has(t.fqn)) return undefined;
    const { found, hierarchy, jdkHas } = this.idx.findMembers(t, nameNode.text, ['method']);
    // a bound reference takes the function's one argument: every instance method of one parameter
    // answers for it, and all of them must return one type (`observe(Msg)`, `observe(List<Msg>)`)
    // an unbound one, every instance method without parameters, unless a static method taking the
    // element may be meant (`Msg::getFirstContentBlock`: getFirstContentBlock(Class<T>) takes no Msg)
    const arity = bound ? 1 : 0;
    const fit = found.filter((c) => !c.member.modifiers.includes('static') && acceptsArity(c.member, arity));
    const staticMeant = !bound && found.some((c) => c.member.modifiers.includes('static') && acceptsArity(c.member, 1));
    if (!hierarchy.complete || jdkHas.length || !fit.length || staticMeant || fit.some((c) => c.member.typeParams?.length || c.member.params?.some((p) => p.varargs))) return undefined;
    const results = fit.map((c) => asValueType(this.idx.memberType(c)));
    const r = results[0];
    return r.k === 'class' && fullyKnown(r) && results.every((x) => typeToString(x) === typeToString(r)) ? r : undefined;
  }

  /**
   * The array type an argument of `toArray` names: `new Msg[0]`, `new Msg[n]` (no initializer, a
   * class element of no type arguments) or `Msg[]::new`; undefined for anything else.
   */
  namedArray(arg: Node, scope: Scope): JType | undefined {
    let t: JType | undefined;
    if (arg.type === 'array_creation_expression' && !kids(arg).some((k) => k.type === 'array_initializer')) t = this.exprType(arg, scope);
    else if (arg.type === 'method_reference' && arg.children.some((k) => k.type === 'new')) {
      const type = kids(arg)[0];
      t = type?.type === 'array_type' ? this.typeOf(type, scope.ctx, false) : undefined;
    }
    const elem = t && innermost(t);
    return t?.k === 'array' && elem?.k === 'class' && !elem.args.length && fullyKnown(t) ? t : undefined;
  }

  /** The target type of an argument of a target-typed JDK static (`how`, external.ts) whose T is `element`. */
  targetTypedParam(how: TargetTypedArg, element: JType): JType | undefined {
    if (how === 'fn') return cls('java.util.function.Function', [element, UNKNOWN]);
    if (how === 'pred') return cls('java.util.function.Predicate', [element]);
    if (how === 'cmp') return cls('java.util.Comparator', [element]);
    if (how === 'down') return cls('java.util.stream.Collector', [element, UNKNOWN, UNKNOWN]);
    return undefined;
  }

  /**
   * Is the static type of receiver `o` exactly the type the checker gives it: a variable whose type
   * is written in its declaration, an AgentScope call's exact result, a described JDK method's exact
   * result on such a receiver (`events.stream().findFirst()`); not an inferred one (`var`, a lambda's parameter).
   */
  exactReceiver(o: Node | null, scope: Scope): boolean {
    if (!o) return false;
    if (o.type === 'parenthesized_expression') return this.exactReceiver(kids(o)[0] ?? null, scope);
    if (o.type === 'method_invocation') return this.exactResults.has(o.id) || this.exactChain.has(o.id);
    if (o.type === 'field_access') return this.exactFields.has(o.id);
    // `new X(..)` is an X (not `new X<>(..)`, whose type arguments are inferred, nor an anonymous class)
    if (o.type === 'object_creation_expression') return !kids(o).some((k) => k.type === 'class_body') && !/<\s*>/.test(field(o, 'type')?.text ?? '<>');
    return o.type === 'identifier' && writtenVar(o.text, scope);
  }

  /**
   * `agent.close().block()`, `usage.getCachedTokens().block()`, `n.length` with `int n`: a member of
   * a value whose decided type (decidedType) is void or a primitive, which has none. Reported at
   * `at`, the member's name; false where the type is not decided.
   */
  primitiveReceiver(o: Node, at: Node, scope: Scope): boolean {
    const t = decidedType(this, o, this.writtenType(scope));
    if (t?.k !== 'prim') return false;
    reportPrimitiveReceiver(this, at, o, t);
    return true;
  }

  /**
   * Is receiver `o`'s type argument `name` a type variable of the enclosing declarations for
   * certain: `o` a variable or field whose type is written there, or `Mono.just(x)` of such an x
   * (not a generic method's result, whose variables are the callee's).
   */
  private writtenTypeVarReceiver(o: Node | null, name: string, scope: Scope): boolean {
    while (o?.type === 'parenthesized_expression') o = kids(o)[0] ?? null;
    if (!o || !scope.ctx.typeVars.has(name) || !this.exactReceiver(o, scope)) return false;
    return o.type === 'identifier' || o.type === 'field_access' || (o.type === 'method_invocation' && this.factoryArgs.has(o.id));
  }

  /** Is the class of receiver `o` decided (what it has, its methods' names and arities, is): an exact receiver, a class-exact `var`, a JDK or Reactor result of known class. */
  exactClassReceiver(o: Node | null, scope: Scope): boolean {
    if (this.exactReceiver(o, scope)) return true;
    if (o?.type === 'parenthesized_expression') return this.exactClassReceiver(kids(o)[0] ?? null, scope);
    if (o?.type === 'method_invocation') return this.erasedResults.has(o.id) || this.jdkResults.has(o.id);
    // a string literal is exactly a String
    if (o?.type === 'string_literal' || o?.type === 'text_block') return true;
    return o?.type === 'identifier' && classExactVar(o.text, scope);
  }

  /** Does no supertype of `sc` (all of them fully known) have a method `name`? Then the class's own is the only candidate. */
  /** What a call of the source method `sc.name` with `argc` arguments may throw (AS023): every fitting declaration's throws clause, where they are all the class's own. */
  private noteSourceThrows(sc: SourceClass, name: string, argc: number, call: Node) {
    const ms = sc.methodNodes.get(name) ?? [];
    if (!ms.length || !ms.every((m) => m.type === 'method_declaration') || !this.onlyMethodNamed(sc, name)) return;
    const thrown = this.fittingThrows(sc, ms, argc);
    if (thrown) this.callThrows.set(call.id, thrown);
  }

  /**
   * What the methods or constructors `decls` of `sc` that take `argc` arguments may throw, all
   * together (AS023); undefined when none takes them or a throws clause names an unknown type.
   */
  private fittingThrows(sc: SourceClass, decls: Node[], argc: number): string[] | undefined {
    const fit = decls.filter((m) => {
      const ps = kids(field(m, 'parameters')!).filter((p) => p.type === 'formal_parameter' || p.type === 'spread_parameter');
      return ps.some((p) => p.type === 'spread_parameter') ? argc >= ps.length - 1 : argc === ps.length;
    });
    const ctx = this.classTypeCtx(sc);
    const all = fit.map((m) => declaredThrows(this, m, ctx));
    return fit.length && all.every((x) => x) ? [...new Set(all.flat() as string[])] : undefined;
  }

  /**
   * `msg.<Object>getContentBlocks(TextBlock.class)`, `hook.<A, B>onEvent(e)`: explicit type arguments
   * of an AgentScope method where every overload of the call's arity is generic (a non-generic one
   * ignores them): none with as many type variables, or the one there is with a bound an argument
   * (fully known) is not within (JLS 15.12.2.1; javac: "cannot be applied to given types").
   */
  private checkExplicitTypeArgs(nameNode: Node, given: Node[], found: FoundMember[], chosen: FoundMember | undefined, argsNode: Node, t: JType & { k: 'class' }, scope: Scope): boolean {
    const args = kids(argsNode);
    const fit = found.filter((f) => acceptsArity(f.member, args.length));
    if (!fit.length || !fit.every((f) => f.member.typeParams?.length)) return false;
    const call = `${shortName(t.fqn)}.${nameNode.text}`;
    const same = fit.filter((f) => f.member.typeParams!.length === given.length);
    if (!same.length) {
      reportTypeArgumentCount(this, nameNode, call, fit[0].member.typeParams!.length, given.length);
      return true;
    }
    if (same.length !== 1) return this.witnessedClassLiteral(nameNode, given, fit.length, chosen, args, scope);
    const tps = same[0].member.typeParams!;
    const vars = new Set(tps.map((p) => p.name));
    for (const [i, g] of given.entries()) {
      const bound = tps[i].bounds[0];
      const b = bound ? this.idx.parse(bound, vars) : undefined;
      const x = this.typeOf(g, scope.ctx, false);
      if (b?.k !== 'class' || !fullyKnown(b) || !mentionsAgentScope(b) || x.k !== 'class' || !fullyKnown(x)) continue;
      if (assignable({ k: 'type', t: x }, b, this.facts) !== 'no') continue;
      this.report(nameNode, 'AS007', `${call}(..) cannot be applied to given types: explicit type argument ${shortName(x.fqn)} does not conform to declared bound(s) ${shortName(b.fqn)}`, `write a subtype of ${shortName(b.fqn)}, or drop the type arguments`);
      return true;
    }
    return this.witnessedClassLiteral(nameNode, given, fit.length, chosen, args, scope);
  }

  /**
   * `codec.<Object>fromJson(json, Msg.class)`, `msg.<TextBlock>getContentBlocks(ToolUseBlock.class)`:
   * the type arguments fix T, and Class is invariant, so a class literal of another class is no
   * Class<T> (javac: "incompatible types: Class<Msg> cannot be converted to Class<Object>", or "no
   * suitable method found" where other overloads of the arity were candidates too).
   */
  private witnessedClassLiteral(nameNode: Node, given: Node[], candidates: number, chosen: FoundMember | undefined, args: Node[], scope: Scope): boolean {
    const tps = chosen?.member.typeParams;
    if (!chosen || tps?.length !== given.length) return false;
    const witness = new Map(tps.map((p, i) => [p.name, this.typeOf(given[i], scope.ctx, false)]));
    for (const [i, p] of (chosen.member.params ?? []).entries()) {
      const v = /^java\.lang\.Class<(\w+)>$/.exec(p.type)?.[1];
      const w = v === undefined ? undefined : witness.get(v);
      const a = args[i];
      const named = a?.type === 'class_literal' ? kids(a)[0] : undefined;
      if (p.varargs || !named || w?.k !== 'class' || !fullyKnown(w)) continue;
      const x = this.typeOf(named, scope.ctx, false);
      if (x.k !== 'class' || !fullyKnown(x) || typeToString(x) === typeToString(w)) continue;
      const [xs, ws] = [typeToString(x).replace(/[\w.]+\./g, ''), typeToString(w).replace(/[\w.]+\./g, '')];
      const why = `Class<${xs}> cannot be converted to Class<${ws}>`;
      this.report(nameNode, 'AS007', candidates > 1 ? `no suitable method found for ${nameNode.text}(..): with the type argument ${ws}, ${why}` : `incompatible types: ${why} (the type argument ${ws} fixes ${v})`, `pass ${ws}.class, or drop the type arguments`);
      return true;
    }
    return false;
  }

  /**
   * What `new C(..)` of the source class `sc` with `argc` arguments may throw (AS023): every fitting
   * constructor's throws clause; a class without constructors that extends nothing has the default
   * one, which throws nothing. Undefined where that is not known.
   */
  private sourceCreationThrows(sc: SourceClass, argc: number): string[] | undefined {
    if (sc.kind !== 'class' || sc.generatedMembers) return undefined;
    if (!sc.ctorNodes.length) return kids(sc.node).some((k) => k.type === 'superclass') ? undefined : [];
    return this.fittingThrows(sc, sc.ctorNodes, argc);
  }

  onlyMethodNamed(sc: SourceClass, name: string): boolean {
    if (sc.generatedMembers || (sc.kind !== 'class' && sc.kind !== 'interface') || ['equals', 'hashCode', 'toString', 'getClass', 'notify', 'notifyAll', 'wait', 'clone', 'finalize'].includes(name)) return false;
    for (const sup of this.sourceSupers(sc)) {
      if (sup.k !== 'class') return false;
      if (sup.fqn !== 'java.lang.Object' && this.memberIn(sup, name, true, 0) !== 'no') return false;
    }
    return true;
  }

  /**
   * `Mono.just(reply).map(m -> ..)`, `Optional.ofNullable(msg).map(..)`, `Flux.fromIterable(blocks)`,
   * `Mono.fromCallable(() -> msg)` written as a receiver: no poly expression, so javac infers the one
   * type argument from the argument alone (RECEIVER_FACTORIES). An argument of a decided class type
   * (its elements', its lambda body's) makes the result exact; undefined otherwise.
   */
  receiverFactory(node: Node, fqn: string, name: string, args: Node[], scope: Scope): EVal | undefined {
    const how = Object.hasOwn(RECEIVER_FACTORIES, fqn) && Object.hasOwn(RECEIVER_FACTORIES[fqn], name) ? RECEIVER_FACTORIES[fqn][name] : undefined;
    const asReceiver = node.parent?.type === 'method_invocation' && field(node.parent, 'object')?.id === node.id;
    // (a flattening operator's lambda body, `flatMapMany(m -> Flux.fromIterable(m.getContent()))`:
    // its elements are only bounded by R, `Publisher<? extends R>`; elsewhere R may be the target's)
    const lambdaBody = how === 'elements' && node.parent?.type === 'lambda_expression' && field(node.parent, 'body')?.id === node.id && flatteningArgument(node.parent);
    // supplyAsync(supplier, executor): the supplier decides
    // Flux.just(a, b, c), List.of(a, b): values of one decided type make it that type's (their lub is that type)
    const several = how === 'values' && args.length > 1;
    if (!how || !(asReceiver || lambdaBody || this.varInitializer(node)) || field(node, 'type_arguments')) return undefined;
    if (how === 'none') {
      this.exactChain.add(node.id);
      return val(cls(fqn, [cls('java.lang.Object')]));
    }
    if (args.length !== 1 && !several && !(how === 'body' && args.length === 2)) return undefined;
    let x: JType | undefined;
    if (several) {
      const ts = args.map((a) => decidedType(this, a, this.writtenType(scope)));
      x = ts.every((t) => t && ts[0] && typeToString(t) === typeToString(ts[0])) ? ts[0] : undefined;
    } else if (how === 'value' || how === 'values') x = decidedType(this, args[0], this.writtenType(scope));
    else if (how === 'body') {
      const lb = this.lambdaBodies.get(args[0].id);
      const supplier = args[0].type === 'lambda_expression' && !field(args[0], 'parameters')?.namedChildCount;
      // (a block body is there when each of its `return`s decides the same type: lambda())
      if (supplier && lb) x = decidedType(this, lb.body, this.writtenType(lb.scope));
    } else {
      const c = args[0].type === 'method_invocation' ? (this.exactResults.get(args[0].id) ?? this.exactContainers.get(args[0].id)) : decidedType(this, args[0], this.writtenType(scope));
      x = c?.k === 'class' && /^java\.util\.(List|Set|Collection)$/.test(c.fqn) && c.args.length === 1 ? c.args[0] : undefined;
      // `Flux.fromIterable(List.of(a, b))`: elements of one decided type
      const listed = !c && args[0].type === 'method_invocation' ? this.erasedResults.get(args[0].id) : undefined;
      const els = listed ? factoryElements(this, args[0], listed, this.writtenType(scope))?.[0] : undefined;
      if (els?.length && els.every((t) => typeToString(t) === typeToString(els[0]))) x = els[0];
    }
    // `Mono.just(event)` with `T event`: a Mono<T>, as a declared `Mono<T>` is
    if (how === 'value' && x?.k === 'tv' && scope.ctx.typeVars.has(x.name)) {
      this.exactChain.add(node.id);
      return val(cls(fqn, [x]));
    }
    if (x?.k !== 'class' || !fullyKnown(x)) {
      // `Mono.just(List.of())`: the value's class is known, its type arguments inferred (its block() is a List)
      const erased = how === 'value' && args[0].type === 'method_invocation' ? this.erasedResults.get(args[0].id) : undefined;
      return erased && /^java\./.test(erased) ? val(cls(fqn, [cls(erased, Array.from({ length: describedTypeParamCount(erased) ?? 0 }, () => UNKNOWN))])) : undefined;
    }
    this.exactChain.add(node.id);
    return val(cls(fqn, [x]));
  }

  /**
   * What value `e` certainly is (decidedType), or a `Mono.just(x)` / `Flux.just(x)` of a decided x
   * (a lambda's result: javac infers its T from x and the target, which must take an x).
   */
  decidedResult(e: Node, scope: Scope): JType | undefined {
    return decidedType(this, e, this.writtenType(scope)) ?? this.decidedJust(e, scope);
  }

  /** `Mono.just(x)`, `Flux.just(x)` (noted by reactorFactory) of a decided class type x: a Mono (Flux) of x. */
  decidedJust(e: Node, scope: Scope): JType | undefined {
    const f = e.type === 'method_invocation' && field(e, 'name')?.text === 'just' ? this.factoryArgs.get(e.id) : undefined;
    if (!f || f.args.length !== 1 || f.elements || !PUBLISHERS.has(f.fqn)) return undefined;
    const x = decidedType(this, f.args[0], this.writtenType(scope));
    return x?.k === 'class' && fullyKnown(x) ? cls(f.fqn, [x]) : undefined;
  }

  /** Is `node` the initializer of a `var` local (no target type: javac infers from the expression alone, as for a receiver)? */
  varInitializer(node: Node): boolean {
    const d = node.parent;
    if (d?.type !== 'variable_declarator' || field(d, 'value')?.id !== node.id) return false;
    const decl = d.parent;
    return decl?.type === 'local_variable_declaration' && inferredLocalType(field(decl, 'type'), this.unit);
  }

  /** Does `o` name java.util.stream.Collectors (written out, or its simple name resolving to it)? */
  isCollectors(o: Node | null, scope: Scope): boolean {
    if (!o) return false;
    const owner = o.text === 'Collectors' ? this.resolveSimple('Collectors', scope.ctx) : undefined;
    return o.text === 'java.util.stream.Collectors' || (owner?.k === 'class' && owner.fqn === 'java.util.stream.Collectors');
  }

  /** `Collectors.groupingBy(..)`, `Collectors.toMap(..)`, `Collectors.joining(..)` as collect's argument: its name and arguments. */
  collectorOf(arg: Node, scope: Scope): { name: string; args: Node[] } | undefined {
    if (arg.type !== 'method_invocation' || field(arg, 'type_arguments')) return undefined;
    const name = field(arg, 'name')?.text ?? '';
    if (!['groupingBy', 'toMap', 'joining'].includes(name) || !this.isCollectors(field(arg, 'object'), scope)) return undefined;
    return { name, args: kids(field(arg, 'arguments')!) };
  }

  /**
   * What `groupingBy(f)` / `groupingBy(f, counting())` / `toMap(kf, vf, ..)` over elements `e` make
   * the keys and values: the functions' exact results (a method reference, a lambda whose body is
   * decided, `Function.identity()`), counting()'s Long exactly.
   */
  collectedMap(name: string, args: Node[], e: JType, scope: Scope): CollectedMap | undefined {
    const given = (f: Node | undefined): JType | undefined => {
      if (!f) return undefined;
      if (f.type === 'method_reference') return this.methodRefResult(f, scope);
      if (f.type === 'method_invocation' && /^(java\.util\.function\.)?Function\.identity$/.test(`${field(f, 'object')?.text}.${field(f, 'name')?.text}`) && !kids(field(f, 'arguments')!).length) return e;
      const lb = f.type === 'lambda_expression' ? this.lambdaBodies.get(f.id) : undefined;
      if (!lb) return undefined;
      const ownParam = lb.body.type === 'identifier' && lb.scope.vars.has(lb.body.text);
      return lb.decided || ownParam || this.exactReceiver(lb.body, lb.scope) ? lb.t : undefined;
    };
    if (name === 'groupingBy' && (args.length === 1 || args.length === 2)) {
      const counted = args[1]?.type === 'method_invocation' && field(args[1], 'name')?.text === 'counting' && this.isCollectors(field(args[1], 'object'), scope);
      if (args.length === 2 && !counted) return { collector: name, key: given(args[0]) };
      return { collector: name, key: given(args[0]), ...(counted ? { value: cls('java.lang.Long'), exactValue: true as const } : {}) };
    }
    if (name === 'toMap' && args.length >= 2 && args.length <= 4) return { collector: name, key: given(args[0]), value: given(args[1]) };
    return undefined;
  }

  /** `Collectors.toList()` (toSet, and their unmodifiable forms) as collect's argument: the collection's class. */
  collectedInto(arg: Node, scope: Scope): string | undefined {
    if (arg.type !== 'method_invocation' || field(arg, 'type_arguments') || kids(field(arg, 'arguments')!).length) return undefined;
    const into = COLLECTED_INTO[field(arg, 'name')?.text ?? ''];
    return into && this.isCollectors(field(arg, 'object'), scope) ? into : undefined;
  }

  /**
   * Reactor's static factories (`<T> Mono<T> empty()`, `<T> Flux<T> just(T...)`): with a type
   * witness (`Mono.<String>empty()`) the result is exactly that; `Mono.just(x)` is noted for AS013,
   * which asks whether x can be of the type argument the target wants.
   */
  reactorFactory(node: Node, fqn: string, name: string, args: Node[], scope: Scope): EVal {
    const witness = field(node, 'type_arguments');
    const ws = witness ? kids(witness) : [];
    if (ws.length === 1) {
      const w = this.typeOf(ws[0], scope.ctx, false);
      if (w.k !== 'class' || !fullyKnown(w)) return NONE;
      const r = cls(fqn, [w]);
      this.exactResults.set(node.id, r);
      return val(r);
    }
    // a Mono (Flux) whatever its T: `Flux<Msg> f = Mono.just(m)` is AS013
    this.erasedResults.set(node.id, fqn);
    // Flux.just(T...) takes any number, Mono.just(T) one
    if (!ws.length && (name === 'just' || name === 'justOrEmpty') && (args.length === 1 || (args.length > 1 && fqn.endsWith('.Flux') && name === 'just'))) this.factoryArgs.set(node.id, { fqn, args });
    // `Mono.fromCallable(() -> { .. return block; })`: what the lambda returns is the T (each value judged as Mono.just's)
    if (!ws.length && fqn === 'reactor.core.publisher.Mono' && (name === 'fromCallable' || name === 'fromSupplier') && args.length === 1 && args[0].type === 'lambda_expression' && !field(args[0], 'parameters')?.namedChildCount) {
      // (a name is typed in the lambda's own scope, which is gone: only the other values)
      const results = lambdaResults(args[0]).filter((r) => r.type !== 'identifier');
      if (results.length) this.factoryArgs.set(node.id, { fqn, args: results });
    }
    const made = ws.length ? undefined : this.receiverFactory(node, fqn, name, args, scope);
    if (made) return made;
    // a Mono (Flux) of what inference gives: its operators are still known (`onErrorResume(e -> ..)`'s e a Throwable)
    return val(cls(fqn, [UNKNOWN]));
  }

  /**
   * The one AgentScope type a project class inherits all of its non-source methods from (`class
   * TestAgent extends AgentBase`): a call of a method the project classes do not declare is then
   * judged on that type. Undefined when any supertype is unknown or more than one inventory type is reached.
   */
  soleInventorySuper(sc: SourceClass): (JType & { k: 'class' }) | undefined {
    const found: (JType & { k: 'class' })[] = [];
    const walk = (c: SourceClass, depth: number): boolean => {
      if (depth > 8) return false;
      for (const s of this.sourceSupers(c)) {
        if (s.k !== 'class') return false;
        const src = this.srcByFqn.get(s.fqn);
        if (src && !this.idx.type(s.fqn)) {
          if (!walk(src, depth + 1)) return false;
        } else if (this.idx.type(s.fqn)) found.push(s);
        else if (s.fqn !== 'java.lang.Object') return false;
      }
      return true;
    };
    if (!walk(sc, 0)) return undefined;
    const distinct = [...new Map(found.map((f) => [f.fqn, f])).values()];
    return distinct.length === 1 ? distinct[0] : undefined;
  }

  /**
   * Does javac find no member `name` (a method with `call`, else a field) in `t`, the type of
   * receiver `o` (null: a static call on the type): `t` is the receiver's class for certain (an
   * exact receiver), declared in the checked sources once (or a JDK type whose members are all
   * listed), and it and every supertype is known to have none. Object's methods are every class's.
   */
  declaredMemberMissing(t: JType & { k: 'class' }, name: string, call: boolean, o: Node | null, scope: Scope): boolean {
    if (call && OBJECT_METHOD_NAMES.has(name)) return false;
    if (this.decls.declaredAgain.has(t.fqn) || (o && !this.exactClassReceiver(o, scope))) return false;
    return this.memberIn(t, name, call, 0) === 'no';
  }

  /** Is `o` a variable whose written type is a raw generic type (`List msgs`, not `List<Msg> msgs` nor `var msgs`)? */
  writtenRaw(o: Node | null, scope: Scope): boolean {
    const t = o?.type === 'identifier' ? this.writtenType(scope)(o) : undefined;
    return t?.k === 'class' && t.args.length === 0;
  }

  /** The names of the methods (`call`) or fields `sc` and its source supertypes declare, for a did-you-mean. */
  sourceMemberNames(sc: SourceClass, call: boolean, depth = 0): string[] {
    const own = [...(call ? sc.methodNodes : sc.fieldNodes).keys()];
    if (depth > 8) return own;
    const supers = this.sourceSupers(sc).flatMap((s) => (s.k !== 'class' ? [] : this.srcByFqn.has(s.fqn) ? this.sourceMemberNames(this.srcByFqn.get(s.fqn)!, call, depth + 1) : knownJdkNames(s.fqn, call)));
    return [...new Set([...own, ...supers])];
  }

  /**
   * `<T> T structured(String prompt, Class<T> type)` called with `Generated.class`: T is exactly
   * the class named (Class is invariant), when no other parameter mentions T. Undefined otherwise.
   */
  private classLiteralResult(m: Node, tps: Node, args: Node[], scope: Scope, ctx: TypeCtx): (JType & { k: 'class' }) | undefined {
    const tn = field(m, 'type');
    const names = kids(tps).map((tp) => kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text);
    if (tn?.type !== 'type_identifier' || !names.includes(tn.text)) return undefined;
    const v = tn.text;
    const ps = sourceParamTypes(this, m, ctx);
    const at = ps.findIndex((p) => p.k === 'class' && p.fqn === 'java.lang.Class' && p.args.length === 1 && p.args[0].k === 'tv' && p.args[0].name === v);
    if (at < 0 || ps.length !== args.length || ps.some((p, i) => i !== at && mentionsTypeVar(p, (n) => n === v)) || args[at].type !== 'class_literal') return undefined;
    const lit = this.exprType(args[at], scope);
    const x = lit.k === 'class' ? lit.args[0] : undefined;
    return x?.k === 'class' && !x.args.length && fullyKnown(x) ? x : undefined;
  }

  /**
   * `<T> T withRetry(Supplier<T> work)` (or a `Callable<T>`) called with a lambda whose result is
   * decided: T is that result (its only bound besides the target), so the call is of its type:
   * `Mono<String> r = withRetry(() -> agent.call(msg))` is AS013. Undefined otherwise.
   */
  private genericSupplierResult(m: Node, tps: Node, args: Node[], ctx: TypeCtx): JType | undefined {
    const tn = field(m, 'type');
    const names = kids(tps).map((tp) => kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text);
    if (tn?.type !== 'type_identifier' || !names.includes(tn.text)) return undefined;
    const v = tn.text;
    const ps = sourceParamTypes(this, m, ctx);
    const at = ps.findIndex((p) => p.k === 'class' && (p.fqn === 'java.util.function.Supplier' || p.fqn === 'java.util.concurrent.Callable') && p.args.length === 1 && p.args[0].k === 'tv' && p.args[0].name === v);
    if (at < 0 || ps.length !== args.length || ps.some((p, i) => i !== at && mentionsTypeVar(p, (n) => n === v))) return undefined;
    return this.supplierResult(args[at]);
  }

  /** What a lambda without parameters (a Supplier, a Callable) certainly returns, a fully known class type; else undefined. */
  private supplierResult(arg: Node): (JType & { k: 'class' }) | undefined {
    if (arg.type !== 'lambda_expression' || field(arg, 'parameters')?.namedChildCount) return undefined;
    const lb = this.lambdaBodies.get(arg.id);
    const x = lb && (lb.decided ? lb.t : decidedType(this, lb.body, this.writtenType(lb.scope)));
    return x?.k === 'class' && fullyKnown(x) ? x : undefined;
  }

  /** Might the source class `sc` (or a source supertype) have a method `name`? Lombok's may not show. */
  srcHasMethod(sc: SourceClass, name: string, depth = 0): boolean {
    if (sc.methodNodes.has(name) || sc.generatedMembers) return true;
    if (depth > 8) return true;
    for (const s of this.sourceSupers(sc)) {
      if (s.k !== 'class') return true;
      const ss = this.srcByFqn.get(s.fqn);
      if (ss && this.srcHasMethod(ss, name, depth + 1)) return true;
    }
    return false;
  }

  /**
   * The result types of every method `name` of arity `n` a source class has, declared or inherited
   * (AgentScope supertypes included), with the receiver's type arguments substituted; undefined when
   * they cannot all be known (a generic method, an unknown or generic source supertype).
   */
  srcResultTypes(sc: SourceClass, t: JType & { k: 'class' }, name: string, n: number): JType[] | undefined {
    if (sc.typeParams.length && t.args.length !== sc.typeParams.length) return undefined;
    const bind = new Map<string, JType>();
    sc.typeParams.forEach((p, i) => bind.set(p, t.args[i]));
    const out: JType[] = [];
    const seen = new Set<string>();
    const walk = (c: SourceClass, depth: number): boolean => {
      if (depth > 8 || seen.has(c.fqn)) return depth <= 8;
      seen.add(c.fqn);
      if ((c !== sc && c.typeParams.length) || c.generatedMembers) return false;
      const ctx = this.classTypeCtx(c);
      for (const m of c.methodNodes.get(name) ?? []) {
        if (m.type !== 'method_declaration') {
          // a record component's accessor returns the component's type
          const ct = n === 0 && m.type === 'formal_parameter' ? field(m, 'type') : null;
          if (ct) out.push(substitute(this.typeOf(ct, ctx, false), bind));
          else if (n === 0) return false;
          continue;
        }
        const ps = field(m, 'parameters');
        const list = ps ? kids(ps).filter((p) => p.type === 'formal_parameter' || p.type === 'spread_parameter') : [];
        const fits = list.some((p) => p.type === 'spread_parameter') ? n >= list.length - 1 : n === list.length;
        if (!fits) continue;
        if (field(m, 'type_parameters')) return false;
        const tn = field(m, 'type');
        out.push(substitute(tn ? this.typeOf(tn, ctx, false) : UNKNOWN, bind));
      }
      for (const s of this.sourceSupers(c)) {
        if (s.k !== 'class') return false;
        const src = this.srcByFqn.get(s.fqn);
        if (src && !this.idx.type(s.fqn)) {
          if (!walk(src, depth + 1)) return false;
        } else if (this.idx.type(s.fqn)) {
          const { found, hierarchy } = this.idx.findMembers(s, name, ['method']);
          if (!hierarchy.complete) return false;
          for (const f of found.filter((x) => acceptsArity(x.member, n))) {
            if (f.member.typeParams?.length) return false;
            out.push(substitute(this.idx.memberType(f), bind));
          }
        } else if (s.fqn !== 'java.lang.Object') return false;
      }
      return true;
    };
    return walk(sc, 0) ? out : undefined;
  }

  /**
   * A call of a method of a class declared by the checked sources, typed when we can; its argument
   * count and types judged where that class is certainly the one javac searches: a qualified call,
   * or an unqualified one from the class itself or (`certain`) from a nested, local or anonymous
   * class none of whose classes on the way out has or inherits a method of that name.
   */
  srcCall(sc: SourceClass, t: JType & { k: 'class' }, name: string, argsNode: Node, scope: Scope, call?: Node, certain = false): EVal {
    const args = kids(argsNode);
    // every overload of this arity returns the same AgentScope, JDK or Reactor type: the result is exact (AS013)
    const rets = call ? this.srcResultTypes(sc, t, name, args.length) : undefined;
    const ret = rets?.length && rets.every((r) => typeToString(r) === typeToString(rets[0])) ? rets[0] : undefined;
    // (a primitive result too: `Msg m = turn.index()` for an int accessor; and void, no value: `map(e -> print(e))`)
    const exact = ret && fullyKnown(ret) && (mentionsAgentScope(ret) || isJdkOrReactor(ret) || ret.k === 'prim') ? asValueType(ret) : undefined;
    if (exact) this.exactResults.set(call!.id, exact);
    if (call) this.sourceCalls.add(call.id);
    if (call && this.inTry) this.noteSourceThrows(sc, name, args.length, call);
    // a (non-generic) class of the checked sources: what it has is known, so the call is an exact receiver (`p.bailian().baseUrl()`)
    const own = !exact && ret?.k === 'class' && !ret.args.length && this.srcByFqn.has(ret.fqn) && !this.idx.type(ret.fqn) ? ret : undefined;
    if (own) this.exactChain.add(call!.id);
    const ms = (sc.methodNodes.get(name) ?? []).filter((m) => m.type === 'method_declaration' || m.type === 'formal_parameter');
    // each declaration's arity, `n+` where it has variable arity (a record component's accessor takes none)
    const arities = ms.map((m) => {
      const ps = m.type === 'method_declaration' ? field(m, 'parameters') : null;
      const list = ps ? kids(ps).filter((p) => p.type === 'formal_parameter' || p.type === 'spread_parameter') : [];
      return list.some((p) => p.type === 'spread_parameter') ? `${list.length - 1}+` : String(list.length);
    });
    const fit = ms.filter((_, i) => (arities[i].endsWith('+') ? args.length >= Number(arities[i].slice(0, -1)) : args.length === Number(arities[i])));
    // no declaration of that name takes this many arguments, and no supertype has one: javac's
    // "method m in class C cannot be applied to given types" (a project method, on an AgentScope line)
    // (an unqualified call only from the class itself: a nested class between them may inherit that name from a type not known here)
    const here = call && !this.decls.declaredAgain.has(sc.fqn) && (field(call, 'object') !== null || scope.ctx.cls?.fqn === sc.fqn || certain);
    if (here && !fit.length && ms.length && ms.every((m) => m.type === 'method_declaration') && !sc.generatedMembers && this.onlyMethodNamed(sc, name)) {
      for (const a of args) this.expr(a, scope);
      reportSourceArity(this, field(call!, 'name') ?? call!, sc.fqn, name, args.length, arities);
      return NONE;
    }
    // one fitting non-generic method of the class itself: its parameter types are the lambdas' targets
    let ctx: TypeCtx | undefined;
    const typeCtx = () => (ctx ??= this.classTypeCtx(sc));
    const one = fit.length === 1 && ms.length === 1 && fit[0].type === 'method_declaration' && !sc.typeParams.length ? fit[0] : undefined;
    const only = one && !field(one, 'type_parameters') ? one : undefined;
    // (a generic one's own type variables are what inference makes of them: unknown to the lambdas,
    // `with(id, ctx -> ..)` for `<T> T with(String id, Action<T> a)` still types ctx)
    const ownVars = one && !only ? new Map(kids(field(one, 'type_parameters')!).map((k) => [kids(k).find((x) => x.type === 'type_identifier')?.text ?? k.text, UNKNOWN] as const)) : undefined;
    const targets = one ? sourceParamTypes(this, one, typeCtx()).map((t) => (ownVars ? substitute(t, ownVars) : t)) : [];
    args.forEach((a, i) => this.expr(a, scope, isFunctional(a) && i < targets.length && !(i === targets.length - 1 && targets[i].k === 'array') ? targets[i] : undefined));
    // the one method of that name, here and in every supertype: each argument is assigned to its
    // parameter (javac: "incompatible types" at the argument), `remember(agent.call(..))` for a Msg
    if (only && args.length === targets.length && !kids(field(only, 'parameters')!).some((p) => p.type === 'spread_parameter') && this.onlyMethodNamed(sc, name)) {
      args.forEach((a, i) => this.judgeSourceArgument(a, targets[i], scope));
    }
    if (exact) return val(exact);
    if (own) return val(own);
    // every fitting declaration is `<T> T m(.., Class<T> type)` called with `X.class`: an X
    const generic = (m: Node) => (m.type === 'method_declaration' ? field(m, 'type_parameters') : null);
    const byClass = call && fit.length && !sc.typeParams.length && fit.every(generic) ? fit.map((m) => this.classLiteralResult(m, generic(m)!, args, scope, typeCtx())) : [];
    const x = byClass[0];
    if (x && byClass.every((y) => y && typeToString(y) === typeToString(x))) {
      // exact where its class is not generic (a raw `X.class` of a generic X is no exact type)
      const rawGeneric = this.idx.type(x.fqn)?.typeParams.length || this.srcByFqn.get(x.fqn)?.typeParams.length || isJdkOrReactor(x);
      if (!rawGeneric && mentionsAgentScope(x)) this.exactResults.set(call!.id, x);
      else if (!rawGeneric && this.srcByFqn.has(x.fqn)) this.exactChain.add(call!.id);
      return val(x);
    }
    // `<T> T withRetry(Supplier<T>)` given a lambda of decided result: that result
    const supplied = call && fit.length === 1 && ms.length === 1 && !sc.typeParams.length && generic(fit[0]) ? this.genericSupplierResult(fit[0], generic(fit[0])!, args, typeCtx()) : undefined;
    if (supplied && (mentionsAgentScope(supplied) || isJdkOrReactor(supplied))) {
      this.exactResults.set(call!.id, supplied);
      return val(supplied);
    }
    if (fit.length === 1) {
      const m = fit[0];
      if (generic(m)) return NONE;
      const tn = field(m, 'type');
      const rt = tn ? this.typeOf(tn, typeCtx(), false) : UNKNOWN;
      const bind = new Map<string, JType>();
      sc.typeParams.forEach((p, i) => bind.set(p, t.args[i] ?? UNKNOWN));
      return val(asValueType(substitute(rt, bind)));
    }
    if (ms.length === 0 && !sc.generatedMembers) {
      // inherited from an inventory supertype? (unless Lombok may have declared it: `builder()`)
      for (const s of this.sourceSupers(sc)) {
        if (s.k === 'class' && this.idx.type(s.fqn)) {
          const { found } = this.idx.findMembers(s, name, ['method']);
          const f = found.filter((c) => acceptsArity(c.member, args.length));
          if (f.length === 1) return val(asValueType(this.inferMethodTypeArgs(f[0], this.idx.memberType(f[0]), [])));
        }
      }
    }
    return NONE;
  }

  /**
   * How an unqualified call `name(..)` that a static import brings from Mockito takes its type
   * (external.ts argumentTypedResult), when that import is the only one that can bring it: a
   * single-static import of the name hides the on-demand ones; every other on-demand import is of
   * an AgentScope type without the method or of a class known to have no such method.
   */
  private staticallyImportedArgumentTyped(name: string, scope: Scope): string | undefined {
    const imp = scope.ctx.unit.imports;
    const single = imp.staticSingle.get(name);
    const owners = (single?.length ? single : imp.staticOnDemand).map((o) => this.resolveQualified(o) ?? cls(o));
    let how: string | undefined;
    for (const t of owners) {
      if (t?.k !== 'class') return undefined;
      const h = argumentTypedResult(t.fqn, name);
      if (h !== undefined && how !== undefined && h !== how) return undefined;
      if (h !== undefined) how = h;
      else if (!this.idx.type(t.fqn) && !STATIC_ONLY_CLASSES.has(t.fqn)) return undefined;
    }
    return how;
  }

  /** A call whose result has an argument's type (external.ts argumentTypedResult): its arguments evaluated, its result typed, nothing judged. */
  private argumentTyped(node: Node, how: string, argsNode: Node, scope: Scope): EVal {
    const args = kids(argsNode);
    const types = args.map((a) => this.exprType(a, scope));
    const first = types[0];
    if (how === 'mock0') this.mockStandIns.add(node.id);
    // `ArgumentMatchers.<Msg>any()` is a Msg
    if (how === 'target' && !args.length && !field(node, 'type_arguments')) this.targetTyped.add(node.id);
    if (how === 'target') how = 'class0';
    if (how === 'arg0' || how === 'mock0') return first?.k === 'class' && args[0].type !== 'class_literal' ? val(first) : NONE;
    if (how === 'class0') {
      const x = args[0]?.type === 'class_literal' && first?.k === 'class' && first.args[0]?.k === 'class' ? first.args[0] : undefined;
      // `mock(Model.class)`: T is exactly the class named (an equality bound), a non-generic AgentScope type's
      if (x?.k === 'class' && !x.args.length && !this.srcByFqn.has(x.fqn) && this.idx.type(x.fqn)?.typeParams.length === 0) this.exactResults.set(node.id, x);
      return x ? val(x) : NONE;
    }
    if (how.startsWith('stub0:')) return val(cls(how.slice('stub0:'.length), [args[0] && this.exactResults.get(args[0].id) || UNKNOWN]));
    if (how.startsWith('elem0:')) {
      const publisher = first?.k === 'class' && PUBLISHERS.has(first.fqn) && first.args.length === 1 ? first.args[0] : UNKNOWN;
      const elem = publisher.k === 'wild' ? (publisher.bound ?? UNKNOWN) : publisher;
      // `StepVerifier.create(agent.call(m))`: T is the exact publisher's element (its steps judge what they expect)
      if (publisher.k === 'class' && fullyKnown(publisher) && this.exactReceiver(args[0], scope)) this.exactChain.add(node.id);
      return val(cls(how.slice('elem0:'.length), [elem]));
    }
    return val(cls(how));
  }

  unqualifiedCall(node: Node, name: string, argsNode: Node, scope: Scope): EVal {
    if (checkObjectMethodInStatic(this, field(node, 'name') ?? node, scope, argsNode.namedChildCount)) return NONE;
    // every class passed on the way out is known to have no method of that name: the class found is javac's
    let passed = true;
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const cc = s.classBoundary;
      if (!cc) continue;
      if (cc.methods.has(name)) {
        if (cc.src && passed) checkInstanceMethodInStatic(this, field(node, 'name') ?? node, scope, cc.src, (sc) => this.onlyMethodNamed(sc, name));
        if (cc.src) return this.srcCall(cc.src, cls(cc.fqn) as JType & { k: 'class' }, name, argsNode, scope, node, passed);
        for (const a of kids(argsNode)) this.expr(a, scope);
        return NONE;
      }
      const supers = cc.src && cc.supers.length === 0 ? this.sourceSupers(cc.src) : cc.supers;
      const inner = passed;
      passed &&= cc.src ? this.memberIn(cls(cc.fqn), name, true, 0, true) === 'no' : supers.every((sup) => this.memberIn(sup, name, true, 0, true) === 'no');
      for (const sup of supers) {
        if (sup.k !== 'class') continue;
        if (this.idx.type(sup.fqn)) {
          const { found } = this.idx.findMembers(sup, name, ['method']);
          // an interface's static methods are not inherited (JLS 8.4.8): `validatePath(p)` in an implementation is "cannot find symbol"
          if (!found.some(inheritedBySubtypes)) continue;
          // javac searches this class's methods of that name (JLS 15.12.1): judged where they are all
          // this supertype's (`isDangerousPath(p, true)` in a ToolBase subclass), no other supertype adding one
          const all = cc.superclass && !supers.includes(cc.superclass) ? [...supers, cc.superclass] : supers;
          const alone = inner && !cc.src?.generatedMembers && all.every((o) => o === sup || (o.k === 'class' && (o.fqn === 'java.lang.Object' || this.memberIn(o, name, true, 0, true) === 'no')));
          if (alone && cc.src && checkInheritedApiMethodInStatic(this, field(node, 'name') ?? node, scope, cc.src, found.filter((f) => f.member.kind === 'method'))) {
            for (const a of kids(argsNode)) this.expr(a, scope);
            return NONE;
          }
          return this.callOn(node, field(node, 'name')!, argsNode, sup, scope, false, alone);
        } else if (this.srcByFqn.has(sup.fqn) && this.srcHasMethod(this.srcByFqn.get(sup.fqn)!, name)) {
          if (inner && cc.src && checkInheritedMethodInStatic(this, field(node, 'name') ?? node, scope, this.sourceSuperclass, (sc) => this.onlyMethodNamed(sc, name))) {
            for (const a of kids(argsNode)) this.expr(a, scope);
            return NONE;
          }
          return this.srcCall(this.srcByFqn.get(sup.fqn)!, sup, name, argsNode, scope, node);
        } else if (!this.srcByFqn.has(sup.fqn) && sup.fqn !== 'java.lang.Object' && this.memberIn(sup, name, true, 0) !== 'no') {
          // a JDK or third-party supertype may declare it (`add(..)` in a class extending ArrayList):
          // this class is where javac finds the method, not an enclosing one
          for (const a of kids(argsNode)) this.expr(a, scope);
          return NONE;
        }
      }
    }
    const imp = scope.ctx.unit.imports;
    const owners = [...(imp.staticSingle.get(name) ?? []), ...imp.staticOnDemand];
    for (const o of owners) {
      const t = this.resolveQualified(o);
      if (t?.k === 'class' && this.idx.type(t.fqn)) {
        const { found } = this.idx.findMembers(t, name, ['method']);
        if (found.length) return this.callOn(node, field(node, 'name')!, argsNode, t, scope, true, false);
      }
    }
    // `collect(groupingBy(m -> ..))` with Collectors' methods imported statically
    const jdkOwner = this.elementTargets.has(node.id) ? owners.find((o) => targetTypedArgs(o, name, kids(argsNode).length)) : undefined;
    if (jdkOwner) return this.callOn(node, field(node, 'name')!, argsNode, cls(jdkOwner), scope, true, false);
    const typed = this.staticallyImportedArgumentTyped(name, scope);
    if (typed) return this.argumentTyped(node, typed, argsNode, scope);
    for (const a of kids(argsNode)) this.expr(a, scope);
    const lost = this.lostToMissingSuper(name, true, scope);
    if (lost) this.reportLostToMissingSuper(field(node, 'name')!, name, true, lost);
    // a name whose single-static import failed is nowhere too, its import named
    const line = lost ? undefined : this.failedStaticImportOf(name);
    const nowhere = lost ? undefined : this.methodNowhere(name, scope, line !== undefined);
    if (nowhere && line !== undefined) reportFailedStaticImportUse(this, field(node, 'name')!, name, true, line);
    else if (nowhere) reportUnresolvedCall(this, field(node, 'name')!, name, nowhere);
    return NONE;
  }

  /**
   * `<T extends Channel> T channel(T channel)` called with an exactly typed argument: T is at
   * least its type, so the result is exactly that type wherever it is assigned (javac: "inference
   * variable T has incompatible bounds" where it cannot be) or called on. Only for a method whose
   * result is one of its type variables that no other parameter mentions.
   */
  passedThrough(f: FoundMember, argsNode: Node, rt: JType, scope: Scope): boolean {
    const tps = f.member.typeParams ?? [];
    if (!tps.length || rt.k !== 'class' || !fullyKnown(rt)) return false;
    const { type: ret, params: ps } = this.idx.signature(f);
    if (ret.k !== 'tv' || !tps.some((p) => p.name === ret.name)) return false;
    const at = ps.findIndex((p) => p.k === 'tv' && p.name === ret.name);
    if (at < 0 || f.member.params?.[at]?.varargs || ps.some((p, i) => i !== at && mentionsTypeVar(p, (v) => v === ret.name))) return false;
    const arg = kids(argsNode)[at];
    return arg !== undefined && arg.type !== 'null_literal' && this.exactReceiver(arg, scope);
  }

  /**
   * `Mono.zip(a, b)` of 2 to 8 exactly typed Monos (`Mono<Msg> a`, `agent.call(..)`): a
   * Mono<Tuple2<Msg, Msg>>, so `.block().getT1()` is a Msg; undefined otherwise.
   */
  zipped(args: Node[], argTypes: JType[], scope: Scope): (JType & { k: 'class' }) | undefined {
    if (args.length < 2 || args.length > 8) return undefined;
    const xs: JType[] = [];
    for (const [i, a] of args.entries()) {
      const at = argTypes[i];
      const x = at?.k === 'class' && at.fqn === 'reactor.core.publisher.Mono' ? at.args[0] : undefined;
      if (!x || x.k !== 'class' || !fullyKnown(x) || !this.exactReceiver(a, scope)) return undefined;
      xs.push(x);
    }
    return cls('reactor.core.publisher.Mono', [cls(`reactor.util.function.Tuple${args.length}`, xs)]) as JType & { k: 'class' };
  }

  /**
   * `new Helper("m")` of a class declared here (not generic, no Lombok, one declaration of that
   * name in the run): the one constructor that takes that many arguments (a record without
   * constructors of its own: its components; a class without any: none) has each argument
   * assigned to its parameter, as srcCall does for a class's only method (javac: "incompatible
   * types" at the argument). None takes that many: javac's "constructor Helper in class Helper
   * cannot be applied to given types" (AS003).
   */
  judgeSourceCreation(fqn: string, at: Node, args: Node[], scope: Scope) {
    const sc = this.srcByFqn.get(fqn);
    if (!sc || (sc.kind !== 'record' && sc.kind !== 'class') || sc.typeParams.length || sc.generatedFields || this.idx.type(fqn) || this.decls.declaredAgain.has(fqn)) return;
    const ctx = this.classTypeCtx(sc);
    const paramsOf = (c: Node) => kids(field(c, 'parameters')!).filter((p) => p.type === 'formal_parameter' || p.type === 'spread_parameter');
    let params: Node[][];
    if (sc.kind === 'record') {
      if (sc.ctorNodes.length) return;
      params = [[...sc.fieldNodes.keys()].flatMap((name) => (sc.methodNodes.get(name) ?? []).filter((m) => m.type === 'formal_parameter' || m.type === 'spread_parameter'))];
    } else params = sc.hasCtor ? sc.ctorNodes.map(paramsOf) : [[]];
    // a generic or variable-arity constructor is applicable in more ways than its count says
    if (sc.ctorNodes.some((c) => field(c, 'type_parameters')) || params.some((ps) => ps.some((p) => p.type === 'spread_parameter'))) return;
    const fit = params.filter((ps) => ps.length === args.length);
    if (!fit.length) {
      reportSourceArity(this, at, fqn, sc.name, args.length, params.map((ps) => String(ps.length)), 'constructor');
      return;
    }
    if (fit.length !== 1) return;
    args.forEach((a, i) => {
      const tn = field(fit[0][i], 'type');
      this.judgeSourceArgument(a, tn ? this.typeOf(tn, ctx, false) : UNKNOWN, scope);
    });
  }

  /** An argument of a project method's or constructor's one fitting declaration, assigned to its parameter's type `pt` (javac: "incompatible types" at the argument). */
  private judgeSourceArgument(a: Node, pt: JType, scope: Scope) {
    if ((pt.k !== 'class' && pt.k !== 'array' && pt.k !== 'prim') || !fullyKnown(pt)) return;
    checkResultAssignment(this, a, pt, this.writtenType(scope));
    checkLiteralArgument(this, a, pt);
    if (a.type === 'identifier' && writtenVar(a.text, scope)) checkVariableAssignment(this, a, this.exprType(a, scope), pt);
  }

  creation(node: Node, scope: Scope): EVal {
    const tn = field(node, 'type');
    const argsNode = field(node, 'arguments');
    const outerObj = kids(node)[0]?.type !== tn?.type && kids(node)[0]?.id !== tn?.id ? kids(node)[0] : undefined;
    if (outerObj && EXPRESSIONS.has(outerObj.type)) this.expr(outerObj, scope);
    const typeArgs = field(node, 'type_arguments');
    if (typeArgs) for (const t of kids(typeArgs)) this.typeOf(t, scope.ctx, true);
    const t = tn ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
    const body = kids(node).find((k) => k.type === 'class_body');
    const decl = t.k === 'class' ? this.idx.type(t.fqn) : undefined;
    if (argsNode) {
      if (decl && !outerObj) {
        const cands = this.ctorCandidates(t);
        const h = this.idx.hierarchy(t);
        const mayJudge = !this.samePackage(h) && this.mayJudgeQualified(decl.package);
        const notNew = mayJudge && checkInstantiable(this, tn!, decl, !!body);
        const judge = mayJudge && !notNew && decl.kind !== 'interface' && cands.length > 0;
        const extra = decl.kind === 'interface' ? [0] : [];
        if (decl.kind === 'interface' && kids(argsNode).length > 0 && mayJudge && !notNew) reportInterfaceWithArgs(this, argsNode, decl.fqn);
        const chosen = this.checkCall(tn!, argsNode, cands, t, scope, 'constructor', judge, extra);
        if (this.inTry && h.complete && cands.length) this.callThrows.set(node.id, chosen ? (chosen.member.throws ?? []) : [...new Set(cands.flatMap((f) => f.member.throws ?? []))]);
        if (judge) checkUnreportedException(this, node, chosen, this.lastCandidates);
        onInventoryCreation(this, node, argsNode, chosen);
      } else {
        const types = kids(argsNode).map((a) => this.exprType(a, scope));
        // `new List<>()`, `new Path()`: a JDK interface or abstract class (a project type of that name shadows it)
        if (t.k === 'class' && !body && !outerObj && !this.srcByFqn.has(t.fqn) && checkJdkInstantiable(this, tn!, t.fqn)) return NONE;
        if (t.k === 'class' && !body && !outerObj) checkUnreportedJdkCreation(this, node, t.fqn, kids(argsNode).length);
        // `new StringBuilder(1, 2)`, `new ArrayList<>("x")`: a common JDK class's public constructors (jdk-results.ts)
        if (t.k === 'class' && !body && !outerObj && !this.srcByFqn.has(t.fqn) && this.judgeJdkCreation(tn!, t, kids(argsNode), types, scope)) return NONE;
        if (t.k === 'class' && !outerObj && !typeArgs) this.judgeSourceCreation(t.fqn, tn!, kids(argsNode), scope);
        // what it may throw (AS023): a JDK class's constructors, or the source class's
        const sc = t.k === 'class' && !body ? this.srcByFqn.get(t.fqn) : undefined;
        const thrown = !this.inTry || t.k !== 'class' || body ? undefined : sc ? this.sourceCreationThrows(sc, kids(argsNode).length) : jdkCreationThrows(t.fqn);
        if (thrown) this.callThrows.set(node.id, thrown);
        // `var all = new LinkedHashMap<>(byName)`: with no target, the diamond takes the copied map's (collection's) type arguments
        const copy = !body && types.length === 1 && t.k === 'class' && tn?.text.endsWith('<>') && this.varInitializer(node) ? copiedTypeArgs(t.fqn, types[0]) : undefined;
        if (copy) {
          const made = cls((t as JType & { k: 'class' }).fqn, copy);
          // (exactly, where the copied value's type is: `var all = new LinkedHashMap<>(store.load())`)
          if (fullyKnown(made) && !typeToString(made).includes('?') && this.exactReceiver(kids(argsNode)[0], scope)) this.exactContainers.set(node.id, made);
          return val(made);
        }
      }
    }
    // `new ArrayList<>(in)`: its E is inferred from `in`'s elements and the target, as `List.copyOf(in)`'s
    const args = argsNode ? kids(argsNode) : [];
    if (!body && t.k === 'class' && COLLECTION_CLASSES.has(t.fqn) && args.length === 1 && /<\s*>/.test(tn?.text ?? '')) this.factoryArgs.set(node.id, { fqn: t.fqn, args, elements: true });
    if (!body && t.k === 'class' && COLLECTION_CLASSES.has(t.fqn) && args.length === 1 && tn) checkCollectionCopy(this, tn, t.fqn, args[0], this.writtenType(scope));
    if (body) this.visitClass(node, scope, t, body);
    // `new X(..)` without a body is exactly an X when X's type arguments are written (not `<>`)
    else if (t.k === 'class' && fullyKnown(t) && !tn?.text.includes('<>')) this.exactResults.set(node.id, t);
    // `new ArrayList<>()`: its class is certain, its type arguments inferred from the target
    else if (t.k === 'class' && /<\s*>$/.test(tn?.text ?? '')) this.erasedResults.set(node.id, t.fqn);
    if (body && this.anonymousTypeMatters(node, body, t, scope.ctx.unit)) return NONE;
    return val(t);
  }
}

/** The values a lambda returns: its expression body, or the `return` values of its block (not those of a lambda or class inside it). */
function lambdaResults(lambda: Node): Node[] {
  const body = field(lambda, 'body');
  if (!body) return [];
  if (body.type !== 'block') return [body];
  const out: Node[] = [];
  const stack: Node[] = [body];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'return_statement') {
      const v = kids(n)[0];
      if (v) out.push(v);
      continue;
    }
    if (n.type === 'lambda_expression' || n.type === 'class_body' || n.type === 'class_declaration') continue;
    for (const c of kids(n)) stack.push(c);
  }
  return out;
}

/** Is `node` the receiver of a call or a field access (through parentheses): an expression with no target type? */
function isReceiver(node: Node): boolean {
  let n = node;
  while (n.parent?.type === 'parenthesized_expression') n = n.parent;
  const p = n.parent;
  return (p?.type === 'method_invocation' || p?.type === 'field_access') && field(p, 'object')?.id === n.id;
}

const BOXED: Readonly<Record<string, string>> = { int: 'java.lang.Integer', long: 'java.lang.Long', short: 'java.lang.Short', byte: 'java.lang.Byte', char: 'java.lang.Character', boolean: 'java.lang.Boolean', float: 'java.lang.Float', double: 'java.lang.Double' };

/** A primitive's box (a lambda's body where a type argument is inferred from it), any other type itself. */
function boxed(t: JType): JType {
  return t.k === 'prim' && BOXED[t.name] ? cls(BOXED[t.name]) : t;
}
