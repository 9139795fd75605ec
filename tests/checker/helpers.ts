import { readFileSync, existsSync } from 'node:fs';
import { loadInventoryFrom } from '../../src/inventory/store.js';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Inventory } from '../../src/inventory/schema.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = join(ROOT, 'tests', 'fixtures', 'checker');

export function fixtureInventory(): Inventory {
  return JSON.parse(readFileSync(join(FIXTURES, 'inventory.json'), 'utf8')) as Inventory;
}

/** The pinned 2.0.0 inventory shipped in inventory/2.0.0 (AGENTSCOPE_TEST_INVENTORY overrides the path). */
function realInventoryPath(): string {
  return process.env.AGENTSCOPE_TEST_INVENTORY ?? join(ROOT, 'inventory', '2.0.0', 'inventory.json.gz');
}
export function realInventory(): Inventory {
  if (!existsSync(realInventoryPath())) throw new Error(`the pinned inventory is missing: ${realInventoryPath()} (it ships in the repo)`);
  return loadInventoryFrom(dirname(realInventoryPath()));
}

/** Line numbers of the lines of `src` that end with `// <tag>`. */
export function linesTagged(src: string, tag: string): number[] {
  return src
    .split('\n')
    .map((l, i) => (l.trimEnd().endsWith(`// ${tag}`) ? i + 1 : 0))
    .filter(Boolean);
}
