import type { FeatureKind } from './_core/options.js';
import type { FeatureModule } from './feature-module.js';
import { toolFeature } from './tool/index.js';
import { toolbaseFeature } from './toolbase/index.js';
import { middlewareFeature } from './middleware/index.js';
import { permissionFeature } from './permission/index.js';
import { hitlFeature } from './hitl/index.js';
import { mcpFeature } from './mcp/index.js';
import { structuredFeature } from './structured/index.js';
import { toolgroupsFeature } from './toolgroups/index.js';

/** Every feature kind and its module, in the order AgentFactory wires them. */
export const FEATURE_ORDER: readonly FeatureKind[] = ['tool', 'toolbase', 'hitl', 'toolgroups', 'mcp', 'middleware', 'permission', 'structured'];

export const FEATURES: Record<FeatureKind, FeatureModule | undefined> = {
  tool: toolFeature,
  toolbase: toolbaseFeature,
  middleware: middlewareFeature,
  permission: permissionFeature,
  hitl: hitlFeature,
  mcp: mcpFeature,
  structured: structuredFeature,
  toolgroups: toolgroupsFeature,
};

export function featureModule(kind: FeatureKind): FeatureModule {
  const m = FEATURES[kind];
  if (!m) throw new Error(`no generator for feature ${kind}`);
  return m;
}
