import { existsSync, mkdirSync, readFile, readFileSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { INVENTORY_DIR } from '../core/paths.js';
import { CliError } from '../core/errors.js';
import { INVENTORY_FORMAT, type Inventory, type Manifest, type PackagePrivate } from './schema.js';
import { readPin } from './pin.js';
import { cacheRoot } from '../core/cache-dir.js';

// callback APIs, promisified: node:fs/promises costs a cold `check` ~1 ms of module loading
const readFileAsync = promisify(readFile);
const gunzipAsync = promisify(gunzip);

export const INVENTORY_FILE = 'inventory.json.gz';
const MANIFEST_FILE = 'manifest.json';
/** Beside the inventory: what same-package code may use (schema.ts PackagePrivate); read by the checker only. */
const PACKAGE_PRIVATE_FILE = 'package-private.json.gz';

export { cacheRoot };

/** Directories searched for a version's inventory, in order: shipped, then cache. */
function inventoryDirs(version: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return [join(INVENTORY_DIR, version), join(cacheRoot(env), 'inventory', version)];
}

export function findInventoryDir(version: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return inventoryDirs(version, env).find((d) => existsSync(join(d, INVENTORY_FILE)));
}

/**
 * Stable JSON: the extractor builds objects in a fixed key order; arrays are sorted by it.
 * Non-ASCII characters (a few in Javadoc) are written as \u escapes: an all-ASCII file decodes
 * as latin1 into a one-byte string, which V8 parses in half the time of the two-byte string a
 * single non-ASCII character forces (~5 ms of every cold `check`).
 */
export function serializeInventory(inv: Inventory | PackagePrivate): string {
  return JSON.stringify(inv).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}

/** The text of an inventory file; latin1 is exact for ASCII (see serializeInventory) and fast. */
function inventoryText(gunzipped: Buffer): string {
  return isAscii(gunzipped) ? gunzipped.toString('latin1') : gunzipped.toString('utf8');
}

/**
 * Writes inventory + manifest atomically: into a sibling temp dir, then renamed, so an
 * interrupted pull never leaves a half-written inventory behind.
 */
export function saveInventory(dir: string, inv: Inventory, manifest: Manifest, packagePrivate?: PackagePrivate): void {
  const json = serializeInventory(inv);
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  // level 9 and a zero mtime (Node's default) keep the bytes identical between pulls.
  writeFileSync(join(tmp, INVENTORY_FILE), gzipSync(Buffer.from(json), { level: 9 }));
  writeFileSync(join(tmp, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  if (packagePrivate) writeFileSync(join(tmp, PACKAGE_PRIVATE_FILE), gzipSync(Buffer.from(serializeInventory(packagePrivate)), { level: 9 }));
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

function parseInventory(file: string, json: string): Inventory {
  const inv = JSON.parse(json) as Inventory;
  if (inv.format !== INVENTORY_FORMAT || !Array.isArray(inv.types) || typeof inv.version !== 'string') {
    throw new CliError({
      en: `${file}: not an inventory of format ${INVENTORY_FORMAT}; pull it again with \`agentscope inventory pull ${inv.version ?? '<version>'}\``,
      zh: `${file}：不是格式 ${INVENTORY_FORMAT} 的清单；请用 \`agentscope inventory pull ${inv.version ?? '<版本>'}\` 重新拉取`,
    });
  }
  return inv;
}

export function loadInventoryFrom(dir: string): Inventory {
  const file = join(dir, INVENTORY_FILE);
  return parseInventory(file, inventoryText(gunzipSync(readFileSync(file))));
}

function requireInventoryDir(version: string, env: NodeJS.ProcessEnv): string {
  const dir = findInventoryDir(version, env);
  if (!dir) {
    throw new CliError(
      { en: `no inventory for AgentScope Java ${version}`, zh: `没有 AgentScope Java ${version} 的 API 清单` },
      1,
      { en: `run \`agentscope inventory pull ${version}\` first (needs mvn and Maven Central)`, zh: `请先运行 \`agentscope inventory pull ${version}\`（需要 mvn 和 Maven Central）` },
    );
  }
  return dir;
}

/** Loads a version's inventory (default: the pin). Throws a CliError saying how to get it. */
export function loadInventory(version: string = readPin().version, env: NodeJS.ProcessEnv = process.env): Inventory {
  const hit = loaded.get(version);
  if (hit) return hit;
  const inv = loadInventoryFrom(requireInventoryDir(version, env));
  loaded.set(version, inv);
  return inv;
}

/**
 * loadInventory with the read and the gunzip on libuv's thread pool, so a caller can overlap
 * them with other start-up work (`check` compiles the parser's WebAssembly meanwhile).
 */
export async function loadInventoryAsync(version: string = readPin().version, env: NodeJS.ProcessEnv = process.env): Promise<Inventory> {
  const hit = loaded.get(version);
  if (hit) return hit;
  const file = join(requireInventoryDir(version, env), INVENTORY_FILE);
  // one output chunk: the default 16 KiB chunks cost ~60 round trips through the busy main thread
  const json = inventoryText(await gunzipAsync(await readFileAsync(file), { chunkSize: 4 << 20 }));
  const inv = loaded.get(version) ?? parseInventory(file, json);
  loaded.set(version, inv);
  return inv;
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
}

/**
 * The package-private supplement of an inventory, if it was pulled with one and belongs to exactly
 * that inventory (same version and sources jars); for the checker, on files in io.agentscope packages.
 */
export function loadPackagePrivate(inv: Inventory, env: NodeJS.ProcessEnv = process.env): PackagePrivate | undefined {
  const dir = findInventoryDir(inv.version, env);
  const file = dir && join(dir, PACKAGE_PRIVATE_FILE);
  if (!file || !existsSync(file)) return undefined;
  const pp = JSON.parse(inventoryText(gunzipSync(readFileSync(file)))) as PackagePrivate;
  const same = pp.format === INVENTORY_FORMAT && pp.version === inv.version && pp.artifacts?.join() === inv.artifacts.map((a) => a.sha1).join();
  return same ? pp : undefined;
}
