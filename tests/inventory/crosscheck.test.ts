/**
 * CROSS-CHECK of the shipped inventory against the compiled classes: every public/protected
 * constructor and method that `javap -protected` shows in agentscope-core 2.0.0 (binary jar
 * resolved through mvn) must be in inventory/2.0.0 with the same erased parameter types, and
 * every inventory constructor/method of a core type must exist in the binary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveArtifact } from '../../src/inventory/maven.js';
import { loadInventoryFrom, readManifest } from '../../src/inventory/store.js';
import { INVENTORY_DIR } from '../../src/core/paths.js';
import { inventoryMembers, javapJar, sig, type BinaryClass } from './javap.js';

/** 2.0.0 core is the required check; the model extensions, harness and the shipped 1.0.9 core are checked the same way. */
const CASES: [string, string][] = [
  ['agentscope-core', '2.0.0'],
  ['agentscope-extensions-model-openai', '2.0.0'],
  ['agentscope-extensions-model-anthropic', '2.0.0'],
  // built from the v2.0.0 tag (Central here does not serve them): the same extractor, the same check
  ['agentscope-harness', '2.0.0'],
  ['agentscope-extensions-model-dashscope', '2.0.0'],
  ['agentscope-core', '1.0.9'],
];

/** Members javac adds to every record that the inventory does not list (they override java.lang.Record's). */
const RECORD_OBJECT_METHODS = new Set(['toString()', 'hashCode()', 'equals(java.lang.Object)']);

describe('cross-check against javap', () => {
  it.each(CASES)('every public/protected method and constructor of %s %s is in the inventory with the same erased parameters', async (ARTIFACT, VERSION) => {
    const work = mkdtempSync(join(tmpdir(), 'xcheck-'));
    try {
      const jar = await resolveArtifact({ groupId: 'io.agentscope', artifactId: ARTIFACT, version: VERSION }, work);
      expect(jar.ok, jar.ok ? '' : jar.error).toBe(true);
      if (!jar.ok) return;
      const inv = loadInventoryFrom(join(INVENTORY_DIR, VERSION));
      const classes = javapJar(jar.file);
      const byName = new Map(classes.map((c) => [c.binaryName, c]));
      const visible = (c: BinaryClass): boolean => {
        if (!c.isPublic || /\$\d/.test(c.binaryName)) return false;
        const i = c.binaryName.lastIndexOf('$');
        return i < 0 || (byName.get(c.binaryName.slice(0, i)) ? visible(byName.get(c.binaryName.slice(0, i))!) : false);
      };
      const invMembers = inventoryMembers(inv, ARTIFACT);
      const mismatches: string[] = [];
      const excluded: string[] = [];
      const synthetic: string[] = [];
      let checked = 0;
      let matched = 0;
      const usedInventory = new Set<string>();
      for (const c of classes.filter(visible)) {
        const mine = invMembers.get(c.binaryName);
        if (!mine) {
          mismatches.push(`type missing from inventory: ${c.binaryName}`);
          continue;
        }
        const keys = new Set(mine.map((m) => sig(m.name, m.params)));
        const isRecord = / extends java\.lang\.Record\b/.test(c.header);
        const outer = c.binaryName.includes('$') ? c.binaryName.slice(0, c.binaryName.lastIndexOf('$')).replace(/\$/g, '.') : undefined;
        for (const m of c.members) {
          const key = sig(m.name, m.params);
          if (m.synthetic) {
            synthetic.push(`${c.binaryName}#${key}`);
            continue;
          }
          if (isRecord && RECORD_OBJECT_METHODS.has(key) && !keys.has(key)) {
            excluded.push(`${c.binaryName}#${key}`);
            continue;
          }
          checked++;
          // Inner (non-static) class constructors take the enclosing instance first.
          const alt = m.ctor && outer && m.params[0] === outer ? sig(m.name, m.params.slice(1)) : undefined;
          if (keys.has(key) || (alt && keys.has(alt))) {
            matched++;
            usedInventory.add(`${c.binaryName}#${keys.has(key) ? key : alt}`);
          } else {
            mismatches.push(`binary member not in inventory: ${c.binaryName}#${key}   [javap: ${m.line}]`);
          }
        }
      }
      // The other direction: nothing invented.
      for (const [owner, list] of invMembers) {
        const c = byName.get(owner);
        for (const m of list) {
          const key = `${owner}#${sig(m.name, m.params)}`;
          if (c && visible(c) && !usedInventory.has(key)) mismatches.push(`inventory member not in binary: ${key}${m.generated ? ` (${m.generated})` : ''}`);
        }
      }
      const rate = checked ? (100 * matched) / checked : 0;
      console.log(`cross-check ${ARTIFACT} ${VERSION}: ${matched}/${checked} binary members matched (${rate.toFixed(2)}%), ${synthetic.length} synthetic/bridge skipped, ${excluded.length} implicit record equals/hashCode/toString excluded, ${mismatches.length} mismatches`);
      if (mismatches.length) console.log(mismatches.join('\n'));
      expect(checked).toBeGreaterThan(ARTIFACT === 'agentscope-core' ? 1000 : 50);
      expect(mismatches).toEqual([]);
      expect(rate).toBe(100);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('the 2.0.0 inventory is the whole release: harness and every provider, discovered by the BOM', () => {
    const manifest = readManifest(join(INVENTORY_DIR, '2.0.0'));
    expect(manifest.discovery).toBe('bom');
    const ids = manifest.artifacts.map((a) => a.artifactId);
    for (const id of ['agentscope-core', 'agentscope-harness', 'agentscope-extensions-model-dashscope', 'agentscope-extensions-model-ollama', 'agentscope-extensions-model-gemini']) expect(ids).toContain(id);
    expect(manifest.unavailable?.map((u) => u.artifactId)).not.toContain('agentscope-harness');
  });
});
