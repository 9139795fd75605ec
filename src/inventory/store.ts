import { existsSync, mkdirSync, readFile, readdirSync, readFileSync, renameSync, statSync, writeFileSync, rmSync } from 'node:fs';
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

/**
 * The content of an inventory file: one output chunk of the size its gzip trailer records (the
 * default 16 KiB chunks are joined by a copy, and each costs a round trip through the main thread
 * when unzipped off it; a larger chunk is memory V8 counts against the heap until collected).
 */
function unzip(gz: Buffer): Buffer {
  return gunzipSync(gz, exactChunk(gz));
}

function unzipAsync(gz: Buffer): Promise<Buffer> {
  return gunzipAsync(gz, exactChunk(gz));
}

function exactChunk(gz: Buffer): { chunkSize: number } {
  // ISIZE, the size modulo 2^32: only a hint, the output is whole whatever it says
  const size = gz.length >= 18 ? gz.readUInt32LE(gz.length - 4) : 0;
  return { chunkSize: Math.min(Math.max(size, 64), 64 << 20) };
}

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
  const lines = new TypeLines(dir, version, text, firstLine + 1);
  typeLines.set(inv, lines);
  Object.defineProperty(inv, 'types', {
    enumerable: true,
    configurable: true,
    get: () => settle(inv, 'types', lines.all()),
    set: (types: TypeDecl[]) => {
      typeLines.delete(inv);
      settle(inv, 'types', types);
    },
  });
  return inv;
}

/** A lazy property's value, made a plain own property (what JSON.parse would have given). */
function settle<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): T[K] {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}

/**
 * What a look-up of a type by name needs, for every type of a loaded inventory, in the order of
 * `types`, without parsing the types: a check reads a few dozen of the ~1,500 types of 2.0.2.
 * `decl(i)` is the i-th element of `types` (the same object, parsed on first use).
 */
export interface TypeListing {
  readonly fqn: readonly string[];
  readonly name: readonly string[];
  readonly pkg: readonly string[];
  readonly outer: readonly (string | undefined)[];
  readonly artifact: readonly string[];
  decl(i: number): TypeDecl;
}

const typeLines = new WeakMap<Inventory, TypeLines>();

/** The listing of an inventory loaded from disk whose `types` has not been read yet (undefined otherwise, or when a line is in another key order). */
export function typeListing(inv: Inventory): TypeListing | undefined {
  // once `types` is a plain array it may have been changed: then it is what the inventory holds
  return Object.getOwnPropertyDescriptor(inv, 'types')?.get ? typeLines.get(inv)?.listing() : undefined;
}

/** The start of a type line up to its kind; the names in it are Java names (no escapes). */
const TYPE_HEAD = /\{"fqn":"([^"\\]*)","binaryName":"[^"\\]*","name":"([^"\\]*)","package":"([^"\\]*)",(?:"outer":"([^"\\]*)",)?"kind":/y;
/** The end of a type line: its artifact, path and line are its last keys. */
const TYPE_TAIL = /"artifact":"([^"\\]*)","path":"(?:[^"\\]|\\.)*","line":\d+\},?$/my;

/**
 * The type lines of an inventory head (one JSON object a line after the first line), parsed one
 * by one as they are asked for, or all at once when `types` is read first. Each type's `members`
 * read its line of its artifact's members file when first asked for.
 */
class TypeLines {
  private readonly decls: (TypeDecl | undefined)[] = [];
  private index?: TypeListing | null;
  /** Line offsets, found on first use: type i is text.slice(starts[i], ends[i]) (without the separating comma). */
  private starts: number[] = [];
  private ends: number[] = [];
  private readonly end: number;
  private readonly file: string;
  private readonly members: (artifactId: string) => string[];
  /** Per type: its artifact and its line in that artifact's members file. */
  private artifacts?: string[];
  private memberLine?: number[];

  constructor(
    private readonly dir: string,
    private readonly version: string,
    private readonly text: string,
    private readonly bodyStart: number,
  ) {
    this.file = join(dir, INVENTORY_FILE);
    // the lines after the first are the types' array body, closed by ']}'
    this.end = text.lastIndexOf('\n]}');
    if (this.end < bodyStart - 1) throw damaged(this.file, version);
    const lines = new Map<string, string[]>();
    this.members = (artifactId: string): string[] => {
      let l = lines.get(artifactId);
      if (!l) {
        const file = join(this.dir, membersFile(artifactId));
        if (!existsSync(file)) throw damaged(file, this.version);
        l = inventoryText(unzip(readFileSync(file))).split('\n');
        // '[', one line per type, ']', and the empty string after the last newline
        if (l.length !== this.countOf(artifactId) + 3 || l[0] !== '[') throw damaged(file, this.version);
        lines.set(artifactId, l);
      }
      return l;
    };
  }

  private lineCount(): number {
    if (this.starts.length === 0 && this.end > this.bodyStart) {
      const { text } = this;
      for (let at = this.bodyStart; at < this.end; ) {
        const nl = text.indexOf('\n', at);
        const stop = nl < 0 || nl > this.end ? this.end : nl;
        this.starts.push(at);
        this.ends.push(text.charCodeAt(stop - 1) === 44 /* , */ ? stop - 1 : stop);
        at = stop + 1;
      }
    }
    return this.starts.length;
  }

  private counts?: Map<string, number>;
  private countOf(artifactId: string): number {
    if (!this.counts) {
      this.counts = new Map();
      for (const a of this.artifactsOf()) this.counts.set(a, (this.counts.get(a) ?? 0) + 1);
    }
    return this.counts.get(artifactId) ?? 0;
  }

  /** Every type's artifact (from the listing, or from the parsed types). */
  private artifactsOf(): string[] {
    if (!this.artifacts) {
      const listing = this.listing();
      this.artifacts = listing ? [...listing.artifact] : this.all().map((t) => t.artifact);
    }
    return this.artifacts;
  }

  /** Each type's line in its artifact's members file: types of an artifact are in `types` order. */
  private lineOf(i: number): number {
    if (!this.memberLine) {
      const seen = new Map<string, number>();
      this.memberLine = this.artifactsOf().map((a) => {
        const n = (seen.get(a) ?? 0) + 1;
        seen.set(a, n);
        return n;
      });
    }
    return this.memberLine[i];
  }

  listing(): TypeListing | undefined {
    if (this.index === undefined) this.index = this.scan();
    return this.index ?? undefined;
  }

  /** The names of every type line, or null when a line is not in the extractor's key order. */
  private scan(): TypeListing | null {
    const { text } = this;
    const fqn: string[] = [];
    const name: string[] = [];
    const pkg: string[] = [];
    const outer: (string | undefined)[] = [];
    const artifact: string[] = [];
    const n = this.lineCount();
    for (let i = 0; i < n; i++) {
      TYPE_HEAD.lastIndex = this.starts[i];
      const h = TYPE_HEAD.exec(text);
      const a = text.lastIndexOf('"artifact":"', this.ends[i]);
      TYPE_TAIL.lastIndex = a;
      const t = h && a > this.starts[i] ? TYPE_TAIL.exec(text) : null;
      if (!h || !t || TYPE_TAIL.lastIndex < this.ends[i]) return null;
      fqn.push(h[1]);
      name.push(h[2]);
      pkg.push(h[3]);
      outer.push(h[4]);
      artifact.push(t[1]);
    }
    return { fqn, name, pkg, outer, artifact, decl: (i) => this.decl(i) };
  }

  decl(i: number): TypeDecl {
    let t = this.decls[i];
    if (!t) {
      if (i < 0 || i >= this.lineCount()) throw new RangeError(`no type ${i} in ${this.file}`);
      t = JSON.parse(this.text.slice(this.starts[i], this.ends[i])) as TypeDecl;
      this.attach(t, i);
    }
    return t;
  }

  /** Every type: one parse of the whole body when none is parsed yet (faster than a parse per line). */
  all(): TypeDecl[] {
    if (this.decls.length === 0) {
      const types = JSON.parse(`[${this.text.slice(this.bodyStart, this.end)}]`) as TypeDecl[];
      if (types.length !== this.lineCount()) throw damaged(this.file, this.version);
      if (!this.artifacts) this.artifacts = types.map((t) => t.artifact);
      types.forEach((t, i) => this.attach(t, i));
      return types;
    }
    return Array.from({ length: this.lineCount() }, (_, i) => this.decl(i));
  }

  private attach(t: TypeDecl, i: number): void {
    this.decls[i] = t;
    unread.set(t, { line: this.lineOf(i), read: this.members });
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
  return withIdentity(dir, parseInventory(dir, inventoryText(unzip(readFileSync(join(dir, INVENTORY_FILE))))));
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

/** What a version's inventory file is on disk (directory, inode, size, time), or undefined when it is not there. */
function stampOf(dir: string): string | undefined {
  const st = statSync(join(dir, INVENTORY_FILE), { throwIfNoEntry: false });
  return st && `${dir}\0${st.ino}\0${st.size}\0${st.mtimeMs}`;
}

/** Each loaded inventory's stampOf when it was read. */
const stamps = new WeakMap<Inventory, string | undefined>();

/** `stamp` is taken before the file is read: a file replaced during the read is read again next time. */
function remember(version: string, stamp: string | undefined, inv: Inventory): Inventory {
  stamps.set(inv, stamp);
  loaded.set(version, inv);
  return inv;
}

/**
 * Forgets each loaded inventory whose file changed since it was read, or which another directory
 * now provides (a pull into the cache): a long-lived process (the check daemon) then reads what a
 * new process would. Everything derived from an inventory is keyed by the object and goes with it.
 */
export function forgetChangedInventories(env: NodeJS.ProcessEnv = process.env): void {
  for (const [version, inv] of loaded) {
    const dir = findInventoryDir(version, env);
    if (!dir || stamps.get(inv) !== stampOf(dir)) loaded.delete(version);
  }
}

/** Loads a version's inventory (default: the pin). Throws a CliError saying how to get it. */
export function loadInventory(version: string = readPin().version, env: NodeJS.ProcessEnv = process.env): Inventory {
  const hit = loaded.get(version);
  if (hit) return hit;
  const dir = requireInventoryDir(version, env);
  return remember(version, stampOf(dir), loadInventoryFrom(dir));
}

/**
 * loadInventory with the read and the gunzip of the head on libuv's thread pool, so a caller can
 * overlap them with other start-up work (`check` compiles the parser's WebAssembly meanwhile).
 */
export async function loadInventoryAsync(version: string = readPin().version, env: NodeJS.ProcessEnv = process.env): Promise<Inventory> {
  const hit = loaded.get(version);
  if (hit) return hit;
  const dir = requireInventoryDir(version, env);
  const stamp = stampOf(dir);
  const json = inventoryText(await unzipAsync(await readFileAsync(join(dir, INVENTORY_FILE))));
  return loaded.get(version) ?? remember(version, stamp, withIdentity(dir, parseInventory(dir, json)));
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
  const pp = JSON.parse(inventoryText(unzip(readFileSync(file)))) as PackagePrivate;
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
  const loadedFrom = dirs.get(inv);
  // an inventory loaded from disk reads its facts once (every check run asks for them)
  if (loadedFrom && factsOf.has(inv)) return factsOf.get(inv);
  const dir = loadedFrom ?? findInventoryDir(inv.version, env);
  const facts = dir ? readFacts(dir, inv) : undefined;
  if (loadedFrom) factsOf.set(inv, facts);
  return facts;
}

const factsOf = new WeakMap<Inventory, BehaviourFacts | undefined>();

/** facts.json of `dir`, when it belongs to `inv` (or to any inventory, without one). */
function readFacts(dir: string, inv?: Inventory): BehaviourFacts | undefined {
  const file = join(dir, FACTS_FILE);
  if (!existsSync(file)) return undefined;
  const f = JSON.parse(readFileSync(file, 'utf8')) as BehaviourFacts;
  if (f.format !== 1 || !Array.isArray(f.toolResultStates)) return undefined;
  if (inv && (f.version !== inv.version || f.artifacts?.join() !== inv.artifacts.map((a) => a.sha1).join())) return undefined;
  return f;
}
