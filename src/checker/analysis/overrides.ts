/**
 * Overrides and abstract implementations of a class against its AgentScope supertypes: judged only
 * when every direct supertype is an inventory type or a fully known JDK type, at least one is an
 * AgentScope type, and every hierarchy is complete. AS004 and AS005 are in ../rules.
 */
import type { SyntaxNode as Node } from './syntax-tree.js';
import type { Hierarchy } from '../inventory-index.js';
import { checkOverrideNothing, checkOverrideOfMissing } from '../rules/override-nothing.js';
import { checkMissingAbstractImpl } from '../rules/missing-abstract-impl.js';
import { unresolvedTypeName } from '../rules/unresolved-type-name.js';
import { checkOverrideReturns } from '../rules/override-return-type.js';
import { checkOverrideModifiers } from '../rules/override-modifiers.js';
import type { AnalyzerBase } from './base.js';
import { type OverrideSubject, type SourceImpl, signatureMentionsMissing, sourceParamTypes } from './method-signatures.js';
import type { JType } from '../jtype.js';
import type { ClassCtx, TypeCtx } from './model.js';
import { field, kids, modifierKeywords } from './syntax.js';

export function checkOverridesAndAbstracts(a: AnalyzerBase, node: Node, cc: ClassCtx, ctx: TypeCtx, anonymous: boolean) {
  const body = anonymous ? (field(node, 'body') ?? kids(node).find((k) => k.type === 'class_body')) : field(node, 'body');
  const methodDecls = body ? kids(body).filter((k) => k.type === 'method_declaration') : [];
  // every supertype a name javac cannot resolve (AS011, `new AgentTool() {..}` without its import): erroneous, as a failed import's
  const unresolved = unresolvedSupertypes(a, node, ctx);
  if (unresolved) {
    checkOverrideOfMissing(a, unresolved.names, methodDecls, unresolved.superclass, true);
    return;
  }
  const supers = cc.supers.filter((s) => !(s.k === 'class' && s.fqn === 'java.lang.Object'));
  if (supers.length === 0) return;
  checkOverrideOfMissing(a, supers, methodDecls, cc.superclass !== undefined && a.isMissingImportedType(cc.superclass));
  if (supers.some((s) => s.k === 'class' && !a.idx.type(s.fqn) && !a.idx.isJdkKnown(s.fqn) && a.srcByFqn.has(s.fqn))) {
    checkThroughSourceSupers(a, node, cc, ctx, anonymous, supers, methodDecls);
    return;
  }
  // every direct supertype must be an inventory type (not redeclared by the sources) or a known JDK type
  if (supers.some((s) => s.k !== 'class' || !(a.idx.type(s.fqn) || a.idx.isJdkKnown(s.fqn)))) return;
  const merged = mergedHierarchy(a, supers);
  if (!merged) return;
  const samePkg = merged.types.some((t) => !a.knowsPackage(t.decl.package));
  const enumBodyDecls = body ? kids(body).find((k) => k.type === 'enum_body_declarations') : undefined;
  if (enumBodyDecls) methodDecls.push(...kids(enumBodyDecls).filter((k) => k.type === 'method_declaration'));
  // A method whose signature holds a type whose import failed: javac finds what it overrides (the
  // erroneous type matches any, sourceParamTypes), but judges neither its result (checkOverrideReturns
  // skips it) nor a clash of generic parameters.
  const subject: OverrideSubject = { node, anonymous, ctx, supers, merged, methodDecls };
  if (!samePkg) subject.badReturns = checkOverrideReturns(a, subject);
  if (!samePkg) subject.badReturns = union(subject.badReturns, checkOverrideModifiers(a, { ...subject, methodDecls: methodDecls.filter((m) => !signatureMentionsMissing(a, m, ctx)) }));
  if (!samePkg) checkOverrideNothing(a, subject);
  // a getter Lombok generates can implement an abstract method
  if (!cc.src?.generatedMembers) checkMissingAbstractImpl(a, subject);
}

/**
 * The supertypes of a class (or of an anonymous class) when each is written as a simple name that
 * AS011 reports (it resolves to nothing, and names an AgentScope type); undefined otherwise.
 * `superclass`: the class extends one of them (javac then gives it not even Object's methods).
 */
function unresolvedSupertypes(a: AnalyzerBase, node: Node, ctx: TypeCtx): { names: JType[]; superclass: boolean } | undefined {
  const written: Node[] = [];
  let superclass = false;
  if (node.type === 'object_creation_expression') {
    const t = field(node, 'type');
    if (t) written.push(t);
    superclass = true;
  } else {
    const ext = field(node, 'superclass');
    if (ext) {
      written.push(...kids(ext));
      superclass = true;
    }
    for (const list of kids(node).filter((k) => k.type === 'super_interfaces' || k.type === 'extends_interfaces')) for (const l of kids(list)) written.push(...(l.type === 'type_list' ? kids(l) : [l]));
  }
  if (!written.length) return undefined;
  // javac resolves them where the class is declared: its own members (inherited from them) aside
  const where: TypeCtx = { ...ctx, cls: ctx.cls?.outer };
  const names: JType[] = [];
  for (const w of written) {
    const simple = w.type === 'generic_type' ? kids(w)[0] : w;
    if (simple?.type !== 'type_identifier' || a.resolveSimple(simple.text, where) || !unresolvedTypeName(a, simple, where)) return undefined;
    names.push({ k: 'class', fqn: simple.text, args: [] });
  }
  return { names, superclass };
}

/** The merged hierarchy of inventory and known JDK types, when at least one is an AgentScope type and every one is complete. */
function mergedHierarchy(a: AnalyzerBase, types: JType[]): Hierarchy | undefined {
  const hs = types.map((t) => a.idx.hierarchy(t));
  if (!types.some((t) => t.k === 'class' && a.idx.type(t.fqn)) || hs.some((h) => !h.complete)) return undefined;
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
  return merged;
}

/**
 * The project's classes and interfaces between a class and AgentScope's types (`class T1 extends T0`,
 * `abstract class T0 implements AgentTool`): the inventory and known JDK types they reach, and the
 * methods they implement (a class's concrete instance methods, an interface's default methods),
 * and the names of all the methods they declare.
 * Undefined when any supertype on the way is neither (a JDK or third-party class, a Lombok class,
 * an unresolved name).
 */
function sourceChain(a: AnalyzerBase, supers: JType[]): { reached: JType[]; impls: SourceImpl[]; names: Set<string> } | undefined {
  const reached: JType[] = [];
  const impls: SourceImpl[] = [];
  const names = new Set<string>();
  const seen = new Set<string>();
  const walk = (t: JType, depth: number): boolean => {
    if (t.k !== 'class' || depth > 16) return false;
    if (a.idx.type(t.fqn) || a.idx.isJdkKnown(t.fqn)) {
      reached.push(t);
      return true;
    }
    const sc = a.srcByFqn.get(t.fqn);
    if (!sc || sc.generatedMembers || (sc.kind !== 'class' && sc.kind !== 'interface')) return false;
    if (seen.has(sc.fqn)) return true;
    seen.add(sc.fqn);
    const sctx = a.classTypeCtx(sc);
    for (const [name, ms] of sc.methodNodes) {
      names.add(name);
      for (const m of ms) {
        if (m.type !== 'method_declaration' || !field(m, 'body')) continue;
        const mods = modifierKeywords(m);
        if (mods.has('static') || mods.has('abstract') || (sc.kind === 'interface' && !mods.has('default'))) continue;
        impls.push({ name: field(m, 'name')?.text ?? '', ps: sourceParamTypes(a, m, sctx) });
      }
    }
    return a.sourceSupers(sc).every((s) => walk(s, depth + 1));
  };
  return supers.every((s) => walk(s, 0)) ? { reached, impls, names } : undefined;
}

/**
 * A class whose supertypes are the project's own (`class T1 extends T0`) down to AgentScope's:
 * AS005 when every supertype on the way is fully known, with the project classes' methods as
 * implementations; AS015 against the AgentScope methods, and AS004 for a method whose name no
 * project class on the way declares.
 */
function checkThroughSourceSupers(a: AnalyzerBase, node: Node, cc: ClassCtx, ctx: TypeCtx, anonymous: boolean, supers: JType[], methodDecls: Node[]) {
  if (cc.src?.generatedMembers) return;
  const chain = sourceChain(a, supers);
  const merged = chain && mergedHierarchy(a, chain.reached);
  if (!chain || !merged) return;
  const subject: OverrideSubject = { node, anonymous, ctx, supers, merged, methodDecls, inherited: chain.impls };
  if (merged.types.every((t) => a.knowsPackage(t.decl.package))) {
    // a result that cannot be the AgentScope method's cannot be a project class's in between either
    // (that one's is the AgentScope one's or a subtype of it)
    subject.badReturns = checkOverrideReturns(a, subject);
    subject.badReturns = union(subject.badReturns, checkOverrideModifiers(a, subject, chain.names));
    // what a project class in between declares may be what a method overrides: only other names are judged
    checkOverrideNothing(a, { ...subject, methodDecls: methodDecls.filter((m) => !chain.names.has(field(m, 'name')?.text ?? '')) });
  }
  checkMissingAbstractImpl(a, subject);
}

function union(x: ReadonlySet<number> | undefined, y: ReadonlySet<number>): ReadonlySet<number> {
  return x?.size ? new Set([...x, ...y]) : y;
}
