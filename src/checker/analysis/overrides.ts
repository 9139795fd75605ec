/**
 * Overrides and abstract implementations of a class against its AgentScope supertypes: judged only
 * when every direct supertype is an inventory type or a fully known JDK type, at least one is an
 * AgentScope type, and every hierarchy is complete. AS004 and AS005 are in ../rules.
 */
import type { Node } from 'web-tree-sitter';
import type { Hierarchy } from '../inventory-index.js';
import { checkOverrideNothing, checkOverrideOfMissing } from '../rules/override-nothing.js';
import { checkMissingAbstractImpl } from '../rules/missing-abstract-impl.js';
import { checkOverrideReturns } from '../rules/override-return-type.js';
import type { AnalyzerBase } from './base.js';
import type { OverrideSubject } from './method-signatures.js';
import type { ClassCtx, TypeCtx } from './model.js';
import { field, kids } from './syntax.js';

export function checkOverridesAndAbstracts(a: AnalyzerBase, node: Node, cc: ClassCtx, ctx: TypeCtx, anonymous: boolean) {
  const supers = cc.supers.filter((s) => !(s.k === 'class' && s.fqn === 'java.lang.Object'));
  if (supers.length === 0) return;
  const body = anonymous ? (field(node, 'body') ?? kids(node).find((k) => k.type === 'class_body')) : field(node, 'body');
  const methodDecls = body ? kids(body).filter((k) => k.type === 'method_declaration') : [];
  checkOverrideOfMissing(a, supers, methodDecls, cc.superclass !== undefined && a.isMissingImportedType(cc.superclass));
  // every direct supertype must be an inventory type (not redeclared by the sources) or a known JDK type
  let anyAs = false;
  const hs: Hierarchy[] = [];
  for (const s of supers) {
    if (s.k !== 'class') return;
    if (a.idx.type(s.fqn)) {
      anyAs = true;
      hs.push(a.idx.hierarchy(s));
    } else if (a.idx.isJdkKnown(s.fqn)) hs.push(a.idx.hierarchy(s));
    else return;
  }
  if (!anyAs || hs.some((h) => !h.complete)) return;
  const merged: Hierarchy = { types: [], jdk: [], complete: true };
  const seenT = new Set<string>();
  for (const h of hs) {
    for (const t of h.types) {
      if (seenT.has(t.decl.fqn)) continue;
      seenT.add(t.decl.fqn);
      merged.types.push(t);
    }
    for (const j of h.jdk) if (!merged.jdk.includes(j)) merged.jdk.push(j);
  }
  const samePkg = merged.types.some((t) => !a.knowsPackage(t.decl.package));
  const enumBodyDecls = body ? kids(body).find((k) => k.type === 'enum_body_declarations') : undefined;
  if (enumBodyDecls) methodDecls.push(...kids(enumBodyDecls).filter((k) => k.type === 'method_declaration'));
  const subject: OverrideSubject = { node, anonymous, ctx, supers, merged, methodDecls };
  if (!samePkg) subject.badReturns = checkOverrideReturns(a, subject);
  if (!samePkg) checkOverrideNothing(a, subject);
  // a getter Lombok generates can implement an abstract method
  if (!cc.src?.generatedMembers) checkMissingAbstractImpl(a, subject);
}
