import type { FeatureKind } from './_core/options.js';
import type { FeatureModule } from './feature-module.js';
import { toolFeature } from './tool/index.js';

/** Every feature kind and its module, in the order AgentFactory wires them. */
export const FEATURE_ORDER: readonly FeatureKind[] = ['tool', 'toolbase', 'hitl', 'toolgroups', 'mcp', 'middleware', 'permission', 'structured'];

export const FEATURES: Record<FeatureKind, FeatureModule | undefined> = {
  tool: toolFeature,
  toolbase: undefined,
  middleware: undefined,
  permission: undefined,
  hitl: undefined,
  mcp: undefined,
  structured: undefined,
  toolgroups: undefined,
};

export function featureModule(kind: FeatureKind): FeatureModule {
  const m = FEATURES[kind];
  if (!m) throw new Error(`no generator for feature ${kind}`);
  return m;
}
