import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { INVENTORY_DIR } from '../core/paths.js';
import { cacheRoot, INVENTORY_FILE, readManifest } from '../inventory/store.js';
import { compareVersions } from '../core/versions.js';

export interface InventoryEntry {
  version: string;
  where: 'shipped' | 'cache';
  types: number;
  members: number;
  artifacts: number;
}

/** Inventories on this machine: shipped with the tool first, then pulled into the cache; newest first within each. */
export function listInventories(env: NodeJS.ProcessEnv = process.env): InventoryEntry[] {
  const out: InventoryEntry[] = [];
  const seen = new Set<string>();
  for (const [where, root] of [['shipped', INVENTORY_DIR], ['cache', join(cacheRoot(env), 'inventory')]] as const) {
    if (!existsSync(root)) continue;
    for (const v of readdirSync(root).sort((a, b) => compareVersions(b, a))) {
      const dir = join(root, v);
      if (seen.has(v) || !existsSync(join(dir, INVENTORY_FILE))) continue;
      seen.add(v);
      const m = readManifest(dir);
      out.push({ version: v, where, types: m.counts.types, members: m.counts.members, artifacts: m.counts.artifacts });
    }
  }
  return out;
}
