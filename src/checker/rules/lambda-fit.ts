/**
 * AS007 for a lambda no function of a common JDK or Reactor method takes, decided by the overloads'
 * erased parameter types in jdk-results.ts (where every overload of that argument count takes, at
 * the lambda's position, a functional interface whose method is known):
 * - for its parameter count: `list.forEach((a, b) -> ..)`, `map.forEach(k -> ..)`,
 *   `flux.subscribe((a, b) -> ..)`, `stream.sorted(a -> 1)`; javac: "incompatible parameter types in
 *   lambda expression";
 * - for its block: none of its own returns a value and its end is reachable where every function
 *   returns one (`Mono.fromCallable(() -> { load(); })`), or it returns a value and cannot end where
 *   none does (a Runnable's); javac: "bad return type in lambda expression".
 * javac's compact output reports a lone overload's misfit at the lambda, and "no suitable method
 * found" at the call's name where several overloads take that many arguments.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { shortName } from '../jtype.js';
import { argInfo } from '../expr-types.js';
import { noLambdaFits } from '../applicability.js';
import { functionalShape } from '../external.js';
import { jdkGenericMethod, jdkOverloads } from '../jdk-results.js';
import { field, kids } from '../analysis/syntax.js';
import { completesNormally, returnsValue } from './void-block-lambda.js';

/**
 * The method of functional interface `fqn` (an erased name): how many parameters it takes and
 * whether it returns a value; undefined where `fqn` is not known to be one (Object, a type
 * variable's erasure). For the rest of java.util.function the names say it: a Supplier takes none,
 * a Bi-, a binary operator or an Obj...Consumer two, the others one; a Consumer returns nothing.
 */
function functionalMethod(fqn: string): { arity: number; value: boolean } | undefined {
  // (the ones external.ts describes: Runnable, Callable, Comparator, ..)
  const shape = functionalShape(fqn);
  if (shape) return { arity: shape.arity, value: shape.result !== 'void' };
  const m = /^java\.util\.function\.(\w+)$/.exec(fqn);
  if (!m) return undefined;
  const n = m[1];
  const value = !n.endsWith('Consumer');
  if (n.endsWith('Supplier')) return { arity: 0, value };
  return { arity: n.startsWith('Bi') || n.includes('BiFunction') || n.endsWith('BinaryOperator') || n.startsWith('Obj') ? 2 : 1, value };
}

/** What a lambda's block certainly is: void-compatible only (no value returned, its end reachable), value-compatible only (a value returned, its end not reachable), or undecided. */
function blockShape(lambda: Node): 'void' | 'value' | undefined {
  const body = field(lambda, 'body');
  if (body?.type !== 'block' || body.hasError) return undefined;
  const statements = kids(body);
  const valued = statements.some(returnsValue);
  const last = statements[statements.length - 1];
  if (!valued) return !last || completesNormally(last) ? 'void' : undefined;
  return last?.type === 'return_statement' || last?.type === 'throw_statement' ? 'value' : undefined;
}

export interface MisfitLambda {
  lambda: Node;
  /** The lambda's parameter count, and the counts the overloads' functions take there (a misfit of parameters). */
  arity: number;
  takes: number[];
  /** A block that returns no value where every function returns one (`value`), or a value where none does (`void`). */
  body?: 'value' | 'void';
  /** Where javac reports it: at the lambda for a lone overload (for a block's value, unless an implicitly typed lambda of a generic method), else at the call. */
  atLambda: boolean;
}

/**
 * The first lambda argument of `fqn.name(args)` that every overload of that argument count rejects:
 * for its parameter count, or for its block (no value where every function returns one, a value
 * where none does); undefined where some overload could take it, or the type or method is not listed.
 */
export function misfitLambda(fqn: string, name: string, args: Node[]): MisfitLambda | undefined {
  const overloads = jdkOverloads(fqn, name, args.length);
  if (!overloads?.length) return undefined;
  // javac's compact message moves a lone candidate's mismatch to the lambda; a block's missing or
  // unexpected value too, but for an implicitly typed lambda (`e -> { .. }`) given to a generic
  // method (Flux.map's V), which javac reports at the call
  const lone = overloads.length === 1;
  const generic = lone && jdkGenericMethod(fqn, name, args.length);
  for (let i = 0; i < args.length; i++) {
    const info = argInfo(args[i], undefined);
    if (info.k !== 'lambda') continue;
    const fns: { arity: number; value: boolean }[] = [];
    let unknown = false;
    for (const o of overloads) {
      // (a variable-arity parameter's elements: not judged)
      const p = o.varargs && i >= o.params.length - 1 ? undefined : o.params[i];
      // (an overload whose parameter there no lambda fits, `subscribe(Subscriber)`, `new Thread(String)`, takes none)
      if (p !== undefined && noLambdaFits(p)) continue;
      const f = p === undefined ? undefined : functionalMethod(p);
      if (!f) unknown = true;
      else fns.push(f);
    }
    // (a parameter that may take any lambda there: judge the next lambda)
    if (unknown || !fns.length) continue;
    const takes = [...new Set(fns.map((f) => f.arity))].sort();
    if (!takes.includes(info.arity)) return { lambda: args[i], arity: info.arity, takes, atLambda: lone };
    const shape = blockShape(args[i]);
    const params = field(args[i], 'parameters');
    const typed = !params || (params.type === 'formal_parameters' && kids(params).every((p) => field(p, 'type')?.text !== 'var'));
    const bodyAtLambda = lone && (typed || !generic);
    const fitting = fns.filter((f) => f.arity === info.arity);
    if (shape === 'void' && fitting.every((f) => f.value)) return { lambda: args[i], arity: info.arity, takes, body: 'value', atLambda: bodyAtLambda };
    if (shape === 'value' && fitting.every((f) => !f.value)) return { lambda: args[i], arity: info.arity, takes, body: 'void', atLambda: bodyAtLambda };
  }
  return undefined;
}

/** `at`: the call's name (a creation's type), where javac reports a misfit among several overloads; `name`: the method's, `<init>` for a constructor. */
export function reportMisfitLambda(a: AnalyzerBase, at: Node, fqn: string, name: string, misfit: MisfitLambda) {
  const n = misfit.arity;
  const takes = misfit.takes.join(' or ');
  const ctor = name === '<init>';
  const call = `${ctor ? 'new ' : ''}${shortName(fqn)}${ctor ? '' : `.${name}`}(..)`;
  const where = misfit.atLambda ? misfit.lambda : at;
  if (misfit.body === 'value') a.report(where, 'AS007', `${call}: the lambda's block returns no value, and the function it is given as returns one (javac: bad return type in lambda expression, missing return value)`, 'return the value');
  else if (misfit.body === 'void') a.report(where, 'AS007', `${call}: the lambda's block returns a value, and the function it is given as returns nothing (javac: bad return type in lambda expression, unexpected return value)`, 'drop the value: return;');
  else a.report(where, 'AS007', `${call}: the lambda has ${n} parameter${n === 1 ? '' : 's'}, but ${ctor ? 'the constructor' : name} takes a function of ${takes} here (javac: incompatible parameter types in lambda expression)`, misfit.takes.length === 1 ? `write the lambda with ${takes} parameter${takes === '1' ? '' : 's'}: ${lambdaShape(misfit.takes[0])}` : undefined);
}

function lambdaShape(n: number): string {
  return n === 0 ? '() -> ..' : n === 1 ? 'x -> ..' : `(${['a', 'b', 'c'].slice(0, n).join(', ')}) -> ..`;
}
