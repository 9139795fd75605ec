import { existsSync, mkdirSync, readFile, readdirSync, readFileSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { INVENTORY_DIR } from '../core/paths.js';
import { CliError } from '../core/errors.js';
import { compareVersions, requireVersion } from '../core/versions.js';
import { INVENTORY_FORMAT, type BehaviourFacts, type Inventory, type Manifest, type Member, type PackagePrivate, type TypeDecl } from './schema.js';
import { readPin } from './pin.js';
import { cacheRoot } from '../core/cache-dir.js';
import { compareCodeUnits } from '../core/files.js';

// callback APIs, promisified: node:fs/promises costs a cold `check` ~1 ms of module loading
const readFileAsync = promisify(readFile);
const gunzipAsync = promisify(gunzip);

/** The inventory without the members of its types: what most look-ups need, small and quick to parse. */
export const INVENTORY_FILE = 'inventory.json.gz';
/**
 * The members of the types, four fifths of an inventory: a file per artifact, one line per type of
 * the artifact in the order of `types` (each file is one JSON array). A file is read when the
 * members of one of its types are first asked for, and a line parsed when its type's are: a project
 * on agentscope-core and one model extension reads two of the ~70 files of 2.0.2.
 */
const MEMBERS_DIR = 'members';
const membersFile = (artifactId: string) => join(MEMBERS_DIR, `${artifactId}.json.gz`);
const MANIFEST_FILE = 'manifest.json';
/** Beside the inventory: what same-package code may use (schema.ts PackagePrivate); read by the checker only. */
const PACKAGE_PRIVATE_FILE = 'package-private.json.gz';
/** Beside the inventory: the behaviour facts of the version (schema.ts BehaviourFacts), the premises of the AS1xx rules. */
const FACTS_FILE = 'facts.json';

export { cacheRoot };

/** Where inventories are, in the order searched: shipped with the tool, then pulled into the cache. */
function inventoryRoots(env: NodeJS.ProcessEnv) {
  return [['shipped', INVENTORY_DIR], ['cache', join(cacheRoot(env), 'inventory')]] as const;
}

/** Directories searched for a version's inventory, in order: shipped, then cache. */
function inventoryDirs(version: string, env: NodeJS.ProcessEnv = process.env): string[] {
  // a version names a folder: never one with a slash or `..` in it (every entry point checks first)
  requireVersion(version, 'version', 1);
  return inventoryRoots(env).map(([, root]) => join(root, version));
}

/** Every inventory on this machine: shipped ones first, then pulled ones; newest first within each; a version once. */
export function storedInventories(env: NodeJS.ProcessEnv = process.env): { version: string; where: 'shipped' | 'cache'; dir: string }[] {
  const out: { version: string; where: 'shipped' | 'cache'; dir: string }[] = [];
  const seen = new Set<string>();
  for (const [where, root] of inventoryRoots(env)) {
    if (!existsSync(root)) continue;
    for (const version of readdirSync(root).sort((a, b) => compareVersions(b, a))) {
      const dir = join(root, version);
      if (seen.has(version) || !existsSync(join(dir, INVENTORY_FILE))) continue;
      seen.add(version);
      out.push({ version, where, dir });
    }
  }
  return out;
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
  return asciiJson(inv) + '\n';
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The files of an inventory. The head: a first line with everything but the types, then the types
 * without members one line each (`create` needs only the first line). The members: per artifact,
 * one line per type.
 */
function splitInventory(inv: Inventory): { head: string; members: Map<string, string> } {
  const { types, ...header } = inv;
  const typeLines = types.map(({ members: _members, ...rest }) => asciiJson(rest));
  const head = `${asciiJson(header).slice(0, -1)},"types":[\n${typeLines.join(',\n')}\n]}\n`;
  const lines = new Map<string, string[]>();
  for (const t of inv.types) {
    const list = lines.get(t.artifact) ?? [];
    list.push(asciiJson(t.members));
    lines.set(t.artifact, list);
  }
  return { head, members: new Map([...lines].map(([a, l]) => [a, `[\n${l.join(',\n')}\n]\n`])) };
}

/** Every file of the inventory directory `dir`, relative to it, sorted (for comparisons). */
export function inventoryFiles(dir: string): string[] {
  const members = existsSync(join(dir, MEMBERS_DIR)) ? readdirSync(join(dir, MEMBERS_DIR)).map((f) => join(MEMBERS_DIR, f)) : [];
  return [...readdirSync(dir).filter((f) => f !== MEMBERS_DIR), ...members].sort(compareCodeUnits);
}

/** The text of an inventory file; latin1 is exact for ASCII (see serializeInventory) and fast. */
function inventoryText(gunzipped: Buffer): string {
  return isAscii(gunzipped) ? gunzipped.toString('latin1') : gunzipped.toString('utf8');
}

/**
 * Writes inventory + manifest atomically: into a sibling temp dir, then renamed, so an
 * interrupted pull never leaves a half-written inventory behind.
 */
export function saveInventory(dir: string, inv: Inventory, manifest: Manifest, packagePrivate?: PackagePrivate, facts?: BehaviourFacts): void {
  const { head, members } = splitInventory(inv);
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  // level 9 and a zero mtime (Node's default) keep the bytes identical between pulls.
  writeFileSync(join(tmp, INVENTORY_FILE), gzipSync(Buffer.from(head), { level: 9 }));
  mkdirSync(join(tmp, MEMBERS_DIR));
  for (const [artifactId, text] of members) writeFileSync(join(tmp, membersFile(artifactId)), gzipSync(Buffer.from(text), { level: 9 }));
  writeFileSync(join(tmp, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  if (packagePrivate) writeFileSync(join(tmp, PACKAGE_PRIVATE_FILE), gzipSync(Buffer.from(serializeInventory(packagePrivate)), { level: 9 }));
  if (facts) writeFileSync(join(tmp, FACTS_FILE), serializeFacts(facts));
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

/** Format 1 files (pulled before the members moved to a file of their own) hold the members inline. */
const READABLE_FORMATS: readonly number[] = [1, INVENTORY_FORMAT];

function damaged(file: string, version: string | undefined): CliError {
  return new CliError({
    en: `${file}: not an inventory of format ${INVENTORY_FORMAT}, or damaged; pull it again with \`agentscope inventory pull ${version ?? '<version>'}\``,
    zh: `${file}：不是格式 ${INVENTORY_FORMAT} 的清单，或已损坏；请用 \`agentscope inventory pull ${version ?? '<版本>'}\` 重新拉取`,
  });
}

/**
 * The inventory of `dir` from its head file. Only the head's first line is parsed at once; `types`
 * is parsed when first asked for, and the members of each type are read from its artifact's
 * members file when first asked for (both getters turn into plain properties).
 */
function parseInventory(dir: string, text: string): Inventory {
  const file = join(dir, INVENTORY_FILE);
  const firstLine = text.indexOf('\n');
  const layered = text.slice(firstLine - 10, firstLine) === ',"types":[';
  // format 1: one JSON text, members inline
  const head = (layered ? JSON.parse(`${text.slice(0, firstLine)}]}`) : JSON.parse(text)) as Inventory;
  if (!READABLE_FORMATS.includes(head.format) || !Array.isArray(head.types) || typeof head.version !== 'string') throw damaged(file, head.version);
  if (!layered) {
    if ((head.format as number) !== 1) throw damaged(file, head.version);
    head.format = INVENTORY_FORMAT;
    return head;
  }
  // the key order of the extractor (serializeInventory of a loaded inventory is the pulled text)
  const { format, groupId, version, artifacts, duplicatesResolved, providers, dependencyGraph } = head;
  const inv: Inventory = { format, groupId, version, artifacts, types: [] as TypeDecl[], duplicatesResolved, providers, ...(dependencyGraph ? { dependencyGraph } : {}) };
  Object.defineProperty(inv, 'types', {
    enumerable: true,
    configurable: true,
    get: () => {
      // the lines after the first are the types' array body, closed by ']}': one parse (faster than a parse per line)
      const end = text.lastIndexOf('\n]}');
      if (end < firstLine) throw damaged(file, version);
      const types = JSON.parse(`[${text.slice(firstLine + 1, end)}]`) as TypeDecl[];
      attachMembers(dir, version, types);
      return settle(inv, 'types', types);
    },
    set: (types: TypeDecl[]) => settle(inv, 'types', types),
  });
  return inv;
}

/** A lazy property's value, made a plain own property (what JSON.parse would have given). */
function settle<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): T[K] {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}

/** Makes `members` of each type a getter that reads its line of its artifact's members file. */
function attachMembers(dir: string, version: string, types: TypeDecl[]): void {
  const count = new Map<string, number>();
  for (const t of types) count.set(t.artifact, (count.get(t.artifact) ?? 0) + 1);
  const lines = new Map<string, string[]>();
  const memberLines = (artifactId: string): string[] => {
    let l = lines.get(artifactId);
    if (!l) {
      const file = join(dir, membersFile(artifactId));
      if (!existsSync(file)) throw damaged(file, version);
      l = inventoryText(gunzipSync(readFileSync(file))).split('\n');
      // '[', one line per type, ']', and the empty string after the last newline
      if (l.length !== count.get(artifactId)! + 3 || l[0] !== '[') throw damaged(file, version);
      lines.set(artifactId, l);
    }
    return l;
  };
  const seen = new Map<string, number>();
  for (const t of types) {
    const i = seen.get(t.artifact) ?? 0;
    seen.set(t.artifact, i + 1);
    unread.set(t, { line: i + 1, read: memberLines });
    Object.defineProperty(t, 'members', LAZY_MEMBERS);
  }
}

/** Where the members of a type not asked for yet are: its line in its artifact's members file. */
const unread = new WeakMap<TypeDecl, { line: number; read: (artifactId: string) => string[] }>();

function settleMembers(t: TypeDecl, value: Member[]): Member[] {
  unread.delete(t);
  return settle(t, 'members', value);
}

/**
 * `members` until first read: an own, enumerable accessor (JSON.stringify and spreads read it too)
 * that turns into a plain property. One descriptor for every type, so V8 gives all of them one
 * hidden class instead of one per closure (~5 ms of loading 2.0.2).
 */
const LAZY_MEMBERS: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: TypeDecl): Member[] {
    const { line, read } = unread.get(this)!;
    const text = read(this.artifact)[line];
    return settleMembers(this, JSON.parse(text.endsWith(',') ? text.slice(0, -1) : text) as Member[]);
  },
  set(this: TypeDecl, value: Member[]) {
    settleMembers(this, value);
  },
};

export function loadInventoryFrom(dir: string): Inventory {
  return withIdentity(dir, parseInventory(dir, inventoryText(gunzipSync(readFileSync(join(dir, INVENTORY_FILE))))));
}

/** What an inventory loaded from disk is: its manifest's inventorySha256, the whole content's hash. */
const identities = new WeakMap<Inventory, string>();

/** The directory an inventory was loaded from. */
const dirs = new WeakMap<Inventory, string>();

function withIdentity(dir: string, inv: Inventory): Inventory {
  dirs.set(inv, dir);
  try {
    identities.set(inv, readManifest(dir).inventorySha256);
  } catch {
    // no readable manifest: the inventory has no identity, and nothing derived from it is reused
  }
  return inv;
}

/** The content hash of an inventory loaded from disk (undefined for one built in memory). */
export function inventoryIdentity(inv: Inventory): string | undefined {
  return identities.get(inv);
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
 * loadInventory with the read and the gunzip of the head on libuv's thread pool, so a caller can
 * overlap them with other start-up work (`check` compiles the parser's WebAssembly meanwhile).
 */
export async function loadInventoryAsync(version: string = readPin().version, env: NodeJS.ProcessEnv = process.env): Promise<Inventory> {
  const hit = loaded.get(version);
  if (hit) return hit;
  const dir = requireInventoryDir(version, env);
  // one output chunk: the default 16 KiB chunks cost ~60 round trips through the busy main thread
  const json = inventoryText(await gunzipAsync(await readFileAsync(join(dir, INVENTORY_FILE)), { chunkSize: 4 << 20 }));
  const inv = loaded.get(version) ?? withIdentity(dir, parseInventory(dir, json));
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
  const same = READABLE_FORMATS.includes(pp.format) && pp.version === inv.version && pp.artifacts?.join() === inv.artifacts.map((a) => a.sha1).join();
  return same ? pp : undefined;
}

/** facts.json: one fact a line (a pull's change reads as a diff of lines), ASCII like every inventory file. */
function serializeFacts(facts: BehaviourFacts): string {
  const { format, version, artifacts, ...lists } = facts;
  const parts = [`{"format":${format},"version":${asciiJson(version)},"artifacts":${asciiJson(artifacts)}`];
  for (const [k, list] of Object.entries(lists) as [string, unknown[]][]) parts.push(`${asciiJson(k)}:[${list.length ? `\n${list.map((x) => asciiJson(x)).join(',\n')}\n` : ''}]`);
  return `${parts.join(',\n')}}\n`;
}

/**
 * The behaviour facts of an inventory (facts.json beside it), if it was pulled with them and they
 * belong to exactly that inventory (same version and sources jars). Without them the AS1xx rules are off.
 */
export function loadFacts(inv: Inventory, env: NodeJS.ProcessEnv = process.env): BehaviourFacts | undefined {
  const dir = dirs.get(inv) ?? findInventoryDir(inv.version, env);
  return dir ? readFacts(dir, inv) : undefined;
}

/** facts.json of `dir`, when it belongs to `inv` (or to any inventory, without one). */
function readFacts(dir: string, inv?: Inventory): BehaviourFacts | undefined {
  const file = join(dir, FACTS_FILE);
  if (!existsSync(file)) return undefined;
  const f = JSON.parse(readFileSync(file, 'utf8')) as BehaviourFacts;
  if (f.format !== 1 || !Array.isArray(f.toolResultStates)) return undefined;
  if (inv && (f.version !== inv.version || f.artifacts?.join() !== inv.artifacts.map((a) => a.sha1).join())) return undefined;
  return f;
}
