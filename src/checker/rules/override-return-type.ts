/**
 * AS015 incompatible-override-return: a method that overrides or implements an AgentScope method
 * (same name, same parameter erasures) with a return type that is not return-type-substitutable
 * for the AgentScope one with the class's type arguments substituted (JLS 8.4.8.3):
 * `public Mono<String> callAsync(ToolCallParam p)` in an `AgentTool`, whose `callAsync` returns
 * `Mono<ToolResultBlock>`. Decided only when the declarations decide it (generics are invariant;
 * a final or fully known hierarchy); reported at the method's name, like javac.
 */
import type { Node } from 'web-tree-sitter';
import type { FoundMember } from '../inventory-index.js';
import { type JType, shortName, UNKNOWN } from '../jtype.js';
import { genericArgsDiffer } from '../expr-types.js';
import { assignable, simple } from '../applicability.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { type OverrideSubject, sameParams, sourceParamTypes, sourceTypeVars } from '../analysis/method-signatures.js';
import { field } from '../analysis/syntax.js';

/** Can a method returning `src` certainly not override one returning `inv`? */
function returnClash(a: AnalyzerBase, src: JType, inv: JType): boolean {
  if (src.k === 'unknown' || inv.k === 'unknown' || src.k === 'tv' || inv.k === 'tv' || src.k === 'wild' || inv.k === 'wild') return false;
  if (inv.k === 'prim' || src.k === 'prim') return !(src.k === 'prim' && inv.k === 'prim' && src.name === inv.name);
  if (src.k !== 'class' || inv.k !== 'class') return false;
  if (src.fqn === inv.fqn) return src.args.length > 0 && genericArgsDiffer(inv, src);
  return assignable({ k: 'type', t: src }, inv, a.facts) === 'no';
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
    const overridden: FoundMember[] = [];
    for (const { decl, subst } of merged.types) {
      for (const mem of decl.members) {
        if (mem.kind !== 'method' || mem.name !== name || mem.modifiers.includes('static') || mem.modifiers.includes('private')) continue;
        ps ??= sourceParamTypes(a, m, ctx);
        const f = { member: mem, owner: decl, subst };
        if (sameParams(ps, a.idx.paramTypes(f))) overridden.push(f);
      }
    }
    if (!overridden.length) continue;
    const src = a.typeOf(retNode, { ...ctx, typeVars: sourceTypeVars(m, ctx) }, false);
    const clash = overridden.find((f) => returnClash(a, src, f.member.type ? a.idx.memberType(f) : UNKNOWN));
    if (!clash || !overridden.every((f) => returnClash(a, src, f.member.type ? a.idx.memberType(f) : UNKNOWN))) continue;
    bad.add(m.id);
    const want = a.idx.memberType(clash);
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
