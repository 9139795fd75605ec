/**
 * Method applicability by argument types (JLS 15.12.2): strict and loose invocation (identity,
 * primitive widening, boxing/unboxing, reference widening) and variable-arity invocation.
 * Every answer is three-valued: `no` only when javac would certainly reject the argument; anything
 * depending on a type the checker cannot see (JDK or third-party hierarchies, type variables,
 * generic inference) is `maybe`, which callers treat as applicable — precision stays absolute.
 */
import { type JType, typeToString } from './jtype.js';

export type Verdict = 'yes' | 'no' | 'maybe';

/** What an argument expression is, as far as applicability is concerned. */
export type ArgInfo =
  /** elements: `List.of(..)`'s or `Set.of(..)`'s decided element types ([elements]), or `Map.of(..)`'s ([keys, values]). */
  | { k: 'type'; t: JType; written?: boolean; elements?: JType[][] }
  | { k: 'null' }
  /** params: the types its parameters are declared with, when they are (`(ToolUseBlock use, ..) ->`). */
  | { k: 'lambda'; arity: number; params?: JType[] }
  | { k: 'mref' }
  | { k: 'unknown' };

/** The checker's knowledge the rules need, behind a small interface (InventoryIndex + sources). */
export interface TypeFacts {
  /** Is `fqn` an inventory type? */
  isInventory(fqn: string): boolean;
  /** All supertypes of an inventory type (itself included) when its hierarchy is complete, else undefined. */
  inventorySupers(fqn: string): Set<string> | undefined;
  /** Is `fqn` declared by the checked sources (a user class: its supertypes are not judged here)? */
  isSource(fqn: string): boolean;
  /** Does a lambda of `arity` parameters (declared with the types `params`) fit type `t`? (functional interface of that arity and those parameter types) */
  lambdaFits(t: JType & { k: 'class' }, arity: number, params?: JType[]): Verdict;
  /** Is the source class `fqn` a subtype of the inventory or source type `target`, as far as its declared supertypes tell? */
  sourceSubtype(fqn: string, target: string): Verdict;
}

export const BOXES: Record<string, string> = {
  'java.lang.Integer': 'int',
  'java.lang.Long': 'long',
  'java.lang.Double': 'double',
  'java.lang.Float': 'float',
  'java.lang.Boolean': 'boolean',
  'java.lang.Character': 'char',
  'java.lang.Short': 'short',
  'java.lang.Byte': 'byte',
};
const BOX_OF: Record<string, string> = Object.fromEntries(Object.entries(BOXES).map(([b, p]) => [p, b]));

/** Primitive widening (JLS 5.1.2), identity included. */
const WIDENS: Record<string, string[]> = {
  byte: ['byte', 'short', 'int', 'long', 'float', 'double'],
  short: ['short', 'int', 'long', 'float', 'double'],
  char: ['char', 'int', 'long', 'float', 'double'],
  int: ['int', 'long', 'float', 'double'],
  long: ['long', 'float', 'double'],
  float: ['float', 'double'],
  double: ['double'],
  boolean: ['boolean'],
};

/** Every supertype of the final JDK value classes (String and the boxes). */
const VALUE_SUPERS = ['java.lang.Object', 'java.io.Serializable', 'java.lang.Comparable', 'java.lang.constant.Constable', 'java.lang.constant.ConstantDesc'];
function finalValueSupers(fqn: string): string[] | undefined {
  if (fqn === 'java.lang.String') return [fqn, 'java.lang.CharSequence', ...VALUE_SUPERS];
  const p = BOXES[fqn];
  if (!p) return undefined;
  return [fqn, ...(p === 'boolean' || p === 'char' ? [] : ['java.lang.Number']), ...VALUE_SUPERS];
}

/** String or a box: a final JDK class that no other type, an AgentScope one included, can be. */
export function isFinalValueClass(fqn: string): boolean {
  return finalValueSupers(fqn) !== undefined;
}

/** Final JDK classes besides String and the boxes that AgentScope signatures use. */
const FINAL_JDK = new Set(['java.lang.Class', 'java.lang.Void', 'java.time.Duration', 'java.time.Instant', 'java.util.UUID', 'java.net.URI', 'java.util.Optional']);

/** Every supertype, itself and Object included, of a final JDK class whose supertypes are all known: no other class is one. */
export function finalJdkSupers(fqn: string): string[] | undefined {
  const value = finalValueSupers(fqn);
  if (value) return value;
  const known = FINAL_JDK.has(fqn) ? KNOWN_SUPERS[fqn] : undefined;
  return known && [fqn, 'java.lang.Object', ...known];
}

/**
 * Every supertype, besides Object, of JDK interfaces common in AgentScope signatures and of
 * Reactor's publishers: a value whose static type is one of them is assignable to these types only
 * (JLS 5.2: widening is subtyping), whatever classes may implement or extend it.
 */
const KNOWN_SUPERS: Record<string, string[]> = {
  'reactor.core.publisher.Mono': ['reactor.core.CorePublisher', 'org.reactivestreams.Publisher'],
  'reactor.core.publisher.Flux': ['reactor.core.CorePublisher', 'org.reactivestreams.Publisher'],
  'java.util.List': ['java.util.Collection', 'java.lang.Iterable', 'java.util.SequencedCollection'],
  'java.util.Set': ['java.util.Collection', 'java.lang.Iterable'],
  'java.util.Collection': ['java.lang.Iterable'],
  // (JDK 17 and 25) the collections a project passes most; each hands its E to every generic supertype
  'java.util.ArrayList': ['java.io.Serializable', 'java.lang.Cloneable', 'java.lang.Iterable', 'java.util.AbstractCollection', 'java.util.AbstractList', 'java.util.Collection', 'java.util.List', 'java.util.RandomAccess', 'java.util.SequencedCollection'],
  'java.util.LinkedList': ['java.io.Serializable', 'java.lang.Cloneable', 'java.lang.Iterable', 'java.util.AbstractCollection', 'java.util.AbstractList', 'java.util.AbstractSequentialList', 'java.util.Collection', 'java.util.Deque', 'java.util.List', 'java.util.Queue', 'java.util.SequencedCollection'],
  'java.util.HashSet': ['java.io.Serializable', 'java.lang.Cloneable', 'java.lang.Iterable', 'java.util.AbstractCollection', 'java.util.AbstractSet', 'java.util.Collection', 'java.util.Set'],
  'java.util.Map': [],
  // (JDK 17 to 25) no Iterable: `for (Msg m : msgs.stream())` is rejected
  'java.util.stream.Stream': ['java.util.stream.BaseStream', 'java.lang.AutoCloseable'],
  // (JDK 17 to 25) a final class that implements nothing
  'java.util.Optional': [],
  'java.time.Duration': ['java.time.temporal.TemporalAmount', 'java.lang.Comparable', 'java.io.Serializable'],
  'java.lang.Iterable': [],
  'java.lang.CharSequence': [],
  'java.util.function.Function': [],
  'java.util.function.BiFunction': [],
  'java.util.function.Supplier': [],
  'java.util.function.Consumer': [],
  'java.util.function.Predicate': [],
  // (JDK 17 to 25) a Class where a Predicate is declared, a File where a Path is
  'java.lang.Class': ['java.io.Serializable', 'java.lang.reflect.GenericDeclaration', 'java.lang.reflect.AnnotatedElement', 'java.lang.reflect.Type', 'java.lang.invoke.TypeDescriptor', 'java.lang.invoke.TypeDescriptor.OfField', 'java.lang.constant.Constable'],
  'java.io.File': ['java.io.Serializable', 'java.lang.Comparable'],
  // (JDK 17 to 25) final classes AgentScope results have
  'java.time.Instant': ['java.time.temporal.Temporal', 'java.time.temporal.TemporalAccessor', 'java.time.temporal.TemporalAdjuster', 'java.lang.Comparable', 'java.io.Serializable'],
  'java.util.UUID': ['java.io.Serializable', 'java.lang.Comparable'],
  'java.net.URI': ['java.lang.Comparable', 'java.io.Serializable'],
  'java.lang.Void': [],
  'java.nio.file.Path': ['java.lang.Comparable', 'java.lang.Iterable', 'java.nio.file.Watchable'],
};

/**
 * JDK (17 to 25) and Jackson (2.x) types no lambda or method reference can be: classes, and
 * interfaces of several abstract methods (AgentScope signatures take them beside functional ones).
 */
const NOT_FUNCTIONAL = new Set([
  'java.util.List', 'java.util.Map', 'java.util.Set', 'java.util.Collection', 'java.nio.file.Path', 'java.lang.CharSequence', 'java.io.File', 'java.net.URI', 'java.util.Optional',
  'java.time.Duration', 'java.time.Instant', 'java.lang.Class', 'com.fasterxml.jackson.databind.JsonNode', 'com.fasterxml.jackson.databind.ObjectMapper',
  // interfaces of several abstract methods beside a functional one in overloads (Flux's subscribe(Subscriber))
  'org.reactivestreams.Subscriber', 'reactor.core.CoreSubscriber',
]);

/** Is `fqn` a type no lambda or method reference can be: a class or interface known not to be functional, String, a box? */
export function noLambdaFits(fqn: string): boolean {
  return NOT_FUNCTIONAL.has(fqn) || finalValueSupers(fqn) !== undefined;
}

/** Where the elements of `List.of(..)` must fit the declared type argument. */
const ELEMENT_TARGETS = new Set(['java.util.List', 'java.util.Collection', 'java.lang.Iterable', 'java.util.Set']);
/**
 * Collection classes whose one type argument is that of each of those supertypes (`ArrayList<E>
 * implements List<E>`), and what a diamond copy constructor makes (`new ArrayList<>(in)`).
 */
export const COLLECTION_CLASSES: ReadonlySet<string> = new Set(['java.util.ArrayList', 'java.util.LinkedList', 'java.util.HashSet']);
/** JDK collection classes whose one type argument is their collection interfaces' (`CopyOnWriteArrayList<E> implements List<E>`). */
const ELEMENT_CLASSES: ReadonlySet<string> = new Set([...COLLECTION_CLASSES, 'java.util.LinkedHashSet', 'java.util.TreeSet', 'java.util.concurrent.CopyOnWriteArrayList', 'java.util.concurrent.CopyOnWriteArraySet', 'java.util.ArrayDeque', 'java.util.concurrent.ConcurrentLinkedQueue', 'java.util.concurrent.LinkedBlockingQueue']);
/** JDK map classes whose type arguments are Map's (`LinkedHashMap<K, V> implements Map<K, V>`). */
const MAP_CLASSES: ReadonlySet<string> = new Set(['java.util.HashMap', 'java.util.LinkedHashMap', 'java.util.TreeMap', 'java.util.concurrent.ConcurrentHashMap', 'java.util.Hashtable', 'java.util.WeakHashMap', 'java.util.IdentityHashMap']);

/** A type name the extractor kept as written (no package): it could be anything. */
function vague(fqn: string): boolean {
  return !fqn.includes('.');
}

/** Fully known types (no type variable, wildcard or name kept as written) that are certainly different. */
function exactlyKnown(t: JType): boolean {
  if (t.k === 'class') return !vague(t.fqn) && t.args.every(exactlyKnown);
  if (t.k === 'array') return exactlyKnown(t.elem);
  return t.k === 'prim';
}
function typeArgsDiffer(p: JType & { k: 'class' }, t: JType & { k: 'class' }, facts: TypeFacts): boolean {
  if (!p.args.length || p.args.length !== t.args.length) return false;
  return p.args.some((x, i) => {
    const y = t.args[i];
    if (!exactlyKnown(y)) return false;
    // a wildcard contains the type arguments within its bound (JLS 4.5.1): `List<Object>` is no `List<? extends MiddlewareBase>`
    if (x.k === 'wild') return !!x.bound && x.bound.k === 'class' && exactlyKnown(x.bound) && assignable({ k: 'type', t: x.sup ? x.bound : y }, x.sup ? y : x.bound, facts) === 'no';
    return exactlyKnown(x) && typeToString(x) !== typeToString(y);
  });
}

/**
 * A collection of exactly known elements passed where a supertype of another element type is
 * declared (a `List<Msg>` where an `Iterable<? extends CharSequence>` is, or an `Iterable<Object>`):
 * the element is the one type argument of both (JLS 4.10.2: containment of the type argument).
 */
export function elementsMiss(t: JType & { k: 'class' }, p: JType & { k: 'class' }, facts: TypeFacts): boolean {
  // `new LinkedHashMap<String, Task>()` where a Map<String, Msg> is declared: keys and values alike
  if (t.args.length === 2 && p.args.length === 2 && (MAP_CLASSES.has(t.fqn) || t.fqn === 'java.util.Map') && p.fqn === 'java.util.Map') return t.args.some((x, i) => argMisses(x, p.args[i], facts));
  if (t.args.length !== 1 || p.args.length !== 1 || !(ELEMENT_TARGETS.has(t.fqn) || ELEMENT_CLASSES.has(t.fqn)) || !ELEMENT_TARGETS.has(p.fqn)) return false;
  return argMisses(t.args[0], p.args[0], facts);
}

/** Is type argument `x`, exactly known, outside `want` (another type, or not within a wildcard's bound)? */
function argMisses(x: JType, want: JType, facts: TypeFacts): boolean {
  if (x.k !== 'class' || !exactlyKnown(x)) return false;
  if (want.k === 'class') return exactlyKnown(want) && typeToString(want) !== typeToString(x);
  return want.k === 'wild' && !want.sup && want.bound?.k === 'class' && exactlyKnown(want.bound) && assignable({ k: 'type', t: x }, want.bound, facts) === 'no';
}

/** Can a value of type `a` be passed where `p` is declared (strict or loose invocation context)? */
export function assignable(a: ArgInfo, p: JType, facts: TypeFacts): Verdict {
  if (p.k === 'tv' || p.k === 'wild' || p.k === 'unknown') return 'maybe';
  if (a.k === 'unknown') return 'maybe';
  if (a.k === 'null') return p.k === 'prim' ? 'no' : 'yes';
  if (a.k === 'lambda' || a.k === 'mref') {
    if (p.k === 'prim' || p.k === 'array') return 'no';
    if (p.k !== 'class') return 'maybe';
    if (noLambdaFits(p.fqn) || p.fqn === 'java.lang.Object') return 'no';
    return a.k === 'lambda' ? facts.lambdaFits(p, a.arity, a.params) : 'maybe';
  }
  const t = a.t;
  if (t.k === 'unknown' || t.k === 'tv' || t.k === 'wild') return 'maybe';
  if (t.k === 'prim') {
    if (p.k === 'prim') return WIDENS[t.name]?.includes(p.name) ? 'yes' : 'no';
    if (p.k === 'array') return 'no';
    if (p.k !== 'class') return 'maybe';
    const box = BOX_OF[t.name];
    if (!box) return 'maybe';
    if (vague(p.fqn)) return 'maybe';
    return finalValueSupers(box)!.includes(p.fqn) ? 'yes' : 'no';
  }
  if (t.k === 'array') {
    if (p.k === 'prim') return 'no';
    // arrays of references are covariant (JLS 4.10.3): an Object[] is no ContentBlock[]
    if (p.k === 'array') return t.elem.k === 'class' && p.elem.k === 'class' ? assignable({ k: 'type', t: t.elem, written: a.written }, p.elem, facts) : 'maybe';
    if (p.k === 'class') return ['java.lang.Object', 'java.lang.Cloneable', 'java.io.Serializable'].includes(p.fqn) ? 'yes' : vague(p.fqn) ? 'maybe' : 'no';
    return 'maybe';
  }
  if (t.k !== 'class') return 'maybe';
  // a variable declared Object is certainly no subtype of anything else (`Object dir = Paths.get(..)`
  // passed where a Path is declared); a typed expression may only be approximated as Object
  if (a.written && t.fqn === 'java.lang.Object' && !t.args.length && p.k !== 'prim') return p.k === 'class' && (p.fqn === 'java.lang.Object' || vague(p.fqn)) ? 'maybe' : 'no';
  // a class type
  if (p.k === 'prim') {
    const unboxed = BOXES[t.fqn];
    if (unboxed) return WIDENS[unboxed].includes(p.name) ? 'yes' : 'no';
    return vague(t.fqn) ? 'maybe' : 'no';
  }
  if (p.k === 'array') return t.fqn === 'java.lang.Object' || vague(t.fqn) ? 'maybe' : 'no';
  if (p.k !== 'class') return 'maybe';
  // `List.of(text)` where a `List<ContentBlock>` is declared, `Map.of(list, "k")` where a
  // `Map<String, Object>` is: javac infers E (K, V) from both, and a String is no ContentBlock
  if (a.elements && p.args.length === a.elements.length && (a.elements.length === 1 ? ELEMENT_TARGETS.has(p.fqn) : p.fqn === 'java.util.Map')) {
    const fits = (e: JType, xs: JType[]) => {
      const target = e.k === 'wild' ? (e.sup ? undefined : e.bound) : e;
      return !(target?.k === 'class' && exactlyKnown(target) && xs.some((x) => assignable({ k: 'type', t: x }, target, facts) === 'no'));
    };
    if (a.elements.some((xs, i) => !fits(p.args[i], xs))) return 'no';
  }
  // generics are invariant (JLS 4.10.2): `List<Integer>` is no `List<String>`; only a variable's written type is exact
  if (t.fqn === p.fqn) return a.written && typeArgsDiffer(p, t, facts) ? 'no' : 'yes';
  if (p.fqn === 'java.lang.Object') return 'yes';
  // a final class has no subtypes: nothing else is assignable to it
  if ((finalValueSupers(p.fqn) || FINAL_JDK.has(p.fqn)) && !vague(t.fqn)) return 'no';
  // a project class reaches an AgentScope type through its declared supertypes, or certainly not
  // (or a third-party one, `JsonNode`, once every supertype it has is known: none of them is one)
  if (facts.isSource(t.fqn)) return (facts.isInventory(p.fqn) && p.fqn.startsWith('io.agentscope.')) || facts.isSource(p.fqn) || !p.fqn.startsWith('java.') ? facts.sourceSubtype(t.fqn, p.fqn) : 'maybe';
  const known = KNOWN_SUPERS[t.fqn];
  if (known) {
    if (!known.includes(p.fqn)) return vague(p.fqn) ? 'maybe' : 'no';
    return a.written && elementsMiss(t, p, facts) ? 'no' : 'yes';
  }
  const fixed = finalValueSupers(t.fqn);
  if (fixed) return fixed.includes(p.fqn) ? 'yes' : vague(p.fqn) ? 'maybe' : 'no';
  if (facts.isInventory(t.fqn)) {
    const supers = facts.inventorySupers(t.fqn);
    if (supers?.has(p.fqn)) return 'yes';
    // a complete AgentScope hierarchy (its JDK supertypes closed over too) without p
    if (supers && !vague(p.fqn) && !VALUE_SUPERS.includes(p.fqn)) return 'no';
    return 'maybe';
  }
  // a JDK or third-party class can be neither a String/box nor an AgentScope type
  if (!vague(t.fqn) && !t.fqn.startsWith('io.agentscope.') && (finalValueSupers(p.fqn) || facts.isInventory(p.fqn))) return 'no';
  // a java.* type's supertypes are all java.* types (no other package may declare java.*): it is
  // no third-party or project type (`Properties` where `A2aService` is declared)
  if (t.fqn.startsWith('java.') && !vague(p.fqn) && !p.fqn.startsWith('java.')) return 'no';
  return 'maybe';
}

export interface Candidate {
  params: JType[];
  varargs: boolean;
}

/** Applicability of one candidate to the arguments: strict/loose by position, then variable arity (JLS 15.12.2.2-4). */
export function applicable(c: Candidate, args: ArgInfo[], facts: TypeFacts): Verdict {
  const n = args.length;
  const ps = c.params;
  const fixedPhase = (): Verdict => {
    if (n !== ps.length) return 'no';
    return combine(args.map((a, i) => assignable(a, ps[i], facts)));
  };
  const varPhase = (): Verdict => {
    if (!c.varargs || n < ps.length - 1) return 'no';
    const last = ps[ps.length - 1];
    const elem = last.k === 'array' ? last.elem : last;
    return combine(args.map((a, i) => assignable(a, i < ps.length - 1 ? ps[i] : elem, facts)));
  };
  const f = fixedPhase();
  if (f === 'yes') return 'yes';
  const v = varPhase();
  if (v === 'yes') return 'yes';
  return f === 'maybe' || v === 'maybe' ? 'maybe' : 'no';
}

function combine(vs: Verdict[]): Verdict {
  if (vs.includes('no')) return 'no';
  return vs.every((v) => v === 'yes') ? 'yes' : 'maybe';
}

/** `List.of(..)`'s elements, or `Map.of(..)`'s keys and values alternating (a side left undecided reads as ?). */
function describeElements(elements: JType[][]): string {
  if (elements.length === 1) return elements[0].map(simple).join(', ');
  const [ks, vs] = elements;
  return Array.from({ length: Math.max(ks.length, vs.length) }, (_, i) => `${ks[i] ? simple(ks[i]) : '?'}, ${vs[i] ? simple(vs[i]) : '?'}`).join(', ');
}

/** How an argument reads in a message: `int`, `String`, `null`, `lambda (1 parameter)`. */
export function describeArg(a: ArgInfo): string {
  switch (a.k) {
    case 'null':
      return 'null';
    case 'lambda':
      return a.params ? `a lambda (${a.params.map(simple).join(', ')})` : `a lambda with ${a.arity} parameter${a.arity === 1 ? '' : 's'}`;
    case 'mref':
      return 'a method reference';
    case 'unknown':
      return '?';
    default:
      // `List.of("hello")` reads as what it holds
      if (!a.elements || a.t.k !== 'class') return simple(a.t);
      return `${a.t.fqn.split('.').pop()}.of(${describeElements(a.elements)})`;
  }
}

export function simple(t: JType): string {
  switch (t.k) {
    case 'class':
      return t.fqn.slice(t.fqn.lastIndexOf('.') + 1) + (t.args.length ? `<${t.args.map(simple).join(', ')}>` : '');
    case 'array':
      return `${simple(t.elem)}[]`;
    case 'prim':
    case 'tv':
      return t.name;
    case 'wild':
      return t.bound ? `? ${t.sup ? 'super' : 'extends'} ${simple(t.bound)}` : '?';
    default:
      return '?';
  }
}
