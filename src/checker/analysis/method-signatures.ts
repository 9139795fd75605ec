/** Source methods compared with inventory ones, for overrides (AS004) and implementations (AS005). */
import type { SyntaxNode as Node } from './syntax-tree.js';
import { cls, type JType, UNKNOWN } from '../jtype.js';
import { simpleErasure } from '../expr-types.js';
import type { AnalyzerBase } from './base.js';
import { checkTypeArgumentCount } from '../rules/wrong-arity.js';
import type { Hierarchy } from '../inventory-index.js';
import type { Member } from '../../inventory/schema.js';
import type { ClassCtx, TypeCtx } from './model.js';
import { field, kids } from './syntax.js';

/**
 * Does the method's result or a parameter's type mention a type whose import failed? javac then
 * judges neither its result nor a clash of its generic parameters (the import and each use are the errors).
 */
export function signatureMentionsMissing(a: AnalyzerBase, m: Node, ctx: TypeCtx): boolean {
  if (!a.anyImportFailed) return false;
  const ret = field(m, 'type');
  if (ret && a.mentionsMissingImport(a.typeOf(ret, { ...ctx, typeVars: sourceTypeVars(m, ctx) }, false))) return true;
  return sourceParamTypes(a, m, ctx).some((t) => a.mentionsMissingImport(t));
}

/** The type variables in scope in a method: the class's and the method's own. */
export function sourceTypeVars(m: Node, ctx: TypeCtx): Set<string> {
  const typeVars = new Set(ctx.typeVars);
  const tps = field(m, 'type_parameters');
  if (tps) for (const tp of kids(tps)) typeVars.add(kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text ?? '');
  return typeVars;
}

/**
 * A type name that resolves to nothing still names a type of that simple name (Java has no type
 * aliases): `JsonNode` is not `Class`, whatever package it is in. Kept as a class type without a
 * package, which erasure comparisons treat by its simple name and applicability as vague.
 */
function writtenType(tn: Node): JType {
  switch (tn.type) {
    case 'type_identifier':
      return cls(tn.text);
    case 'scoped_type_identifier':
      return cls(tn.text.slice(tn.text.lastIndexOf('.') + 1).trim());
    case 'generic_type': {
      const base = kids(tn)[0];
      return base ? writtenType(base) : UNKNOWN;
    }
    case 'array_type': {
      const el = field(tn, 'element');
      const dims = field(tn, 'dimensions');
      let t = el ? writtenType(el) : UNKNOWN;
      if (t.k === 'unknown') return t;
      for (let i = 0; i < (dims ? (dims.text.match(/\[/g) ?? []).length : 1); i++) t = { k: 'array', elem: t };
      return t;
    }
    default:
      return UNKNOWN;
  }
}

/** `String<Msg>`, `List<String, Object>[]`: a type javac makes erroneous for its count of type arguments (AS003). */
function wrongTypeArgumentCount(a: AnalyzerBase, tn: Node, ctx: TypeCtx): boolean {
  const g = tn.type === 'array_type' ? field(tn, 'element') : tn;
  if (g?.type !== 'generic_type') return false;
  const [base, targs] = kids(g);
  const b = base ? a.typeOf(base, ctx, false) : UNKNOWN;
  return b.k === 'class' && targs !== undefined && kids(targs).length > 0 && checkTypeArgumentCount(a, g, b.fqn, kids(targs).length, false);
}

/** The parameter types of a source method (its own type parameters in scope), unreported. */
export function sourceParamTypes(a: AnalyzerBase, m: Node, ctx: TypeCtx): JType[] {
  const c2: TypeCtx = { ...ctx, typeVars: sourceTypeVars(m, ctx) };
  const params = field(m, 'parameters');
  const out: JType[] = [];
  for (const p of params ? kids(params) : []) {
    if (p.type !== 'formal_parameter' && p.type !== 'spread_parameter') continue;
    const tn = field(p, 'type') ?? kids(p).find((k) => k.type !== 'modifiers' && k.type !== 'variable_declarator' && k.type !== 'identifier') ?? null;
    let t = tn ? a.typeOf(tn, c2, false) : UNKNOWN;
    // (a type given the wrong number of type arguments is erroneous: the same as any, as above)
    if (t.k === 'unknown' && tn && !wrongTypeArgumentCount(a, tn, c2)) t = writtenType(tn);
    // a type whose import failed is javac's erroneous type, the same as any in an override's parameters
    else if (a.isMissingImportedType(t)) t = UNKNOWN;
    if (p.type === 'spread_parameter') t = { k: 'array', elem: t };
    out.push(t);
  }
  return out;
}

/**
 * A method's own type parameters: for each, the erased simple name of its first bound (`Object`
 * when it has none), undefined when that is not known here (a bound that is a type variable, or
 * that resolves to nothing and is not a plain name).
 */
export function sourceTypeParamBounds(a: AnalyzerBase, m: Node, ctx: TypeCtx): (string | undefined)[] {
  const tps = field(m, 'type_parameters');
  if (!tps) return [];
  const c2: TypeCtx = { ...ctx, typeVars: sourceTypeVars(m, ctx) };
  return kids(tps).filter((tp) => tp.type === 'type_parameter').map((tp) => {
    const bound = kids(tp).find((k) => k.type === 'type_bound');
    const first = bound && kids(bound)[0];
    if (!first) return 'Object';
    const t = a.typeOf(first, c2, false);
    if (t.k === 'tv') return undefined;
    return simpleErasure(t.k === 'unknown' ? writtenType(first) : t);
  });
}

/** The erasure of an inventory type parameter's first bound as written there (`java.lang.Object` without one). */
function firstBound(bounds: string[]): string {
  return bounds.length ? bounds[0].replace(/<.*$/s, '').trim() : 'java.lang.Object';
}

/** The erased simple name of an inventory type parameter's first bound; undefined for a type variable. */
function inventoryBound(bounds: string[], typeVars: ReadonlySet<string>): string | undefined {
  const erased = firstBound(bounds);
  return typeVars.has(erased) ? undefined : erased.slice(erased.lastIndexOf('.') + 1);
}

/**
 * Are a source method's own type parameters certainly not those of an AgentScope method it would
 * override (JLS 8.4.4: then neither has the other's signature, nor its erasure, so it overrides
 * nothing)? Both generic with another count, or a first bound of another erasure
 * (`<T extends PreCallEvent>` for Hook's `<T extends HookEvent>`). A source method without type
 * parameters may still override a generic one (by erasure).
 */
export function typeParamsDiffer(src: (string | undefined)[], inv: Member | undefined, ownerTypeVars: ReadonlySet<string> = new Set()): boolean {
  const tps = inv?.typeParams ?? [];
  if (!src.length || !tps.length) return false;
  if (src.length !== tps.length) return true;
  const tvs = new Set([...ownerTypeVars, ...tps.map((p) => p.name)]);
  return tps.some((p, i) => {
    const a = src[i];
    const b = inventoryBound(p.bounds, tvs);
    return a !== undefined && b !== undefined && a !== b;
  });
}

/**
 * An AgentScope method's parameter types with its own type variables erased to their first bound
 * (`<T extends HookEvent> onEvent(T)` takes a HookEvent once erased: an `onEvent(String)` overrides
 * nothing, JLS 8.4.2); the type's type variables, and a bound naming one, stay as they are.
 */
export function eraseMethodTypeVars(ps: JType[], m: Member, ownerTypeVars: ReadonlySet<string>): JType[] {
  const own = new Map((m.typeParams ?? []).map((p) => [p.name, p.bounds]));
  if (!own.size) return ps;
  const tvs = new Set([...ownerTypeVars, ...own.keys()]);
  return ps.map((p) => {
    if (p.k !== 'tv' || !own.has(p.name) || ownerTypeVars.has(p.name)) return p;
    const b = firstBound(own.get(p.name)!);
    return tvs.has(b) || !b ? p : cls(b);
  });
}

/** Same count and erased simple type names; a type variable (or anything unknown) matches anything. */
export function sameParams(src: JType[], inv: JType[]): boolean {
  if (src.length !== inv.length) return false;
  return src.every((s, i) => {
    const x = simpleErasure(s);
    const y = simpleErasure(inv[i]);
    return x === undefined || y === undefined || x === y;
  });
}

/** java.lang.Object's overridable methods by name and arity. */
export const OBJECT_METHODS: [string, number][] = [['equals', 1], ['hashCode', 0], ['toString', 0], ['clone', 0], ['finalize', 0]];

/** A method a project class or interface implements, by name and parameter types. */
export interface SourceImpl {
  name: string;
  ps: JType[];
}

/** The class being judged: its direct supertypes, their merged hierarchy and its own method declarations. */
export interface OverrideSubject {
  node: Node;
  anonymous: boolean;
  ctx: TypeCtx;
  supers: ClassCtx['supers'];
  merged: Hierarchy;
  methodDecls: Node[];
  /** Methods the project's classes between it and the AgentScope types implement (a concrete or default method). */
  inherited?: SourceImpl[];
  /** Methods whose return type clashes with every AgentScope method they would override (AS015): they override nothing. */
  badReturns?: ReadonlySet<number>;
}
