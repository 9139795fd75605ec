import { describe, expect, test } from 'vitest';
import { CURATED, TRAP_REQUIREMENTS, hasApi, indexInventory, trapEnabled, RULES } from '../../src/checker/index.js';
import { fixtureInventory, realInventory } from './helpers.js';

describe('curated wrong names and trap rules are backed by the pinned 2.0.0 inventory', () => {
  const idx = () => indexInventory(realInventory());

  test.each(CURATED.map((e) => [`${e.type}.${e.wrong}`, e] as const))('%s: wrong name absent, advice present', (_n, e) => {
    expect(idx().type(e.type), `type ${e.type} must exist`).toBeDefined();
    expect(hasApi(idx(), { type: e.type, member: e.wrong }), `${e.wrong} must not exist on ${e.type}`).toBe(false);
    for (const u of e.uses) expect(hasApi(idx(), u), `advice uses ${JSON.stringify(u)}`).toBe(true);
  });

  test.each(Object.keys(TRAP_REQUIREMENTS))('trap %s is enabled: every declaration it relies on exists', (rule) => {
    const reqs = TRAP_REQUIREMENTS[rule as keyof typeof TRAP_REQUIREMENTS];
    for (const r of reqs) expect(hasApi(idx(), r), `${rule} relies on ${JSON.stringify(r)}`).toBe(true);
    expect(trapEnabled(idx(), rule as keyof typeof TRAP_REQUIREMENTS)).toBe(true);
    expect(RULES[rule as keyof typeof RULES].severity).toBe('warning');
  });

  test('seed 000 claims as adapted to 2.0.0', () => {
    // 2.0.0 has no mcpToolNamePrefix (seed 000 describes 2.0.4), so AS104 suggests enableTools/disableTools
    expect(hasApi(idx(), { type: 'io.agentscope.core.tool.Toolkit.ToolRegistration', member: 'mcpToolNamePrefix' })).toBe(false);
    // ConfirmResult has 2- and 3-argument constructors in 2.0.0 (no 4th "reason" argument)
    expect(hasApi(idx(), { type: 'io.agentscope.core.event.ConfirmResult', kind: 'constructor', arity: 4 })).toBe(false);
    expect(hasApi(idx(), { type: 'io.agentscope.core.event.ConfirmResult', kind: 'constructor', arity: 3 })).toBe(true);
  });
});

describe('traps switch off when the inventory lacks what they rely on', () => {
  test('the fixture inventory has no PermissionMode or GenerateReason: AS102 and AS103 are off, AS101 and AS104 on', () => {
    const idx = indexInventory(fixtureInventory());
    expect(trapEnabled(idx, 'AS102')).toBe(false);
    expect(trapEnabled(idx, 'AS103')).toBe(false);
    expect(trapEnabled(idx, 'AS101')).toBe(true);
    expect(trapEnabled(idx, 'AS104')).toBe(true);
  });
});
