import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PY_INVENTORY_FORMAT, type PyInventory, type PyManifest, type PyModule } from './schema.js';

export const PY_INVENTORY_FILE = 'inventory.json.gz';
const PY_MANIFEST_FILE = 'manifest.json';

/** A module whose dotted name has no `_`-prefixed part: what users import. */
export function isPublicModule(name: string): boolean {
  return name.split('.').every((p) => !p.startsWith('_'));
}

/** The nearest public package or module a (possibly private) module belongs to. */
export function publicOwner(name: string): string {
  const parts = name.split('.');
  const i = parts.findIndex((p) => p.startsWith('_'));
  return i < 0 ? name : parts.slice(0, i).join('.');
}

/** Same text for the same inventory: fixed key order from the extractor, ASCII only. */
export function serializePyInventory(inv: PyInventory): string {
  return JSON.stringify(inv).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}

function pyCounts(modules: PyModule[]): PyManifest['counts'] {
  return {
    modules: modules.length,
    publicPackages: modules.filter((m) => isPublicModule(m.name) && m.path.endsWith('__init__.py')).length,
    classes: modules.reduce((n, m) => n + m.classes.length, 0),
    functions: modules.reduce((n, m) => n + m.functions.length, 0),
    methods: modules.reduce((n, m) => n + m.classes.reduce((k, c) => k + c.methods.length, 0), 0),
  };
}

function pyManifest(inv: PyInventory, json: string): PyManifest {
  return {
    format: PY_INVENTORY_FORMAT,
    package: inv.package,
    version: inv.version,
    wheel: inv.wheel,
    counts: pyCounts(inv.modules),
    inventorySha256: createHash('sha256').update(json).digest('hex'),
  };
}

/** Writes inventory + manifest into a sibling temp dir, then renames it into place. */
export function savePyInventory(dir: string, inv: PyInventory): PyManifest {
  const json = serializePyInventory(inv);
  const manifest = pyManifest(inv, json);
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, PY_INVENTORY_FILE), gzipSync(Buffer.from(json), { level: 9 }));
  writeFileSync(join(tmp, PY_MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  const old = `${dir}.old-${process.pid}`;
  if (existsSync(dir)) renameSync(dir, old);
  mkdirSync(join(dir, '..'), { recursive: true });
  renameSync(tmp, dir);
  rmSync(old, { recursive: true, force: true });
  return manifest;
}

export function loadPyInventoryFrom(dir: string): PyInventory {
  const file = join(dir, PY_INVENTORY_FILE);
  const inv = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as PyInventory;
  if (inv.format !== PY_INVENTORY_FORMAT || !Array.isArray(inv.modules)) {
    throw new Error(`${file}: not a Python inventory of format ${PY_INVENTORY_FORMAT}`);
  }
  return inv;
}
