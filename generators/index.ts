/**
 * Generators: normalized options (generators/_core/options.ts) -> file changes in a Tree.
 * The CLI validates and normalizes; nothing here parses argv or prompts.
 */
export { generateProject } from './create.js';
export type { GeneratorResult, GenerateEnv } from './project/index.js';
export { generateFeature } from './feature.js';
export { availableProviders, availableAgentKinds, type AvailableProvider, type AgentKindAvailability } from './_core/providers.js';
