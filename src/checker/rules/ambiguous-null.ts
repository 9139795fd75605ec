/**
 * AS007 for `m(.., null, ..)` (or Mockito's `any()` there) where two or more overloads accept the call and none is more
 * specific than the others (JLS 15.12.2.5): javac "reference to m is ambiguous". Most often a cast
 * that picked the overload was removed (`agent.stream(msgs, options, (RuntimeContext) null)`).
 * Judged only where it is certain: the overloads differ only where a `null` is passed, none is
 * generic or variable-arity, each accepts the arguments for certain, and applicability's reference
 * widening decides the subtyping between their differing parameter types.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { type ArgInfo, applicable, assignable } from '../applicability.js';
import { type JType, shortName, typeToString } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';

/**
 * Is class type `a` a subtype of class type `b`: reference widening as applicability judges it
 * (the inventory's complete hierarchies, final JDK classes, java.* types), undefined when undecided.
 */
function subtype(an: AnalyzerBase, a: JType & { k: 'class' }, b: JType & { k: 'class' }): 'yes' | 'no' | undefined {
  const v = assignable({ k: 'type', t: a }, b, an.facts);
  return v === 'maybe' ? undefined : v;
}

/**
 * The overloads of `cands` (all accepting `infos`) none of which is the most specific, if that is
 * certain. At the positions of `anyRef` the argument is Mockito's `any()`: `<T> T`, which javac
 * infers from each parameter, so it fits any class or array type there, as a null does.
 */
function ambiguity(an: AnalyzerBase, cands: FoundMember[], given: ArgInfo[], anyRef: ReadonlySet<number>): FoundMember[] | undefined {
  const infos = given.map((x, i): ArgInfo => (anyRef.has(i) ? { k: 'null' } : x));
  // A variable-arity overload (`call(Msg...)` beside `call(Msg, Class<?>)`) is only tried when no
  // other applies (JLS 15.12.2.4): left out when the fixed-arity ones apply for certain, all arguments
  const varargs = (c: FoundMember) => c.member.params?.some((p) => p.varargs) === true;
  const fixed = cands.filter((c) => !varargs(c));
  if (fixed.length < cands.length) {
    if (fixed.some((c) => c.member.typeParams?.length || applicable({ params: an.idx.paramTypes(c), varargs: false }, infos, an.facts) !== 'yes')) return undefined;
    cands = fixed;
  }
  const byKey = new Map<string, { c: FoundMember; ps: JType[] }>();
  for (const c of cands) {
    if (c.member.typeParams?.length || varargs(c)) return undefined;
    const ps = an.idx.paramTypes(c);
    if (ps.length !== infos.length) return undefined;
    byKey.set(ps.map(typeToString).join(','), { c, ps });
  }
  const all = [...byKey.values()];
  if (all.length < 2) return undefined;
  // a primitive there takes `any()` boxed (loose invocation), which a null is not: not judged
  for (const i of anyRef) if (all.some((x) => x.ps[i].k !== 'class' && x.ps[i].k !== 'array')) return undefined;
  const differ: number[] = [];
  for (let i = 0; i < infos.length; i++) {
    const ts = new Set(all.map((x) => typeToString(x.ps[i])));
    if (ts.size === 1) continue;
    // class types of different erasures (`Class<?>` and `RuntimeContext`): generic subtyping is not needed
    if (infos[i].k !== 'null' || all.some((x) => x.ps[i].k !== 'class') || new Set(all.map((x) => (x.ps[i] as JType & { k: 'class' }).fqn)).size !== all.length) return undefined;
    differ.push(i);
  }
  if (!differ.length) return undefined;
  // Where the overloads' parameters are the same, an argument fits all or none of them: javac then
  // reports this ambiguity or that none applies, an error at the call either way (arguments of
  // types the checker does not know, `anyList()`, are left there). Where they differ, each must fit.
  for (const x of all) if (applicable({ params: differ.map((i) => x.ps[i]), varargs: false }, differ.map((i) => infos[i]), an.facts) !== 'yes') return undefined;
  // one more specific than every other: javac picks it
  for (const m of all) {
    let most = true;
    for (const k of all) {
      if (k === m) continue;
      for (const i of differ) {
        const s = subtype(an, m.ps[i] as JType & { k: 'class' }, k.ps[i] as JType & { k: 'class' });
        if (s === undefined) return undefined;
        if (s === 'no') most = false;
      }
    }
    if (most) return undefined;
  }
  return all.map((x) => x.c);
}

export function checkAmbiguousNull(an: AnalyzerBase, at: Node, cands: FoundMember[], infos: ArgInfo[], what: 'constructor' | 'method', anyRef: ReadonlySet<number> = new Set(), args: Node[] = []) {
  const amb = ambiguity(an, cands, infos, anyRef);
  if (!amb) return;
  const owner = shortName(amb[0].owner.fqn);
  const name = what === 'constructor' ? owner : amb[0].member.name;
  const sigs = amb.map((c) => (amb.every((x) => x.owner.fqn === amb[0].owner.fqn) ? an.fmtSig(c) : `${an.fmtSig(c)} of ${shortName(c.owner.fqn)}`));
  // the first position that leaves the choice open: a null, or an `any()`
  const at0 = infos.findIndex((x, i) => x.k === 'null' || anyRef.has(i));
  const isAny = anyRef.has(at0);
  const what0 = isAny ? args[at0].text : 'a null';
  const accept = amb.length === 2 ? `both accept ${what0} there, and neither` : `all accept ${what0} there, and none`;
  const param = shortName(typeToString(an.idx.paramTypes(amb[0])[at0]));
  const fix = isAny ? `give the matcher its type, e.g. any(${param.replace(/<.*$/, '')}.class)` : `cast the null to the parameter type you mean, e.g. (${param}) null`;
  an.report(at, 'AS007', `reference to ${name} is ambiguous: ${sigs.join(' and ')}${amb.every((x) => x.owner.fqn === amb[0].owner.fqn) ? ` of ${owner}` : ''} ${accept} is more specific`, fix);
}
