/**
 * The upgrade's scan on the hand-written fixture inventories: the checker (against `b`) says
 * where, the diff says why and which fixes are certain; after the fixes the checker runs
 * again, and what is left is one item per line javac would reject.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Inventory } from '../../src/inventory/schema.js';
import { diffInventories } from '../../src/diff/diff.js';
import { scanSources } from '../../src/upgrade/scan/index.js';

const load = (f: string) => JSON.parse(readFileSync(new URL(`../fixtures/upgrade/${f}`, import.meta.url), 'utf8')) as Inventory;
const a = load('small-a.json');
const b = load('small-b.json');
const diff = diffInventories(a, b);

const SOURCE = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.model.OpenAIChatModel;
import io.agentscope.core.plan.PlanNotebook;

class App {
    void run() {
        Object m = OpenAIChatModel.builder().apiKey("k");
        io.agentscope.core.model.OpenAIChatModel.Builder b = null;
        PlanNotebook p = null;
        PlanNotebook.class.getName();
        ReActAgent.builder().sysPrompt("x").memory(null).build();
    }
}
`;

async function scan(renameConfidence?: number) {
  const [r] = await scanSources([{ path: 'App.java', text: SOURCE }], { a, b, diff, renameConfidence });
  return { ...r, items: r.issues.map((i) => `${i.line} ${i.edit ? 'fix' : 'todo'} ${i.kind}${i.change ? ` <${i.change.change} ${i.change.member ?? i.change.type}>` : ''}`) };
}

describe('scan built on the checker', () => {
  test('moved type: the import and the qualified use are rewritten; removed type: every use is a line', async () => {
    const r = await scan();
    expect(r.items).toEqual([
      '4 fix moved-type <renamed io.agentscope.core.model.OpenAIChatModel>',
      '5 todo removed-type <removed io.agentscope.core.plan.PlanNotebook>',
      '10 fix moved-type <renamed io.agentscope.core.model.OpenAIChatModel.Builder>',
      '11 todo removed-type <removed io.agentscope.core.plan.PlanNotebook>',
      '12 todo removed-type <removed io.agentscope.core.plan.PlanNotebook>',
      // below the rename confidence: reported with its diff entry, not applied
      '13 todo renamed-member <renamed sysPrompt(String)>',
    ]);
    const lines = r.fixed.split('\n');
    expect(lines[3]).toBe('import io.agentscope.extensions.model.openai.OpenAIChatModel;');
    expect(lines[9]).toBe('        io.agentscope.extensions.model.openai.OpenAIChatModel.Builder b = null;');
    expect(r.fixed.replaceAll('io.agentscope.extensions.model.openai.', 'io.agentscope.core.model.')).toBe(SOURCE);
    expect(r.usedTypes).toContain('io.agentscope.extensions.model.openai.OpenAIChatModel');
  });

  test('a confident rename is applied, and the call it exposes is checked on the fixed text', async () => {
    const r = await scan(0.7);
    expect(r.items.filter((i) => i.startsWith('13 '))).toEqual([
      '13 fix renamed-member <renamed sysPrompt(String)>',
      // memory(..) was hidden behind the unknown sysPrompt(..): removed in b
      '13 todo missing-member <removed memory(Memory)>',
    ]);
    expect(r.fixed.split('\n')[12]).toBe('        ReActAgent.builder().systemPrompt("x").memory(null).build();');
  });
});
