import { afterEach, expect, test } from 'vitest';
import { agentsMdBody, agentsMdFile } from '../../src/assistant/agents-md.js';
import { inventoryIdentity, loadInventory } from '../../src/inventory/store.js';
import { readPin } from '../../src/inventory/pin.js';
import { parseProvenance } from '../../src/core/provenance.js';

/**
 * dist/cli.cjs carries the AGENTS.md bodies the build computed for the shipped inventories
 * (__AGENTS_MD_BUILT__, scripts/bundle.mjs); tests/cli/cli-bundle.test.ts shows the bundle writes
 * the AGENTS.md the modules compute. Here: a built body is taken only for the very inventory it
 * was computed from.
 */
const g = globalThis as { __AGENTS_MD_BUILT__?: Record<string, { inventory: string; body: string }> };
afterEach(() => {
  delete g.__AGENTS_MD_BUILT__;
});

test('a built AGENTS.md body is used for the inventory it was computed from, and only for it', () => {
  const inv = loadInventory(readPin().version);
  const identity = inventoryIdentity(inv);
  expect(identity).toMatch(/^[0-9a-f]{64}$/);
  const computed = agentsMdFile(inv);
  expect(parseProvenance(computed)?.untouched).toBe(true);

  g.__AGENTS_MD_BUILT__ = { [inv.version]: { inventory: identity!, body: '# built\n' } };
  expect(agentsMdFile(inv)).toContain('# built');
  // another inventory of that version (a different pull): computed again
  g.__AGENTS_MD_BUILT__ = { [inv.version]: { inventory: '0'.repeat(64), body: '# built\n' } };
  expect(agentsMdFile(inv)).toBe(computed);
  // an inventory made in memory has no identity
  const inMemory = { ...inv, types: inv.types };
  expect(inventoryIdentity(inMemory)).toBeUndefined();
  g.__AGENTS_MD_BUILT__ = { [inv.version]: { inventory: identity!, body: '# built\n' } };
  expect(agentsMdFile(inMemory)).toBe(computed);
  expect(agentsMdBody(inv)).not.toContain('# built');
});
