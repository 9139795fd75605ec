/**
 * AS111 hook-without-next: a middleware hook (an `@Override` of a MiddlewareBase hook that receives
 * the rest of the chain as a `Function` parameter, `next`) whose body never mentions that
 * parameter: the agent's work behind the hook (reasoning, acting, the model call) never runs and
 * the call is swallowed. A hook that fails on purpose (`Flux.error(..)`, `Mono.error(..)`, `throw`)
 * is left alone. The hooks and the position of `next` come from the version's MiddlewareBase.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { annotationNames, field, kids } from '../analysis/syntax.js';

const MIDDLEWARE = 'io.agentscope.core.middleware.MiddlewareBase';

function mentions(n: Node, name: string): boolean {
  if (n.type === 'identifier' && n.text === name) return true;
  return kids(n).some((k) => mentions(k, name));
}

export function checkHookCallsNext(a: AnalyzerBase, m: Node) {
  const name = field(m, 'name')?.text ?? '';
  const decl = a.idx.type(MIDDLEWARE);
  const hook = decl?.members.find((x) => x.kind === 'method' && x.name === name && (x.params ?? []).some((p) => p.type.startsWith('java.util.function.Function')));
  if (!decl || !hook || !annotationNames(m).includes('Override')) return;
  const cls = m.parent?.parent;
  // a named class's supertypes, or the type of an anonymous class (`new MiddlewareBase() {..}`)
  const header = !cls ? [] : cls.type === 'object_creation_expression' ? [field(cls, 'type')].filter((k): k is Node => k !== null) : kids(cls).filter((k) => k.type === 'superclass' || k.type === 'super_interfaces' || k.type === 'extends_interfaces');
  if (!header.some((h) => /\bMiddlewareBase\b/.test(h.text))) return;
  const index = (hook.params ?? []).findIndex((p) => p.type.startsWith('java.util.function.Function'));
  const params = kids(field(m, 'parameters')!).filter((p) => p.type === 'formal_parameter');
  if (params.length !== (hook.params ?? []).length) return;
  const next = field(params[index], 'name')?.text;
  const body = field(m, 'body');
  if (!next || !body || mentions(body, next) || /\b(Flux|Mono)\s*\.\s*error\s*\(|\bthrow\b/.test(body.text)) return;
  a.report(
    field(m, 'name')!,
    'AS111',
    `${name}(..) never calls ${next}.apply(..): the rest of the chain (the agent's own ${name.replace(/^on/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}) never runs and the call is swallowed (AgentScope ${a.idx.version}: ${decl.artifact} ${decl.path}:${hook.line})`,
    `return ${next}.apply(input) (or ${next}.apply(input) with your operators chained: .doOnNext(..), .map(..)); to stop the call on purpose, return Flux.error(..)`,
    { type: MIDDLEWARE, member: name },
  );
}
