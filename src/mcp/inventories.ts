import { readManifest, storedInventories } from '../inventory/store.js';

export interface InventoryEntry {
  version: string;
  where: 'shipped' | 'cache';
  types: number;
  members: number;
  artifacts: number;
}

/** Inventories on this machine: shipped with the tool first, then pulled into the cache; newest first within each. */
export function listInventories(env: NodeJS.ProcessEnv = process.env): InventoryEntry[] {
  return storedInventories(env).map(({ version, where, dir }) => {
    const m = readManifest(dir);
    return { version, where, types: m.counts.types, members: m.counts.members, artifacts: m.counts.artifacts };
  });
}
