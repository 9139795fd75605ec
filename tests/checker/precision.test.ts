import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkSources, type CheckStats, type Finding } from '../../src/checker/index.js';
import { resolveArtifact, type Coords } from '../../src/inventory/maven.js';
import { isJava, listFiles } from '../../src/util/files.js';
import { realInventory } from './helpers.js';
import { javaSourcesOf, sourcesJar } from '../support/sources-jar.js';

/**
 * Precision on real code: the official 2.0.0 sources of agentscope-core and the OpenAI and
 * Anthropic model extensions, checked against the 2.0.0 inventory, must give zero errors
 * (they compiled when they were released). Warnings are allowed: the library uses its own
 * deprecated-for-removal API (AS006) and returns ToolResultBlock.text(..) from built-in tools (AS101).
 */
const ARTIFACTS = ['agentscope-core', 'agentscope-extensions-model-openai', 'agentscope-extensions-model-anthropic'];

describe('precision on the official 2.0.0 sources', () => {
  const files: { path: string; content: string }[] = [];
  beforeAll(async () => {
    for (const a of ARTIFACTS) {
      for (const [name, content] of Object.entries(javaSourcesOf(await sourcesJar(a, '2.0.0')))) files.push({ path: `${a}/${name}`, content });
    }
  }, 600_000);

  test('core + openai + anthropic sources: zero error findings', async () => {
    const stats: CheckStats = { resolved: 0, judged: 0, unknownReceiver: 0 };
    const t0 = performance.now();
    const findings: Finding[] = await checkSources(files, realInventory(), { stats });
    const ms = performance.now() - t0;
    const lines = files.reduce((n, f) => n + f.content.split('\n').length, 0);
    const byRule: Record<string, number> = {};
    for (const f of findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
    const errors = findings.filter((f) => f.severity === 'error');
    console.log(
      `precision: ${files.length} files, ${lines} lines, ${stats.resolved} AgentScope member references resolved, ${stats.judged} judged, ` +
        `${errors.length} errors, warnings by rule ${JSON.stringify(byRule)}, ${ms.toFixed(0)} ms`,
    );
    expect(errors.map((e) => `${e.file}:${e.line}:${e.col} ${e.rule} ${e.message}`)).toEqual([]);
    expect(files.length).toBeGreaterThan(300);
    // the run must actually have judged something, or zero errors would mean nothing
    expect(stats.judged).toBeGreaterThan(1000);
  }, 120_000);
});

/**
 * Precision on the official tests of 2.0.0. Maven Central serves them only compiled
 * (io.agentscope:agentscope-core:2.0.0:jar:tests; no test-sources, and no example artifacts), so
 * they are decompiled with Vineflower (from Maven Central too) and the Java it writes is checked.
 * Decompiled code is not the authors' text, but every AgentScope call, override and constructor in
 * it is one the 2.0.0 test suite compiled against.
 */
describe('precision on the official 2.0.0 tests (decompiled from the tests jar)', () => {
  const files: { path: string; content: string }[] = [];
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'as-tests-jar-'));
    const get = async (c: Coords) => {
      const r = await resolveArtifact(c, dir);
      if (!r.ok) throw new Error(`mvn could not resolve ${c.groupId}:${c.artifactId}:${c.version}: ${r.error}`);
      return r.file;
    };
    const tests = await get({ groupId: 'io.agentscope', artifactId: 'agentscope-core', version: '2.0.0', classifier: 'tests' });
    const core = await get({ groupId: 'io.agentscope', artifactId: 'agentscope-core', version: '2.0.0' });
    const vineflower = await get({ groupId: 'org.vineflower', artifactId: 'vineflower', version: '1.12.0' });
    const out = join(dir, 'decompiled');
    const r = spawnSync('java', ['-jar', vineflower, `-e=${core}`, tests, out], { encoding: 'utf8', maxBuffer: 256 << 20 });
    if (r.status !== 0) throw new Error(`vineflower failed (${r.status}): ${r.stderr.slice(-2000)}`);
    for (const f of listFiles(out, isJava)) files.push({ path: relative(out, f), content: readFileSync(f, 'utf8') });
  }, 600_000);

  test('agentscope-core 2.0.0 tests: zero error findings', async () => {
    const stats: CheckStats = { resolved: 0, judged: 0, unknownReceiver: 0 };
    const findings: Finding[] = await checkSources(files, realInventory(), { stats });
    const lines = files.reduce((n, f) => n + f.content.split('\n').length, 0);
    const byRule: Record<string, number> = {};
    for (const f of findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
    const errors = findings.filter((f) => f.severity === 'error');
    console.log(
      `precision (official tests, decompiled): ${files.length} files, ${lines} lines, ${stats.resolved} AgentScope member references resolved, ` +
        `${stats.judged} judged, ${errors.length} errors, warnings by rule ${JSON.stringify(byRule)}`,
    );
    expect(errors.map((e) => `${e.file}:${e.line}:${e.col} ${e.rule} ${e.message}`)).toEqual([]);
    expect(files.length).toBeGreaterThan(150);
    expect(stats.judged).toBeGreaterThan(1000);
  }, 120_000);
});
