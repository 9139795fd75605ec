/**
 * AS013 for a block lambda that returns no value where the functional interface's method returns
 * one: `events.map(event -> { log(event); })` on a Flux (a `doOnNext` turned into a `map`), and
 * for a reference to a project method that returns nothing (`events.map(Main::print)`). Such a
 * lambda is not even potentially compatible with a Function (JLS 15.12.2.1), so javac rejects the
 * call: "method map in class Flux<T> cannot be applied to given types ... bad return type in lambda
 * expression: missing return value", at the call. Judged where the lambda's target is the one all
 * candidates agree on, its block has no `return` of a value at its own level and certainly completes
 * normally (it ends in an expression, a declaration, or an `if` that does), and it is a call's argument.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { callOfArgument, field, kids } from '../analysis/syntax.js';

/** Does `n` hold a `return value;` of the lambda itself (not of a nested lambda or class)? */
export function returnsValue(n: Node): boolean {
  if (n.type === 'lambda_expression' || n.type === 'class_body') return false;
  if (n.type === 'return_statement') return kids(n).length > 0;
  return kids(n).some(returnsValue);
}

/** Can statement `n` certainly complete normally (JLS 14.22)? false where that is not certain. */
export function completesNormally(n: Node): boolean {
  switch (n.type) {
    case 'expression_statement':
    case 'local_variable_declaration':
    case ';':
      return true;
    case 'block': {
      const ss = kids(n);
      return ss.length === 0 || completesNormally(ss[ss.length - 1]);
    }
    case 'if_statement': {
      // an if without else completes normally; with one, where either branch does
      const cons = field(n, 'consequence');
      const alt = field(n, 'alternative');
      return !alt || (!!cons && completesNormally(cons)) || completesNormally(alt);
    }
    default:
      return false;
  }
}

export function checkVoidBlockLambda(a: AnalyzerBase, lambda: Node, body: Node) {
  const statements = kids(body);
  const last = statements[statements.length - 1];
  if (!last || !completesNormally(last) || statements.some(returnsValue)) return;
  reportValuelessArgument(a, lambda, 'the lambda');
}

/**
 * AS013 at the call `arg` is an argument of, `arg` (a lambda, or a method reference: `what`) giving
 * no value where the functional interface's method returns one; false where `arg` is no call's argument.
 */
export function reportValuelessArgument(a: AnalyzerBase, arg: Node, what: string): boolean {
  const call = callOfArgument(arg);
  if (!call) return false;
  const name = field(call, 'name');
  a.report(name ?? call, 'AS013', `incompatible types: ${what} given to ${name?.text ?? 'the method'}(..) returns no value, and its functional interface's method returns one (AgentScope ${a.idx.version})`, name?.text === 'map' ? 'to act on each element and pass it on, use doOnNext(..); or return the mapped value' : 'return a value');
  return true;
}
