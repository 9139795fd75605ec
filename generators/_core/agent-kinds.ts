import type { AgentKind, FeatureKind } from './options.js';

/**
 * What differs between the agent kinds a project can be generated for: the library artifact,
 * the project templates that build, run and test the agent, and the features whose generated
 * code is written against ReActAgent only. Everything else (tools, toolkit, providers, pom) is
 * shared, so adding a kind is a row here plus its templates.
 */
export interface AgentKindSpec {
  /** The io.agentscope artifact holding the agent class (besides agentscope-core). */
  artifactId: string;
  agentClass: string;
  templates: { agentFactory: string; main: string; test: string; mainTest: string };
  /** Features not generated for this kind, with why (shown in --help and errors). */
  unsupported: Partial<Record<FeatureKind, { en: string; zh: string }>>;
}

export const AGENT_KINDS: Record<AgentKind, AgentKindSpec> = {
  react: {
    artifactId: 'agentscope-core',
    agentClass: 'io.agentscope.core.ReActAgent',
    templates: { agentFactory: 'project/AgentFactory.java.ejs', main: 'project/Main.java.ejs', test: 'project/AgentFactoryTest.java.ejs', mainTest: 'project/MainTest.java.ejs' },
    unsupported: {},
  },
  harness: {
    artifactId: 'agentscope-harness',
    agentClass: 'io.agentscope.harness.agent.HarnessAgent',
    templates: { agentFactory: 'harness/AgentFactory.java.ejs', main: 'harness/Main.java.ejs', test: 'harness/AgentFactoryTest.java.ejs', mainTest: 'harness/MainTest.java.ejs' },
    unsupported: {
      hitl: {
        en: 'the generated confirm-and-resume helper (Hitl.resolve) is written against ReActAgent; a HarnessAgent project gets the permission policy instead, whose ASK rules pause the call with PERMISSION_ASKING',
        zh: '生成的确认并恢复辅助类（Hitl.resolve）是针对 ReActAgent 编写的；HarnessAgent 项目请改用权限策略（permission），其 ASK 规则会以 PERMISSION_ASKING 暂停调用',
      },
      structured: {
        en: 'the generated structured-output helper is written against ReActAgent; with HarnessAgent call agent.call(messages, YourRecord.class, ctx) directly',
        zh: '生成的结构化输出辅助类是针对 ReActAgent 编写的；HarnessAgent 请直接调用 agent.call(messages, YourRecord.class, ctx)',
      },
    },
  },
};

/** The reasons the chosen features cannot be generated for `kind` (empty: all fine). */
export function unsupportedFeatures(kind: AgentKind, features: readonly FeatureKind[], lang: 'en' | 'zh'): string[] {
  const table = AGENT_KINDS[kind].unsupported;
  return features.filter((f) => table[f]).map((f) => `${f}: ${table[f]![lang]}`);
}
