/**
 * The upgrade's scan on the hand-written fixture inventories: the checker (against `b`) says
 * where, the diff says why and which fixes are certain; after the fixes the checker runs
 * again, and what is left is one item per line javac would reject.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  test('as javac: a missing supertype has no members, and a call with an erroneous argument is not judged', async () => {
    const text = `package demo;

import io.agentscope.core.plan.PlanNotebook;
import io.agentscope.core.tool.Toolkit;

class MyPlan extends PlanNotebook {
    @Override
    public void plan() {}

    @Override
    public String toString() { return "plan"; }

    void use(Toolkit t) {
        t.helper();
        t.helper(PlanNotebook.class);
    }
}
`;
    const [r] = await scanSources([{ path: 'MyPlan.java', text }], { a, b, diff });
    // javac judges, against the part of the fixture's target API the file uses (Toolkit as small-b declares it)
    const dir = mkdtempSync(join(tmpdir(), 'scan-javac-'));
    try {
      mkdirSync(join(dir, 'io/agentscope/core/tool'), { recursive: true });
      writeFileSync(join(dir, 'io/agentscope/core/tool/Toolkit.java'), 'package io.agentscope.core.tool;\npublic class Toolkit {\n  public void registerTool(Object tool) {}\n  public void load(String name) {}\n}\n');
      mkdirSync(join(dir, 'demo'));
      writeFileSync(join(dir, 'demo/MyPlan.java'), text);
      const javac = spawnSync('javac', ['-d', join(dir, 'out'), 'io/agentscope/core/tool/Toolkit.java', 'demo/MyPlan.java'], { cwd: dir, encoding: 'utf8' });
      const errorLines = [...javac.stderr.matchAll(/^demo\/MyPlan\.java:(\d+): error/gm)].map((m) => Number(m[1]));
      expect(errorLines).toEqual([3, 6, 7, 10, 14, 15]);
      expect([...new Set(r.issues.map((i) => i.line))]).toEqual(errorLines);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(r.issues.map((i) => `${i.line}:${i.col} ${i.rule} ${i.kind}`)).toEqual([
      '3:8 AS001 removed-type',
      '6:22 AS001 removed-type',
      // javac: "method does not override or implement a method from a supertype", even toString():
      // the erroneous superclass stands in for Object
      '7:5 AS004 override-nothing',
      '10:5 AS004 override-nothing',
      '14:11 AS002 missing-member',
      // javac reports the argument only, not helper(..) whose argument is already an error
      '15:18 AS001 removed-type',
    ]);
  });
});
