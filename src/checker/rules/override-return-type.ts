/**
 * AS015 incompatible-override-return: a method that overrides or implements an AgentScope method
 * (same name, same parameter erasures) with a return type that is not return-type-substitutable
 * for the AgentScope one with the class's type arguments substituted (JLS 8.4.8.3):
 * `public Mono<String> callAsync(ToolCallParam p)` in an `AgentTool`, whose `callAsync` returns
 * `Mono<ToolResultBlock>`. Decided only when the declarations decide it (generics are invariant;
 * a final or fully known hierarchy); reported at the method's name, like javac.
 */
import type { FoundMember } from '../inventory-index.js';
import { cls, type JType, shortName, substitute, typeToString, UNKNOWN } from '../jtype.js';
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { TypeCtx } from '../analysis/model.js';
import { assignable, simple } from '../applicability.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { type OverrideSubject, sameParams, signatureMentionsMissing, sourceParamTypes, sourceTypeParamBounds, sourceTypeVars, typeParamsDiffer } from '../analysis/method-signatures.js';
import { field, kids } from '../analysis/syntax.js';

/** Is a type fully known here: classes with a package, primitives, arrays of them, and the type variables `tvs`? */
function known(t: JType, tvs: ReadonlySet<string>): boolean {
  if (t.k === 'class') return t.fqn.includes('.') && t.args.every((x) => known(x, tvs));
  if (t.k === 'array') return known(t.elem, tvs);
  if (t.k === 'tv') return tvs.has(t.name);
  return t.k === 'prim';
}

/** Is type argument `s` (the source's) certainly not contained by `i` (the AgentScope one, JLS 4.5.1)? */
function argClash(a: AnalyzerBase, s: JType, i: JType, tvs: ReadonlySet<string>): boolean {
  if (i.k === 'wild') {
    if (!i.bound || s.k !== 'class' || !known(s, tvs) || !known(i.bound, tvs)) return false;
    return i.sup ? assignable({ k: 'type', t: i.bound }, s, a.facts) === 'no' : assignable({ k: 'type', t: s }, i.bound, a.facts) === 'no';
  }
  // a wildcard is contained by no type but a wildcard (Map<String, ?> for Map<String, Object>)
  if (s.k === 'wild') return known(i, tvs);
  return (known(s, tvs) && known(i, tvs) && typeToString(s) !== typeToString(i)) || surelyDifferent(s, i);
}

/** Are two type arguments certainly different types: other classes, or a wildcard where the other has a type (`String` vs `Class<? extends AgentEvent>`)? */
function surelyDifferent(s: JType, i: JType): boolean {
  if (s.k !== 'class' || i.k !== 'class' || !s.fqn.includes('.') || !i.fqn.includes('.')) return false;
  if (s.fqn !== i.fqn) return true;
  if (s.args.length !== i.args.length) return false;
  return s.args.some((x, k) => {
    const y = i.args[k];
    if ((x.k === 'wild') !== (y.k === 'wild')) return x.k === 'class' || y.k === 'class';
    return surelyDifferent(x, y);
  });
}

/**
 * Can a method returning `src` certainly not override one returning `inv`? `tvs`: the method's own
 * type variables; `bounds`: their erased first bounds, by name (JLS 8.4.8.3: a type variable is a
 * subtype only of what its bound is, and a class type of no type variable).
 */
function returnClash(a: AnalyzerBase, src: JType, inv: JType, tvs: ReadonlySet<string>, bounds: ReadonlyMap<string, JType>): boolean {
  if (src.k === 'tv' && inv.k === 'class' && tvs.has(src.name) && !(inv.fqn === 'java.lang.Object' && !inv.args.length)) {
    const bound = bounds.get(src.name);
    return bound !== undefined && bound.k === 'class' && known(inv, tvs) && assignable({ k: 'type', t: bound }, inv, a.facts) === 'no';
  }
  if (inv.k === 'tv' && tvs.has(inv.name) && (src.k === 'class' || src.k === 'array')) return src.k === 'array' || src.fqn.includes('.');
  // a type variable is a reference type: a primitive or void result is only itself (`<T> void convertValue(..)` for `<T> T convertValue(..)`)
  if ((src.k === 'prim' && inv.k === 'tv') || (src.k === 'tv' && inv.k === 'prim')) return true;
  if (src.k === 'unknown' || inv.k === 'unknown' || src.k === 'tv' || inv.k === 'tv' || src.k === 'wild' || inv.k === 'wild') return false;
  if (inv.k === 'prim' || src.k === 'prim') return !(src.k === 'prim' && inv.k === 'prim' && src.name === inv.name);
  if (src.k !== 'class' || inv.k !== 'class') return false;
  if (src.fqn === inv.fqn) return src.args.length > 0 && src.args.length === inv.args.length && src.args.some((x, k) => argClash(a, x, inv.args[k], tvs));
  // the written result type is exact: `Object` returns no List
  return assignable({ k: 'type', t: src, written: true }, inv, a.facts) === 'no';
}

/** The erasure of the first bound of the method's `i`th type parameter, when it resolves to a class. */
function boundType(a: AnalyzerBase, tps: Node | null, i: number, ctx: TypeCtx, m: Node): JType | undefined {
  const tp = tps ? kids(tps).filter((k) => k.type === 'type_parameter')[i] : undefined;
  const first = tp && kids(kids(tp).find((k) => k.type === 'type_bound') ?? tp)[0];
  if (!first || first.parent?.type !== 'type_bound') return undefined;
  const t = a.typeOf(first, { ...ctx, typeVars: sourceTypeVars(m, ctx) }, false);
  return t.k === 'class' && t.fqn.includes('.') ? cls(t.fqn) : undefined;
}

/** The return type of the AgentScope method `f` seen from the overriding method: its type parameters renamed to the source method's. */
function inventoryReturn(a: AnalyzerBase, f: FoundMember, srcTypeParams: string[]): JType | undefined {
  if (!f.member.type) return undefined;
  const tps = f.member.typeParams ?? [];
  if (tps.length !== srcTypeParams.length) return tps.length ? undefined : a.idx.memberType(f);
  const rename = new Map<string, JType>(tps.map((p, i) => [p.name, { k: 'tv', name: srcTypeParams[i] }]));
  return substitute(a.idx.memberType(f), rename);
}

/**
 * Reports AS015 for each method of the class whose return type clashes with every AgentScope
 * method it would override; returns those methods' node ids (they override and implement nothing).
 */
export function checkOverrideReturns(a: AnalyzerBase, { ctx, merged, methodDecls }: OverrideSubject): Set<number> {
  const bad = new Set<number>();
  for (const m of methodDecls) {
    const nameNode = field(m, 'name');
    const retNode = field(m, 'type');
    if (!nameNode || !retNode) continue;
    const name = nameNode.text;
    let ps: JType[] | undefined;
    let bounds: (string | undefined)[] | undefined;
    const overridden: FoundMember[] = [];
    for (const { decl, subst } of merged.types) {
      for (const mem of decl.members) {
        if (mem.kind !== 'method' || mem.name !== name || mem.modifiers.includes('static') || mem.modifiers.includes('private')) continue;
        ps ??= sourceParamTypes(a, m, ctx);
        bounds ??= sourceTypeParamBounds(a, m, ctx);
        const f = { member: mem, owner: decl, subst };
        if (sameParams(ps, a.idx.paramTypes(f)) && !typeParamsDiffer(bounds, mem, a.idx.typeVarsOf(decl))) overridden.push(f);
      }
    }
    // (a signature holding a type whose import failed: its result is not judged, as in javac)
    if (!overridden.length || signatureMentionsMissing(a, m, ctx)) continue;
    const tps = field(m, 'type_parameters');
    const own = tps ? kids(tps).map((tp) => kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text ?? '') : [];
    const src = a.typeOf(retNode, { ...ctx, typeVars: sourceTypeVars(m, ctx) }, false);
    const tvs = new Set(own);
    const ownBounds = new Map<string, JType>();
    (bounds ?? []).forEach((b, i) => {
      const t = b === undefined ? undefined : b === 'Object' ? cls('java.lang.Object') : boundType(a, tps, i, ctx, m);
      if (t) ownBounds.set(own[i], t);
    });
    const clashes = (f: FoundMember) => returnClash(a, src, inventoryReturn(a, f, own) ?? UNKNOWN, tvs, ownBounds);
    const clash = overridden.find(clashes);
    if (!clash || !overridden.every(clashes)) continue;
    bad.add(m.id);
    const want = inventoryReturn(a, clash, own) ?? UNKNOWN;
    a.report(
      nameNode,
      'AS015',
      `${name}(..) cannot override ${shortName(clash.owner.fqn)}.${a.fmtSig(clash)}: its return type ${simple(src)} is not compatible with ${simple(want)} (AgentScope ${a.idx.version})`,
      `declare it as returning ${simple(want)}`,
      { type: clash.owner.fqn, member: name },
    );
  }
  return bad;
}
