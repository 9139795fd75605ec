/**
 * AS107 injected-tool-param: a parameter of a `@Tool` method annotated `@ToolParam` whose type the
 * tool invoker injects by type (RuntimeContext, ToolEmitter, Agent, AgentState, ...: the version's
 * facts, read from its ToolMethodInvoker). The schema generator puts every @ToolParam parameter
 * into the model's JSON schema, so the model is asked for an object it cannot give, while the
 * invoker fills the parameter in anyway.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import { shortName } from '../jtype.js';
import { sourceRef } from '../premises.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { TypeCtx } from '../analysis/model.js';
import { field, kids } from '../analysis/syntax.js';

const ANNOTATIONS = new Set(['annotation', 'marker_annotation']);

function annotationOf(a: AnalyzerBase, mods: Node | undefined, fqn: string, ctx: TypeCtx): Node | undefined {
  if (!mods) return undefined;
  return kids(mods).find((k) => {
    if (!ANNOTATIONS.has(k.type)) return false;
    const n = field(k, 'name');
    if (!n) return false;
    const t = n.text.includes('.') ? a.resolveQualified(n.text.replace(/\s+/g, '')) : a.resolveSimple(n.text, ctx);
    return t?.k === 'class' && t.fqn === fqn;
  });
}

export function checkInjectedToolParams(a: AnalyzerBase, m: Node, ctx: TypeCtx) {
  if (!a.premises.injected.size) return;
  if (!annotationOf(a, kids(m).find((k) => k.type === 'modifiers'), 'io.agentscope.core.tool.Tool', ctx)) return;
  const params = field(m, 'parameters');
  if (!params) return;
  for (const p of kids(params)) {
    if (p.type !== 'formal_parameter') continue;
    const ann = annotationOf(a, kids(p).find((k) => k.type === 'modifiers'), 'io.agentscope.core.tool.ToolParam', ctx);
    const tn = field(p, 'type');
    if (!ann || !tn) continue;
    const t = a.typeOf(tn, ctx, false);
    const at = t.k === 'class' ? a.premises.injected.get(t.fqn) : undefined;
    if (!at || t.k !== 'class') continue;
    a.report(
      ann,
      'AS107',
      `${shortName(t.fqn)} is injected by the tool invoker (AgentScope ${a.idx.version}: ${sourceRef(at)}); with @ToolParam it also becomes a required parameter of the tool's schema that the model is asked to fill in`,
      `drop @ToolParam from this parameter: the framework passes the ${shortName(t.fqn)} itself`,
      { type: t.fqn },
    );
  }
}
