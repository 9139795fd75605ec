/**
 * AS013 for a cast, an `instanceof` or a `case` pattern between two AgentScope types no object can have both of
 * (or between an AgentScope type and a String or a box, whose classes are final):
 * `(Toolkit) event`, `event instanceof Msg m` with `event` an AgentEvent. javac rejects the cast
 * as "incompatible types: AgentEvent cannot be converted to Toolkit" (JLS 5.5), and the
 * instanceof with it (JLS 15.20.2). Two types are disjoint (JLS 5.1.6.1, with sealed types) when
 * neither is a subtype of the other and: both are classes; or the class is final, or sealed with
 * every permitted subtype disjoint from the interface, or freely extensible while the interface is
 * sealed with every permitted subtype disjoint from it; or one of two interfaces is sealed with
 * every permitted subtype disjoint from the other. Judged only when both hierarchies are fully
 * known, neither type is declared by the checked sources, and every permitted subtype a step needs
 * is in the inventory; anything else may convert.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { simple as simpleType } from '../applicability.js';
import { cls, type JType } from '../jtype.js';
import { javacPosition } from '../analysis/syntax.js';
import { agentScopeTarget, FINAL_JDK } from './incompatible-result-type.js';

interface Known {
  iface: boolean;
  final: boolean;
  /** The permitted direct subtypes of a sealed type; undefined when not sealed. */
  permits?: string[];
  supers: Set<string>;
}

function known(a: AnalyzerBase, fqn: string): Known | undefined {
  const decl = a.idx.type(fqn);
  if (!decl || a.srcByFqn.has(fqn)) return undefined;
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

/** Is no object both an `s` and a `t`? false whenever something is not known. */
function disjoint(a: AnalyzerBase, s: string, t: string, depth = 0): boolean {
  if (s === t || depth > 8) return false;
  const ks = known(a, s);
  const kt = known(a, t);
  if (!ks || !kt || ks.supers.has(t) || kt.supers.has(s)) return false;
  const all = (xs: string[], f: (x: string) => boolean) => xs.length > 0 && xs.every(f);
  if (!ks.iface && !kt.iface) return true;
  if (ks.iface && kt.iface) {
    if (ks.permits && all(ks.permits, (p) => disjoint(a, p, t, depth + 1))) return true;
    return !!kt.permits && all(kt.permits, (p) => disjoint(a, s, p, depth + 1));
  }
  const [c, i, kc, ki] = ks.iface ? [t, s, kt, ks] : [s, t, ks, kt];
  if (kc.final) return true;
  if (kc.permits) return all(kc.permits, (p) => disjoint(a, p, i, depth + 1));
  return !!ki.permits && all(ki.permits, (p) => disjoint(a, c, p, depth + 1));
}

/** `value` of type `from` cast to, tested with instanceof against, or matched with a `case` pattern of, `target` (`at`: where javac reports it). */
export function checkInconvertible(a: AnalyzerBase, at: Node, from: JType, target: JType, how: 'cast' | 'instanceof' | 'case', exactFrom = false) {
  if (from.k !== 'class' || target.k !== 'class') return;
  // a String or a box (final, no AgentScope supertype) and an AgentScope type: `event instanceof
  // PostReasoningEvent e` where `event` is declared a String; the value's type must be certain
  // (a String or box cast to an AgentScope type is checkCastValue's)
  const asType = (t: JType & { k: 'class' }) => agentScopeTarget(a, t) && !a.srcByFqn.has(t.fqn);
  const finalJdk = exactFrom && ((how !== 'cast' && FINAL_JDK.test(from.fqn) && asType(target)) || (asType(from) && FINAL_JDK.test(target.fqn)));
  if (!finalJdk && (!from.fqn.startsWith('io.agentscope.') || !target.fqn.startsWith('io.agentscope.') || !disjoint(a, from.fqn, target.fqn))) return;
  const f = simpleType(from);
  const t = simpleType(target);
  a.report(
    javacPosition(at),
    'AS013',
    `incompatible types: ${f} cannot be converted to ${t}: no ${f} is a ${t} in AgentScope ${a.idx.version}, so ${how === 'cast' ? 'the cast' : how === 'case' ? 'the case' : 'the instanceof'} is rejected`,
    `${how === 'cast' ? 'cast to' : 'test for'} a subtype of ${f} (see \`agentscope api ${f}\`)`,
    { type: target.fqn },
  );
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
