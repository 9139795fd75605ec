/**
 * AS018 illegal-override: a method of a class with the erasure of an AgentScope method's
 * parameters that may not stand (JLS 8.4.8.3): it overrides a `final` one ("cannot override ...;
 * overridden method is final"), or one with more access ("attempting to assign weaker access
 * privileges; was public"), or one that throws no checked exception while it declares one
 * ("overridden method does not throw Exception"), or its generic parameters make neither override the other ("name
 * clash: ... have the same erasure, yet neither overrides the other"), or it is static while the
 * AgentScope method is not ("overriding method is static"). Judged only where every
 * parameter's erasure is known on both sides and equal (an equal erasure is an override or a name
 * clash: an error either way for a final method or narrower access). Reported at the method's name, like javac.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { erasure, innermost, type JType, shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { eraseMethodTypeVars, type OverrideSubject, sourceParamTypes, sourceTypeParamBounds, typeParamsDiffer } from '../analysis/method-signatures.js';
import { shortType, simpleErasure } from '../expr-types.js';
import { field, kids, modifierKeywords } from '../analysis/syntax.js';
import { isChecked } from './unreported-exception.js';
import type { TypeCtx } from '../analysis/model.js';

const ACCESS_RANK: Record<string, number> = { private: 0, package: 1, protected: 2, public: 3 };

/** The access of an AgentScope method that a subclass can narrow (interface members are public without saying so). */
function declaredAccess({ owner, member }: FoundMember): 'public' | 'protected' | undefined {
  return owner.kind === 'interface' || member.modifiers.includes('public') ? 'public' : member.modifiers.includes('protected') ? 'protected' : undefined;
}

/** Does an AgentScope method throw no checked exception (every type it declares resolved and unchecked)? */
function throwsNoChecked(a: AnalyzerBase, mem: FoundMember['member']): boolean {
  return !(mem.throws ?? []).some((t) => isChecked(a, t) || !t.includes('.'));
}

/** `callAsync(..) throws Exception` overriding a method that throws no checked exception: javac "overridden method does not throw Exception". */
function checkOverrideThrows(a: AnalyzerBase, m: Node, ctx: TypeCtx, nameNode: Node, own: string, overridden: FoundMember) {
  if (!throwsNoChecked(a, overridden.member)) return;
  const checked = declaredThrows(a, m, ctx).find((t) => isChecked(a, t));
  if (!checked) return;
  const sig = `${shortName(overridden.owner.fqn)}.${a.fmtSig(overridden)}`;
  a.report(nameNode, 'AS018', `${own} cannot override ${sig}: the overridden method does not throw ${shortName(checked)} (AgentScope ${a.idx.version})`, `catch ${shortName(checked)} in the method and rethrow it unchecked, or drop the throws clause`, { type: overridden.owner.fqn, member: nameNode.text });
}

/** The classes a method's `throws` clause names, resolved (only those with a package). */
function declaredThrows(a: AnalyzerBase, m: Node, ctx: TypeCtx): string[] {
  const clause = kids(m).find((k) => k.type === 'throws');
  if (!clause) return [];
  return kids(clause).flatMap((t) => {
    const x = a.typeOf(t, ctx, false);
    return x.k === 'class' && x.fqn.includes('.') ? [x.fqn] : [];
  });
}

/** The erasure of a parameter type when it is certainly known: a primitive, or a class named with its package (or an array of one). */
function knownErasure(t: JType): string | undefined {
  const e = erasure(t);
  if (e === undefined) return undefined;
  const el = innermost(t);
  return el.k === 'prim' || (el.k === 'class' && el.fqn.includes('.')) ? e : undefined;
}

function sameErasures(src: JType[], inv: JType[]): boolean {
  return src.length === inv.length && src.every((s, i) => {
    const x = knownErasure(s);
    return x !== undefined && x === knownErasure(inv[i]);
  });
}

/** Is `t` written out completely: no type variable, nothing unresolved, every class named with its package? */
function certain(t: JType): boolean {
  switch (t.k) {
    case 'class':
      return t.fqn.includes('.') && t.args.every(certain);
    case 'array':
      return certain(t.elem);
    case 'wild':
      return !t.bound || certain(t.bound);
    default:
      return t.k === 'prim';
  }
}

/** The same type (`?` and `? extends Object` taken as one). */
function sameType(x: JType, y: JType): boolean {
  if (x.k === 'wild' && y.k === 'wild') {
    const bx = x.bound && !(x.bound.k === 'class' && x.bound.fqn === 'java.lang.Object' && !x.sup) ? x.bound : undefined;
    const by = y.bound && !(y.bound.k === 'class' && y.bound.fqn === 'java.lang.Object' && !y.sup) ? y.bound : undefined;
    return !!x.sup === !!y.sup && (bx && by ? sameType(bx, by) : !bx && !by);
  }
  if (x.k === 'class' && y.k === 'class') return x.fqn === y.fqn && x.args.length === y.args.length && x.args.every((a, i) => sameType(a, y.args[i]));
  if (x.k === 'array' && y.k === 'array') return sameType(x.elem, y.elem);
  return x.k === 'prim' && y.k === 'prim' && x.name === y.name;
}

/** Does a class type (or an array of one) carry type arguments? */
function generic(t: JType): boolean {
  return t.k === 'array' ? generic(t.elem) : t.k === 'class' && t.args.length > 0;
}

/**
 * Parameters of the same erasure that certainly make neither method override the other (JLS
 * 8.4.2): every type written out completely on both sides, some differ, and each that differs has
 * type arguments on both sides (a raw type, which may make the signature the erasure of the other, is not judged).
 */
export function nameClash(src: JType[], inv: JType[]): boolean {
  if (![...src, ...inv].every(certain)) return false;
  const differ = src.map((t, i) => !sameType(t, inv[i]));
  return differ.some(Boolean) && differ.every((d, i) => !d || (generic(src[i]) && generic(inv[i])));
}

/**
 * The erased parameter types of a generic method as simple names, its own type variables erased
 * to their first bound's; undefined when any is not certainly known.
 */
function erasedNames(ps: JType[], bounds: ReadonlyMap<string, string | undefined>): string[] | undefined {
  const out: string[] = [];
  for (const p of ps) {
    let el = p;
    let dims = '';
    for (; el.k === 'array'; el = el.elem) dims += '[]';
    const name = el.k === 'tv' ? bounds.get(el.name) : el.k === 'prim' || (el.k === 'class' && el.fqn.includes('.')) ? simpleErasure(el) : undefined;
    if (name === undefined) return undefined;
    out.push(name + dims);
  }
  return out;
}

/**
 * The AgentScope generic method whose parameters have the same erasure as generic method `m`'s:
 * with `clash`, one whose type parameters differ (another bound), so neither overrides the other, a
 * name clash (JLS 8.4.8.3: `<T extends CharSequence> T resolveContext(Class<T>)` beside `<T> T
 * resolveContext(Class<T>)`); without, one whose type parameters are the same: the one it overrides.
 */
function genericSameErasure(a: AnalyzerBase, m: Node, ctx: OverrideSubject['ctx'], merged: OverrideSubject['merged'], name: string, clash: boolean): FoundMember | undefined {
  const bounds = sourceTypeParamBounds(a, m, ctx);
  const tps = kids(field(m, 'type_parameters')!).filter((k) => k.type === 'type_parameter');
  const own = new Map(tps.map((tp, i) => [kids(tp)[0]?.text ?? '', bounds[i]]));
  const src = erasedNames(sourceParamTypes(a, m, ctx), own);
  if (!src) return undefined;
  for (const { decl, subst } of merged.types) {
    for (const mem of decl.members) {
      if (mem.kind !== 'method' || mem.name !== name || !mem.typeParams?.length || mem.modifiers.includes('static') || mem.modifiers.includes('private')) continue;
      const typeVars = a.idx.typeVarsOf(decl);
      if (typeParamsDiffer(bounds, mem, typeVars) !== clash) continue;
      const f: FoundMember = { member: mem, owner: decl, subst };
      const invBounds = new Map(mem.typeParams.map((p) => [p.name, p.bounds.length ? (typeVars.has(p.bounds[0]) ? undefined : p.bounds[0].replace(/<.*$/s, '').split('.').pop()) : 'Object']));
      const inv = erasedNames(a.idx.paramTypes(f), invBounds);
      if (inv && inv.length === src.length && inv.every((x, i) => x === src[i])) return f;
    }
  }
  return undefined;
}

/**
 * A static method with the parameter erasures of an AgentScope instance method it inherits: javac
 * "callAsync(ToolCallParam) in MyTool cannot implement callAsync(ToolCallParam) in AgentTool;
 * overriding method is static" (JLS 8.4.8.2).
 */
function checkStaticOverride(a: AnalyzerBase, m: Node, ctx: OverrideSubject['ctx'], merged: OverrideSubject['merged'], nameNode: Node) {
  const ps = sourceParamTypes(a, m, ctx);
  // (a package-private method of another package is not inherited: a static one beside it hides nothing)
  const f = sameErasureMethods(a, ps, merged, nameNode.text).find(({ f }) => declaredAccess(f))?.f;
  if (!f) return;
  const sig = `${shortName(f.owner.fqn)}.${a.fmtSig(f)}`;
  a.report(nameNode, 'AS018', `static ${nameNode.text}(${ps.map(shortType).join(', ')}) cannot override the instance method ${sig} (AgentScope ${a.idx.version})`, 'drop static', { type: f.owner.fqn, member: nameNode.text });
}

/**
 * The AgentScope instance methods named `name` (not private) whose parameters erase as `ps` do, a
 * generic one by its erasure (`Mono onEvent(HookEvent)` overrides Hook's `<T extends HookEvent>
 * onEvent(T)`), each with those erased parameters.
 */
function sameErasureMethods(a: AnalyzerBase, ps: JType[], merged: OverrideSubject['merged'], name: string): { f: FoundMember; inv: JType[] }[] {
  const out: { f: FoundMember; inv: JType[] }[] = [];
  for (const { decl, subst } of merged.types) {
    for (const mem of decl.members) {
      if (mem.kind !== 'method' || mem.name !== name || mem.modifiers.includes('static') || mem.modifiers.includes('private')) continue;
      const f: FoundMember = { member: mem, owner: decl, subst };
      const inv = eraseMethodTypeVars(a.idx.paramTypes(f), mem, a.idx.typeVarsOf(decl));
      if (sameErasures(ps, inv)) out.push({ f, inv });
    }
  }
  return out;
}

/**
 * Judges the methods of the class; returns the ones whose parameters clash with an AgentScope
 * method's (they override and implement nothing, as javac says: AS004, AS005). `intermediate`
 * names the methods project classes between it and the AgentScope types declare: a clash is not
 * judged for those (what it overrides there is not compared).
 */
export function checkOverrideModifiers(a: AnalyzerBase, { node, ctx, merged, methodDecls }: OverrideSubject, intermediate?: ReadonlySet<string>): Set<number> {
  const clashing = new Set<number>();
  // an interface's methods are public: a redeclaration in a project interface never narrows
  if (node.type === 'interface_declaration') return clashing;
  for (const m of methodDecls) {
    const nameNode = field(m, 'name');
    if (!nameNode) continue;
    const mods = modifierKeywords(m);
    if (mods.has('static')) {
      if (!field(m, 'type_parameters') && !intermediate?.has(nameNode.text)) checkStaticOverride(a, m, ctx, merged, nameNode);
      continue;
    }
    const access = mods.has('public') ? 'public' : mods.has('protected') ? 'protected' : mods.has('private') ? 'private' : 'package';
    let own: string;
    // the AgentScope methods of the same erasure: each is overridden, or clashes; an error either way when it is final or has more access
    const sameErasure: FoundMember[] = [];
    let clash: FoundMember | undefined;
    if (field(m, 'type_parameters')) {
      own = `${nameNode.text}(..)`;
      clash = intermediate?.has(nameNode.text) ? undefined : genericSameErasure(a, m, ctx, merged, nameNode.text, true);
      if (clash) {
        clashing.add(m.id);
        const sig = `${shortName(clash.owner.fqn)}.${a.fmtSig(clash)}`;
        a.report(nameNode, 'AS018', `name clash: ${own} has the same erasure as ${sig}, yet neither overrides the other: their type parameters differ (AgentScope ${a.idx.version})`, `declare the type parameters as ${sig} does, or rename the method`, { type: clash.owner.fqn, member: nameNode.text });
        continue;
      }
      const overridden = genericSameErasure(a, m, ctx, merged, nameNode.text, false);
      if (overridden) sameErasure.push(overridden);
    } else {
      const ps = sourceParamTypes(a, m, ctx);
      own = `${nameNode.text}(${ps.map(shortType).join(', ')})`;
      for (const { f, inv } of sameErasureMethods(a, ps, merged, nameNode.text)) {
        if (!intermediate?.has(nameNode.text) && nameClash(ps, inv)) clash ??= f;
        sameErasure.push(f);
      }
    }
    const finalOne = sameErasure.find((f) => f.member.modifiers.includes('final'));
    let wider: FoundMember | undefined;
    for (const f of sameErasure) {
      const was = declaredAccess(f);
      if (was && ACCESS_RANK[access] < ACCESS_RANK[was] && (!wider || was === 'public')) wider = f;
    }
    // an overridden method that throws no checked exception: the override may not either (JLS 8.4.8.3)
    const throwsNone = sameErasure.find((f) => throwsNoChecked(a, f.member));
    if (clash) {
      clashing.add(m.id);
      const sig = `${shortName(clash.owner.fqn)}.${a.fmtSig(clash)}`;
      a.report(nameNode, 'AS018', `name clash: ${own} has the same erasure as ${sig}, yet neither overrides the other (AgentScope ${a.idx.version})`, `declare the parameters as ${sig} does, or rename the method`, { type: clash.owner.fqn, member: nameNode.text });
    } else if (finalOne) {
      const sig = `${shortName(finalOne.owner.fqn)}.${a.fmtSig(finalOne)}`;
      a.report(nameNode, 'AS018', `${own} cannot override ${sig}: it is final (AgentScope ${a.idx.version})`, `rename the method, or use what ${sig} offers`, { type: finalOne.owner.fqn, member: nameNode.text });
    } else if (wider) {
      const was = declaredAccess(wider);
      const sig = `${shortName(wider.owner.fqn)}.${a.fmtSig(wider)}`;
      a.report(nameNode, 'AS018', `${own} overrides ${sig} with weaker access (${access === 'package' ? 'package-private' : access}; was ${was}) (AgentScope ${a.idx.version})`, `declare it ${was}`, { type: wider.owner.fqn, member: nameNode.text });
    } else if (throwsNone && !intermediate?.has(nameNode.text)) checkOverrideThrows(a, m, ctx, nameNode, own, throwsNone);
  }
  return clashing;
}
