/**
 * Makes a version's inventory available: loads it if shipped or cached, otherwise pulls it
 * through mvn with the pull library.
 */
import { join } from 'node:path';
import type { Io } from '../core/io.js';
import { CliError } from '../core/errors.js';
import { requireVersion } from '../core/versions.js';
import type { Inventory } from '../inventory/schema.js';
import { readPin } from '../inventory/pin.js';
import { cacheRoot, findInventoryDir, loadInventory } from '../inventory/store.js';

export interface EnsureOptions {
  /** Progress messages go here (stderr). */
  io: Io;
  /** Where the version came from, for the error (e.g. `pom.xml <agentscope.version>`). */
  from?: string;
}

/** Loads `version`'s inventory, pulling it first when neither shipped nor cached. */
export async function ensureInventory(version: string, { io, from }: EnsureOptions): Promise<Inventory> {
  // before any file or Maven access: a junk version never starts a pull
  requireVersion(version, from ?? 'version', 1);
  if (findInventoryDir(version, io.env)) return loadInventory(version, io.env);
  io.err(`inventory ${version} not found locally; pulling it (mvn, Maven Central)...`);
  // The pinned version's inventory ships in inventory/<v>; any other version goes to the cache.
  const out = version === readPin().version ? undefined : join(cacheRoot(io.env), 'inventory', version);
  // the pull library (mvn via execa, the extractor, the Java parser) loads only when a pull is needed
  const { pullInventory } = await import('../inventory/pull.js');
  await pullInventory({ version, out, env: io.env, cwd: io.cwd, log: (line) => io.err(line) });
  if (!findInventoryDir(version, io.env)) throw new CliError({ en: `pulling ${version} finished but wrote no inventory`, zh: `拉取 ${version} 已结束，但没有写出清单` });
  return loadInventory(version, io.env);
}
