/**
 * The contract between the CLI (argv/prompts -> normalized options) and the generators
 * (normalized options -> file changes in a Tree). Everything here is already validated
 * and derived; generators never parse flags or prompt.
 */

export type Lang = 'en' | 'zh';
export type AgentKind = 'react' | 'harness';
export type McpTransport = 'stdio' | 'http' | 'sse';
/** Project shape: a plain Maven project (default) or a Spring Boot application on the AgentScope starters. */
export type Flavor = 'maven' | 'spring-boot';
export const FLAVORS: readonly Flavor[] = ['maven', 'spring-boot'];

/** The feature kinds and their table live in kinds.ts (one row per kind). */
export { FEATURE_KINDS, type FeatureKind, type GenKind } from './kinds.js';
import type { FeatureKind, GenKind } from './kinds.js';

/** One chosen model provider, resolved against the inventory's provider table. */
export interface ProviderChoice {
  /** `openai` (the model string is `${prefix}:${model}`) */
  prefix: string;
  artifactId: string;
  /** Environment variable holding the API key, read with System.getenv; empty if none. */
  apiKeyEnv: string;
  model: string;
}

/** Coordinates and naming shared by `create` and `gen`. */
interface ProjectCoordinates {
  groupId: string;
  artifactId: string;
  /** Base Java package, e.g. com.example.demo */
  packageName: string;
  /** packageName with slashes: com/example/demo */
  packagePath: string;
  javaRelease: 17 | 21;
  /** The AgentScope version (the pin), from inventory/pin.json. */
  agentscopeVersion: string;
  lang: Lang;
}

export interface CreateOptions extends ProjectCoordinates {
  /** Absolute target directory. */
  directory: string;
  /** Project version in the pom. */
  projectVersion: string;
  agent: { kind: AgentKind; name: string; systemPrompt: string };
  /** First = primary; second (if any) = fallback model. Never empty. */
  providers: ProviderChoice[];
  /** Retries for model calls when a fallback is configured. */
  maxRetries: number;
  features: FeatureKind[];
  /** Non-empty iff features includes 'mcp'. */
  mcpTransports: McpTransport[];
  /** Absent: 'maven'. */
  flavor?: Flavor;
  force: boolean;
}

export interface FeatureOptions extends ProjectCoordinates {
  kind: GenKind;
  /** Class name for the generated class (validated Java identifier, UpperCamelCase). */
  className: string;
  /** For kind 'mcp'. */
  mcpTransports: McpTransport[];
  /** For kind 'provider'. */
  provider?: ProviderChoice;
  force: boolean;
}

