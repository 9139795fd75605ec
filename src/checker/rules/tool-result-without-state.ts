/**
 * AS101 tool-result-without-state: `ToolResultBlock.text(..)` / `.error(..)` returned from a tool
 * without `.withState(..)`, where the version's recorded facts say the block ends in a state the
 * factory's name does not promise. The factory may leave it RUNNING (the constructor's default);
 * the agent then settles it (ReActAgent: SUCCESS, or ERROR when the text starts with "[ERROR]").
 * So a RUNNING `text(..)` ends SUCCESS as meant, while 2.0.0's `error(..)` ("Error: ..." text)
 * also ends SUCCESS: the failure reaches the model as a success. In 2.0.2 `error(..)` passes
 * ERROR itself. Without settling facts a RUNNING result is reported as before (docs/checker.md#as101).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { intendedState, sourceRef } from '../premises.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { annotationNames, field } from '../analysis/syntax.js';

const TRB = 'io.agentscope.core.message.ToolResultBlock';

/** On a resolved static call of ToolResultBlock. */
export function checkToolResultState(a: AnalyzerBase, node: Node, chosen: FoundMember, isStatic: boolean) {
  const name = chosen.member.name;
  if (!isStatic || chosen.owner.fqn !== TRB || (name !== 'text' && name !== 'error')) return;
  const fact = a.premises.toolResultState(chosen.member);
  if (!fact || !a.premises.endsOtherwise(name, fact.state)) return;
  const parent = node.parent;
  const chainedState = parent?.type === 'method_invocation' && field(parent, 'object')?.id === node.id && field(parent, 'name')?.text === 'withState';
  if (chainedState || !inToolReturn(node)) return;
  const settled = a.premises.settled(name);
  const where = `AgentScope ${a.idx.version}: ${fact.explicit ? 'passed' : 'the constructor default'}, ${sourceRef(fact.at)}`;
  const outcome = settled && name === 'error'
    ? `; the agent settles a RUNNING result${settled.errorPrefix ? ` whose text does not start with "${settled.errorPrefix.value}"` : ''} as ${settled.state} (${sourceRef(settled.at.at)})${settled.written ? `, and error(..) writes "${settled.written.value}..." (${sourceRef(settled.written.at)})` : ''}, so the failure reaches the model as a success`
    : name === 'text' ? '; say that the tool finished' : ', so the result is not marked as a failure';
  a.report(
    node,
    'AS101',
    `ToolResultBlock.${name}(..) returned from a tool keeps the default state RUNNING (${where})${outcome}`,
    `ToolResultBlock.${name}(..).withState(ToolResultState.${intendedState(name)})`,
    { type: TRB, member: name },
  );
}

/**
 * Is `node` returned from a tool method (`@Tool`, or a ToolBase-style `callAsync`/`call`/`@Override`
 * returning ToolResultBlock)? Directly, or as the initializer of a local that the method returns
 * as it is (never reassigned, never given a state).
 */
function inToolReturn(node: Node): boolean {
  let p: Node | null = node.parent;
  let inReturn = false;
  const local = p?.type === 'variable_declarator' && field(p, 'value')?.id === node.id ? field(p, 'name')?.text : undefined;
  while (p) {
    if (p.type === 'return_statement') inReturn = true;
    if (p.type === 'lambda_expression' && local) return false;
    if (p.type === 'method_declaration') {
      if (!inReturn && !(local && returnsLocalAsIs(p, local))) return false;
      const ann = annotationNames(p);
      if (ann.includes('Tool')) return true;
      const rt = field(p, 'type')?.text ?? '';
      const name = field(p, 'name')?.text ?? '';
      return /\bToolResultBlock\b/.test(rt) && (name === 'callAsync' || name === 'call' || ann.includes('Override'));
    }
    if (p.type === 'class_body' || p.type === 'program') return false;
    p = p.parent;
  }
  return false;
}

/** `return x;` somewhere in `method`, and `x` is never reassigned nor given a state there. */
function returnsLocalAsIs(method: Node, x: string): boolean {
  const body = field(method, 'body');
  if (!body) return false;
  let returned = false;
  const stack = [body];
  while (stack.length) {
    const n = stack.pop()!;
    const first = n.namedChildren[0];
    if (n.type === 'return_statement' && first?.type === 'identifier' && first.text === x && ownReturn(n, body)) returned = true;
    if (n.type === 'assignment_expression' && field(n, 'left')?.text === x) return false;
    if (n.type === 'method_invocation' && field(n, 'object')?.text === x && field(n, 'name')?.text === 'withState') return false;
    for (const k of n.namedChildren) if (k) stack.push(k);
  }
  return returned;
}

/** A return of the method itself, not of a lambda or a class inside it. */
function ownReturn(n: Node, body: Node): boolean {
  for (let p = n.parent; p && p.id !== body.id; p = p.parent) if (p.type === 'lambda_expression' || p.type === 'class_body') return false;
  return true;
}
