import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Inventory } from '../../src/inventory/schema.js';
import { diffInventories, type Change } from '../../src/diff/diff.js';
import { formatDiff } from '../../src/diff/format.js';

const load = (f: string) => JSON.parse(readFileSync(new URL(`../fixtures/upgrade/${f}`, import.meta.url), 'utf8')) as Inventory;
const a = load('small-a.json');
const b = load('small-b.json');
const d = diffInventories(a, b);
const find = (type: string, pred: (c: Change) => boolean) => d.changes.filter((c) => c.type === `io.agentscope.core.${type}` && pred(c));
const one = (type: string, pred: (c: Change) => boolean) => {
  const hits = find(type, pred);
  expect(hits, `${type}`).toHaveLength(1);
  return hits[0];
};

describe('diffInventories on hand-written fixtures', () => {
  test('interface method without default breaks implementers only; default method breaks nobody', () => {
    const clear = one('memory.Memory', (c) => c.key === 'clear()');
    expect([clear.change, clear.breaksCaller, clear.breaksImplementer]).toEqual(['added', false, true]);
    const size = one('memory.Memory', (c) => c.key === 'size()');
    expect([size.breaksCaller, size.breaksImplementer]).toEqual([false, false]);
  });
  test('abstract method added to a class breaks subclasses', () => {
    const c = one('hook.HookBase', (c) => c.key === 'name()');
    expect([c.change, c.breaksCaller, c.breaksImplementer]).toEqual(['added', false, true]);
  });
  test('overloads are keyed by erased params: only the List overload changed its return type', () => {
    const calls = find('ReActAgent', (c) => c.key?.startsWith('call(') ?? false);
    expect(calls.map((c) => c.key)).toEqual(['call(java.util.List)']);
    expect(calls[0].aspects.map((x) => x.aspect)).toEqual(['return']);
    expect(calls[0].breaksCaller).toBe(true);
  });
  test('param type change of a single overload is reported as changed params', () => {
    const c = one('ReActAgent.Builder', (c) => c.key === 'maxIters(int)');
    expect([c.change, c.toKey, c.breaksCaller]).toEqual(['changed', 'maxIters(long)', true]);
  });
  test('likely member rename: same owner and params, similar name', () => {
    const c = one('ReActAgent.Builder', (c) => c.change === 'renamed');
    expect([c.key, c.toKey]).toEqual(['sysPrompt(java.lang.String)', 'systemPrompt(java.lang.String)']);
  });
  test('moved type: same simple name, other package, with its nested Builder', () => {
    const moved = d.changes.filter((c) => c.scope === 'type' && c.change === 'renamed').map((c) => [c.type, c.to]);
    expect(moved).toEqual([
      ['io.agentscope.core.model.OpenAIChatModel', 'io.agentscope.extensions.model.openai.OpenAIChatModel'],
      ['io.agentscope.core.model.OpenAIChatModel.Builder', 'io.agentscope.extensions.model.openai.OpenAIChatModel.Builder'],
    ]);
    // model(OpenAIChatModel) only follows the move: not reported as breaking by itself.
    const model = one('ReActAgent.Builder', (c) => c.key?.startsWith('model(') ?? false);
    expect([model.breaksCaller, model.breaksImplementer]).toEqual([false, false]);
  });
  test('member removed but still inherited is not breaking', () => {
    const c = one('ReActAgent', (c) => c.key === 'getMemory()');
    expect([c.change, c.breaksCaller, c.note]).toEqual(['removed', false, 'still inherited from io.agentscope.core.agent.AgentBase']);
  });
  test('static, throws, annotation default, record components, enum constants, deprecation, final', () => {
    expect(one('message.Msg', (c) => c.key === 'of(java.lang.String)').aspects.map((x) => x.aspect)).toEqual(['static']);
    const thr = one('tool.Toolkit', (c) => c.key === 'load(java.lang.String)');
    expect([thr.aspects[0].aspect, thr.breaksCaller]).toEqual(['throws', true]);
    const def = one('tool.Tool', (c) => c.key === 'element:description()');
    expect([def.aspects[0].aspect, def.breaksCaller]).toEqual(['annotationDefault', true]);
    expect(one('tool.ToolCall', (c) => c.scope === 'type').aspects.map((x) => x.aspect)).toEqual(['recordComponents']);
    expect(one('message.MsgRole', (c) => c.key === 'enum:SYSTEM').change).toBe('added');
    const dep = one('message.Msg', (c) => c.key === 'getTextContent()');
    expect([dep.aspects[0].aspect, dep.breaksCaller, dep.deprecated?.forRemoval]).toEqual(['deprecated', false, true]);
    const fin = one('message.Msg', (c) => c.scope === 'type');
    expect([fin.aspects[0].aspect, fin.breaksImplementer]).toEqual(['final', true]);
    expect(one('hook.Hook', (c) => c.key === 'onEvent(java.lang.Object)').aspects[0].aspect).toBe('default');
  });
  test('removed type and artifact summary', () => {
    expect(one('plan.PlanNotebook', (c) => c.scope === 'type').change).toBe('removed');
    expect(d.artifacts.onlyInTo).toEqual(['agentscope-extensions-model-openai']);
  });
  test('formats: text names breakage, markdown has tables, json round-trips', () => {
    expect(formatDiff(d, 'text')).toContain('sysPrompt(String) -> systemPrompt(String) (likely rename');
    expect(formatDiff(d, 'markdown')).toMatch(/## Likely renames and moves \(3\)/);
    expect(JSON.parse(formatDiff(d, 'json', { breakingOnly: true })).changes.every((c: Change) => c.breaksCaller || c.breaksImplementer)).toBe(true);
  });
});
