import { FEATURE_ORDER, defaultClassName, type FeatureKind } from './_core/kinds.js';
import type { FeatureModule } from './feature-module.js';
import { toolFeature } from './tool/index.js';
import { toolbaseFeature } from './toolbase/index.js';
import { middlewareFeature } from './middleware/index.js';
import { permissionFeature } from './permission/index.js';
import { hitlFeature } from './hitl/index.js';
import { mcpFeature } from './mcp/index.js';
import { structuredFeature } from './structured/index.js';
import { toolgroupsFeature } from './toolgroups/index.js';

/**
 * Each feature kind's generator (generators/<kind>/index.ts), joined to its row of
 * FEATURE_TABLE (generators/_core/kinds.ts): a row without a module, or a module without a
 * row, does not compile.
 */
const MODULES = {
  tool: toolFeature,
  toolbase: toolbaseFeature,
  middleware: middlewareFeature,
  permission: permissionFeature,
  hitl: hitlFeature,
  mcp: mcpFeature,
  structured: structuredFeature,
  toolgroups: toolgroupsFeature,
} satisfies Record<FeatureKind, FeatureModule>;

export { FEATURE_ORDER, defaultClassName };

export function featureModule(kind: FeatureKind): FeatureModule {
  const m: FeatureModule | undefined = (MODULES as Record<string, FeatureModule>)[kind];
  if (!m) throw new Error(`no generator for feature ${kind}`);
  return m;
}
