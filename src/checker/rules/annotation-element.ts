/**
 * AS010 annotation-element: a use of an AgentScope annotation checked against its elements in the
 * inventory (annotations.ts: unknown element, missing required element, value of the wrong type).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { TypeDecl } from '../../inventory/schema.js';
import { annotationProblems } from '../annotations.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { Scope } from '../analysis/model.js';

/** `annotation`: an annotation node of the AgentScope annotation type `decl`. */
export function checkAnnotationElements(a: AnalyzerBase, annotation: Node, decl: TypeDecl, scope: Scope) {
  const problems = annotationProblems(annotation, decl, (v) => a.exprType(v, scope), (x) => a.idx.type(x)?.kind === 'enum');
  for (const p of problems) a.report(p.node, 'AS010', `${p.message} (AgentScope ${a.idx.version})`, p.suggestion, { type: decl.fqn });
}
