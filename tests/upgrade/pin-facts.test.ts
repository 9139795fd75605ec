import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { formatReverify, breaks } from '../../src/cli/commands/inventory-pin.js';
import { INVENTORY_DIR } from '../../src/core/paths.js';
import { loadInventoryFrom } from '../../src/inventory/store.js';
import { reverify } from '../../src/upgrade/reverify.js';

/**
 * `inventory pin` compares the behaviour facts each AS1xx rule relies on (facts.json) between the
 * pinned version and the new one, and fails naming the fact with its old and new value. The two
 * shipped 2.0.x inventories are copied to a temp folder and the pin is moved both ways between them.
 */
const tmp = mkdtempSync(join(tmpdir(), 'pin-facts-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function copy(version: string) {
  const dir = join(tmp, version);
  cpSync(join(INVENTORY_DIR, version), dir, { recursive: true });
  expect(readdirSync(dir)).toContain('facts.json');
  return loadInventoryFrom(dir);
}

describe('moving the pin between 2.0.0 and 2.0.2 reports the changed AS101 fact', () => {
  const v200 = copy('2.0.0');
  const v202 = copy('2.0.2');

  test('2.0.0 -> 2.0.2: error(..) went from the RUNNING default to ERROR passed', async () => {
    const r = await reverify(v200, v202);
    const as101 = r.rules.breaks.find((b) => b.rule === 'AS101');
    expect(as101?.facts).toEqual([
      {
        rule: 'AS101',
        fact: 'ToolResultBlock.error(String) leaves the state',
        from: { value: 'RUNNING (the constructor default)', at: 'agentscope-core io/agentscope/core/message/ToolResultBlock.java:57' },
        to: { value: 'ERROR (passed to the constructor)', at: 'agentscope-core io/agentscope/core/message/ToolResultBlock.java:211' },
      },
    ]);
    expect(r.rules.holding).not.toContain('AS101');
    expect(breaks(r)).toBeGreaterThan(0);
    expect(formatReverify(r)).toContain(
      'fact changed: ToolResultBlock.error(String) leaves the state: 2.0.0 RUNNING (the constructor default) (agentscope-core io/agentscope/core/message/ToolResultBlock.java:57) -> 2.0.2 ERROR (passed to the constructor) (agentscope-core io/agentscope/core/message/ToolResultBlock.java:211)',
    );
  }, 300_000);

  test('2.0.0 -> 2.0.2: AS102\'s pending-call recovery no longer runs before the ConfirmResults are read; AS103 and AS104 hold', async () => {
    const r = await reverify(v200, v202);
    expect(r.rules.breaks.find((b) => b.rule === 'AS102')?.facts).toEqual([
      {
        rule: 'AS102',
        fact: 'ReActAgent.CallExecution: when enablePendingToolRecovery is set, maybePatchPendingToolCalls(..) runs before the ConfirmResults are read',
        from: { value: 'yes', at: 'agentscope-core io/agentscope/core/ReActAgent.java:1506' },
      },
    ]);
    expect(r.rules.holding).toEqual(expect.arrayContaining(['AS103', 'AS104']));
    expect(formatReverify(r)).toContain('ReActAgent.CallExecution: when enablePendingToolRecovery is set, maybePatchPendingToolCalls(..) runs before the ConfirmResults are read: 2.0.0 yes (agentscope-core io/agentscope/core/ReActAgent.java:1506) -> 2.0.2 no such fact');
  }, 300_000);

  test('2.0.2 -> 2.0.0: the same fact, the other way; text(..) holds in both', async () => {
    const r = await reverify(v202, v200);
    const facts = r.rules.breaks.find((b) => b.rule === 'AS101')?.facts ?? [];
    expect(facts.map((f) => `${f.fact}: ${f.from.value} -> ${f.to?.value}`)).toEqual(['ToolResultBlock.error(String) leaves the state: ERROR (passed to the constructor) -> RUNNING (the constructor default)']);
  }, 300_000);
});
