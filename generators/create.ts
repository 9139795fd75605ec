import type { CreateOptions } from './_core/options.js';
import type { Tree } from './_core/tree.js';
import { loadInventory } from '../src/inventory/store.js';
import { generateMavenProject, type GenerateEnv, type GeneratorResult } from './project/index.js';
import { generateSpringBootProject } from './spring-boot/index.js';

/** A new project of the chosen flavor, recorded into the tree. */
export async function generateProject(tree: Tree, opts: CreateOptions, env: GenerateEnv = {}): Promise<GeneratorResult> {
  if (opts.flavor !== 'spring-boot') return generateMavenProject(tree, opts, env);
  return generateSpringBootProject(tree, opts, env.inventory ?? loadInventory(opts.agentscopeVersion));
}
