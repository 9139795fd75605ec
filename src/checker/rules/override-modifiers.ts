/**
 * AS018 override-final-or-weaker: a method of a class that overrides an AgentScope method it may
 * not override (JLS 8.4.8.3): a `final` one ("cannot override ...; overridden method is final"), or
 * one with more access than the overriding method ("attempting to assign weaker access
 * privileges; was public"). Judged only where the signatures are certainly the same: every
 * parameter's erasure known on both sides and equal (an equal erasure that is not a subsignature is
 * javac's "name clash", an error too). Reported at the method's name, like javac.
 */
import type { Node } from 'web-tree-sitter';
import type { FoundMember } from '../inventory-index.js';
import { erasure, type JType, shortName } from '../jtype.js';
import { shortType } from '../expr-types.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { type OverrideSubject, sourceParamTypes } from '../analysis/method-signatures.js';
import { field, kids } from '../analysis/syntax.js';

const ACCESS_RANK: Record<string, number> = { private: 0, package: 1, protected: 2, public: 3 };

/** The modifier keywords of a declaration (not its annotations). */
function keywords(m: Node): Set<string> {
  const mods = kids(m).find((k) => k.type === 'modifiers');
  const out = new Set<string>();
  if (mods) for (const c of mods.children) if (c && !c.isNamed) out.add(c.type);
  return out;
}

/** The erasure of a parameter type when it is certainly known: a primitive, or a class named with its package (or an array of one). */
function knownErasure(t: JType): string | undefined {
  const e = erasure(t);
  if (e === undefined) return undefined;
  let el = t;
  while (el.k === 'array') el = el.elem;
  return el.k === 'prim' || (el.k === 'class' && el.fqn.includes('.')) ? e : undefined;
}

function sameErasures(src: JType[], inv: JType[]): boolean {
  return src.length === inv.length && src.every((s, i) => {
    const x = knownErasure(s);
    return x !== undefined && x === knownErasure(inv[i]);
  });
}

export function checkOverrideModifiers(a: AnalyzerBase, { node, ctx, merged, methodDecls }: OverrideSubject) {
  // an interface's methods are public: a redeclaration in a project interface never narrows
  if (node.type === 'interface_declaration') return;
  for (const m of methodDecls) {
    const nameNode = field(m, 'name');
    if (!nameNode || field(m, 'type_parameters')) continue;
    const mods = keywords(m);
    if (mods.has('static')) continue;
    const ps = sourceParamTypes(a, m, ctx);
    const access = mods.has('public') ? 'public' : mods.has('protected') ? 'protected' : mods.has('private') ? 'private' : 'package';
    let finalOne: FoundMember | undefined;
    let wider: FoundMember | undefined;
    for (const { decl, subst } of merged.types) {
      for (const mem of decl.members) {
        if (mem.kind !== 'method' || mem.name !== nameNode.text || mem.typeParams?.length) continue;
        if (mem.modifiers.includes('static') || mem.modifiers.includes('private')) continue;
        const f: FoundMember = { member: mem, owner: decl, subst };
        if (!sameErasures(ps, a.idx.paramTypes(f))) continue;
        if (mem.modifiers.includes('final')) finalOne ??= f;
        // interface members are public without saying so
        const was = decl.kind === 'interface' || mem.modifiers.includes('public') ? 'public' : mem.modifiers.includes('protected') ? 'protected' : undefined;
        if (was && ACCESS_RANK[access] < ACCESS_RANK[was] && (!wider || was === 'public')) wider = f;
      }
    }
    const own = `${nameNode.text}(${ps.map(shortType).join(', ')})`;
    if (finalOne) {
      const sig = `${shortName(finalOne.owner.fqn)}.${a.fmtSig(finalOne)}`;
      a.report(nameNode, 'AS018', `${own} cannot override ${sig}: it is final (AgentScope ${a.idx.version})`, `rename the method, or use what ${sig} offers`, { type: finalOne.owner.fqn, member: nameNode.text });
    } else if (wider) {
      const was = wider.owner.kind === 'interface' || wider.member.modifiers.includes('public') ? 'public' : 'protected';
      const sig = `${shortName(wider.owner.fqn)}.${a.fmtSig(wider)}`;
      a.report(nameNode, 'AS018', `${own} overrides ${sig} with weaker access (${access === 'package' ? 'package-private' : access}; was ${was}) (AgentScope ${a.idx.version})`, `declare it ${was}`, { type: wider.owner.fqn, member: nameNode.text });
    }
  }
}
