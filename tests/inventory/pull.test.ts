/**
 * `agentscope inventory pull` against the real mvn and the repositories reachable here:
 * 2.0.4 and 9.9.9 are not served (exit 1, mvn's reason quoted without URLs); the pinned version
 * pulls byte-identically to the committed inventory/<pinned> (i.e. two pulls give the same bytes).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { INVENTORY_DIR } from '../../src/core/paths.js';
import { bomArtifacts, mavenError, NOT_FOUND, pomPackaging, stableMavenError, withoutUrls } from '../../src/inventory/maven.js';
import { candidateList } from '../../src/inventory/pull.js';
import { readPin } from '../../src/inventory/pin.js';
import { inventoryFiles } from '../../src/inventory/store.js';

const tmp = mkdtempSync(join(tmpdir(), 'pull-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('maven helpers', () => {
  // A made-up repository URL: tests name no registry host; the point is that none survives.
  const repo = ['https:', '', 'mirror.invalid', 'maven2'].join('/');

  it('extracts the reason from mvn output without URLs and normalizes the cached/uncached wording', () => {
    const out = [
      '[INFO] Scanning for projects...',
      `[ERROR] Failed to execute goal org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy (default-cli) on project standalone-pom: Unable to find/resolve artifact. Could not find artifact io.agentscope:agentscope-core:jar:sources:2.0.4 in central (${repo}) -> [Help 1]`,
      '[ERROR] ',
    ].join('\n');
    expect(mavenError(out)).toBe('Could not find artifact io.agentscope:agentscope-core:jar:sources:2.0.4 in central');
    expect(stableMavenError(mavenError(out))).toBe(`io.agentscope:agentscope-core:jar:sources:2.0.4 ${NOT_FOUND}`);
    const cached = `io.agentscope:agentscope-core:jar:sources:2.0.4 was not found in ${repo} during a previous attempt. This failure was cached in the local repository`;
    expect(stableMavenError(cached)).toBe(`io.agentscope:agentscope-core:jar:sources:2.0.4 ${NOT_FOUND}`);
    // mvn's own quoting (CLI messages) keeps the wording but loses the URL, the stable form is the same.
    expect(mavenError(`[ERROR] ${cached}`)).toBe(cached.replace(repo, '<url>'));
    expect(stableMavenError(mavenError(`[ERROR] ${cached}`))).toBe(`io.agentscope:agentscope-core:jar:sources:2.0.4 ${NOT_FOUND}`);
    // Other failures keep their words, URLs removed.
    expect(stableMavenError(`Could not transfer artifact a:b:pom:1 from/to central (${repo}): Connection refused`)).toBe('Could not transfer artifact a:b:pom:1 from/to central: Connection refused');
    expect(withoutUrls(`Cannot access central (${repo}) in offline mode; see ${repo}/x.`)).toBe('Cannot access central in offline mode; see <url>');
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
  // 2.0.4 is the target the Maven Central reachable here does not serve; 9.9.9 never existed.
  for (const version of ['2.0.4', '9.9.9']) {
    it(`pull ${version} fails with exit 1 quoting mvn, without repository URLs`, { timeout: 300_000 }, async () => {
      const io = memoryIo(tmp, process.env);
      const code = await runCli(['inventory', 'pull', version, '--out', join(tmp, version)], io);
      const err = io.stderr.join('\n');
      expect(code).toBe(1);
      expect(err).toContain(`AgentScope Java ${version} is not served`);
      expect(err).toMatch(new RegExp(`mvn: io\\.agentscope:agentscope-core:pom:${version.replace(/\./g, '\\.')} was not found|mvn: Could not find artifact io\\.agentscope:agentscope-core:pom:${version.replace(/\./g, '\\.')}`));
      // Both look-ups ran and are quoted: the BOM's is not skipped because core failed.
      expect(err).toMatch(new RegExp(`mvn: io\\.agentscope:agentscope-bom:pom:${version.replace(/\./g, '\\.')} was not found|mvn: Could not find artifact io\\.agentscope:agentscope-bom:pom:${version.replace(/\./g, '\\.')}`));
      expect(err).not.toContain('undefined');
      expect(err).not.toContain('://');
      expect(io.stdout).toEqual([]);
      expect(existsSync(join(tmp, version))).toBe(false);
    });
  }

  it('a missing mvn executable is reported, not crashed on', async () => {
    const io = memoryIo(tmp, { ...process.env, AGENTSCOPE_MVN: join(tmp, 'no-such-mvn') });
    const code = await runCli(['inventory', 'pull', readPin().version, '--out', join(tmp, 'nomvn')], io);
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toContain('cannot run');
    expect(existsSync(join(tmp, 'nomvn'))).toBe(false);
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

  it('pulling the pinned version into an empty dir gives the committed inventory byte for byte, with a live status line on a terminal', { timeout: 1_200_000 }, async () => {
    const { version } = readPin();
    const out = join(tmp, 'pinned');
    const status: string[] = [];
    const io = { ...memoryIo(tmp, process.env), status: (t: string) => status.push(t) };
    const code = await runCli(['inventory', 'pull', version, '--out', out], io);
    expect(code, io.stderr.join('\n')).toBe(0);
    expect(inventoryFiles(out)).toEqual(inventoryFiles(join(INVENTORY_DIR, version)));
    for (const f of inventoryFiles(out)) {
      expect(readFileSync(join(out, f)).equals(readFileSync(join(INVENTORY_DIR, version, f))), f).toBe(true);
    }
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.counts.artifacts).toBeGreaterThan(0);
    expect(JSON.stringify(manifest)).not.toContain('://');
    // The terminal got one rewritten line through the steps, cleared at the end; no plain lines.
    expect(status.some((l) => /^resolving .* with mvn: \d+\/\d+ /.test(l))).toBe(true);
    expect(status.some((l) => l.startsWith('extracting the API from'))).toBe(true);
    expect(status.at(-1)).toBe('');
    expect(io.stderr).toEqual([]);
    expect(io.stdout.join('\n')).toContain(`AgentScope Java ${version}: ${manifest.counts.artifacts} artifact(s) with sources`);
  });
});
