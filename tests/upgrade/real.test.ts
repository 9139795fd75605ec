/**
 * On real pulled inventories (1.0.9 from the cache, pulled through the pull library with mvn
 * when missing; 2.0.0 shipped): the diff, the upgrade of a 1.0.9 Maven project proven by javac,
 * and the pin move 2.0.0 -> 1.0.9 re-verifying templates and rules.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { memoryIo } from '../../src/core/io.js';
import type { Inventory } from '../../src/inventory/schema.js';
import { run as upgradeRun } from '../../src/cli/commands/upgrade.js';
import { diffInventories, type Change, type InventoryDiff } from '../../src/diff/diff.js';
import { ensureInventory } from '../../src/upgrade/ensure.js';
import { reverify, type ReverifyResult } from '../../src/upgrade/reverify.js';
import { javaSourcesOf, sourcesJar } from '../support/sources-jar.js';
import { pinCommand, writePin } from '../../src/cli/commands/inventory-pin.js';
import { withProvenance } from '../../src/core/provenance.js';
import { readPin } from '../../src/inventory/pin.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'upgrade', 'app-1.0.9');
let a: Inventory;
let b: Inventory;
let diff: InventoryDiff;

/** Sources jars resolved through mvn before the tests (a fresh local repository works too). */
const jars = new Map<string, string>();

/** A file from an official sources jar, to confirm a diff entry against the real source. */
function sourceOf(artifact: string, version: string, path: string): string | undefined {
  return javaSourcesOf(jars.get(`${artifact}:${version}`)!, (n) => n === path)[path];
}

beforeAll(async () => {
  const io = memoryIo(process.cwd(), process.env);
  a = await ensureInventory('1.0.9', { io });
  b = await ensureInventory('2.0.0', { io });
  diff = diffInventories(a, b);
  for (const [artifact, version] of [['agentscope-core', '1.0.9'], ['agentscope-core', '2.0.0'], ['agentscope-extensions-model-openai', '2.0.0']]) {
    jars.set(`${artifact}:${version}`, await sourcesJar(artifact, version));
  }
}, 1_800_000);

const entry = (type: string, pred: (c: Change) => boolean = () => true) => diff.changes.filter((c) => c.type === type && pred(c));

describe('diff 1.0.9 -> 2.0.0 (real inventories, entries confirmed in the sources jars)', () => {
  test('ReActAgent.Builder.memory(Memory) removed: breaks callers', () => {
    const [c] = entry('io.agentscope.core.ReActAgent.Builder', (c) => c.key === 'memory(io.agentscope.core.memory.Memory)');
    expect([c.change, c.breaksCaller]).toEqual(['removed', true]);
    expect(sourceOf('agentscope-core', '1.0.9', 'io/agentscope/core/ReActAgent.java')).toContain('public Builder memory(Memory memory)');
    expect(sourceOf('agentscope-core', '2.0.0', 'io/agentscope/core/ReActAgent.java')).not.toMatch(/public Builder memory\(/);
  });
  test('OpenAIChatModel moved from core to the openai extension: a likely rename (move) with its Builder', () => {
    const [c] = entry('io.agentscope.core.model.OpenAIChatModel', (c) => c.scope === 'type');
    expect([c.change, c.to, c.confidence]).toEqual(['renamed', 'io.agentscope.extensions.model.openai.OpenAIChatModel', 1]);
    expect(c.aspects.find((x) => x.aspect === 'artifact')).toMatchObject({ from: 'agentscope-core', to: 'agentscope-extensions-model-openai' });
    expect(entry('io.agentscope.core.model.OpenAIChatModel.Builder', (c) => c.scope === 'type')[0].to).toBe('io.agentscope.extensions.model.openai.OpenAIChatModel.Builder');
    expect(sourceOf('agentscope-core', '1.0.9', 'io/agentscope/core/model/OpenAIChatModel.java')).toContain('package io.agentscope.core.model;');
    expect(sourceOf('agentscope-core', '2.0.0', 'io/agentscope/core/model/OpenAIChatModel.java')).toBeUndefined();
    expect(sourceOf('agentscope-extensions-model-openai', '2.0.0', 'io/agentscope/extensions/model/openai/OpenAIChatModel.java')).toContain('package io.agentscope.extensions.model.openai;');
  });
  test('@Tool gained strict() with default false: compatible for callers', () => {
    const [c] = entry('io.agentscope.core.tool.Tool', (c) => c.key === 'element:strict()');
    expect([c.change, c.breaksCaller, c.breaksImplementer]).toEqual(['added', false, false]);
    expect(sourceOf('agentscope-core', '2.0.0', 'io/agentscope/core/tool/Tool.java')).toContain('boolean strict() default false;');
    expect(sourceOf('agentscope-core', '1.0.9', 'io/agentscope/core/tool/Tool.java')).not.toContain('strict()');
  });
  test('ReActAgent.Builder.knowledge(Knowledge) became deprecated for removal since 2.0.0', () => {
    const [c] = entry('io.agentscope.core.ReActAgent.Builder', (c) => c.key === 'knowledge(io.agentscope.core.rag.Knowledge)');
    expect(c.aspects).toEqual([expect.objectContaining({ aspect: 'deprecated', to: 'deprecated for removal since 2.0.0', breaksCaller: false })]);
    expect(sourceOf('agentscope-core', '2.0.0', 'io/agentscope/core/ReActAgent.java')).toMatch(/@Deprecated\(forRemoval = true, since = "2\.0\.0"\)\s+public Builder knowledge\(Knowledge knowledge\)/);
  });
  test('a real member rename candidate: enablePlan() -> enableTaskList(), low confidence (never applied mechanically)', () => {
    const [c] = entry('io.agentscope.core.ReActAgent.Builder', (c) => c.change === 'renamed');
    expect([c.member, c.to]).toEqual(['enablePlan()', 'enableTaskList()']);
    expect(c.confidence).toBeLessThan(0.8);
    expect(sourceOf('agentscope-core', '2.0.0', 'io/agentscope/core/ReActAgent.java')).toContain('public Builder enableTaskList() {');
  });
  test('summary counts are consistent with the entries', () => {
    const s = diff.summary;
    expect(s.typesRemoved + s.typesRenamed + s.typesChanged + s.typesAdded + s.membersRemoved + s.membersRenamed + s.membersChanged + s.membersAdded).toBe(diff.changes.length);
    expect(s.typesRenamed).toBeGreaterThan(20);
    expect(diff.artifacts.onlyInTo).toContain('agentscope-extensions-model-openai');
  });
});

function mvnCompile(dir: string): { status: number | null; errors: string[] } {
  const r = spawnSync('mvn', ['-B', '-q', 'compile'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
  const errors = new Set<string>();
  for (const m of `${r.stdout}\n${r.stderr}`.matchAll(/\[ERROR\] (\/\S+\.java):\[(\d+),(\d+)\]/g)) errors.add(`${m[1].slice(dir.length + 1)}:${m[2]}`);
  return { status: r.status, errors: [...errors].sort() };
}

describe('upgrade a 1.0.9 Maven project to 2.0.0', () => {
  test('javac accepts the fixture on 1.0.9; after upgrade --write, javac rejects exactly the lines the report lists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upgrade-app-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(FIXTURE, dir, { recursive: true });
    const before = mvnCompile(dir);
    expect(before).toEqual({ status: 0, errors: [] });
    execFileSync('rm', ['-rf', join(dir, 'target')]);
    // Two generated files: one untouched since generation, one edited by the user.
    const gen = join(dir, 'src/main/java/com/example/weather');
    writeFileSync(join(gen, 'Prompts.java'), withProvenance('package com.example.weather;\n\nfinal class Prompts {\n    static final String SYSTEM = "You answer questions about the weather.";\n}\n', { generator: 'project', template: 'project/Prompts.java', version: '1.0.9' }));
    writeFileSync(join(gen, 'Names.java'), withProvenance('package com.example.weather;\n\nfinal class Names {\n    static final String AGENT = "weather";\n}\n', { generator: 'project', template: 'project/Names.java', version: '1.0.9' }).replace('"weather"', '"forecaster"'));
    const snapshot = () => Object.fromEntries(['pom.xml', 'src/main/java/com/example/weather/WeatherAgent.java'].map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    const original = snapshot();

    const dry = memoryIo(dir, process.env);
    expect(await upgradeRun(['--to', '2.0.0', '--json'], dry)).toBe(1);
    expect(snapshot()).toEqual(original);
    const report = JSON.parse(dry.stdout.join('\n'));
    expect(report.from).toBe('1.0.9');
    expect(report.versionSites).toEqual([{ file: 'pom.xml', kind: 'property', name: 'agentscope.version', value: '1.0.9', line: 15 }]);
    expect(report.addDependencies.map((d: { artifactId: string }) => d.artifactId)).toEqual(['agentscope-extensions-model-openai']);
    const items = report.files.flatMap((f: { file: string; items: { line: number; status: string; kind: string }[] }) => f.items.map((i) => ({ file: f.file, line: i.line, status: i.status, kind: i.kind })));
    expect(items.filter((i: { status: string }) => i.status === 'fix')).toEqual([{ file: 'src/main/java/com/example/weather/WeatherAgent.java', line: 8, status: 'fix', kind: 'moved-type' }]);
    expect(report.generated.map((g: { file: string; untouched: boolean }) => [g.file, g.untouched])).toEqual([
      ['src/main/java/com/example/weather/Names.java', false],
      ['src/main/java/com/example/weather/Prompts.java', true],
    ]);

    const wet = memoryIo(dir, process.env);
    await upgradeRun(['--to', '2.0.0', '--write', '--json'], wet);
    const written = JSON.parse(wet.stdout.join('\n'));
    expect(written.changedFiles.sort()).toEqual(['pom.xml', 'src/main/java/com/example/weather/WeatherAgent.java']);
    const pom = readFileSync(join(dir, 'pom.xml'), 'utf8');
    expect(pom).toContain('<!-- AgentScope Java: keep every io.agentscope artifact on this one version -->');
    expect(pom).toContain('<agentscope.version>2.0.0</agentscope.version>');
    expect(pom).toContain('<artifactId>agentscope-extensions-model-openai</artifactId>');
    const agent = readFileSync(join(dir, 'src/main/java/com/example/weather/WeatherAgent.java'), 'utf8');
    expect(agent.split('\n')[7]).toBe('import io.agentscope.extensions.model.openai.OpenAIChatModel;');
    expect(agent.replace('io.agentscope.extensions.model.openai.OpenAIChatModel', 'io.agentscope.core.model.OpenAIChatModel')).toBe(original['src/main/java/com/example/weather/WeatherAgent.java']);

    const todo = written.files.flatMap((f: { file: string; items: { line: number; status: string }[] }) => f.items.filter((i) => i.status === 'todo').map((i) => `${f.file}:${i.line}`)).sort();
    const after = mvnCompile(dir);
    expect(after.status).not.toBe(0);
    expect(todo).toEqual(after.errors);
    expect(todo).toEqual(['src/main/java/com/example/weather/WeatherAgent.java:26']);
  }, 600_000);
});

describe('moving the pin 2.0.0 -> 1.0.9 re-verifies templates and rules', () => {
  let r: ReverifyResult;
  beforeAll(async () => {
    r = await reverify(b, a);
  }, 300_000);
  test('reports template lines that break, with the diff entries behind them', () => {
    expect(r.templates.rendered.length).toBeGreaterThan(10);
    expect(r.templates.renderErrors).toEqual([]);
    const hitl = r.templates.breaks.filter((x) => x.template === 'feature/hitl/Hitl.java');
    const withState = hitl.find((x) => x.text.includes('.withState(ToolResultState.SUCCESS)'));
    expect(withState?.changes.some((c) => c.type === 'io.agentscope.core.message.ToolResultBlock' && c.change === 'removed' && c.member === 'withState(ToolResultState)')).toBe(true);
    expect(withState?.templateLine).toBeGreaterThan(0);
    expect(readFileSync(join(import.meta.dirname, '..', '..', 'templates', 'feature/hitl/Hitl.java.ejs'), 'utf8').split('\n')[withState!.templateLine! - 1]).toContain('withState(ToolResultState.SUCCESS)');
    const imp = r.templates.breaks.find((x) => x.text === 'import io.agentscope.core.tool.ToolBase;');
    expect(imp?.changes[0]).toMatchObject({ scope: 'type', change: 'removed', type: 'io.agentscope.core.tool.ToolBase' });
  });
  test('lists template prose that states behaviour of the old version for review', () => {
    expect(r.versionMentions.length).toBeGreaterThan(0);
    const lineOf = (m: { template: string; line: number }) => readFileSync(join(import.meta.dirname, '..', '..', 'templates', m.template), 'utf8').split('\n')[m.line - 1];
    for (const m of r.versionMentions) expect(lineOf(m)).toContain(r.from);
    // the tool-groups prose says how 2.0.0 differed from 2.0.2
    expect(r.versionMentions.some((m) => m.template === 'feature/toolgroups/ToolGroups.java.ejs')).toBe(true);
  });
  test('reports the checker rules whose declared API is gone', () => {
    const ids = r.rules.breaks.map((x) => x.rule);
    expect(ids).toEqual(expect.arrayContaining(['AS101', 'AS102', 'AS103']));
    const as102 = r.rules.breaks.find((x) => x.rule === 'AS102')!;
    expect(as102.missing).toContainEqual({ type: 'io.agentscope.core.message.GenerateReason', member: 'PERMISSION_ASKING', kind: 'enumConstant' });
    expect(as102.changes.some((c) => c.type === 'io.agentscope.core.message.GenerateReason' && c.member === 'PERMISSION_ASKING (enum constant)')).toBe(true);
  });
  test('the pin command without --write changes nothing; writePin moves a pin file', async () => {
    const pinFile = join(import.meta.dirname, '..', '..', 'inventory', 'pin.json');
    const before = readFileSync(pinFile, 'utf8');
    const io = memoryIo(process.cwd(), process.env);
    expect(await pinCommand(['1.0.9'], io)).toBe(1);
    expect(io.stdout.join('\n')).toMatch(/Template lines that no longer hold \(\d+\):/);
    expect(io.stdout.join('\n')).toContain('Dry run: inventory/pin.json still pins ' + readPin().version);
    expect(readFileSync(pinFile, 'utf8')).toBe(before);
    const tmp = join(mkdtempSync(join(tmpdir(), 'pin-')), 'pin.json');
    onTestFinished(() => rmSync(join(tmp, '..'), { recursive: true, force: true }));
    writeFileSync(tmp, before);
    expect(writePin(tmp, '1.0.9').version).toBe('1.0.9');
    expect({ ...JSON.parse(readFileSync(tmp, 'utf8')), version: readPin().version }).toEqual(JSON.parse(before));
    expect(readdirSync(join(tmp, '..'))).toEqual(['pin.json']);
  }, 300_000);
});
