/**
 * A project rendered again from its recorded answers: `create` then every `gen`, in order, through
 * the generators themselves, into a scratch directory that is removed afterwards. The result is
 * every file as the generators would leave it, by path.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Inventory } from '../inventory/schema.js';
import { listFiles } from '../core/files.js';
import { addDependencies } from '../pom/pom.js';
import { Tree, applyChanges } from '../../generators/_core/tree.js';
import { generateProject } from '../../generators/create.js';
import { featureOptions, planFeature } from '../../generators/_core/feature-plan.js';
import { readProject } from '../../generators/_core/project.js';
import { packagePath } from '../../generators/_core/names.js';
import { withTemplatesDir } from '../../generators/_core/render.js';
import type { CreateAnswers, GenAnswers } from './answers.js';

export interface Rendered {
  files: Map<string, string>;
  /** `gen` runs that could not be rendered again, with the reason. */
  failed: { gen: GenAnswers; reason: string }[];
}

async function renderInto(dir: string, create: CreateAnswers, gens: GenAnswers[], inventory: Inventory): Promise<Rendered['failed']> {
  const tree = new Tree(dir);
  const opts = { ...create, agentscopeVersion: inventory.version, packagePath: packagePath(create.packageName), directory: dir, force: false };
  const result = await generateProject(tree, opts, { inventory });
  if (result.dependencies?.length && tree.exists('pom.xml')) tree.update('pom.xml', (pom) => addDependencies(pom, result.dependencies!));
  applyChanges(tree);
  const failed: Rendered['failed'] = [];
  for (const gen of gens) {
    try {
      const project = readProject(dir);
      const planned = await planFeature(project, featureOptions(project, { ...gen, force: false, agentscopeVersion: inventory.version }), inventory);
      applyChanges(planned.tree);
    } catch (e) {
      failed.push({ gen, reason: (e as Error).message });
    }
  }
  return failed;
}

/** Renders the answers for `inventory`'s version, with the templates of `templatesDir` when given (else this release's). */
export async function renderAnswers(create: CreateAnswers, gens: GenAnswers[], inventory: Inventory, templatesDir?: string): Promise<Rendered> {
  const scratch = mkdtempSync(join(tmpdir(), 'agentscope-render-'));
  const dir = join(scratch, 'project');
  try {
    const run = () => renderInto(dir, create, gens, inventory);
    const failed = templatesDir ? await withTemplatesDir(templatesDir, run) : await run();
    const files = new Map<string, string>();
    for (const abs of listFiles(dir, () => true)) files.set(relative(dir, abs).split(sep).join('/'), readFileSync(abs, 'utf8'));
    return { files, failed };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
