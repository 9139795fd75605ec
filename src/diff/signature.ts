/**
 * Signature helpers shared by the diff, the pin re-verification and the upgrade scan:
 * erasure of inventory type strings, member keys (name + erased parameter types) and
 * short display forms.
 */
import type { Inventory, Member, TypeDecl, TypeParam } from '../inventory/schema.js';
import { erase as eraseTypeArgs } from '../inventory/extract/resolve.js';

/** Removes type annotations (`@Nullable String`) and surrounding blanks. */
function stripAnnotations(t: string): string {
  return t.replace(/@[\w.]+(\([^)]*\))?\s*/g, '').trim();
}

/** Drops every `<...>` group, keeping array suffixes: `java.util.List<Msg>[]` -> `java.util.List[]`. */
function dropTypeArgs(t: string): string {
  return eraseTypeArgs(t).replace(/\s+/g, '');
}

/**
 * JLS erasure of a type string from the inventory. Type variables are erased to the
 * erasure of their first bound (java.lang.Object when unbounded); `vars` maps the
 * variables in scope (method type params shadow the declaring types').
 */
export function erase(t: string, vars: Map<string, string> = new Map()): string {
  let s = dropTypeArgs(stripAnnotations(t));
  s = s.replace(/\.\.\.$/, '[]');
  const m = /^([^[]+)((?:\[\])*)$/.exec(s);
  if (!m) return s;
  const [, base, dims] = m;
  const bound = vars.get(base);
  if (bound !== undefined) return bound + dims;
  if (/^\?/.test(base)) return 'java.lang.Object' + dims;
  return base + dims;
}

function addVars(vars: Map<string, string>, params: TypeParam[] | undefined): Map<string, string> {
  if (!params?.length) return vars;
  const next = new Map(vars);
  // Bounds may refer to each other (<T extends Comparable<T>>): erase against the outer scope.
  for (const p of params) next.set(p.name, p.bounds.length ? erase(p.bounds[0], vars) : 'java.lang.Object');
  return next;
}

/** Type variables visible inside a type: its own and those of its enclosing (non-static) types. */
function typeVars(type: TypeDecl, byFqn?: Map<string, TypeDecl>): Map<string, string> {
  const chain: TypeDecl[] = [];
  let cur: TypeDecl | undefined = type;
  while (cur) {
    chain.unshift(cur);
    cur = cur.outer && byFqn ? byFqn.get(cur.outer) : undefined;
  }
  let vars = new Map<string, string>();
  for (const t of chain) vars = addVars(vars, t.typeParams);
  return vars;
}

export function memberVars(type: TypeDecl, member: Member, byFqn?: Map<string, TypeDecl>): Map<string, string> {
  return addVars(typeVars(type, byFqn), member.typeParams);
}

/** Erased parameter types of a member, in order. */
export function erasedParams(type: TypeDecl, member: Member, byFqn?: Map<string, TypeDecl>): string[] {
  const vars = memberVars(type, member, byFqn);
  return (member.params ?? []).map((p) => erase(p.type, vars));
}

/**
 * The identity of a member across versions: kind, name and erased parameter types.
 * Methods and constructors are keyed by their erased signature so overloads stay apart;
 * fields, enum constants and annotation elements by name.
 */
export function memberKey(type: TypeDecl, member: Member, byFqn?: Map<string, TypeDecl>, mapType: (t: string) => string = (t) => t): string {
  switch (member.kind) {
    case 'method':
    case 'constructor': {
      const name = member.kind === 'constructor' ? '<init>' : member.name;
      return `${name}(${erasedParams(type, member, byFqn).map(mapType).join(',')})`;
    }
    case 'field':
      return `field:${member.name}`;
    case 'enumConstant':
      return `enum:${member.name}`;
    case 'annotationElement':
      return `element:${member.name}()`;
  }
}

/** `java.util.List` -> `List`, `io.x.Outer.Inner[]` -> `Inner[]` (for display only). */
export function simple(t: string): string {
  return t.replace(/(?:[a-z_$][\w$]*\.)+/g, '');
}

/** Short display of a member: `builder()`, `call(Msg)`, `<init>(String)`, `field NAME`. */
export function memberDisplay(type: TypeDecl, member: Member, byFqn?: Map<string, TypeDecl>): string {
  switch (member.kind) {
    case 'method':
      return `${member.name}(${erasedParams(type, member, byFqn).map(simple).join(', ')})`;
    case 'constructor':
      return `${type.name}(${erasedParams(type, member, byFqn).map(simple).join(', ')})`;
    case 'field':
      return `${member.name} (field)`;
    case 'enumConstant':
      return `${member.name} (enum constant)`;
    case 'annotationElement':
      return `${member.name}() (annotation element)`;
  }
}

export function isStatic(m: { modifiers: string[] }): boolean {
  return m.modifiers.includes('static');
}

export function indexTypes(inv: Inventory): Map<string, TypeDecl> {
  const map = new Map<string, TypeDecl>();
  for (const t of inv.types) map.set(t.fqn, t);
  return map;
}

/** Supertypes (erased FQNs) of a type: superclass, then interfaces. */
export function supertypes(t: TypeDecl): string[] {
  return [...t.extends, ...t.implements].map((r) => erase(r.resolved));
}

/** Breadth-first walk over a type and its supertypes that the inventory knows. */
export function* hierarchy(fqn: string, byFqn: Map<string, TypeDecl>): Generator<TypeDecl> {
  const seen = new Set<string>();
  const queue = [fqn];
  while (queue.length) {
    const cur = queue.shift()!;
    if (seen.has(cur)) continue;
    seen.add(cur);
    const t = byFqn.get(cur);
    if (!t) continue;
    yield t;
    queue.push(...supertypes(t));
  }
}
