/**
 * AS011 unresolved-type-name: a simple type name that resolves to nothing and resembles an
 * AgentScope type (`Msgs msg`, `new Toolit(..)`, `@ToolParams`).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import { cls } from '../jtype.js';
import { JAVA_LANG_TYPES, resemblingTypes } from '../names.js';
import { STATIC_ONLY_CLASSES } from '../expr-types.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { type FileUnit, isAsName, liveTree, type TypeCtx } from '../analysis/model.js';
import { CLASS_DECLS, collectNames, field, kids } from '../analysis/syntax.js';
import { libraryPackageLacks, listedPackage, listedPackageType } from '../package-types.js';


/**
 * AS011: a simple type name javac cannot resolve (not a type variable, not a member type of an
 * enclosing class, not imported, not in the package, not in java.lang) that resembles an
 * AgentScope type. Only when every place it could come from is fully known.
 */
export function checkUnresolvedTypeName(a: AnalyzerBase, node: Node, ctx: TypeCtx) {
  const v = unresolvedTypeName(a, node, ctx);
  if (v) a.report(node, 'AS011', v.message, v.suggestion);
}

/** AS011's verdict on the simple type name `node`: what it reports, or undefined when the name may resolve. */
export function unresolvedTypeName(a: AnalyzerBase, node: Node, ctx: TypeCtx): { message: string; suggestion: string } | undefined {
  const name = node.text;
  if (name === 'var' || ctx.typeVars.has(name) || JAVA_LANG_TYPES.has(name)) return;
  const u = ctx.unit;
  // library code may name package-private types of an inventory package: judged only with the
  // package-private supplement; a package the inventory has no type in holds only the checked sources' types
  if (isAsName(u.pkg) && a.idx.byPackage.has(u.pkg) && !a.idx.packagePrivateKnown) return;
  // declared anywhere in the checked sources (local classes, type parameters of generic methods included)?
  if (declaredTypeNames(u).has(name)) return;
  for (const sc of a.srcByFqn.values()) if (sc.name === name) return;
  for (let c = ctx.cls; c; c = c.outer) {
    const owners = c.src ? [cls(c.fqn)] : c.supers;
    for (const o of owners) if (o.k !== 'class' || a.memberType(o.fqn, name) !== undefined) return;
  }
  if (u.imports.single.has(name) || a.srcByPkg.get(u.pkg)?.has(name) || a.idx.byPackage.get(u.pkg)?.has(name)) return;
  for (const p of u.imports.onDemand) {
    if (a.idx.byPackage.has(p)) continue; // an inventory package: its public types are known
    if (listedPackage(p) && !listedPackageType(p, name)) continue; // a JDK package: its public top-level types are listed (jdk-types.ts)
    if (libraryPackageLacks(p, name)) continue; // a library package listed whole (library-types.ts)
    if (a.hasType(p) && a.memberType(p, name) === undefined) continue;
    return; // a JDK or third-party package: could hold anything
  }
  for (const p of [...(u.imports.staticSingle.get(name) ?? []), ...u.imports.staticOnDemand]) {
    if (STATIC_ONLY_CLASSES.has(p)) continue; // assertion/mocking classes with no member types
    if (!a.hasType(p) || a.memberType(p, name) !== undefined) return;
  }
  // last: the comparison with every AgentScope simple name costs more than all the checks above
  const near = resemblingTypes(name, a.idx.simpleNames.keys());
  if (!near.length) {
    // a JDK or Reactor type AgentScope code uses, not imported (`Flux<AgentEvent>` without `import reactor.core.publisher.Flux`)
    const from = a.packagesComplete ? IMPORTABLE.filter((p) => (p in REACTOR_TYPES ? REACTOR_TYPES[p].includes(name) : listedPackageType(p, name))) : [];
    return from.length ? { message: `${name} is not imported: it resolves to nothing in this file`, suggestion: `import ${from.map((p) => `${p}.${name}`).join(' or ')};` } : undefined;
  }
  const fqns = near.flatMap((n) => (a.idx.simpleNames.get(n) ?? []).map((d) => d.fqn)).slice(0, 5);
  const exact = near.includes(name);
  return {
    message: exact ? `${name} is not imported: it resolves to nothing in this file (AgentScope ${a.idx.version} has ${fqns.join(', ')})` : `cannot find type ${name}: not imported, not in package ${u.pkg || '(default)'}, not in java.lang`,
    suggestion: exact ? `import ${fqns[0]};` : `did you mean ${fqns.join(', ')}?`,
  };
}

/** The packages a missing import of AgentScope code most often comes from (the JDK ones' types are listed, jdk-types.ts). */
const REACTOR_TYPES: Readonly<Record<string, readonly string[]>> = {
  'reactor.core.publisher': ['Mono', 'Flux', 'Sinks'],
  'reactor.core.scheduler': ['Schedulers'],
};
const IMPORTABLE = ['java.util', 'java.util.function', 'java.util.concurrent', 'java.util.stream', 'java.time', ...Object.keys(REACTOR_TYPES)];

/** Every type and type-parameter name declared anywhere in a file (local classes, generic methods of anonymous classes too). */
const declaredNames = new WeakMap<FileUnit, Set<string>>();
function declaredTypeNames(u: FileUnit): Set<string> {
  let names = declaredNames.get(u);
  if (names) return names;
  names = collectNames(liveTree(u).rootNode, (n) => {
    if (!CLASS_DECLS.has(n.type) && n.type !== 'type_parameter') return undefined;
    return (n.type === 'type_parameter' ? kids(n).find((k) => k.type === 'type_identifier' || k.type === 'identifier') : field(n, 'name'))?.text;
  });
  declaredNames.set(u, names);
  return names;
}

