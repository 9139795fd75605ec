import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { INVENTORY_DIR } from '../cli/paths.js';
import { CliError } from '../cli/errors.js';
import { INVENTORY_FORMAT, type Inventory, type Manifest } from './schema.js';
import { readPin } from './pin.js';

export const INVENTORY_FILE = 'inventory.json.gz';
export const MANIFEST_FILE = 'manifest.json';

/** Inventories of versions other than the shipped ones live in the user's cache. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.AGENTSCOPE_CLI_HOME ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'agentscope-cli');
}

/** Directories searched for a version's inventory, in order: shipped, then cache. */
export function inventoryDirs(version: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return [join(INVENTORY_DIR, version), join(cacheRoot(env), 'inventory', version)];
}

export function findInventoryDir(version: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return inventoryDirs(version, env).find((d) => existsSync(join(d, INVENTORY_FILE)));
}

/** Stable JSON: the extractor builds objects in a fixed key order; arrays are sorted by it. */
export function serializeInventory(inv: Inventory): string {
  return JSON.stringify(inv) + '\n';
}

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Writes inventory + manifest atomically: into a sibling temp dir, then renamed, so an
 * interrupted pull never leaves a half-written inventory behind.
 */
export function saveInventory(dir: string, inv: Inventory, manifest: Manifest): void {
  const json = serializeInventory(inv);
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  // level 9 and a zero mtime (Node's default) keep the bytes identical between pulls.
  writeFileSync(join(tmp, INVENTORY_FILE), gzipSync(Buffer.from(json), { level: 9 }));
  writeFileSync(join(tmp, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  if (existsSync(dir)) {
    const old = `${dir}.old-${process.pid}`;
    renameSync(dir, old);
    renameSync(tmp, dir);
    rmSync(old, { recursive: true, force: true });
  } else {
    mkdirSync(join(dir, '..'), { recursive: true });
    renameSync(tmp, dir);
  }
}

const loaded = new Map<string, Inventory>();

export function loadInventoryFrom(dir: string): Inventory {
  const file = join(dir, INVENTORY_FILE);
  const inv = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Inventory;
  if (inv.format !== INVENTORY_FORMAT || !Array.isArray(inv.types) || typeof inv.version !== 'string') {
    throw new CliError(`${file}: not an inventory of format ${INVENTORY_FORMAT}; pull it again with \`agentscope inventory pull ${inv.version ?? '<version>'}\``);
  }
  return inv;
}

/** Loads a version's inventory (default: the pin). Throws a CliError saying how to get it. */
export function loadInventory(version: string = readPin().version, env: NodeJS.ProcessEnv = process.env): Inventory {
  const hit = loaded.get(version);
  if (hit) return hit;
  const dir = findInventoryDir(version, env);
  if (!dir) {
    throw new CliError(
      `no inventory for AgentScope Java ${version}`,
      1,
      `run \`agentscope inventory pull ${version}\` first (needs mvn and Maven Central)`,
    );
  }
  const inv = loadInventoryFrom(dir);
  loaded.set(version, inv);
  return inv;
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
}
