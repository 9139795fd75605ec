import { mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkSources, type CheckStats, type Finding } from '../../src/checker/index.js';
import { readPin } from '../../src/inventory/pin.js';
import { loadInventory, loadPackagePrivate } from '../../src/inventory/store.js';
import { isJava, listFiles } from '../../src/core/files.js';
import { javaSourcesOf, sourcesJar } from '../support/sources-jar.js';
import { decompiledTests } from './mutants/corpus.js';
import { oracle } from './mutants/study.js';

/**
 * Precision on real code: official sources and tests of AgentScope, checked against the inventory
 * of the same version, must give zero errors (they compiled when they were released). Warnings are
 * allowed: the library uses its own deprecated-for-removal API (AS006), returns ToolResultBlock.text(..)
 * from built-in tools (AS101), and so on. Versions: 2.0.0 (the first measured) and the pinned one.
 */
const ARTIFACTS = ['agentscope-core', 'agentscope-extensions-model-openai', 'agentscope-extensions-model-anthropic'];
const VERSIONS = [...new Set(['2.0.0', readPin().version, ...(process.env.AGENTSCOPE_PRECISION_VERSIONS?.split(',').filter(Boolean) ?? [])])];

function summary(label: string, files: { content: string }[], stats: CheckStats, findings: Finding[]) {
  const lines = files.reduce((n, f) => n + f.content.split('\n').length, 0);
  const byRule: Record<string, number> = {};
  for (const f of findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
  const errors = findings.filter((f) => f.severity === 'error');
  console.log(
    `precision (${label}): ${files.length} files, ${lines} lines, ${stats.resolved} AgentScope member references resolved, ${stats.judged} judged, ` +
      `${errors.length} errors, findings by rule ${JSON.stringify(byRule)}`,
  );
  return errors.map((e) => `${e.file}:${e.line}:${e.col} ${e.rule} ${e.message}`);
}

for (const version of VERSIONS) {
  describe(`precision on the official ${version} sources`, () => {
    const files: { path: string; content: string }[] = [];
    beforeAll(async () => {
      for (const a of ARTIFACTS) {
        for (const [name, content] of Object.entries(javaSourcesOf(await sourcesJar(a, version)))) files.push({ path: `${a}/${name}`, content });
      }
    }, 600_000);

    test(`core + openai + anthropic ${version} sources: zero error findings`, async () => {
      const stats: CheckStats = { resolved: 0, judged: 0, unknownReceiver: 0 };
      // the sources are in their own packages: judged with the package-private supplement
      expect(loadPackagePrivate(loadInventory(version))).toBeDefined();
      const findings = await checkSources(files, loadInventory(version), { stats });
      expect(summary(`${version} sources`, files, stats, findings)).toEqual([]);
      expect(files.length).toBeGreaterThan(300);
      // the run must actually have judged something, or zero errors would mean nothing
      expect(stats.judged).toBeGreaterThan(1000);
    }, 120_000);
  });

  /**
   * Maven Central serves the tests of agentscope-core only compiled (the `tests` classifier; no
   * test-sources, no examples), so they are decompiled with Vineflower (through mvn too). Decompiled
   * code is not the authors' text, but every AgentScope call, override and constructor in it is one
   * the suite compiled against.
   */
  describe(`precision on the official ${version} tests (decompiled from the tests jar)`, () => {
    const files: { path: string; content: string }[] = [];
    // the lines javac rejects in the decompiled text (a dropped type witness: `Flux.never().doOnSubscribe(..)`
    // for the authors' `Flux.<AgentEvent>never()...`): no finding there is a false alarm
    const rejected = new Set<string>();
    beforeAll(async () => {
      const { dir, classpath, workDir } = await decompiledTests(version);
      for (const f of listFiles(dir, isJava)) files.push({ path: relative(dir, f), content: readFileSync(f, 'utf8') });
      const judged = join(workDir, 'precision');
      mkdirSync(judged, { recursive: true });
      for (const [file, v] of oracle('compile', files.map((f) => join(dir, f.path)), classpath, judged).verdicts) {
        for (const e of v.errors) rejected.add(`${relative(dir, file)}:${e.line}`);
      }
    }, 900_000);

    test(`agentscope-core ${version} tests: zero error findings`, async () => {
      const stats: CheckStats = { resolved: 0, judged: 0, unknownReceiver: 0 };
      expect(loadPackagePrivate(loadInventory(version))).toBeDefined();
      const findings = await checkSources(files, loadInventory(version), { stats });
      // (the decompiler's slips are in a minority of the files: most of the suite is as javac saw it)
      const slipped = new Set([...rejected].map((l) => l.slice(0, l.lastIndexOf(':'))));
      console.log(`javac rejects ${rejected.size} lines in ${slipped.size} of the ${files.length} decompiled ${version} test files (decompiler slips)`);
      expect(slipped.size).toBeLessThan(files.length / 3);
      expect(summary(`${version} tests, decompiled`, files, stats, findings.filter((f) => !rejected.has(`${f.file}:${f.line}`)))).toEqual([]);
      expect(files.length).toBeGreaterThan(150);
      expect(stats.judged).toBeGreaterThan(1000);
    }, 120_000);
  });
}
