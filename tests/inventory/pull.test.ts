/**
 * `agentscope inventory pull` against the real mvn and Maven Central reachable here:
 * 2.0.4 and 2.0.2 are not served (exit 1, mvn's reason quoted); 2.0.0 pulls byte-identically
 * to the committed inventory/2.0.0 (i.e. two pulls give the same bytes).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/cli/io.js';
import { INVENTORY_DIR } from '../../src/cli/paths.js';
import { bomArtifacts, mavenError, pomPackaging, stableMavenError } from '../../src/inventory/maven.js';
import { candidateList } from '../../src/inventory/pull.js';
import { readPin } from '../../src/inventory/pin.js';

const tmp = mkdtempSync(join(tmpdir(), 'pull-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('maven helpers', () => {
  it('extracts the reason from mvn output and normalizes the cached/uncached wording', () => {
    const out = [
      '[INFO] Scanning for projects...',
      '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy (default-cli) on project standalone-pom: Unable to find/resolve artifact. Could not find artifact io.agentscope:agentscope-core:jar:sources:2.0.4 in central (https://repo.maven.apache.org/maven2) -> [Help 1]',
      '[ERROR] ',
    ].join('\n');
    expect(mavenError(out)).toBe('Could not find artifact io.agentscope:agentscope-core:jar:sources:2.0.4 in central (https://repo.maven.apache.org/maven2)');
    expect(stableMavenError(mavenError(out))).toBe('io.agentscope:agentscope-core:jar:sources:2.0.4 was not found in https://repo.maven.apache.org/maven2');
    expect(
      stableMavenError('io.agentscope:agentscope-core:jar:sources:2.0.4 was not found in https://repo.maven.apache.org/maven2 during a previous attempt. This failure was cached in the local repository'),
    ).toBe('io.agentscope:agentscope-core:jar:sources:2.0.4 was not found in https://repo.maven.apache.org/maven2');
  });

  it('reads BOM artifactIds and pom packaging', () => {
    const bom = `<project><parent><packaging>pom</packaging></parent><packaging>pom</packaging><dependencyManagement><dependencies>
      <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-core</artifactId></dependency>
      <!-- <dependency><groupId>io.agentscope</groupId><artifactId>commented-out</artifactId></dependency> -->
      <dependency><groupId>other</groupId><artifactId>x</artifactId></dependency>
      <dependency><groupId>io.agentscope</groupId><artifactId>agentscope-extensions-model-openai</artifactId></dependency>
    </dependencies></dependencyManagement></project>`;
    expect(bomArtifacts(bom, 'io.agentscope')).toEqual(['agentscope-core', 'agentscope-extensions-model-openai']);
    expect(pomPackaging(bom)).toBe('pom');
    expect(pomPackaging('<project><parent><packaging>pom</packaging></parent><artifactId>a</artifactId></project>')).toBe('jar');
  });

  it('candidate list comes from the official BOM plus 1.x module names, umbrella included for reporting', () => {
    const list = candidateList();
    expect(list).toContain('agentscope-core');
    expect(list).toContain('agentscope-harness');
    expect(list).toContain('agentscope-extensions-model-anthropic');
    expect(new Set(list).size).toBe(list.length);
    expect(list.length).toBeGreaterThan(60);
  });
});

describe('inventory pull (real mvn)', () => {
  for (const version of ['2.0.4', '2.0.2']) {
    it(`pull ${version} fails with exit 1 quoting mvn`, async () => {
      const io = memoryIo(tmp, process.env);
      const code = await runCli(['inventory', 'pull', version, '--out', join(tmp, version)], io);
      const err = io.stderr.join('\n');
      expect(code).toBe(1);
      expect(err).toContain(`AgentScope Java ${version} is not served`);
      expect(err).toMatch(new RegExp(`mvn: io\\.agentscope:agentscope-core:pom:${version.replace(/\./g, '\\.')} was not found|mvn: Could not find artifact io\\.agentscope:agentscope-core:pom:${version.replace(/\./g, '\\.')}`));
      expect(io.stdout).toEqual([]);
    });
  }

  it('a missing mvn executable is reported, not crashed on', async () => {
    const io = memoryIo(tmp, { ...process.env, AGENTSCOPE_MVN: join(tmp, 'no-such-mvn') });
    const code = await runCli(['inventory', 'pull', '2.0.0', '--out', join(tmp, 'nomvn')], io);
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toContain('cannot run');
  });

  it('--help exits 0 and documents the options; usage errors exit 2', async () => {
    const help = memoryIo(tmp, process.env);
    expect(await runCli(['inventory', 'pull', '--help'], help)).toBe(0);
    expect(help.stdout.join('\n')).toContain('Usage: agentscope inventory pull [version] [--out DIR] [--json]');
    expect(help.stdout.join('\n')).toContain(`default: the pinned ${readPin().version}`);
    const io = memoryIo(tmp, process.env);
    expect(await runCli(['inventory', 'pull', 'not-a-version'], io)).toBe(2);
    expect(await runCli(['inventory', 'pull', '--bogus'], memoryIo(tmp, process.env))).toBe(2);
  });

  it('pull 2.0.0 is byte-identical to the committed inventory/2.0.0 (deterministic pulls)', { timeout: 1_200_000 }, async () => {
    const out = join(tmp, '2.0.0');
    const io = memoryIo(tmp, process.env);
    const code = await runCli(['inventory', 'pull', '2.0.0', '--out', out, '--json'], io);
    expect(code, io.stderr.join('\n')).toBe(0);
    const manifest = JSON.parse(io.stdout.join('\n'));
    expect(manifest.counts.artifacts).toBe(3);
    expect(manifest.artifacts.map((a: { artifactId: string }) => a.artifactId)).toEqual(['agentscope-core', 'agentscope-extensions-model-anthropic', 'agentscope-extensions-model-openai']);
    expect(manifest.unavailable.map((u: { artifactId: string }) => u.artifactId)).toContain('agentscope-harness');
    for (const f of ['inventory.json.gz', 'manifest.json']) {
      expect(readFileSync(join(out, f)).equals(readFileSync(join(INVENTORY_DIR, '2.0.0', f))), f).toBe(true);
    }
  });
});
