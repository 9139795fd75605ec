import { isAscii } from 'node:buffer';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { INVENTORY_FILE, loadInventoryAsync, loadInventoryFrom, serializeInventory } from '../../src/inventory/store.js';
import { INVENTORY_DIR } from '../../src/core/paths.js';
import type { Inventory } from '../../src/inventory/schema.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The shipped 2.0.0 inventory with Javadoc in several scripts, as a file in a temp dir. */
function sample(): Inventory {
  const inv = loadInventoryFrom(join(INVENTORY_DIR, '2.0.0'));
  const copy = JSON.parse(JSON.stringify(inv)) as Inventory;
  copy.types[0].doc = '智能体 — naïve “quotes” 😀';
  return copy;
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
    for (const v of ['2.0.0', '1.0.9']) expect(isAscii(gunzipSync(readFileSync(join(INVENTORY_DIR, v, INVENTORY_FILE)))), v).toBe(true);
  });

  it('an inventory written raw as UTF-8 (by an older pull) still loads exactly, sync and async', async () => {
    const inv = sample();
    const home = mkdtempSync(join(tmpdir(), 'as-store-'));
    made.push(home);
    const dir = join(home, 'inventory', '9.9.9-utf8');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, INVENTORY_FILE), gzipSync(Buffer.from(JSON.stringify({ ...inv, version: '9.9.9-utf8' }), 'utf8')));
    expect(loadInventoryFrom(dir).types[0].doc).toBe('智能体 — naïve “quotes” 😀');
    const viaCache = await loadInventoryAsync('9.9.9-utf8', { AGENTSCOPE_CLI_HOME: home });
    expect(viaCache.types[0].doc).toBe('智能体 — naïve “quotes” 😀');
  });
});
