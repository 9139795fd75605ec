/**
 * AS108 unknown-model-provider: a literal model id `prefix:model` passed where the version resolves
 * model ids (the parameters its facts record going to `ModelRegistry.resolve`), whose prefix no
 * artifact of the version registers as a ModelProvider (the inventory's provider table). The call
 * throws IllegalArgumentException("Cannot resolve model"). Files of a run that register their own
 * models or factories with ModelRegistry are not judged.
 */
import type { Node } from 'web-tree-sitter';
import { suggest } from '../../core/suggest.js';
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
  if (!prefixes.length || prefixes.includes(m[1]) || registersModels(a)) return;
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
