/**
 * AS013 for a cast, an `instanceof` or a `case` pattern between two types no object can have both of,
 * one of them an AgentScope type: `(Toolkit) event`, `event instanceof Msg m` with `event` an
 * AgentEvent, `(UserMessage) msg.getTextContent()`, `t instanceof TextBlock` with `t` a Throwable,
 * `(TextBlock) usage.getInputTokens()`. javac rejects the cast as "incompatible types: AgentEvent
 * cannot be converted to Toolkit" (JLS 5.5), and the instanceof with it (JLS 15.20.2). Two types
 * are disjoint (JLS 5.1.6.1, with sealed types) when neither is a subtype of the other and: one is
 * a final class (whose supertypes are then all it can be); or both are classes; or one is sealed
 * with every permitted subtype disjoint from the other. Judged where each type is named for certain
 * and the hierarchies a step needs are fully known: an AgentScope type's from the inventory (not
 * redeclared by the checked sources), a JDK or Reactor type's from the tables below, which is never
 * a subtype of an AgentScope type. Where one side is not an AgentScope type, the value's class must
 * be certain. A primitive is never an AgentScope object, nor the reverse. Anything else may convert.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { finalJdkSupers, simple as simpleType } from '../applicability.js';
import { cls, type JType } from '../jtype.js';
import { javacPosition } from '../analysis/syntax.js';
import { agentScopeTarget } from './incompatible-result-type.js';
import { mentionsAgentScope } from '../expr-types.js';

interface Known {
  iface: boolean;
  final: boolean;
  /** The permitted direct subtypes of a sealed type; undefined when not sealed. */
  permits?: string[];
  /** Every supertype, itself included (for a JDK or Reactor type that is not final: unknown, left empty). */
  supers: Set<string>;
  /** A JDK or Reactor type: none of its supertypes is an AgentScope type. */
  external?: boolean;
}

/**
 * JDK (17 to 25) and Reactor types AgentScope values are commonly cast from or to, which are not
 * final: an interface, or a class others may extend. The final ones are finalJdkSupers'.
 */
const EXTERNAL_INTERFACES = new Set(['java.util.List', 'java.util.Map', 'java.util.Set', 'java.util.Collection', 'java.lang.Iterable', 'java.lang.CharSequence', 'java.lang.Comparable', 'java.io.Serializable', 'java.lang.AutoCloseable', 'java.io.Closeable', 'java.lang.Runnable', 'java.util.concurrent.Callable', 'java.util.function.Function', 'java.util.function.BiFunction', 'java.util.function.Supplier', 'java.util.function.Consumer', 'java.util.function.BiConsumer', 'java.util.function.Predicate', 'java.nio.file.Path', 'java.util.concurrent.CompletionStage', 'java.util.Iterator', 'java.util.stream.Stream', 'org.reactivestreams.Publisher', 'reactor.core.CorePublisher']);
const EXTERNAL_CLASSES = new Set(['reactor.core.publisher.Mono', 'reactor.core.publisher.Flux', 'java.lang.Throwable', 'java.lang.Exception', 'java.lang.RuntimeException', 'java.lang.Error', 'java.lang.Number', 'java.lang.Thread', 'java.util.ArrayList', 'java.util.LinkedList', 'java.util.HashMap', 'java.util.LinkedHashMap', 'java.util.TreeMap', 'java.util.HashSet', 'java.util.LinkedHashSet', 'java.util.concurrent.CompletableFuture', 'java.util.concurrent.ConcurrentHashMap', 'java.io.File']);

function external(fqn: string): Known | undefined {
  const finalSupers = finalJdkSupers(fqn);
  if (finalSupers) return { iface: false, final: true, supers: new Set(finalSupers), external: true };
  if (EXTERNAL_INTERFACES.has(fqn) || EXTERNAL_CLASSES.has(fqn)) return { iface: EXTERNAL_INTERFACES.has(fqn), final: false, supers: new Set(), external: true };
  return undefined;
}

function known(a: AnalyzerBase, fqn: string): Known | undefined {
  const decl = a.idx.type(fqn);
  if (a.srcByFqn.has(fqn)) return undefined;
  if (!decl) return external(fqn);
  const h = a.idx.hierarchy(cls(fqn));
  if (!h.complete) return undefined;
  const sealed = decl.modifiers.includes('sealed');
  // a sealed type without a permits clause permits what its compilation unit declares: not recorded
  if (sealed && !decl.permits?.length) return undefined;
  return {
    iface: decl.kind === 'interface' || decl.kind === 'annotation',
    // an enum's constant bodies are anonymous classes that add no interface: as final here
    final: decl.modifiers.includes('final') || decl.kind === 'record' || decl.kind === 'enum',
    permits: sealed ? decl.permits!.map((p) => p.resolved) : undefined,
    supers: new Set([...h.types.map((t) => t.decl.fqn), ...h.jdk]),
  };
}

/** A type the checker can name for certain: an inventory type, a JDK or Reactor type it knows, or a type the checked sources declare. */
function resolved(a: AnalyzerBase, fqn: string): boolean {
  return !!a.idx.type(fqn) || !!external(fqn) || a.srcByFqn.has(fqn);
}

/** Is no object both an `s` and a `t`? false whenever something is not known. */
function disjoint(a: AnalyzerBase, s: string, t: string, depth = 0): boolean {
  if (s === t || depth > 8 || s === 'java.lang.Object' || t === 'java.lang.Object' || !resolved(a, s) || !resolved(a, t)) return false;
  const ks = known(a, s);
  const kt = known(a, t);
  // an object of a final class is of that class exactly: it is a t only where t is one of its supertypes (all known)
  if (ks?.final) return !ks.supers.has(t);
  if (kt?.final) return !kt.supers.has(s);
  if (ks?.supers.has(t) || kt?.supers.has(s)) return false;
  // a sealed type's objects are its own (not a t: t is not among its supertypes) or its permitted subtypes' (whatever t's hierarchy)
  const all = (xs: string[], f: (x: string) => boolean) => xs.length > 0 && xs.every(f);
  if (ks?.permits && all(ks.permits, (p) => disjoint(a, p, t, depth + 1))) return true;
  if (kt?.permits && all(kt.permits, (p) => disjoint(a, s, p, depth + 1))) return true;
  // two classes of which neither is the other's subtype (a JDK or Reactor class is never an AgentScope one's; two of them are not judged here)
  return !!ks && !!kt && !ks.iface && !kt.iface && !(ks.external && kt.external);
}

/** `value` of type `from` cast to, tested with instanceof against, or matched with a `case` pattern of, `target` (`at`: where javac reports it; `exactFrom`: the value's class is certain). */
export function checkInconvertible(a: AnalyzerBase, at: Node, from: JType, target: JType, how: 'cast' | 'instanceof' | 'case', exactFrom = false) {
  if (a.mentionsMissingImport(from) || a.mentionsMissingImport(target)) return;
  const asType = (t: JType) => t.k === 'class' && agentScopeTarget(a, t) && !a.srcByFqn.has(t.fqn);
  // a primitive is boxed and a box is never an AgentScope type, nor is an AgentScope object unboxed (JLS 5.5)
  // (nor an array: it is only an Object, a Cloneable and a Serializable)
  const prim = exactFrom && (((from.k === 'prim' && from.name !== 'void') || from.k === 'array') && asType(target) || (target.k === 'prim' && asType(from)));
  if (!prim) {
    if (from.k !== 'class' || target.k !== 'class') return;
    // one side is an AgentScope type; where the other is not, the value's class must be certain
    // (or both are final JDK classes, the value an AgentScope result: `(Integer) msg.getName()`)
    const both = asType(from) && asType(target);
    if (!both && !(exactFrom && (asType(from) || asType(target) || (finalJdkSupers(from.fqn) && finalJdkSupers(target.fqn))))) return;
    if (!disjoint(a, from.fqn, target.fqn)) return;
  }
  const f = simpleType(from);
  const t = simpleType(target);
  a.report(
    javacPosition(at),
    'AS013',
    `incompatible types: ${f} cannot be converted to ${t} (AgentScope ${a.idx.version}): no value is both, so ${how === 'cast' ? 'the cast' : how === 'case' ? 'the case' : 'the instanceof'} is rejected`,
    `${how === 'cast' ? 'cast to' : 'test for'} ${target.k === 'prim' || from.k === 'prim' ? `a value of the right type (see \`agentscope api ${target.k === 'prim' ? f : t}\`)` : `a subtype of ${f} (see \`agentscope api ${f}\`)`}`,
    target.k === 'class' ? { type: target.fqn } : undefined,
  );
}

/**
 * `==` / `!=` between two reference types of which neither can be cast to the other (JLS 15.21.3),
 * one of them an AgentScope type, a JDK type of AgentScope type arguments or an AgentScope method's
 * declared result (`agentScopeResult`): `msg == MsgRole.USER`, `e -> e == AgentEventType.AGENT_END`
 * over AgentEvents, `msg.getContent() == ""`, `msg.getMetadata() != ""`. javac:
 * "incomparable types: Msg and MsgRole". The operands' static types are decided (a written
 * declaration, an AgentScope method's declared result); they are judged as a cast between them
 * is, by erasure (two parameterizations of one class are not judged). true when reported.
 */
export function checkIncomparable(a: AnalyzerBase, at: Node, lt: JType, rt: JType, agentScopeResult = false): boolean {
  if (lt.k !== 'class' || rt.k !== 'class' || a.mentionsMissingImport(lt) || a.mentionsMissingImport(rt)) return false;
  const asType = (t: JType & { k: 'class' }) => agentScopeTarget(a, t) && !a.srcByFqn.has(t.fqn);
  if (!(agentScopeResult || asType(lt) || asType(rt) || mentionsAgentScope(lt) || mentionsAgentScope(rt))) return false;
  if (!disjoint(a, lt.fqn, rt.fqn)) return false;
  const as = asType(lt) ? lt : asType(rt) ? rt : undefined;
  const en = as && a.idx.type(as.fqn)?.kind === 'enum' ? as : undefined;
  a.report(
    javacPosition(at),
    'AS013',
    `incomparable types: ${simpleType(lt)} and ${simpleType(rt)} (AgentScope ${a.idx.version}): no value is both, so == and != cannot compare them`,
    en ? `compare a ${simpleType(en)} with it, e.g. the value's getter for it (see \`agentscope api ${simpleType(en === lt ? rt : lt)}\`)` : 'compare values of the same type',
  );
  return true;
}

/**
 * `Main::print` where the functional interface hands a `from` and print's parameter is a `to` (javac:
 * "invalid method reference"). `library`: the method is not the project's, so its parameter stays.
 */
export function reportInvalidMethodRef(a: AnalyzerBase, ref: Node, name: string, from: JType, to: JType, library = false) {
  a.report(
    ref,
    'AS013',
    `incompatible types: invalid method reference ${ref.text}: ${simpleType(from)} cannot be converted to ${simpleType(to)} (AgentScope ${a.idx.version})`,
    library ? `${name}(..) takes a ${simpleType(to)}: convert each ${simpleType(from)} first, in a lambda` : `declare ${name}'s parameter as ${simpleType(from)}, what it is handed here, or convert the values first`,
  );
}
