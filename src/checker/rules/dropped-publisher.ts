/**
 * AS105 dropped-publisher: a call of an AgentScope method that returns a Reactor `Mono`/`Flux`,
 * written as a statement of its own (`toolkit.registerMcpClient(client);`, `agent.call(msg);`).
 * Reactor publishers are cold: nothing subscribes to the dropped one, so the work never happens.
 * The premise is a fact of the version: the method's body (or, for an abstract method, every body
 * of that name the version has) returns the publisher as its only statement, so all its work waits
 * for a subscriber. A method that does work before returning its publisher is not judged.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { shortName } from '../jtype.js';
import { returnsPublisher, sourceRef } from '../premises.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { callOfArgument } from '../analysis/syntax.js';

/** Methods whose lambda argument is always a Consumer (its value is dropped): JDK collections, streams, Optional, Reactor's side-effect operators. */
const CONSUMERS = new Set(['forEach', 'forEachOrdered', 'ifPresent', 'doOnNext', 'doOnSuccess', 'subscribe']);

/** `xs.forEach(m -> agent.call(m))`: `node` is the expression body of a lambda passed to a Consumer-taking method. */
function consumerBody(node: Node): boolean {
  const lambda = node.parent;
  if (lambda?.type !== 'lambda_expression' || lambda.childForFieldName('body')?.id !== node.id) return false;
  const call = callOfArgument(lambda);
  return !!call && CONSUMERS.has(call.childForFieldName('name')?.text ?? '') && call.childForFieldName('arguments')?.namedChildren.length === 1;
}

/** `cands`: the chosen overload, or every one that fits when the checker could not choose (all must agree). */
export function checkDroppedPublisher(a: AnalyzerBase, node: Node, cands: FoundMember[]) {
  if (!(node.parent?.type === 'expression_statement' || consumerBody(node)) || !cands.length || !cands.every((c) => returnsPublisher(c.member))) return;
  const lazies = cands.map((c) => a.premises.lazyPublisher(c.owner.fqn, c.member));
  const lazy = lazies[0];
  if (!lazy || lazies.some((l) => !l)) return;
  const chosen = cands[0];
  const kind = /Flux\b/.test(chosen.member.type ?? '') ? 'Flux' : 'Mono';
  const owner = shortName(chosen.owner.fqn);
  const name = chosen.member.name;
  a.report(
    node,
    'AS105',
    `${owner}.${name}(..) returns a ${kind} whose work waits for a subscriber (AgentScope ${a.idx.version}: ${sourceRef(lazy)}) that nothing subscribes to: as a statement of its own it does nothing`,
    `use the ${kind}: return it or chain it (.then(..), .flatMap(..)) inside reactive code, or ${kind === 'Mono' ? '.block()' : '.blockLast()'} where blocking is allowed (main, tests)`,
    { type: chosen.owner.fqn, member: name },
  );
}
