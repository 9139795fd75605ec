/**
 * AS007 for a lambda whose parameter count no functional parameter of a common JDK or Reactor
 * method takes: `list.forEach((a, b) -> ..)`, `map.forEach(k -> ..)`, `flux.subscribe((a, b) -> ..)`,
 * `stream.sorted(a -> 1)`. javac: "method forEach in interface Iterable<T> cannot be applied to given
 * types ... incompatible parameter types in lambda expression", which its compact output rewrites
 * to "incompatible types" at the lambda where one overload takes that many arguments; "no suitable
 * method found", at the call's name, where several do. Decided by jdk-results.ts, which lists every overload of the type with its erased
 * parameter types: reported only where every overload of that argument count takes, at the lambda's
 * position, a functional interface whose method's parameter count is known and differs.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { shortName } from '../jtype.js';
import { argInfo } from '../expr-types.js';
import { jdkOverloads } from '../jdk-results.js';

/** The functional interfaces outside java.util.function whose method's parameter count is known. */
const OTHER_FUNCTIONAL: Readonly<Record<string, number>> = { 'java.lang.Runnable': 0, 'java.util.concurrent.Callable': 0, 'java.util.Comparator': 2 };
/** Interfaces of several abstract methods beside functional ones in overloads (`subscribe(Subscriber)`): no lambda fits them. */
const NOT_FUNCTIONAL = new Set(['org.reactivestreams.Subscriber', 'reactor.core.CoreSubscriber']);

/**
 * How many parameters the method of functional interface `fqn` (an erased name) takes; undefined
 * where `fqn` is not known to be one (Object, a type variable's erasure, a Subscriber).
 * java.util.function's names say it: a Supplier takes none, a Bi-, a binary operator or an
 * Obj...Consumer two, the others one.
 */
function functionalArity(fqn: string): number | undefined {
  if (Object.hasOwn(OTHER_FUNCTIONAL, fqn)) return OTHER_FUNCTIONAL[fqn];
  const m = /^java\.util\.function\.(\w+)$/.exec(fqn);
  if (!m) return undefined;
  const n = m[1];
  if (n.endsWith('Supplier')) return 0;
  return n.startsWith('Bi') || n.includes('BiFunction') || n.endsWith('BinaryOperator') || n.startsWith('Obj') ? 2 : 1;
}

/**
 * The first lambda argument of `fqn.name(args)` whose parameter count every overload of that argument
 * count rejects, with the counts they take there; undefined where some overload could take it, or
 * the type or method is not listed.
 */
export function misfitLambda(fqn: string, name: string, args: Node[]): { lambda: Node; arity: number; takes: number[]; overloads: number } | undefined {
  const overloads = jdkOverloads(fqn, name, args.length);
  if (!overloads?.length) return undefined;
  for (let i = 0; i < args.length; i++) {
    const info = argInfo(args[i], undefined);
    if (info.k !== 'lambda') continue;
    const takes = new Set<number>();
    for (const o of overloads) {
      // (a variable-arity parameter's elements: not judged)
      const p = o.varargs && i >= o.params.length - 1 ? undefined : o.params[i];
      if (p !== undefined && NOT_FUNCTIONAL.has(p)) continue;
      const n = p === undefined ? undefined : functionalArity(p);
      if (n === undefined || n === info.arity) return undefined;
      takes.add(n);
    }
    return takes.size ? { lambda: args[i], arity: info.arity, takes: [...takes].sort(), overloads: overloads.length } : undefined;
  }
  return undefined;
}

/** `at`: the call's name (a creation's type), where javac reports a misfit among several overloads; `name`: the method's, `<init>` for a constructor. */
export function reportLambdaArity(a: AnalyzerBase, at: Node, fqn: string, name: string, misfit: { lambda: Node; arity: number; takes: number[]; overloads: number }) {
  const n = misfit.arity;
  const takes = misfit.takes.join(' or ');
  const ctor = name === '<init>';
  a.report(
    misfit.overloads === 1 ? misfit.lambda : at,
    'AS007',
    `${ctor ? 'new ' : ''}${shortName(fqn)}${ctor ? '' : `.${name}`}(..): the lambda has ${n} parameter${n === 1 ? '' : 's'}, but ${ctor ? 'the constructor' : name} takes a function of ${takes} here (javac: incompatible parameter types in lambda expression)`,
    misfit.takes.length === 1 ? `write the lambda with ${takes} parameter${takes === '1' ? '' : 's'}: ${lambdaShape(misfit.takes[0])}` : undefined,
  );
}

function lambdaShape(n: number): string {
  return n === 0 ? '() -> ..' : n === 1 ? 'x -> ..' : `(${['a', 'b', 'c'].slice(0, n).join(', ')}) -> ..`;
}
