/**
 * AS005 missing-abstract-impl: a concrete class, record or anonymous class that does not implement
 * an abstract method of its (fully known) AgentScope supertypes.
 */
import type { JType } from '../jtype.js';
import { shortName } from '../jtype.js';
import { shortType } from '../expr-types.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { eraseMethodTypeVars, OBJECT_METHODS, type OverrideSubject, sameParams, sourceParamTypes, sourceTypeParamBounds, typeParamsDiffer } from '../analysis/method-signatures.js';
import { field, kids, modifierKeywords } from '../analysis/syntax.js';
import { jdkMayImplement } from '../inventory-index.js';
import { nameClash } from './override-modifiers.js';

export function checkMissingAbstractImpl(a: AnalyzerBase, { node, anonymous, ctx, supers, merged, methodDecls, badReturns, inherited }: OverrideSubject) {
  const isConcrete =
    anonymous ||
    node.type === 'record_declaration' ||
    (node.type === 'class_declaration' && !modifierKeywords(node).has('abstract'));
  if (!isConcrete || node.type === 'enum_declaration') return;
  // a method whose return type clashes (AS015) implements nothing
  const own: { name: string; ps: JType[]; abstract: boolean; bounds?: (string | undefined)[] }[] = methodDecls
    .filter((m) => !badReturns?.has(m.id))
    .map((m) => ({ name: field(m, 'name')?.text ?? '', ps: sourceParamTypes(a, m, ctx), abstract: (kids(m).find((k) => k.type === 'modifiers')?.text ?? '').includes('abstract'), bounds: sourceTypeParamBounds(a, m, ctx) }));
  if (node.type === 'record_declaration') {
    const params = field(node, 'parameters');
    for (const p of params ? kids(params) : []) {
      const n = field(p, 'name');
      if (n) own.push({ name: n.text, ps: [], abstract: false });
    }
  }
  const concrete = a.idx.concreteMethods(merged);
  const missing: string[] = [];
  let first: { type: string; member: string } | undefined;
  const seenSig = new Set<string>();
  for (const am of a.idx.abstractMethods(merged)) {
    if (OBJECT_METHODS.some(([n, ar]) => n === am.name && ar === am.arity)) continue;
    // a JDK supertype's method of that name may implement it (Throwable.getMessage())
    if (am.member && merged.jdk.some((j) => jdkMayImplement(j, am.name, am.arity))) continue;
    const owner = a.idx.type(am.owner);
    const declared = am.member ? a.idx.paramTypes({ member: am.member, owner: owner!, subst: am.subst ?? new Map() }) : undefined;
    // its own type variables erased to their bounds: `onEvent(String)` implements no `<T extends HookEvent> onEvent(T)`
    const aps = declared && am.member && owner ? eraseMethodTypeVars(declared, am.member, a.idx.typeVarsOf(owner)) : declared;
    const matches = (name: string, ps: JType[]) => name === am.name && (aps ? sameParams(ps, aps) : ps.length === am.arity);
    if (own.some((o) => !o.abstract && matches(o.name, o.ps) && !(o.bounds && owner && typeParamsDiffer(o.bounds, am.member, a.idx.typeVarsOf(owner))))) continue;
    // a project class's method in between implements it, unless its generic parameters clash with it (AS018)
    if (inherited?.some((o) => matches(o.name, o.ps) && !(aps && nameClash(o.ps, aps)))) continue;
    if (concrete.some((c) => matches(c.member.name, a.idx.paramTypes(c)))) continue;
    const sig = am.member ? `${shortName(am.owner)}.${a.fmtSig({ member: am.member, owner: a.idx.type(am.owner)!, subst: am.subst ?? new Map() })}` : `${am.owner}.${am.name}`;
    if (seenSig.has(sig)) continue;
    seenSig.add(sig);
    missing.push(sig);
    first ??= { type: am.owner, member: am.name };
  }
  if (missing.length) {
    const at = anonymous ? node : (field(node, 'name') ?? node);
    const who = anonymous ? `anonymous ${supers.map(shortType).join(', ')}` : `class ${field(node, 'name')?.text}`;
    a.report(at, 'AS005', `${who} does not implement abstract method${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (AgentScope ${a.idx.version})`, `implement ${missing.join(', ')}, or declare the class abstract`, first);
  }
}
