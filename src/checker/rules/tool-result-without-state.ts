/**
 * AS101 tool-result-without-state: `ToolResultBlock.text(..)` / `.error(..)` returned from a tool
 * without `.withState(..)`: both factories leave the block RUNNING (docs/checker.md).
 */
import type { Node } from 'web-tree-sitter';
import type { AnalyzerBase } from '../analysis/base.js';
import { annotationNames, field } from '../analysis/syntax.js';

/** On a resolved static call `owner.name(..)`. */
export function checkToolResultState(a: AnalyzerBase, node: Node, owner: string, name: string, isStatic: boolean) {
  if (a.traps.AS101 && isStatic && owner === 'io.agentscope.core.message.ToolResultBlock' && (name === 'text' || name === 'error')) {
    const parent = node.parent;
    const chainedState = parent?.type === 'method_invocation' && field(parent, 'object')?.id === node.id && field(parent, 'name')?.text === 'withState';
    if (!chainedState && inToolReturn(node)) {
      const state = name === 'text' ? 'SUCCESS' : 'ERROR';
      a.report(
        node,
        'AS101',
        name === 'text'
          ? 'ToolResultBlock.text(..) returned from a tool keeps the default state RUNNING; say that the tool finished'
          : 'ToolResultBlock.error(..) returned from a tool keeps the default state RUNNING, so the result is not marked as a failure',
        `ToolResultBlock.${name}(..).withState(ToolResultState.${state})`,
      );
    }
  }
}

/** Is `node` returned from a tool method (`@Tool`, or a ToolBase-style `callAsync`/`call`/`@Override` returning ToolResultBlock)? */
function inToolReturn(node: Node): boolean {
  let p: Node | null = node.parent;
  let inReturn = false;
  let lambdaBody = false;
  while (p) {
    if (p.type === 'return_statement') inReturn = true;
    if (p.type === 'lambda_expression' && !inReturn) lambdaBody = true;
    if (p.type === 'method_declaration') {
      if (!inReturn && !lambdaBody) return false;
      if (!inReturn) return false;
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
