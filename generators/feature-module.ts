import type { Lang, McpTransport } from './_core/options.js';

/** What a feature needs to render its files. */
interface FeatureContext {
  pkg: string;
  lang: Lang;
  className: string;
  mcpTransports: McpTransport[];
  /** Names of the other tools in the project (for the permission policy). */
  policy: PolicyLists;
}

export interface PolicyLists {
  allow: string[];
  ask: string[];
  deny: string[];
}

interface FeatureFile {
  /** Template under templates/. */
  template: string;
  /** Simple class name of the generated file. */
  className: string;
  scope: 'main' | 'test';
  /** Extra template data. */
  data?: Record<string, unknown>;
}

/** How a feature decides its tool calls in the permission engine. */
type ToolPermission = 'allow' | 'ask' | 'deny' | 'self';

/** A feature kind's generator; its kind, summary and default class name are its row in generators/_core/kinds.ts. */
export interface FeatureModule {
  files(ctx: FeatureContext): FeatureFile[];
  /** Statements in AgentFactory.createToolkit() (variable `toolkit`). */
  toolkitLines(className: string): string[];
  /** Chained calls on ReActAgent.Builder in AgentFactory.builder(). */
  builderLines(className: string): string[];
  /** Tools this feature registers, with how the permission policy should treat them. */
  tools(className: string): { name: string; permission: ToolPermission; /** false: not in the model's tool list at start (inactive group, remote MCP tool) */ exposed?: boolean }[];
  /** A call the assembled agent can run offline (AgentFactoryTest), with text expected in the result. */
  sampleCall?(className: string): { tool: string; input: string; expect: string } | undefined;
  /** How to wire the class into an existing agent (for `gen`), per language. */
  wiring(className: string, lang: Lang): string;
}
