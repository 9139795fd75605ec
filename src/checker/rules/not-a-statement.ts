/**
 * AS000 for an expression written as a statement that Java does not take as one (JLS 14.8): only an
 * assignment, `++` / `--`, a method call or `new X(..)` may stand alone. `a == b;`, `total + 1;`,
 * `"done";` (an edit that dropped the `return` or the assignment) are javac's parser error "not a
 * statement". The file is still checked: javac reports each such statement and stops before
 * attribution, and the other findings are errors of their own.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { kids } from '../analysis/syntax.js';

/** The statement expressions (and a switch written as a statement, which the tree holds as an expression). */
const STATEMENT_EXPRESSIONS: ReadonlySet<string> = new Set(['assignment_expression', 'update_expression', 'method_invocation', 'object_creation_expression', 'switch_expression']);

export function checkStatementExpression(a: AnalyzerBase, statement: Node) {
  const e = kids(statement)[0];
  // (a switch rule's `case X -> a + b;` is its value where the switch is an expression)
  if (!e || STATEMENT_EXPRESSIONS.has(e.type) || statement.parent?.type === 'switch_rule') return;
  a.report(e, 'AS000', `Java syntax error: not a statement: ${JSON.stringify(e.text.length > 40 ? `${e.text.slice(0, 40)}…` : e.text)} is a value, and only an assignment, ++/--, a method call or new X(..) may stand alone`, 'assign it, return it, or use it in a condition');
}
