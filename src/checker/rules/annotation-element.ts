/**
 * AS010 annotation-element: a use of an AgentScope annotation checked against its elements in the
 * inventory (annotations.ts: unknown element, missing required element, value of the wrong type).
 */
import type { Node } from 'web-tree-sitter';
import { annotationProblems } from '../annotations.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { Scope } from '../analysis/model.js';

/** `annotation`: an annotation node whose name resolved to `fqn`. */
export function checkAnnotationUse(a: AnalyzerBase, annotation: Node, fqn: string, scope: Scope) {
  const decl = a.idx.type(fqn);
  if (!decl || decl.kind !== 'annotation' || a.srcByFqn.has(decl.fqn) || decl.package === a.unit.pkg || !a.mayJudgeQualified(decl.package)) return;
  const problems = annotationProblems(annotation, decl, (v) => a.exprType(v, scope), (x) => a.idx.type(x)?.kind === 'enum');
  for (const p of problems) a.report(p.node, 'AS010', `${p.message} (AgentScope ${a.idx.version})`, p.suggestion);
}
