/**
 * Expression-level helpers of the analyzer that need no analyzer state: argument kinds for
 * applicability, binary numeric promotion and string concatenation (JLS 5.6.2, 15.18), generic
 * invariance of results, element types of iterables, and short type names for messages.
 */
import type { SyntaxNode as Node } from './analysis/syntax-tree.js';
import { kids } from './analysis/syntax.js';
import type { Member } from '../inventory/schema.js';
import { type ArgInfo, BOXES } from './applicability.js';
import { asValueType, cls, erasure, type JType, typeToString, UNKNOWN } from './jtype.js';

/** An argument as applicability sees it: null, a lambda's arity, a method reference, or its type. */
export function argInfo(a: Node, t: JType | undefined): ArgInfo {
  if (a.type === 'null_literal') return { k: 'null' };
  if (a.type === 'method_reference') return { k: 'mref' };
  if (a.type === 'lambda_expression') {
    const ps = a.childForFieldName('parameters');
    const n = !ps ? 0 : ps.type === 'identifier' ? 1 : kids(ps).length;
    return { k: 'lambda', arity: n };
  }
  return t && t.k !== 'unknown' ? { k: 'type', t } : { k: 'unknown' };
}

/** Classes commonly imported with `import static X.*` that declare no public member types: they cannot supply a type name. */
export const STATIC_ONLY_CLASSES = new Set([
  'org.junit.jupiter.api.Assertions', 'org.junit.jupiter.api.Assumptions', 'org.junit.Assert', 'org.junit.Assume', 'org.mockito.Mockito',
  'org.mockito.ArgumentMatchers', 'org.assertj.core.api.Assertions', 'org.hamcrest.Matchers', 'org.hamcrest.MatcherAssert',
  'java.util.stream.Collectors', 'java.util.Objects', 'java.lang.Math', 'java.util.concurrent.TimeUnit',
]);

const NUMERIC_RANK = ['byte', 'short', 'char', 'int', 'long', 'float', 'double'];
/** Binary numeric promotion (JLS 5.6.2) of two primitive names; undefined for boolean or unknown. */
export function promote(a: string, b: string): JType | undefined {
  const ra = NUMERIC_RANK.indexOf(BOXES[`java.lang.${a}`] ?? a);
  const rb = NUMERIC_RANK.indexOf(BOXES[`java.lang.${b}`] ?? b);
  if (ra < 0 || rb < 0) return undefined;
  return { k: 'prim', name: NUMERIC_RANK[Math.max(ra, rb, 3)] };
}
/** The type of `l op r`: string concatenation, comparisons and logic, numeric promotion; unknown when it depends on an unknown operand. */
export function binaryType(op: string, l: JType, r: JType): JType {
  const isStr = (t: JType) => t.k === 'class' && t.fqn === 'java.lang.String';
  if (['==', '!=', '<', '>', '<=', '>=', '&&', '||'].includes(op)) return { k: 'prim', name: 'boolean' };
  if (op === '+' && (isStr(l) || isStr(r))) return cls('java.lang.String');
  if (l.k !== 'prim' || r.k !== 'prim') return UNKNOWN;
  if (['&', '|', '^'].includes(op) && l.name === 'boolean' && r.name === 'boolean') return { k: 'prim', name: 'boolean' };
  if (op === '<<' || op === '>>' || op === '>>>') return promote(l.name, 'int') ?? UNKNOWN;
  return promote(l.name, r.name) ?? UNKNOWN;
}

/** Same generic class, and some type argument pair is two different fully known types (generics are invariant). */
export function genericArgsDiffer(declared: JType, actual: JType): boolean {
  if (declared.k !== 'class' || actual.k !== 'class' || declared.fqn !== actual.fqn) return false;
  if (declared.args.length === 0 || declared.args.length !== actual.args.length) return false;
  return declared.args.some((d, i) => {
    const a = actual.args[i];
    if (!fullyKnown(d) || !fullyKnown(a)) return false;
    return typeToString(d) !== typeToString(a);
  });
}
/** Does a type name an io.agentscope type anywhere (itself or a type argument)? */
export function mentionsAgentScope(t: JType): boolean {
  if (t.k === 'class') return t.fqn.startsWith('io.agentscope.') || t.args.some(mentionsAgentScope);
  return t.k === 'array' && mentionsAgentScope(t.elem);
}

/** Reactor's publishers, each of its one type argument its element type. */
export const PUBLISHERS: ReadonlySet<string> = new Set(['reactor.core.publisher.Flux', 'reactor.core.publisher.Mono']);

/** Does a type name a type variable `is` accepts anywhere (itself, a type argument, an element, a wildcard's bound)? */
export function mentionsTypeVar(t: JType, is: (name: string) => boolean): boolean {
  if (t.k === 'tv') return is(t.name);
  if (t.k === 'class') return t.args.some((x) => mentionsTypeVar(x, is));
  if (t.k === 'array') return mentionsTypeVar(t.elem, is);
  return t.k === 'wild' && !!t.bound && mentionsTypeVar(t.bound, is);
}

export function fullyKnown(t: JType): boolean {
  if (t.k === 'class') return t.fqn.includes('.') && t.args.every(fullyKnown);
  if (t.k === 'array') return fullyKnown(t.elem);
  return t.k === 'prim';
}

export function isFunctional(n: Node): boolean {
  return n.type === 'lambda_expression' || n.type === 'method_reference';
}

/** Does `m` take `n` arguments (its variable arity counted)? */
export function acceptsArity(m: Member, n: number): boolean {
  const ps = m.params ?? [];
  const va = ps.length > 0 && ps[ps.length - 1].varargs;
  return va ? n >= ps.length - 1 : n === ps.length;
}

export function describeArity(m: Member): string {
  const ps = m.params ?? [];
  const va = ps.length > 0 && ps[ps.length - 1].varargs;
  return va ? `${ps.length - 1}+` : String(ps.length);
}

export function simpleErasure(t: JType): string | undefined {
  const e = erasure(t);
  if (e === undefined) return undefined;
  const base = e.replace(/\[\]/g, '');
  const dims = e.length - base.length;
  // names the extractor could not resolve are kept as written (`JsonNode`): compare simple names
  return base.slice(base.lastIndexOf('.') + 1) + '[]'.repeat(dims / 2);
}

export function shortType(t: JType): string {
  switch (t.k) {
    case 'class':
      return t.args.length ? `${t.fqn.slice(t.fqn.lastIndexOf('.') + 1)}<${t.args.map(shortType).join(', ')}>` : t.fqn.slice(t.fqn.lastIndexOf('.') + 1);
    case 'array':
      return `${shortType(t.elem)}[]`;
    case 'wild':
      return t.bound ? `? ${t.sup ? 'super' : 'extends'} ${shortType(t.bound)}` : '?';
    case 'unknown':
      return '?';
    default:
      return t.name;
  }
}

export function elementType(t: JType): JType {
  if (t.k === 'array') return t.elem;
  if (t.k === 'class' && ITERABLES.has(t.fqn) && t.args[0]) return asValueType(t.args[0]);
  return UNKNOWN;
}

const ITERABLES = new Set(['java.util.List', 'java.util.Collection', 'java.util.Set', 'java.lang.Iterable', 'java.util.ArrayList', 'java.util.LinkedList', 'java.util.Queue', 'java.util.Deque']);

