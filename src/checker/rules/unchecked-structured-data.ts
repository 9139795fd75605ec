/**
 * AS110 unchecked-structured-data: `msg.getStructuredData(..)` in a method that never asks
 * `hasStructuredData()`. The version's facts record that getStructuredData throws when the reply
 * carries no structured output, which a reply does not when the agent paused (a permission ask),
 * was interrupted or hit its iteration limit. Test code (src/test/, @Test methods) is not judged:
 * there the exception fails the test, as it should.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { sourceRef } from '../premises.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { annotationNames } from '../analysis/syntax.js';

const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);

export function checkStructuredData(a: AnalyzerBase, node: Node, chosen: FoundMember) {
  if (chosen.owner.fqn !== 'io.agentscope.core.message.Msg' || chosen.member.name !== 'getStructuredData') return;
  const check = a.premises.stateChecks(chosen.owner.fqn, chosen.member)[0];
  if (!check) return;
  let p: Node | null = node.parent;
  while (p && p.type !== 'method_declaration' && p.type !== 'constructor_declaration' && p.type !== 'class_body') {
    // a try block that catches the failure handles it
    if (p.type === 'try_statement' && p.children.some((c) => c.type === 'catch_clause' && /\b(IllegalStateException|RuntimeException|Exception|Throwable)\b/.test(c.text.slice(0, c.text.indexOf(')') + 1)))) return;
    p = p.parent;
  }
  if (!p || p.text.includes('hasStructuredData')) return;
  // test code: a reply without structured output fails the test, which is what it is for
  if (/(^|\/)src\/test\//.test(a.unit.path) || annotationNames(p).some((n) => TEST_ANNOTATIONS.has(n))) return;
  a.report(
    node,
    'AS110',
    `getStructuredData(..) throws ${check.exception} when the reply has no structured output (AgentScope ${a.idx.version}: ${sourceRef(check.at)}), which happens when the agent paused for a permission, was interrupted or stopped at its iteration limit`,
    'check msg.hasStructuredData() first (and handle the other replies, e.g. by GenerateReason), then read getStructuredData(..)',
    { type: chosen.owner.fqn, member: chosen.member.name },
  );
}
