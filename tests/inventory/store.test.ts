import { isAscii } from 'node:buffer';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { INVENTORY_FILE, inventoryFiles, loadInventoryAsync, loadInventoryFrom, saveInventory, serializeInventory, typeListing } from '../../src/inventory/store.js';
import { indexInventory } from '../../src/checker/inventory-index.js';
import { INVENTORY_DIR } from '../../src/core/paths.js';
import { INVENTORY_FORMAT, type Inventory, type Manifest } from '../../src/inventory/schema.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The shipped 2.0.0 inventory with Javadoc in several scripts, as a file in a temp dir. */
function sample(): Inventory {
  const inv = loadInventoryFrom(join(INVENTORY_DIR, '2.0.0'));
  const copy = JSON.parse(JSON.stringify(inv)) as Inventory;
  copy.types[0].doc = '智能体 — naïve “quotes” 😀';
  return copy;
}

/** The sample saved as inventory `version` in a temp dir. */
function saved(version: string): { inv: Inventory; dir: string } {
  const inv = sample();
  const home = mkdtempSync(join(tmpdir(), 'as-store-'));
  made.push(home);
  const dir = join(home, version);
  saveInventory(dir, inv, { format: INVENTORY_FORMAT } as Manifest);
  return { inv, dir };
}

describe('inventory files', () => {
  it('are written as ASCII (\\u escapes) and read back to the same objects', () => {
    const inv = sample();
    const json = serializeInventory(inv);
    expect(isAscii(Buffer.from(json))).toBe(true);
    expect(json).toContain('\\u667a\\u80fd\\u4f53 \\u2014 na\\u00efve');
    expect(JSON.parse(json)).toEqual(inv);
  });

  it('the shipped inventories are ASCII, so they load as one-byte strings', () => {
    for (const v of ['2.0.0', '1.0.9']) {
      for (const f of inventoryFiles(join(INVENTORY_DIR, v)).filter((n) => n.endsWith('.gz'))) expect(isAscii(gunzipSync(readFileSync(join(INVENTORY_DIR, v, f)))), `${v}/${f}`).toBe(true);
    }
  });

  it('are split: the types without members, and per artifact the members one line per type, read and parsed when first asked for', () => {
    const { inv, dir } = saved('9.9.9');
    const head = JSON.parse(gunzipSync(readFileSync(join(dir, INVENTORY_FILE))).toString('latin1')) as Inventory;
    expect(head.types.some((t) => 'members' in t)).toBe(false);
    const artifacts = [...new Set(inv.types.map((t) => t.artifact))].sort();
    expect(inventoryFiles(dir)).toEqual(['inventory.json.gz', 'manifest.json', ...artifacts.map((a) => `members/${a}.json.gz`)]);
    for (const a of artifacts) {
      const lines = gunzipSync(readFileSync(join(dir, 'members', `${a}.json.gz`))).toString('latin1').split('\n');
      expect(lines, a).toHaveLength(inv.types.filter((t) => t.artifact === a).length + 3);
    }
    const back = loadInventoryFrom(dir);
    // the types are parsed when first asked for, their members later still
    expect(typeof Object.getOwnPropertyDescriptor(back, 'types')?.get).toBe('function');
    expect(back.providers).toEqual(inv.providers);
    expect(back.types).toHaveLength(inv.types.length);
    expect(Object.getOwnPropertyDescriptor(back, 'types')?.value).toBe(back.types);
    // nothing parsed yet: every members is still the getter
    expect(back.types.every((t) => typeof Object.getOwnPropertyDescriptor(t, 'members')?.get === 'function')).toBe(true);
    const some = back.types.find((t) => t.members.length > 3)!;
    expect(Object.getOwnPropertyDescriptor(some, 'members')?.value).toBe(some.members);
    expect(back.types.filter((t) => Object.getOwnPropertyDescriptor(t, 'members')?.get).length).toBe(inv.types.length - 1);
    // the whole is what was saved, key order included
    expect(serializeInventory(back)).toBe(serializeInventory(inv));
    expect(back.types[0].doc).toBe('智能体 — naïve “quotes” 😀');
  });

  it('a members file that does not match its types is an error that says to pull again', async () => {
    const inv = sample();
    const home = mkdtempSync(join(tmpdir(), 'as-store-'));
    made.push(home);
    const dir = join(home, 'inventory', '9.9.8');
    saveInventory(dir, inv, { format: INVENTORY_FORMAT } as Manifest);
    const core = join(dir, 'members', 'agentscope-core.json.gz');
    writeFileSync(core, gzipSync('[\n[]\n]\n'));
    const coreType = (i: Inventory) => i.types.find((t) => t.artifact === 'agentscope-core')!;
    expect(() => coreType(loadInventoryFrom(dir)).members).toThrow(/pull it again with `agentscope inventory pull 2\.0\.0`/);
    rmSync(core);
    const viaCache = await loadInventoryAsync('9.9.8', { AGENTSCOPE_CLI_HOME: home });
    expect(() => coreType(viaCache).members).toThrow(/agentscope-core\.json\.gz: not an inventory of format 2, or damaged/);
    // the other artifacts' members are still there
    expect(viaCache.types.find((t) => t.artifact !== 'agentscope-core')!.members.length).toBeGreaterThan(0);
    // a format 2 head that is not written line by line is no inventory this reader knows
    writeFileSync(join(dir, INVENTORY_FILE), gzipSync(serializeInventory({ ...inv, types: [] })));
    expect(() => loadInventoryFrom(dir)).toThrow(/inventory\.json\.gz: not an inventory of format 2, or damaged/);
  });

  it('list their types by name without parsing `types`: an index built from the listing is the index of the parsed types and gives out the same objects', () => {
    const { inv, dir } = saved('9.9.7');
    const lazy = loadInventoryFrom(dir);
    const listing = typeListing(lazy)!;
    expect(listing.fqn).toEqual(inv.types.map((t) => t.fqn));
    expect(listing.name).toEqual(inv.types.map((t) => t.name));
    expect(listing.pkg).toEqual(inv.types.map((t) => t.package));
    expect(listing.outer).toEqual(inv.types.map((t) => t.outer));
    expect(listing.artifact).toEqual(inv.types.map((t) => t.artifact));
    const idx = indexInventory(lazy);
    const nested = inv.types.find((t) => t.outer)!;
    expect(idx.type(nested.fqn)).toEqual(JSON.parse(JSON.stringify(nested)));
    expect(idx.byPackage.get(nested.package)?.has(nested.outer!.slice(nested.package.length + 1).split('.')[0])).toBe(true);
    // `types` is still unparsed; when read, it holds the very objects the index gave out
    expect(typeof Object.getOwnPropertyDescriptor(lazy, 'types')?.get).toBe('function');
    expect(lazy.types[inv.types.indexOf(nested)]).toBe(idx.type(nested.fqn));
    expect(serializeInventory(lazy)).toBe(serializeInventory(inv));
    // the same index as one built from parsed types
    const eager = loadInventoryFrom(dir);
    void eager.types;
    expect(typeListing(eager)).toBeUndefined();
    const full = indexInventory(eager);
    expect([...idx.byFqn.keys()]).toEqual([...full.byFqn.keys()]);
    expect([...idx.packages].sort()).toEqual([...full.packages].sort());
    expect([...idx.simpleNames].map(([k, v]) => [k, v.map((t) => t.fqn)])).toEqual([...full.simpleNames].map(([k, v]) => [k, v.map((t) => t.fqn)]));
    expect([...idx.nested].map(([k, m]) => [k, [...m.keys()]])).toEqual([...full.nested].map(([k, m]) => [k, [...m.keys()]]));
    const core = new Set(['agentscope-core']);
    const narrow = idx.restrictTo(core, 'pom.xml');
    expect([...narrow.byFqn.values()].map((t) => t.fqn)).toEqual(inv.types.filter((t) => t.artifact === 'agentscope-core').map((t) => t.fqn));
    expect(narrow.outside!.artifactOf(inv.types.find((t) => t.artifact !== 'agentscope-core')!.fqn)).not.toBeUndefined();
    const top = inv.types.find((t) => !t.outer && inv.types.some((n) => n.outer === t.fqn))!;
    const without = idx.without(new Set([top.fqn]));
    expect(without.type(top.fqn)).toBeUndefined();
    expect(inv.types.filter((t) => t.outer === top.fqn).every((t) => without.type(t.fqn) === undefined)).toBe(true);
    expect(without.inventory.types).toHaveLength(inv.types.length - 1 - inv.types.filter((t) => t.outer === top.fqn).length);
  });

  it('a type line not in the order the extractor writes is read all the same (without a listing)', () => {
    const { inv, dir } = saved('9.9.6');
    const file = join(dir, INVENTORY_FILE);
    const lines = gunzipSync(readFileSync(file)).toString('latin1').split('\n');
    const { fqn, ...rest } = JSON.parse(lines[1].replace(/,$/, '')) as { fqn: string };
    lines[1] = `${JSON.stringify({ ...rest, fqn })},`;
    writeFileSync(file, gzipSync(lines.join('\n')));
    const back = loadInventoryFrom(dir);
    expect(typeListing(back)).toBeUndefined();
    expect(indexInventory(back).type(fqn)?.fqn).toBe(fqn);
    expect(back.types.map((t) => t.fqn)).toEqual(inv.types.map((t) => t.fqn));
  });

  it('an inventory written in one file of format 1 as raw UTF-8 (by an older pull) still loads exactly, sync and async', async () => {
    const inv = sample();
    const home = mkdtempSync(join(tmpdir(), 'as-store-'));
    made.push(home);
    const dir = join(home, 'inventory', '9.9.9-utf8');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, INVENTORY_FILE), gzipSync(Buffer.from(JSON.stringify({ ...inv, format: 1, version: '9.9.9-utf8' }), 'utf8')));
    const sync = loadInventoryFrom(dir);
    expect(sync.types[0].doc).toBe('智能体 — naïve “quotes” 😀');
    expect(serializeInventory({ ...sync, version: inv.version })).toBe(serializeInventory(inv));
    const viaCache = await loadInventoryAsync('9.9.9-utf8', { AGENTSCOPE_CLI_HOME: home });
    expect(viaCache.types[0].doc).toBe('智能体 — naïve “quotes” 😀');
  });
});
