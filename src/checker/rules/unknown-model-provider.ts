/**
 * AS108 unknown-model-provider: a literal model id `prefix:model` passed where the version resolves
 * model ids (the parameters its facts record going to `ModelRegistry.resolve`), whose prefix no
 * artifact of the version registers as a ModelProvider (the inventory's provider table). The call
 * throws IllegalArgumentException("Cannot resolve model"). Files of a run that register their own
 * models or factories with ModelRegistry are not judged.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import { suggest } from '../../core/suggest.js';
import type { SourceAt } from '../../inventory/schema.js';
import type { FoundMember } from '../inventory-index.js';
import { sourceRef } from '../premises.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { below } from './tree.js';
import { field, kids } from '../analysis/syntax.js';

/** Model families and the provider prefix that serves them, used only when that prefix is registered in the version. */
const FAMILY: Record<string, string> = {
  qwen: 'dashscope',
  tongyi: 'dashscope',
  bailian: 'dashscope',
  aliyun: 'dashscope',
  claude: 'anthropic',
  gpt: 'openai',
  chatgpt: 'openai',
  azure: 'openai',
  google: 'gemini',
  vertex: 'gemini',
  llama: 'ollama',
  glm: 'zhipu',
  zhipuai: 'zhipu',
};

const registers = new WeakMap<object, boolean>();

/** Does any file of the run call ModelRegistry.register*(..)? Then ids may be the project's own. */
function registersModels(a: AnalyzerBase): boolean {
  let r = registers.get(a);
  if (r === undefined) {
    const units = new Set([a.unit, ...[...a.srcByFqn.values()].map((c) => c.unit)]);
    r = [...units].some((u) => /ModelRegistry\s*\.\s*register/.test(u.content));
    registers.set(a, r);
  }
  return r;
}

/**
 * The string literal a name stands for: a `final` field of the enclosing classes (`static final
 * String MODEL = "qwen:qwen-max"`) or a local of the enclosing method initialised with one and
 * never assigned again. Undefined when the name is anything else (a parameter, a shadowing local).
 */
function constantValue(id: Node): Node | undefined {
  const name = id.text;
  let method: Node | null = id.parent;
  while (method && method.type !== 'method_declaration' && method.type !== 'constructor_declaration' && method.type !== 'class_body') method = method.parent;
  const inMethod = method && method.type !== 'class_body' ? below(method) : [];
  const locals = inMethod.filter((n) => n.type === 'variable_declarator' && field(n, 'name')?.text === name);
  if (inMethod.some((n) => n.type === 'formal_parameter' && field(n, 'name')?.text === name)) return undefined;
  if (locals.length) {
    const assigned = inMethod.some((n) => n.type === 'assignment_expression' && field(n, 'left')?.text === name);
    return locals.length === 1 && !assigned ? field(locals[0], 'value') ?? undefined : undefined;
  }
  for (let body: Node | null = id.parent; body; body = body.parent) {
    if (body.type !== 'class_body') continue;
    for (const f of kids(body).filter((k) => k.type === 'field_declaration' && /\bfinal\b/.test(kids(k).find((x) => x.type === 'modifiers')?.text ?? ''))) {
      const d = kids(f).find((k) => k.type === 'variable_declarator' && field(k, 'name')?.text === name);
      if (d) return field(d, 'value') ?? undefined;
    }
  }
  return undefined;
}

export function checkModelId(a: AnalyzerBase, argsNode: Node, chosen: FoundMember) {
  const fact = a.premises.modelIdParam(chosen.owner.fqn, chosen.member);
  const arg = fact && kids(argsNode)[fact.index];
  const literal = arg?.type === 'identifier' ? constantValue(arg) : arg;
  if (!arg || literal?.type !== 'string_literal') return;
  const m = /^"([a-z][a-z0-9-]*):(?!\/\/)[^"\s]+"$/.exec(literal.text);
  if (!m) return;
  const providers = a.idx.inventory.providers;
  const prefixes = providers.map((p) => p.prefix);
  if (!prefixes.length || registersModels(a)) return;
  if (prefixes.includes(m[1])) {
    reportMissingProviderArtifact(a, arg, m[1], fact!.at, chosen);
    return;
  }
  const family = FAMILY[m[1]] ?? Object.entries(FAMILY).find(([k]) => m[1].startsWith(k))?.[1];
  const near = [...new Set([...(family && prefixes.includes(family) ? [family] : []), ...suggest(m[1], prefixes)])];
  a.report(
    arg,
    'AS108',
    `no ModelProvider of AgentScope ${a.idx.version} registers the prefix "${m[1]}:" (registered: ${prefixes.map((p) => `${p}:`).join(', ')}); the id is resolved by ModelRegistry (${sourceRef(fact!.at)}), which throws IllegalArgumentException for it`,
    near.length ? `did you mean ${near.map((p) => `"${p}:${literal.text.slice(m[1].length + 2, -1)}"`).join(', ')}? (add the provider's artifact, e.g. ${providers.find((p) => p.prefix === near[0])?.artifactId}, to pom.xml)` : 'use a registered prefix, or register the model with ModelRegistry.register(..)',
    { type: chosen.owner.fqn, member: chosen.member.name },
  );
}

/**
 * Inside a project (project context): the prefix is registered, but only by artifacts that are not
 * dependencies of the module in any scope, so ModelRegistry finds no provider for it at run time.
 */
function reportMissingProviderArtifact(a: AnalyzerBase, arg: Node, prefix: string, at: SourceAt, chosen: FoundMember) {
  const outside = a.idx.outside;
  if (!outside) return;
  const registering = a.idx.inventory.providers.filter((p) => p.prefix === prefix);
  if (registering.some((p) => outside.anyScope.has(p.artifactId))) return;
  const artifacts = [...new Set(registering.map((p) => `io.agentscope:${p.artifactId}`))];
  a.report(
    arg,
    'AS108',
    `the prefix "${prefix}:" is registered by ${artifacts.join(' or ')} (${registering.map((p) => p.providerClass.slice(p.providerClass.lastIndexOf('.') + 1)).join(', ')}), which is not a dependency of this module; the id is resolved by ModelRegistry (${sourceRef(at)}), which throws IllegalArgumentException when no provider registers the prefix`,
    `add ${artifacts[0]} to the <dependencies> of ${outside.pom}`,
    { type: chosen.owner.fqn, member: chosen.member.name },
  );
}
