/**
 * AS024 jump-target: a `break` or `continue` with nothing to jump to (JLS 14.15, 14.16). A jump
 * never leaves a lambda body or a class body: `continue` in a forEach lambda, to skip an element as
 * in a loop, is "continue outside of loop". javac finds these when it attributes the statement, so
 * they stand whatever else the file holds.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { kids } from '../analysis/syntax.js';

const LOOPS = new Set(['for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement']);
/** What a jump cannot cross: a lambda's body, a class body (and what declares a method, initializer or field in it). */
const BOUNDARIES = new Set(['lambda_expression', 'class_body', 'interface_body', 'enum_body', 'record_declaration', 'method_declaration', 'constructor_declaration', 'compact_constructor_declaration', 'static_initializer', 'program']);

/** A `break_statement` or `continue_statement`. */
export function checkJump(a: AnalyzerBase, node: Node) {
  const isBreak = node.type === 'break_statement';
  const label = kids(node).find((k) => k.type === 'identifier')?.text;
  for (let p = node.parent; p && !BOUNDARIES.has(p.type); p = p.parent) {
    if (label === undefined) {
      // (a switch expression's arms cannot be left by a jump either: javac's own message, not judged)
      if (LOOPS.has(p.type) || p.type === 'switch_expression') return;
      continue;
    }
    if (p.type === 'labeled_statement' && kids(p)[0]?.text === label) {
      const target = kids(p)[1];
      if (isBreak || !target || LOOPS.has(target.type)) return;
      a.report(node, 'AS024', `not a loop label: ${label}`, `continue a loop's label, or break ${label}`);
      return;
    }
  }
  if (label !== undefined) {
    a.report(node, 'AS024', `undefined label: ${label}`, `label an enclosing statement ${label}:, or ${isBreak ? 'break' : 'continue'} one of the enclosing labels`);
    return;
  }
  const inLambda = enclosingBoundary(node)?.type === 'lambda_expression';
  const why = inLambda ? `: a lambda's body is a method of its own, which a jump cannot leave` : '';
  if (isBreak) a.report(node, 'AS024', `break outside switch or loop${why}`, inLambda ? 'return from the lambda instead' : 'break inside a loop or switch, or return');
  else a.report(node, 'AS024', `continue outside of loop${why}`, inLambda ? 'return from the lambda to go on with the next element' : 'continue inside a loop, or return');
}

function enclosingBoundary(node: Node): Node | undefined {
  for (let p = node.parent; p; p = p.parent) if (BOUNDARIES.has(p.type)) return p;
  return undefined;
}
