/**
 * AS004 override-nothing: `@Override` on a method that overrides nothing in the class's (fully
 * known) supertypes. Parameters are compared by count and erased simple type names; reported at
 * the annotation, like javac.
 */
import { suggest } from '../../core/suggest.js';
import { curatedFor } from '../curated.js';
import { type FoundMember, knownJdkMethod } from '../inventory-index.js';
import { type JType, shortName } from '../jtype.js';
import { shortType } from '../expr-types.js';
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { eraseMethodTypeVars, OBJECT_METHODS, type OverrideSubject, sameParams, sourceParamTypes, sourceTypeParamBounds, typeParamsDiffer } from '../analysis/method-signatures.js';
import { annotationNames, field, kids } from '../analysis/syntax.js';

export function checkOverrideNothing(a: AnalyzerBase, { ctx, supers, merged, methodDecls, badReturns }: OverrideSubject) {
  const jdkMethods = (name: string, arity: number) =>
    OBJECT_METHODS.some(([n, ar]) => n === name && ar === arity) ||
    merged.jdk.some((j) => knownJdkMethod(j, name, arity));
  for (const m of methodDecls) {
    if (!annotationNames(m).includes('Override')) continue;
    const nameNode = field(m, 'name');
    if (!nameNode) continue;
    const name = nameNode.text;
    const ps = sourceParamTypes(a, m, ctx);
    if (jdkMethods(name, ps.length)) continue;
    const cands: FoundMember[] = [];
    for (const { decl, subst } of merged.types) for (const mem of decl.members) if (mem.kind === 'method' && mem.name === name && !mem.modifiers.includes('static') && !mem.modifiers.includes('private')) cands.push({ member: mem, owner: decl, subst });
    // a method whose return type clashes (AS015) overrides nothing either, as javac says at the annotation
    const bounds = sourceTypeParamBounds(a, m, ctx);
    if (!badReturns?.has(m.id) && cands.some((c) => sameParams(ps, eraseMethodTypeVars(a.idx.paramTypes(c), c.member, a.idx.typeVarsOf(c.owner))) && !typeParamsDiffer(bounds, c.member, a.idx.typeVarsOf(c.owner)))) continue;
    const supersTxt = supers.map((s) => shortType(s)).join(', ');
    const sug = cands.length
      ? `the ${a.idx.version} signature${cands.length > 1 ? 's are' : ' is'} ${cands.map((c) => `${shortName(c.owner.fqn)}.${a.fmtSig(c)}`).join('; ')}`
      : (() => {
          const cur = curatedFor(a.idx, merged.types.map((t) => t.decl.fqn), name);
          const near = suggest(name, merged.types.flatMap((t) => t.decl.members.filter((x) => x.kind === 'method').map((x) => x.name)));
          return [cur ? cur.instead : '', near.length ? `did you mean ${near.join(', ')}?` : ''].filter(Boolean).join('; ') || undefined;
        })();
    const overrideAnn =
      kids(kids(m).find((k) => k.type === 'modifiers') ?? m).find((x) => (x.type === 'marker_annotation' || x.type === 'annotation') && /(^|\.)Override$/.test(field(x, 'name')?.text ?? '')) ?? nameNode;
    a.report(overrideAnn, 'AS004', `${name}(${ps.map(shortType).join(', ')}) is annotated @Override but overrides nothing in ${supersTxt} (AgentScope ${a.idx.version})`, sug, merged.types[0] && { type: merged.types[0].decl.fqn, member: name });
  }
}

/**
 * With `importUses`: every supertype of the class is a type whose import does not exist. javac
 * gives such a supertype no members, so each `@Override` overrides nothing -- not even an Object
 * method when the missing type is the superclass; reported at the annotation, like javac.
 */
export function checkOverrideOfMissing(a: AnalyzerBase, supers: JType[], methodDecls: Node[], superclassMissing: boolean, unresolved = false) {
  if (!supers.length || (!unresolved && !supers.every((s) => a.isMissingImportedType(s)))) return;
  const names = supers.map(shortType).join(', ');
  for (const m of methodDecls) {
    const nameNode = field(m, 'name');
    const params = field(m, 'parameters');
    if (!nameNode || !annotationNames(m).includes('Override')) continue;
    if (!superclassMissing && OBJECT_METHODS.some(([n, ar]) => n === nameNode.text && ar === (params ? kids(params).length : 0))) continue;
    const ann = kids(kids(m).find((k) => k.type === 'modifiers') ?? m).find((x) => /(^|\.)Override$/.test(field(x, 'name')?.text ?? '')) ?? nameNode;
    const what = unresolved ? `its supertype ${names} resolves to nothing in this file` : `its supertype ${names} does not exist in AgentScope ${a.idx.version}`;
    a.report(ann, 'AS004', `${nameNode.text}(..) is annotated @Override but ${what}`, undefined, unresolved ? undefined : { type: (supers[0] as JType & { k: 'class' }).fqn, member: nameNode.text });
  }
}
