/**
 * AS002 unknown-member: a method, field, enum constant or static import not declared on an
 * AgentScope type or its (fully known) supertypes; the suggestion comes from the curated table
 * first, then the nearest member names.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { Member, TypeDecl } from '../../inventory/schema.js';
import { suggest } from '../../core/suggest.js';
import { curatedFor } from '../curated.js';
import type { Hierarchy } from '../inventory-index.js';
import { innermost, type JType, shortName } from '../jtype.js';
import { simple } from '../applicability.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { ClassCtx, SourceClass } from '../analysis/model.js';

export function reportMissingMember(a: AnalyzerBase, node: Node, t: JType & { k: 'class' }, name: string, what: 'method' | 'field' | 'member', h: Hierarchy) {
  const types = h.types.map((x) => x.decl.fqn);
  const cur = curatedFor(a.idx, types, name);
  const kinds: Member['kind'][] = what === 'method' ? ['method'] : what === 'field' ? ['field', 'enumConstant'] : ['method', 'field', 'enumConstant'];
  const near = suggest(name, a.idx.memberNames(t, kinds));
  // `reply.textContent`: the value is read through its getter
  const getters = what === 'field' && name ? accessorsOf(name, a.idx.memberNames(t, ['method'])) : [];
  const parts: string[] = [];
  if (cur) parts.push(/^(not|this) /.test(cur.instead) ? cur.instead : `use ${cur.instead}`);
  if (getters.length) parts.push(`did you mean ${getters.map((g) => `${g}()`).join(', ')}?`);
  else if (near.length) parts.push(`did you mean ${near.map((n) => (what === 'method' ? `${n}()` : n)).join(', ')}?`);
  if (!parts.length) parts.push(`see \`agentscope api ${shortName(t.fqn)}\` for what ${a.idx.version} declares`);
  const label = what === 'method' ? `method ${name}()` : what === 'field' ? `field or constant ${name}` : `member ${name}`;
  a.report(node, 'AS002', `${shortName(t.fqn)} has no ${label} in AgentScope ${a.idx.version}`, parts.join('; ') || undefined, { type: t.fqn, member: name });
}

/**
 * A protected AgentScope field or method used from outside its package by code in no subclass of
 * its owner (Scopes.protectedOutOfReach): javac's "has protected access" (JLS 6.6.2).
 */
export function reportProtectedAccess(a: AnalyzerBase, node: Node, owner: string, name: string, what: 'method' | 'field') {
  a.report(node, 'AS002', `${what === 'method' ? `${name}()` : name} has protected access in ${shortName(owner)}: only its package and its subclasses reach it (AgentScope ${a.idx.version})`, `use a public member of ${shortName(owner)} (\`agentscope api ${shortName(owner)}\`)`, { type: owner, member: name });
}

/** A private member of a class the checked sources declare, reached from outside its top-level class. */
export function reportPrivateAccess(a: AnalyzerBase, node: Node, owner: SourceClass, name: string, what: 'method' | 'field') {
  a.report(node, 'AS002', `${what === 'method' ? `${name}(..)` : name} has private access in ${owner.name}: only ${owner.outer ? 'the top-level class around it' : 'its own class'} reaches it`, `make ${name} package-private or public in ${owner.name}, or reach it through a method of ${owner.name}`);
}

/**
 * An unqualified call `name(..)` no enclosing class declares or inherits and no static import
 * brings (Scopes.methodNowhere), as javac reports it: "cannot find symbol". Most often a static
 * call whose type was left out (`builder()` for `ReActAgent.builder()`): the fix names the types
 * the file imports that have a static method of that name.
 */
export function reportUnresolvedCall(a: AnalyzerBase, node: Node, name: string, cc: ClassCtx) {
  const imp = a.unit.imports;
  const hasStatic = (d: TypeDecl) => d.members.some((m) => m.kind === 'method' && m.name === name && m.modifiers.includes('static'));
  // the types imported by name first, then those of the packages imported on demand
  const named = [...imp.single.values()].map((f) => a.idx.type(f)).filter((d): d is TypeDecl => d !== undefined && hasStatic(d));
  const onDemand = named.length ? [] : imp.onDemand.flatMap((pkg) => [...(a.idx.byPackage.get(pkg)?.values() ?? [])].filter(hasStatic));
  const owners = [...new Set([...named, ...onDemand].map((d) => shortName(d.fqn)))].slice(0, 3);
  const near = suggest(name, [...cc.methods.keys(), ...(cc.src?.methodNodes.keys() ?? [])]);
  const fix = owners.length ? `did you mean ${owners.map((o) => `${o}.${name}(..)`).join(' or ')}?` : near.length ? `did you mean ${near.map((n) => `${n}()`).join(', ')}?` : undefined;
  a.report(node, 'AS002', `cannot find symbol: method ${name}(..): neither ${shortName(cc.fqn)} nor an enclosing class declares or inherits it, and no static import brings it`, fix, { type: cc.fqn, member: name });
}

/**
 * A simple name no scope, enclosing class or static import declares (Scopes.fieldNowhere), as javac
 * reports it: "cannot find symbol: variable". Most often an enum constant or static field whose
 * type was left out (`.role(USER)` without `import static ..MsgRole.USER`): where the expected type is
 * an AgentScope enum, the fix names its constant.
 */
export function reportUnresolvedVariable(a: AnalyzerBase, node: Node, cc: ClassCtx, expected?: JType, typeFix?: string) {
  const name = node.text;
  const d = expected?.k === 'class' ? a.idx.type(expected.fqn) : undefined;
  const constants = d?.kind === 'enum' ? d.members.filter((m) => m.kind === 'enumConstant').map((m) => m.name) : [];
  const near = constants.includes(name) ? [name] : suggest(name, constants);
  // else the imported types that have a constant or static field of that name
  const owners = d && near.length ? [] : [...a.unit.imports.single.values()].map((f) => a.idx.type(f)).filter((t): t is TypeDecl => t !== undefined && t.members.some((m) => (m.kind === 'enumConstant' || (m.kind === 'field' && m.modifiers.includes('static'))) && m.name === name));
  const fix = typeFix ?? (d && near.length ? `did you mean ${near.map((c) => `${shortName(d.fqn)}.${c}`).join(', ')}?` : owners.length ? `did you mean ${owners.slice(0, 3).map((t) => `${shortName(t.fqn)}.${name}`).join(' or ')}? (or import static ${owners[0].fqn}.${name})` : undefined);
  a.report(node, 'AS002', `cannot find symbol: variable ${name}: no local, parameter or field of ${shortName(cc.fqn)} or an enclosing class, and no static import brings it`, fix, { type: cc.fqn, member: name });
}

/** How the value inside each container is reached, for the hint of a member of it called on the container. */
const UNWRAP: Record<string, string> = {
  'reactor.core.publisher.Mono': '.block() it, or .map(x -> x.NAME(..))',
  'reactor.core.publisher.Flux': '.map(x -> x.NAME(..)), or .blockLast()',
  'java.util.Optional': '.map(x -> x.NAME(..)), or .orElseThrow() first',
  'java.util.concurrent.CompletableFuture': '.thenApply(x -> x.NAME(..)), or .join() first',
  'java.util.stream.Stream': '.map(x -> x.NAME(..))',
};

/** The methods of `methods` that read the field `name` (`textContent` -> getTextContent(), `empty` -> isEmpty(); with `plain`, `size` -> size()). */
function accessorsOf(name: string, methods: readonly string[], plain = false): string[] {
  const cap = name.charAt(0).toUpperCase() + name.slice(1);
  return methods.filter((m) => m === `get${cap}` || m === `is${cap}` || (plain && m === name));
}

/** `blocks.empty` on a List: the container type has no such field (javac: cannot find symbol); the fix names its methods that read alike (`isEmpty()`). */
export function reportMissingContainerField(a: AnalyzerBase, node: Node, t: JType & { k: 'class' }, name: string, methods: readonly string[]) {
  const accessors = accessorsOf(name, methods, true);
  const near = accessors.length ? accessors : suggest(name, methods);
  a.report(node, 'AS002', `${shortName(t.fqn)} has no field ${name}`, near.length ? `did you mean ${near.map((n) => `${n}()`).join(', ')}?` : undefined, { type: t.fqn, member: name });
}

/**
 * A method (`call`) or field the class of an exactly typed receiver neither declares nor inherits,
 * where that class is declared in the checked sources (or is a JDK type whose members are all
 * known) and so are all its supertypes: `request.usreId()` on a record, `error.message` on a
 * Throwable. javac: "cannot find symbol". `names`: the class's own members of that kind and, for a
 * field, its methods (a getter is the usual fix).
 */
export function reportMissingDeclaredMember(a: AnalyzerBase, node: Node, t: JType & { k: 'class' }, name: string, call: boolean, names: readonly string[], methods: readonly string[]) {
  const accessors = call ? [] : accessorsOf(name, methods, true);
  const near = accessors.length ? accessors.map((m) => `${m}()`) : suggest(name, names).map((n) => (call ? `${n}()` : n));
  a.report(node, 'AS002', `cannot find symbol: ${shortName(t.fqn)} has no ${call ? `method ${name}()` : `field ${name}`}, declared or inherited`, near.length ? `did you mean ${near.join(', ')}?` : undefined, { type: t.fqn, member: name });
}

/** `blocks.size()` where blocks is a ContentBlock[]: an array's members are `length`, `clone()` and Object's (javac: cannot find symbol). */
export function reportArrayMethod(a: AnalyzerBase, node: Node, t: JType & { k: 'array' }, name: string) {
  const el = innermost(t);
  const fix = name === 'size' || name === 'length' ? 'an array has a length field: .length' : name === 'stream' ? 'Arrays.stream(..) streams an array' : 'Arrays.asList(..) makes it a List';
  a.report(node, 'AS002', `${simple(t)} is an array: it has no method ${name}()`, fix, { type: el.k === 'class' ? el.fqn : '', member: name });
}

/**
 * A method the JDK or Reactor type of an exactly typed receiver does not have (`agent.call(msg)
 * .getTextContent()`: a Mono<Msg> has no getTextContent()), as javac reports it: "cannot find
 * symbol". `names`: every public method of that type (container-members.ts). Where the element
 * type has the method, the hint says how to reach it.
 */
export function reportMissingContainerMember(a: AnalyzerBase, node: Node, t: JType & { k: 'class' }, name: string, argc: number, names: readonly string[]) {
  const short = (x: JType): string => (x.k === 'class' ? `${shortName(x.fqn)}${x.args.length ? `<${x.args.map(short).join(', ')}>` : ''}` : x.k === 'wild' ? '?' : x.k === 'prim' ? x.name : '?');
  const el = t.args[0]?.k === 'class' ? t.args[0] : undefined;
  const elHas = el && a.idx.type(el.fqn) && a.idx.memberNames(el, ['method']).includes(name);
  const fix = elHas
    ? `the ${short(el)} is inside the ${shortName(t.fqn)}: ${(UNWRAP[t.fqn] ?? '.get(i), or .stream().map(x -> x.NAME(..))').replace('NAME(..)', `${name}(${argc ? '..' : ''})`)}`
    : suggest(name, names).map((n) => `${n}()`).join(', ');
  a.report(node, 'AS002', `${short(t)} has no method ${name}()`, fix ? (elHas ? fix : `did you mean ${fix}?`) : undefined, { type: t.fqn, member: name });
}
