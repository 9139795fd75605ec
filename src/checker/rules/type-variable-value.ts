/**
 * AS013 where a value meets a type variable of the source (JLS 4.10.2, 5.2): only the null type
 * and the variable itself are assignable to a type variable, and a type variable only to what its
 * bounds are. The shapes of a generic hook or helper written by hand:
 *
 *   public <T extends HookEvent> Mono<T> onEvent(T event) {
 *     if (event instanceof PreReasoningEvent pre) return Mono.just(pre);  // Mono.just infers its T from both: pre is no T
 *     return event;                                                       // T is a HookEvent, never a Mono
 *   }
 *   static <T extends ContentBlock> T first(Msg m) { TextBlock t = ..; return t; }  // a TextBlock is no T
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import { cls, type JType } from '../jtype.js';
import { fullyKnown } from '../expr-types.js';
import { assignable, simple as simpleType } from '../applicability.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { TypeCtx } from '../analysis/model.js';
import { field, javacPosition, kids } from '../analysis/syntax.js';
import { decidedType, type WrittenType } from './incompatible-result-type.js';

/** Factories whose one type argument is their arguments' type (factoryArgs): `Optional.justOrEmpty` takes an Optional. */
const ELEMENT_FACTORIES = new Set(['just', 'thenReturn', 'of', 'ofNullable', 'asList', 'singletonList', 'singleton']);

/** The type of `value` where the declarations decide it: a variable's written type (a type variable too), a literal, a cast's type, an exact result. */
function valueType(a: AnalyzerBase, value: Node, ctx: TypeCtx, written: WrittenType): JType | undefined {
  if (value.type === 'cast_expression') {
    const t = field(value, 'type');
    // `(T) x` is a T; an intersection cast is not judged
    return t && t.type !== 'intersection_type' ? a.typeOf(t, ctx, false) : undefined;
  }
  if (value.type === 'identifier') return written(value);
  return decidedType(a, value, written);
}

/** A class, array or primitive type the value certainly has (not a type variable, not null). */
function concrete(t: JType | undefined): t is JType {
  return !!t && (t.k === 'class' || t.k === 'prim' || t.k === 'array') && fullyKnown(t);
}

/** Is `t` a type variable of the enclosing source declarations? */
function sourceTypeVar(t: JType, ctx: TypeCtx): t is JType & { k: 'tv' } {
  return t.k === 'tv' && ctx.typeVars.has(t.name) && !!ctx.tvBounds?.has(t.name);
}

/** Can no value of type variable `name` be a `declared`: each of its bounds certainly is not one? */
function boundsReject(a: AnalyzerBase, name: string, declared: JType, ctx: TypeCtx): JType[] | undefined {
  const bounds = ctx.tvBounds?.get(name);
  // (the declared class's type arguments aside: `Mono<T>` is judged as a Mono)
  const target = declared.k === 'class' ? cls(declared.fqn) : declared;
  if (!bounds?.length || (target.k !== 'class' && target.k !== 'array' && target.k !== 'prim') || !fullyKnown(target)) return undefined;
  if (target.k === 'prim' && target.name === 'void') return undefined;
  // a bound is erased to its class: `T extends List<String>` is no Mono whatever its arguments
  const no = bounds.every((b) => b.k === 'class' && b.fqn.includes('.') && assignable({ k: 'type', t: cls(b.fqn), written: true }, target, a.facts) === 'no');
  return no ? bounds : undefined;
}

/** AS013 for `value` where a variable, field or method result of type `declared` is written. */
export function checkTypeVariableValue(a: AnalyzerBase, value: Node, declared: JType, ctx: TypeCtx, written: WrittenType) {
  if (value.type === 'parenthesized_expression') {
    const inner = kids(value)[0];
    if (inner) checkTypeVariableValue(a, inner, declared, ctx, written);
    return;
  }
  if (value.type === 'ternary_expression' && declared.k !== 'prim') {
    for (const b of [field(value, 'consequence'), field(value, 'alternative')]) if (b) checkTypeVariableValue(a, b, declared, ctx, written);
    return;
  }
  // a value of another type where a type variable is declared
  if (sourceTypeVar(declared, ctx)) {
    const t = valueType(a, value, ctx, written);
    if (concrete(t)) a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(t)} cannot be converted to ${declared.name}: a type variable takes only a value of its own type`, `return (or assign) a value of type ${declared.name}, such as the one the method was given; or cast it: (${declared.name}) ${value.text.length <= 30 ? value.text : '..'}`);
    return;
  }
  // a value of a type variable where a type its bounds are not is declared
  const t = valueType(a, value, ctx, written);
  if (t && sourceTypeVar(t, ctx)) {
    const bounds = boundsReject(a, t.name, declared, ctx);
    if (bounds) {
      const what = bounds.map((b) => simpleType(cls((b as JType & { k: 'class' }).fqn))).join(' & ');
      const erased = declared.k === 'class' ? cls(declared.fqn) : declared;
      const publisher = erased.k === 'class' && /^reactor\.core\.publisher\.(Mono|Flux)$/.test(erased.fqn);
      a.report(javacPosition(value), 'AS013', `incompatible types: ${t.name} cannot be converted to ${simpleType(declared)}: ${t.name} is a ${what}, and no ${what} is a ${simpleType(erased)}`, publisher ? `wrap it: ${simpleType(erased)}.just(${value.text.length <= 30 ? value.text : '..'})` : `declare it as ${t.name}, or convert the value`);
    }
    return;
  }
  // `Mono.just(event).map(x -> "done")` where `Mono<T>` is declared: R is T, and the lambda's decided result is no T
  const m = value.type === 'method_invocation' ? a.mappedValues.get(value.id) : undefined;
  if (m && !m.collected && declared.k === 'class' && declared.fqn === m.fqn && declared.args.length === 1 && sourceTypeVar(declared.args[0], ctx) && concrete(m.body)) {
    const e = declared.args[0];
    a.report(javacPosition(value), 'AS013', `incompatible types: the lambda of ${field(value, 'name')?.text ?? 'map'}(..) returns ${simpleType(m.body)}, which cannot be the element of ${simpleType(declared)}: ${e.name} is a type variable, and a ${simpleType(m.body)} is not one`, `return the ${e.name} the method was given, or declare the result as ${simpleType({ ...declared, args: [m.body] })}`);
    return;
  }
  // `Mono.just(x)` where `Mono<T>` is declared: javac infers the factory's type argument as T, and x must be a T
  const f = value.type === 'method_invocation' ? a.factoryArgs.get(value.id) : undefined;
  const name = value.type === 'method_invocation' ? field(value, 'name')?.text : undefined;
  if (!f || !name || !ELEMENT_FACTORIES.has(name) || declared.k !== 'class' || declared.fqn !== f.fqn || declared.args.length !== 1) return;
  const e = declared.args[0];
  if (!sourceTypeVar(e, ctx)) return;
  const x = f.args.map((arg) => valueType(a, arg, ctx, written)).find((t) => concrete(t) && t.k !== 'array');
  if (x) a.report(javacPosition(value), 'AS013', `incompatible types: ${simpleType(x)} cannot be the element of ${simpleType(declared)}: ${e.name} is a type variable, and a ${simpleType(x)} is not one`, `pass the ${e.name} the method was given, or cast it: (${e.name}) ..`);
}
