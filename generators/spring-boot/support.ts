import type { Inventory } from '../../src/inventory/schema.js';
import { FEATURE_KINDS, type CreateOptions, type FeatureKind } from '../_core/options.js';

/**
 * What the Spring Boot flavour supports, read from the AgentScope starters (2.0.2 sources):
 * - `agentscope-spring-boot-starter` (AgentscopeAutoConfiguration) builds one ReActAgent from
 *   one Model bean; each provider starter `agentscope-<prefix>-spring-boot-starter` contributes
 *   that Model bean from `agentscope.<prefix>.*`, selected by `agentscope.model.provider` and
 *   backing off (@ConditionalOnMissingBean(Model.class)) when the application defines its own.
 * So: one provider with a starter, a ReActAgent, and the features that only add tools or
 * builder calls to the agent bean. The rest is refused with a reason rather than half-wired.
 */
export const SPRING_BOOT_CORE_STARTER = 'agentscope-spring-boot-starter';

export function providerStarter(prefix: string): string {
  return `agentscope-${prefix}-spring-boot-starter`;
}

type SpringBootSupport = { supported: true } | { supported: false; why: { en: string; zh: string } };

/** Per feature: supported in the agent bean, or why not. A kind not listed (a new one) is refused until it is wired here. */
const SPRING_BOOT_FEATURES: Partial<Record<FeatureKind, SpringBootSupport>> = {
  tool: { supported: true },
  toolbase: { supported: true },
  middleware: { supported: true },
  permission: { supported: true },
  toolgroups: { supported: true },
  hitl: {
    supported: false,
    why: { en: 'a confirmation round-trip needs a resume step the chat endpoint does not have', zh: '确认流程需要恢复调用这一步，聊天端点没有' },
  },
  mcp: {
    supported: false,
    why: { en: 'MCP clients need a connection lifecycle the flavour does not manage yet', zh: 'MCP 客户端需要连接生命周期管理，该形态尚未提供' },
  },
  structured: {
    supported: false,
    why: { en: 'the chat endpoint returns text, not a structured record', zh: '聊天端点返回文本，而不是结构化 record' },
  },
};

const NOT_WIRED: SpringBootSupport = {
  supported: false,
  why: { en: 'not wired into the Spring Boot agent bean yet', zh: '尚未接入 Spring Boot 的 agent bean' },
};

export function springBootSupport(kind: FeatureKind): SpringBootSupport {
  return SPRING_BOOT_FEATURES[kind] ?? NOT_WIRED;
}

export const SPRING_BOOT_SUPPORTED_FEATURES: FeatureKind[] = FEATURE_KINDS.filter((k) => springBootSupport(k).supported);

/** Providers whose Spring Boot starter is part of the inventory (i.e. served and extracted). */
export function springBootProviders(inv: Inventory, prefixes: readonly string[]): string[] {
  const served = new Set(inv.artifacts.map((a) => a.artifactId));
  return prefixes.filter((p) => served.has(providerStarter(p)));
}

export type SpringBootProblem =
  | { code: 'noStarter'; params: { version: string } }
  | { code: 'provider'; params: { provider: string; version: string; list: string } }
  | { code: 'fallback'; params: { list: string } }
  | { code: 'agent'; params: { kind: string } }
  | { code: 'features'; params: { list: string; supported: string; why: string } };

/** The first reason these options cannot become a Spring Boot project (undefined: they can). */
export function springBootProblem(
  opts: Pick<CreateOptions, 'providers' | 'agent' | 'features'>,
  inv: Inventory,
  allPrefixes: readonly string[],
  lang: 'en' | 'zh' = 'en',
): SpringBootProblem | undefined {
  if (!inv.artifacts.some((a) => a.artifactId === SPRING_BOOT_CORE_STARTER)) return { code: 'noStarter', params: { version: inv.version } };
  if (opts.agent.kind !== 'react') return { code: 'agent', params: { kind: opts.agent.kind } };
  if (opts.providers.length > 1) return { code: 'fallback', params: { list: opts.providers.map((p) => p.prefix).join(', ') } };
  const withStarter = springBootProviders(inv, allPrefixes);
  const p = opts.providers[0];
  if (p && !withStarter.includes(p.prefix)) return { code: 'provider', params: { provider: p.prefix, version: inv.version, list: withStarter.join(', ') } };
  const refused = opts.features.filter((f) => !springBootSupport(f).supported);
  if (refused.length) {
    const why = refused.map((f) => {
      const e = springBootSupport(f);
      return `${f}: ${e.supported ? '' : e.why[lang]}`;
    });
    return { code: 'features', params: { list: refused.join(', '), supported: SPRING_BOOT_SUPPORTED_FEATURES.join(', '), why: why.join('; ') } };
  }
  return undefined;
}
