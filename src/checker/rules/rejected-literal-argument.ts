/**
 * AS109 rejected-literal-argument: a literal argument that the called method's (or constructor's)
 * own leading precondition rejects, as the version's facts record it
 * (`if (maxRetries <= 0) throw new IllegalArgumentException(..)`): the call throws whenever it runs.
 * Calls inside a lambda or a try block are left alone (tests assert the exception so).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { shortName } from '../jtype.js';
import { describeRejection, rejects, sourceRef } from '../premises.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { kids } from '../analysis/syntax.js';

/** The value of a literal argument: a number, null, or a string's content; undefined for anything else. */
function literalValue(n: Node): number | string | null | undefined {
  if (n.type === 'parenthesized_expression' && kids(n).length === 1) return literalValue(kids(n)[0]);
  if (n.type === 'null_literal') return null;
  if (n.type === 'unary_expression' && n.child(0)?.type === '-') {
    const v = literalValue(kids(n)[0]);
    return typeof v === 'number' ? -v : undefined;
  }
  if (n.type === 'decimal_integer_literal' || n.type === 'decimal_floating_point_literal') {
    const v = Number(n.text.replace(/_/g, '').replace(/[lLfFdD]$/, ''));
    return Number.isFinite(v) ? v : undefined;
  }
  if (n.type === 'string_literal' && !n.text.includes('\\')) return n.text.slice(1, -1);
  return undefined;
}

/** Inside a lambda or a try block of the enclosing method (code that expects the exception)? */
function guarded(node: Node): boolean {
  for (let p = node.parent; p && p.type !== 'method_declaration' && p.type !== 'constructor_declaration' && p.type !== 'class_body'; p = p.parent) {
    if (p.type === 'lambda_expression' || p.type === 'try_statement' || p.type === 'try_with_resources_statement') return true;
  }
  return false;
}

export function checkRejectedLiterals(a: AnalyzerBase, at: Node, argsNode: Node, chosen: FoundMember) {
  const pre = a.premises.preconditions(chosen.owner.fqn, chosen.member);
  if (!pre.length || guarded(at)) return;
  const args = kids(argsNode);
  for (const p of pre) {
    const arg = args[p.index];
    if (!arg) continue;
    const v = literalValue(arg);
    if (v === undefined) continue;
    const hit = p.rejects.find((r) => rejects(r, v));
    if (!hit) continue;
    const what = chosen.member.kind === 'constructor' ? `new ${shortName(chosen.owner.fqn)}(..)` : `${shortName(chosen.owner.fqn)}.${chosen.member.name}(..)`;
    a.report(
      arg,
      'AS109',
      `${what} throws ${p.exception} for ${arg.text}: it rejects ${describeRejection(p.param, hit)} (AgentScope ${a.idx.version}: ${sourceRef(p.at)})`,
      `pass a value its precondition accepts (not ${p.rejects.map((r) => describeRejection(p.param, r)).join(', not ')})`,
      { type: chosen.owner.fqn, member: chosen.member.kind === 'constructor' ? '<init>' : chosen.member.name },
    );
  }
}
