/**
 * The one-run resolution of `inventory pull`: mvn's reactor output parsed per artifact, the
 * progress line, and (real mvn) an artifact that does not resolve recorded with Maven's reason
 * while the rest is pulled — the same output as the previous one-process-per-probe way.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INVENTORY_DIR } from '../../src/core/paths.js';
import { NOT_FOUND } from '../../src/inventory/maven.js';
import { parseReactorOutput } from '../../src/inventory/mvn-reactor.js';
import { progressDisplay } from '../../src/inventory/progress.js';
import { pullInventory, type Candidates } from '../../src/inventory/pull.js';
import { inventoryFiles } from '../../src/inventory/store.js';

const tmp = mkdtempSync(join(tmpdir(), 'pull-one-run-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('reactor output', () => {
  it('gives each failed module its own reason (URL removed) and lists the skipped ones', () => {
    const repo = ['https:', '', 'mirror.invalid', 'maven2'].join('/');
    const out = [
      '[INFO] Building agentscope-core 0                                        [1/3]',
      `[ERROR] Failed to execute goal org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy (pom) on project agentscope-core: Unable to find/resolve artifact. Could not find artifact io.agentscope:agentscope-core:pom:9.9.9 in central (${repo}) -> [Help 1]`,
      '[INFO] Reactor Summary for reactor 0:',
      '[INFO] agentscope-core .................................... FAILURE [  0.5 s]',
      '[INFO] agentscope-harness ................................. SKIPPED',
      '[INFO] agentscope-extensions-scheduler-xxl-job ............ SKIPPED',
      `[ERROR] Failed to execute goal org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy (sources) on project agentscope-x: Unable to find/resolve artifact. io.agentscope:agentscope-x:jar:sources:9.9.9 was not found in ${repo} during a previous attempt. This failure was cached -> [Help 1]`,
    ].join('\n');
    const { errors, skipped } = parseReactorOutput(out);
    expect(errors.get('agentscope-core')).toBe('Could not find artifact io.agentscope:agentscope-core:pom:9.9.9 in central');
    expect(errors.get('agentscope-x')).toBe('io.agentscope:agentscope-x:jar:sources:9.9.9 was not found in <url> during a previous attempt. This failure was cached');
    expect([...skipped]).toEqual(['agentscope-harness', 'agentscope-extensions-scheduler-xxl-job']);
  });
});

describe('progress line', () => {
  it('rewrites one line per step and clears it at the end', () => {
    const lines: string[] = [];
    const p = progressDisplay((t) => lines.push(t), '2.0.2', 60);
    p.update({ step: 'resolve', done: 3, total: 70, artifactId: 'agentscope-extensions-scheduler-xxl-job-with-a-long-name' });
    p.update({ step: 'extract', jars: 58 });
    p.stop();
    expect(lines[0]).toMatch(/^resolving 2\.0\.2 with mvn \(0 s\)$/);
    expect(lines[1]).toMatch(/^resolving 2\.0\.2 with mvn: 3\/70 agentscope-extensions-sch/);
    expect(lines[1].length).toBeLessThan(60);
    expect(lines[2]).toBe('extracting the API from 58 sources jar(s) (0 s)');
    expect(lines.at(-1)).toBe('');
  });
});

describe('an artifact that does not resolve (real mvn)', () => {
  // The candidate list decides only for a version without a BOM. 1.0.9 has none (its committed
  // manifest was made by probing: discovery "probe"; 2.0.0 and 2.0.2 have one), so a candidate
  // list naming one real module and one that does not exist drives the pull.
  const version = '1.0.9';
  const candidates: Candidates = { umbrella: [], bom: ['agentscope-extensions-scheduler-common', 'agentscope-no-such-module'], extra: [] };

  it('is a version without a BOM', () => {
    expect(JSON.parse(readFileSync(join(INVENTORY_DIR, version, 'manifest.json'), 'utf8')).discovery).toBe('probe');
  });

  it('is recorded in `unavailable` with Maven\'s reason while the rest is pulled; the per-artifact way agrees byte for byte', { timeout: 900_000 }, async () => {
    const oneRun = await pullInventory({ version, candidates, out: join(tmp, 'one-run') });
    expect(oneRun.manifest.discovery).toBe('probe');
    expect(oneRun.manifest.artifacts.map((a) => a.artifactId)).toEqual(['agentscope-extensions-scheduler-common']);
    expect(oneRun.manifest.counts.types).toBeGreaterThan(0);
    expect(oneRun.manifest.unavailable).toEqual([{ artifactId: 'agentscope-no-such-module', error: `io.agentscope:agentscope-no-such-module:pom:${version} ${NOT_FOUND}` }]);
    expect(JSON.stringify(oneRun.manifest)).not.toContain('://');

    const perArtifact = await pullInventory({ version, candidates, out: join(tmp, 'per-artifact'), strategy: 'per-artifact' });
    expect(perArtifact.manifest).toEqual(oneRun.manifest);
    expect(inventoryFiles(join(tmp, 'per-artifact'))).toEqual(inventoryFiles(join(tmp, 'one-run')));
    for (const f of inventoryFiles(join(tmp, 'one-run'))) {
      expect(readFileSync(join(tmp, 'per-artifact', f)).equals(readFileSync(join(tmp, 'one-run', f))), f).toBe(true);
    }
  });
});
