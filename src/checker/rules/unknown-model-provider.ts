/**
 * AS108 unknown-model-provider: a literal model id `prefix:model` passed where the version resolves
 * model ids (the parameters its facts record going to `ModelRegistry.resolve`), whose prefix no
 * artifact of the version registers as a ModelProvider (the inventory's provider table). The call
 * throws IllegalArgumentException("Cannot resolve model"). Files of a run that register their own
 * models or factories with ModelRegistry are not judged.
 */
import type { Node } from 'web-tree-sitter';
import { suggest } from '../../core/suggest.js';
import type { SourceAt } from '../../inventory/schema.js';
import type { FoundMember } from '../inventory-index.js';
import { sourceRef } from '../premises.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { kids } from '../analysis/syntax.js';

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

export function checkModelId(a: AnalyzerBase, argsNode: Node, chosen: FoundMember) {
  const fact = a.premises.modelIdParam(chosen.owner.fqn, chosen.member);
  const arg = fact && kids(argsNode)[fact.index];
  if (!arg || arg.type !== 'string_literal') return;
  const m = /^"([a-z][a-z0-9-]*):(?!\/\/)[^"\s]+"$/.exec(arg.text);
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
    near.length ? `did you mean ${near.map((p) => `"${p}:${arg.text.slice(m[1].length + 2, -1)}"`).join(', ')}? (add the provider's artifact, e.g. ${providers.find((p) => p.prefix === near[0])?.artifactId}, to pom.xml)` : 'use a registered prefix, or register the model with ModelRegistry.register(..)',
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
