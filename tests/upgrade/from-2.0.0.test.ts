/**
 * A project generated for 2.0.0 (`create --agentscope-version 2.0.0`, the user's path) moves to
 * the pinned version with `agentscope upgrade --to <pin> --write`, and the upgraded project
 * passes its own offline tests with the pinned jars (`mvn -q test`). Also: `inventory diff
 * 2.0.0 <pin>` on the shipped inventories.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { readPin } from '../../src/inventory/pin.js';
import { writeAggregator } from '../maven/support.js';
import { loadInventory } from '../../src/inventory/store.js';

const pin = readPin().version;
const root = mkdtempSync(join(tmpdir(), 'upgrade-from-200-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(cwd: string, argv: string[]) {
  const io = memoryIo(cwd, { ...process.env, LANG: 'en_US.UTF-8' });
  const code = await runCli(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

describe(`2.0.0 -> ${pin}`, () => {
  test('inventory diff 2.0.0 <pin>: a summary and the artifacts new in the pin, as text and JSON', async () => {
    const r = await cli(root, ['inventory', 'diff', '2.0.0', pin]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`AgentScope Java API diff 2.0.0 -> ${pin}`);
    expect(r.out).toMatch(/types: +\d+ removed, \d+ renamed\/moved, \d+ changed, \d+ added/);
    // the artifacts of the pin that 2.0.0 does not have, named (2.0.0's inventory holds the whole release)
    const only = loadInventory(pin).artifacts.map((x) => x.artifactId).filter((id) => !(loadInventory('2.0.0').artifacts.some((x) => x.artifactId === id)));
    expect(only.length).toBeGreaterThan(0);
    const line = r.out.split('\n').map((l) => l.trim()).find((l) => l.startsWith(`artifacts only in ${pin}: `)) ?? '';
    for (const id of only) expect(line.split(/[:,] /)).toContain(id);
    const json = JSON.parse((await cli(root, ['inventory', 'diff', '2.0.0', pin, '--format', 'json'])).out);
    expect(json.from).toBe('2.0.0');
    expect(json.to).toBe(pin);
    // Both inventories hold the whole release: the diff is what changed, not artifacts one of them
    // lacked (with 2.0.0's three Central artifacts alone it listed 1,094 added types).
    expect(json.summary.typesAdded).toBeGreaterThan(0);
    expect(json.summary.typesAdded).toBeLessThan(200);
    expect(json.artifacts.onlyInTo).not.toContain('agentscope-harness');
    expect(json.artifacts.onlyInTo).not.toContain('agentscope-extensions-model-dashscope');
  });

  test('projects created for 2.0.0 (ReAct with openai+anthropic; harness with dashscope), upgraded with --write, pass mvn -q test on the pin', async () => {
    const projects: [string, string[]][] = [
      ['app', ['--provider', 'openai,anthropic', '--features', 'tool,toolbase,middleware,permission']],
      ['harness-app', ['--agent', 'harness', '--features', 'tool,middleware,permission']],
    ];
    for (const [name, args] of projects) {
      const created = await cli(root, ['create', name, '--agentscope-version', '2.0.0', ...args, '-y']);
      expect(created.code, created.err).toBe(0);
      const dir = join(root, name);
      expect(readFileSync(join(dir, 'pom.xml'), 'utf8')).toContain('<agentscope.version>2.0.0</agentscope.version>');

      const up = await cli(dir, ['upgrade', '--to', pin, '--write']);
      expect(up.code, up.out + up.err).toBe(0);
      expect(readFileSync(join(dir, 'pom.xml'), 'utf8')).toContain(`<agentscope.version>${pin}</agentscope.version>`);
    }
    const harnessPom = readFileSync(join(root, 'harness-app', 'pom.xml'), 'utf8');
    expect(harnessPom).toContain('<artifactId>agentscope-harness</artifactId>');
    expect(harnessPom).toContain('<artifactId>agentscope-extensions-model-dashscope</artifactId>');

    writeAggregator(root, projects.map(([name]) => name));
    const mvn = spawnSync('mvn', ['-B', '-q', 'test'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(mvn.status, `${mvn.stdout}\n${mvn.stderr}`.slice(-4000)).toBe(0);
  }, 900_000);
});
