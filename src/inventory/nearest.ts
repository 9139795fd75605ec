/**
 * Which inventory answers for a version a project declares: the version itself when this machine
 * has it (shipped or pulled), else the nearest one of the same major version (the greatest below
 * it, else the least above it), else none. `check` and the MCP server say which one they used.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { INVENTORY_DIR } from '../core/paths.js';
import { cacheRoot } from '../core/cache-dir.js';
import { compareVersions, isVersion } from '../core/versions.js';
import { INVENTORY_FILE } from './store.js';

/** The versions with an inventory on this machine, shipped or pulled, newest first. */
export function inventoryVersions(env: NodeJS.ProcessEnv = process.env): string[] {
  const out = new Set<string>();
  for (const root of [INVENTORY_DIR, join(cacheRoot(env), 'inventory')]) {
    if (!existsSync(root)) continue;
    for (const v of readdirSync(root)) if (isVersion(v) && existsSync(join(root, v, INVENTORY_FILE))) out.add(v);
  }
  return [...out].sort((a, b) => compareVersions(b, a));
}

const major = (v: string) => v.split(/[.-]/)[0];

/** `wanted` when available; else the nearest available version of its major version; else undefined. */
export function nearestInventoryVersion(wanted: string, available: string[]): string | undefined {
  if (available.includes(wanted)) return wanted;
  const same = available.filter((v) => major(v) === major(wanted));
  const below = same.filter((v) => compareVersions(v, wanted) < 0).sort((a, b) => compareVersions(b, a));
  const above = same.filter((v) => compareVersions(v, wanted) > 0).sort(compareVersions);
  return below[0] ?? above[0];
}
