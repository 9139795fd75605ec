/**
 * AS008 instance-member-in-static-context (`ReActAgent.call(msg)`, JLS 15.12.3; an instance field
 * or method of the class used in one of its static methods, 8.4.3.2) and AS009
 * static-member-via-instance (a warning, as javac -Xlint:static).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { type JType, shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { Scope, SourceClass } from '../analysis/model.js';
import { field, hasModifier, modifierKeywords } from '../analysis/syntax.js';
import { jdkStaticNames } from '../jdk-results.js';

/**
 * `Type.name(..)` where every method of that name in the hierarchy is an instance method. The JDK
 * supertypes' methods (`close()` of AutoCloseable, `toString()` of Object) are instance methods or
 * interface statics, which a subtype does not inherit; an enum's implicit `values()` and
 * `valueOf(..)` are static (`enumStatic`).
 */
export function checkInstanceViaType(a: AnalyzerBase, nameNode: Node, t: JType & { k: 'class' }, found: FoundMember[], jdkHas: number[], enumStatic: boolean) {
  if (enumStatic || (found.length === 0 && jdkHas.length === 0) || found.some((f) => f.member.modifiers.includes('static'))) return;
  const owner = found[0]?.owner.fqn ?? t.fqn;
  a.report(nameNode, 'AS008', `${shortName(owner)}.${nameNode.text}(…) is an instance method: it cannot be called through the type name ${shortName(t.fqn)}`, `call it on an instance, e.g. a ${shortName(t.fqn)} variable`);
}

/**
 * Is `name` an instance method of the common JDK (or Reactor) type `fqn` (jdk-results.ts lists its
 * static names), `known`: whether the type has a method of that name for the call? `List.stream()`,
 * `String.startsWith("x")`, `Mono.block()` through the type name are "non-static method .. cannot
 * be referenced from a static context".
 */
export function jdkInstanceOnly(fqn: string, name: string, known: (n: string) => boolean): boolean {
  const statics = jdkStaticNames(fqn);
  return !!statics && !statics.has(name) && known(name);
}

/** AS008 for a JDK instance method called through the type name. */
export function reportJdkInstanceViaType(a: AnalyzerBase, nameNode: Node, fqn: string) {
  const name = shortName(fqn);
  a.report(nameNode, 'AS008', `non-static method ${nameNode.text}(..) cannot be referenced from a static context: ${name}.${nameNode.text} is an instance method`, `call it on a ${name} value, not on the type`);
}

/** `Helper.run()` where every `run` the source class declares is an instance method. */
export function reportSourceInstanceViaType(a: AnalyzerBase, nameNode: Node, sc: SourceClass) {
  a.report(nameNode, 'AS008', `non-static method ${nameNode.text}(..) cannot be referenced from a static context: ${sc.name}.${nameNode.text} is an instance method`, `call it on a ${sc.name} instance, or declare it static`);
}

/** `expr.name(..)` where the chosen method, and every one of that name, is static. */
export function checkStaticViaInstance(a: AnalyzerBase, nameNode: Node, chosen: FoundMember | undefined, found: FoundMember[]) {
  if (chosen?.member.modifiers.includes('static') && found.every((f) => f.member.modifiers.includes('static'))) {
    const name = nameNode.text;
    a.report(nameNode, 'AS009', `${shortName(chosen.owner.fqn)}.${name}(…) is static: calling it through an instance hides that (javac -Xlint:static)`, `call ${shortName(chosen.owner.fqn)}.${name}(…)`);
  }
}

/**
 * The class whose static method encloses `scope` directly (not through a local or anonymous class
 * declared in it, whose own members are another matter), when that method is `static`.
 */
function staticMethodOf(a: AnalyzerBase, scope: Scope): SourceClass | undefined {
  const m = a.methodStack[a.methodStack.length - 1];
  const sc = scope.ctx.cls?.src;
  if (!m || !sc || (sc.kind !== 'class' && sc.kind !== 'enum') || !modifierKeywords(m).has('static')) return undefined;
  const owner = m.parent?.type === 'enum_body_declarations' ? m.parent.parent?.parent : m.parent?.parent;
  return owner?.id === sc.node.id ? sc : undefined;
}

/** Is `name` a local or parameter of the scopes up to the class's (a lambda's parameter too)? */
function localName(name: string, scope: Scope): boolean {
  for (let s: Scope | undefined = scope; s && !s.classBoundary; s = s.parent) if (s.vars.has(name)) return true;
  return false;
}

/** The field declaration of `name` in the body of `sc`, if it declares one. */
function ownField(sc: SourceClass, name: string): Node | undefined {
  // (through the field's type, whose parent is its declaration: in a large run's copy of another file's class too)
  const decl = sc.fieldNodes.get(name)?.type.parent;
  return decl?.type === 'field_declaration' ? decl : undefined;
}

/**
 * `memory.getMessages()` in a `static` method of the class that declares the instance field
 * `memory`: javac's "non-static variable memory cannot be referenced from a static context" (JLS
 * 8.4.3.2). Judged for a simple name that no local, parameter or pattern of the method declares,
 * naming a field the class itself, or a superclass of the sources, declares without `static`.
 */
export function checkInstanceFieldInStatic(a: AnalyzerBase, node: Node, scope: Scope, superOf: SuperOf) {
  const name = node.text;
  const from = staticMethodOf(a, scope);
  if (!from || localName(name, scope)) return;
  // a field inherited from a superclass of the sources (`static void s() { count++; }` in a subclass)
  const inherited = from.fieldNodes.has(name) ? undefined : declaringSuper(from, (c) => c.fieldNodes.has(name), superOf);
  const superField = inherited && ownField(inherited, name);
  if (superField && !hasModifier(superField, 'static')) {
    a.report(node, 'AS008', `non-static variable ${name} cannot be referenced from a static context: ${inherited!.name}.${name}, which ${from.name} inherits, is an instance field`, `make the method an instance method, or pass the value in as a parameter`);
    return;
  }
  // the class that declares the field: the method's own, or one enclosing it (a @Nested test class's
  // static method and its outer class's field) through classes that have no supertype to inherit one from
  let owner = scope.ctx.cls?.src;
  while (owner && !owner.fieldNodes.has(name)) owner = !field(owner.node, 'superclass') && !field(owner.node, 'interfaces') ? owner.outer : undefined;
  const decl = owner && ownField(owner, name);
  if (!decl || hasModifier(decl, 'static')) return;
  a.report(node, 'AS008', `non-static variable ${name} cannot be referenced from a static context: ${owner!.name}.${name} is an instance field`, `make the method an instance method, or pass the value in as a parameter`);
}

/** `this` or `super` in a `static` method of the class (not in an anonymous or local class inside it): javac's "non-static variable this cannot be referenced from a static context". */
export function checkThisInStatic(a: AnalyzerBase, node: Node, scope: Scope) {
  if (!staticMethodOf(a, scope)) return;
  a.report(node, 'AS008', `non-static variable ${node.type} cannot be referenced from a static context: a static method has no instance`, `make the method an instance method, or pass the instance in as a parameter`);
}

/** The superclass of a source class where the sources declare it; undefined for none, a JDK or a library class. */
export type SuperOf = (sc: SourceClass) => SourceClass | undefined;

/**
 * The class up the superclass chain of `sc` (itself left out) that `has` the member, where nothing
 * else could supply it: each class on the way a class of the sources that implements no interface
 * (whose constants and defaults would be candidates too) and shows all its members (no Lombok).
 */
function declaringSuper(sc: SourceClass, has: (c: SourceClass) => boolean, superOf: SuperOf): SourceClass | undefined {
  let c: SourceClass | undefined = sc;
  for (let depth = 0; c && depth < 8; depth++) {
    if (c.generatedMembers || field(c.node, 'interfaces')) return undefined;
    if (c !== sc && has(c)) return c;
    c = superOf(c);
  }
  return undefined;
}

/**
 * `reset()` in a `static` method of a class that inherits `reset` from a superclass of the sources
 * whose every method of that name is an instance one: "non-static method reset() cannot be
 * referenced from a static context". `onlyMethodNamed`: the declaring class's own supertypes have none.
 */
export function checkInheritedMethodInStatic(a: AnalyzerBase, nameNode: Node, scope: Scope, superOf: SuperOf, onlyMethodNamed: (sc: SourceClass) => boolean): boolean {
  const from = staticMethodOf(a, scope);
  const name = nameNode.text;
  const d = from && !from.methodNodes.has(name) ? declaringSuper(from, (c) => c.methodNodes.has(name), superOf) : undefined;
  const ms = d?.methodNodes.get(name);
  if (!d || !ms?.length || ms.some((m) => m.type !== 'method_declaration' || hasModifier(m, 'static')) || !onlyMethodNamed(d)) return false;
  a.report(nameNode, 'AS008', `non-static method ${name}(..) cannot be referenced from a static context: ${d.name}.${name}, which ${from!.name} inherits, is an instance method`, `make the calling method an instance method, or call it on an instance`);
  return true;
}

/** Object's methods that take no argument: every class has them as instance methods, and no class can have a static one of that signature. */
const OBJECT_NULLARY: ReadonlySet<string> = new Set(['toString', 'hashCode', 'getClass', 'notify', 'notifyAll', 'wait']);

/**
 * `toString()`, `hashCode()`, `getClass()` unqualified in a `static` method: the class's own or
 * inherited instance method, always (a static method of that signature would clash with Object's).
 */
export function checkObjectMethodInStatic(a: AnalyzerBase, nameNode: Node, scope: Scope, argc: number): boolean {
  const from = argc === 0 && OBJECT_NULLARY.has(nameNode.text) ? staticMethodOf(a, scope) : undefined;
  if (!from) return false;
  a.report(nameNode, 'AS008', `non-static method ${nameNode.text}() cannot be referenced from a static context: every ${from.name} has its own ${nameNode.text}(), a static method has no ${from.name}`, `call it on an instance, e.g. ${nameNode.text === 'getClass' ? `${from.name}.class` : `instance.${nameNode.text}()`}`);
  return true;
}

/**
 * `getName()` in a `static` method of a class that inherits it from an AgentScope supertype where
 * every method of that name is an instance one (`found`: the supertype's, none static).
 */
export function checkInheritedApiMethodInStatic(a: AnalyzerBase, nameNode: Node, scope: Scope, cls: SourceClass, found: FoundMember[]): boolean {
  if (staticMethodOf(a, scope) !== cls || cls.generatedMembers || !found.length || found.some((f) => f.member.modifiers.includes('static'))) return false;
  a.report(nameNode, 'AS008', `non-static method ${nameNode.text}(..) cannot be referenced from a static context: ${shortName(found[0].owner.fqn)}.${nameNode.text}, which ${cls.name} inherits, is an instance method`, `make the calling method an instance method, or call it on an instance`);
  return true;
}

/**
 * `reset()` in a `static` method of a class whose every method `reset` is an instance one (and no
 * supertype has one): "non-static method reset() cannot be referenced from a static context".
 */
export function checkInstanceMethodInStatic(a: AnalyzerBase, nameNode: Node, scope: Scope, found: SourceClass, inheritsNone: (sc: SourceClass) => boolean) {
  const within = staticMethodOf(a, scope);
  const ms = within?.methodNodes.get(nameNode.text);
  if (!within || within !== found || !ms?.length || within.generatedMembers) return;
  if (ms.some((m) => m.type !== 'method_declaration' || hasModifier(m, 'static')) || !inheritsNone(within)) return;
  a.report(nameNode, 'AS008', `non-static method ${nameNode.text}(..) cannot be referenced from a static context: ${within.name}.${nameNode.text} is an instance method`, `make the calling method an instance method, or ${nameNode.text}(..) static`);
}
