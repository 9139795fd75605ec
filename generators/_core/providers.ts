import type { Inventory, ProviderInfo } from '../../src/inventory/schema.js';
import { findInventoryDir, readManifest } from '../../src/inventory/store.js';
import type { AgentKind, ProviderChoice } from './options.js';
import type { DependencyNeed } from '../../src/pom/pom.js';
import { compareCodeUnits } from '../../src/core/files.js';

/** The Maven property every io.agentscope dependency of a generated pom points at. */
export const VERSION_PROPERTY = '${agentscope.version}';

export interface AvailableProvider {
  prefix: string;
  artifactId: string;
  providerClass: string;
  /** First environment variable the provider reads for its API key ('' if none). */
  apiKeyEnv: string;
  envVars: string[];
  /** Environment variable for the provider's base URL (see baseUrlEnvOf). */
  baseUrlEnv: string;
  /** Whether the provider itself reads baseUrlEnv (per the inventory), not only the generated code. */
  baseUrlReadByProvider: boolean;
  /** Suggested model name ('' when we have none: the user must pass --model). */
  defaultModel: string;
}

/**
 * Product metadata the inventory cannot know: a suggested model per provider prefix and
 * which provider is the default when several are available (earlier = preferred). A prefix
 * only ever appears to users when the inventory registers it.
 */
const PROVIDER_PREFERENCES: { prefix: string; model: string }[] = [
  { prefix: 'dashscope', model: 'qwen-plus' },
  { prefix: 'openai', model: 'gpt-4o-mini' },
  { prefix: 'anthropic', model: 'claude-sonnet-4-5' },
  { prefix: 'deepseek', model: 'deepseek-chat' },
  { prefix: 'gemini', model: 'gemini-2.5-flash' },
  { prefix: 'ollama', model: 'qwen3' },
  // Model names the 2.0.2 sources use in their own examples (GLMFormatter, KimiFormatter, MiniMaxModelProvider).
  { prefix: 'glm', model: 'glm-5.2' },
  { prefix: 'kimi', model: 'kimi-k3' },
  { prefix: 'minimax', model: 'MiniMax-M3' },
];

function preferenceRank(prefix: string): number {
  const i = PROVIDER_PREFERENCES.findIndex((p) => p.prefix === prefix);
  return i < 0 ? PROVIDER_PREFERENCES.length : i;
}

/**
 * Providers usable with the pinned version: the inventory's ServiceLoader registrations whose
 * artifact is part of the inventory (i.e. was actually served and extracted). Nothing is listed
 * here by hand, so a pin move changes the table by itself.
 */
export function availableProviders(inv: Inventory): AvailableProvider[] {
  const served = new Set(inv.artifacts.map((a) => a.artifactId));
  const byPrefix = new Map<string, AvailableProvider>();
  for (const p of inv.providers ?? []) {
    if (!served.has(p.artifactId) || byPrefix.has(p.prefix)) continue;
    byPrefix.set(p.prefix, toAvailable(p));
  }
  return [...byPrefix.values()].sort((a, b) => preferenceRank(a.prefix) - preferenceRank(b.prefix) || compareCodeUnits(a.prefix, b.prefix));
}

function toAvailable(p: ProviderInfo): AvailableProvider {
  const key = p.envVars.find((v) => /API_KEY$/.test(v)) ?? p.envVars.find((v) => /KEY|TOKEN/.test(v)) ?? '';
  const defaultModel = PROVIDER_PREFERENCES.find((x) => x.prefix === p.prefix)?.model ?? '';
  const baseUrl = baseUrlEnvOf(p.prefix, p.envVars);
  return { prefix: p.prefix, artifactId: p.artifactId, providerClass: p.providerClass, apiKeyEnv: key, envVars: [...p.envVars], defaultModel, ...baseUrl };
}

/**
 * The one environment variable a generated project reads for a provider's base URL and hands
 * over through ModelCreationContext#baseUrl. Where the provider itself already reads a base-URL
 * variable (the inventory's envVars, e.g. ollama's OLLAMA_BASE_URL) that name is used, so there
 * is never a second one; otherwise it is derived from the prefix: openai -> OPENAI_BASE_URL.
 */
export function baseUrlEnvOf(prefix: string, envVars: readonly string[] = []): { baseUrlEnv: string; baseUrlReadByProvider: boolean } {
  const own = envVars.find((v) => /BASE_URL$/.test(v));
  if (own) return { baseUrlEnv: own, baseUrlReadByProvider: true };
  return { baseUrlEnv: `${prefix.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_BASE_URL`, baseUrlReadByProvider: false };
}

/** baseUrlEnvOf for a prefix of this inventory (a prefix it does not register: derived from the prefix). */
export function providerBaseUrlEnv(inv: Inventory, prefix: string): { baseUrlEnv: string; baseUrlReadByProvider: boolean } {
  return baseUrlEnvOf(prefix, inv.providers?.find((p) => p.prefix === prefix)?.envVars);
}

export interface AgentKindAvailability {
  kind: AgentKind;
  available: boolean;
  /** Why it is not available (only when available is false). */
  reason?: string;
}

export function availableAgentKinds(inv: Inventory): AgentKindAvailability[] {
  const hasCore = inv.artifacts.some((a) => a.artifactId === 'agentscope-core');
  const hasHarness = inv.artifacts.some((a) => a.artifactId === 'agentscope-harness');
  return [
    hasCore
      ? { kind: 'react', available: true }
      : { kind: 'react', available: false, reason: `the ${inv.version} inventory has no agentscope-core` },
    hasHarness
      ? { kind: 'harness', available: true }
      : {
          kind: 'harness',
          available: false,
          reason: `agentscope-harness is not part of the AgentScope ${inv.version} inventory (Maven Central does not serve it for this version), so only ReActAgent projects can be generated`,
        },
  ];
}

/** The dependency a provider needs, versioned through the project's agentscope.version property. */
export function providerDependency(inv: Inventory, p: Pick<ProviderChoice, 'artifactId'>): DependencyNeed {
  return { groupId: inv.groupId, artifactId: p.artifactId, version: VERSION_PROPERTY };
}

export function coreDependency(inv: Inventory): DependencyNeed {
  return { groupId: inv.groupId, artifactId: 'agentscope-core', version: VERSION_PROPERTY };
}

/**
 * Whether the pinned version publishes a BOM: the inventory manifest records how the artifact
 * list was discovered ('bom' only when the BOM was served).
 */
export function bomAvailable(inv: Inventory): boolean {
  const dir = findInventoryDir(inv.version);
  if (!dir) return false;
  try {
    return readManifest(dir).discovery === 'bom';
  } catch {
    return false;
  }
}
