/**
 * The semantic-trap rules whose premises are the version's recorded behaviour facts (premises.ts),
 * called from the analysis layers at three points: a call resolved to an inventory method or
 * constructor, a method declaration, the end of a file.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import type { JType } from '../jtype.js';
import { acceptsArity } from '../expr-types.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { TypeCtx } from '../analysis/model.js';
import { kids } from '../analysis/syntax.js';
import { checkToolResultState } from './tool-result-without-state.js';
import { checkDroppedPublisher } from './dropped-publisher.js';
import { notePublisherMethod, reportBlockingInPublishers } from './blocking-in-publisher.js';
import { checkInjectedToolParams } from './injected-tool-param.js';
import { checkModelId } from './unknown-model-provider.js';
import { checkRejectedLiterals } from './rejected-literal-argument.js';
import { checkStructuredData } from './unchecked-structured-data.js';
import { checkHookCallsNext } from './hook-without-next.js';
import { checkMcpClientClosed } from './mcp-client-not-closed.js';
import { checkPerCallStateInField } from './per-call-state-in-field.js';
import { reportStaticDontAsk } from './dont-ask-not-absolute.js';

/** A method call `node` resolved to `chosen` (an inventory method). */
export function onInventoryCall(a: AnalyzerBase, node: Node, argsNode: Node, chosen: FoundMember | undefined, found: FoundMember[], isStatic: boolean) {
  if (!a.premises.known) return;
  checkDroppedPublisher(a, node, chosen ? [chosen] : fitting(found, kids(argsNode).length));
  if (!chosen) return;
  checkToolResultState(a, node, chosen, isStatic);
  checkModelId(a, argsNode, chosen);
  checkRejectedLiterals(a, node, argsNode, chosen);
  checkStructuredData(a, node, chosen);
  checkMcpClientClosed(a, node, chosen);
}

/** The overloads that accept `n` arguments (when the checker could not pick one, they may still all agree). */
function fitting(found: FoundMember[], n: number): FoundMember[] {
  return found.filter((c) => acceptsArity(c.member, n));
}

/** `new T(..)` resolved to the inventory constructor `chosen`. */
export function onInventoryCreation(a: AnalyzerBase, node: Node, argsNode: Node, chosen: FoundMember | undefined) {
  if (chosen && a.premises.known) checkRejectedLiterals(a, node, argsNode, chosen);
}

/** A method declaration of the checked sources, its return type resolved. */
export function onMethod(a: AnalyzerBase, m: Node, ctx: TypeCtx, ret: JType | undefined) {
  notePublisherMethod(a, m, ret);
  checkInjectedToolParams(a, m, ctx);
  checkHookCallsNext(a, m);
  checkPerCallStateInField(a, m, ctx);
}

export function onFileEnd(a: AnalyzerBase) {
  reportBlockingInPublishers(a);
  reportStaticDontAsk(a);
}
