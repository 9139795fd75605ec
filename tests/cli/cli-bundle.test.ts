import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { cleanup, snapshot, tempDir } from './helpers.js';

/**
 * `agentscope create`, `gen` and `npm create agentscope-app` run from dist/cli.cjs through the V8
 * code cache (scripts/bundle.mjs, bin/agentscope.js): the files they write are the files the
 * command's own modules write, including a run that needs prettier (a value outside the
 * templates' verified widths) and one that runs the checker (gen's edit of AgentFactory).
 */
const ROOT = resolve(import.meta.dirname, '../..');
afterAll(cleanup);

function bin(name: string, args: string[], cwd: string, home: string) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', name), ...args], { cwd, encoding: 'utf8', env: { ...process.env, AGENTSCOPE_CLI_HOME: home, NO_COLOR: '1' } });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).not.toMatch(/Warning|Error/);
  return r.stdout;
}

async function inProcess(args: string[], cwd: string) {
  const io = memoryIo(cwd);
  expect(await runCli(args, io), io.stderr.join('\n')).toBe(0);
}

const LONG_PROMPT = 'You are a "careful" assistant who answers in detail and checks every tool result twice.';

describe('create and gen from dist/cli.cjs', () => {
  it('is built', () => {
    expect(existsSync(join(ROOT, 'dist', 'cli.cjs'))).toBe(true);
  });

  it('writes what the modules write, with and without prettier, with a cold and a warm cache', async () => {
    const home = tempDir('as-cli-bundle-home-');
    const viaBundle = tempDir('as-cli-bundle-');
    const viaModules = tempDir('as-cli-modules-');
    const steps: [string, string[], string][] = [
      ['agentscope.js', ['create', 'app', '--yes', '--no-git'], ''],
      ['agentscope.js', ['gen', 'tool', 'WeatherTool'], 'app'],
      ['agentscope.js', ['gen', 'tool', 'AVeryLongWeatherForecastLookupTool'], 'app'],
      ['create-agentscope-app.js', ['other', '--yes', '--no-git', '--system-prompt', LONG_PROMPT], ''],
    ];
    for (const [name, args, sub] of steps) {
      for (const base of [viaBundle, viaModules]) mkdirSync(join(base, sub), { recursive: true });
      bin(name, args, join(viaBundle, sub), home);
      await inProcess(name === 'agentscope.js' ? args : ['create', ...args], join(viaModules, sub));
    }
    const a = snapshot(viaBundle);
    expect(Object.keys(a).length).toBeGreaterThan(20);
    expect(a).toEqual(snapshot(viaModules));
    expect(existsSync(join(home, 'code-cache'))).toBe(true);
    // the prompt outside the verified width went through prettier: the long line is broken as prettier-java breaks it
    expect(a['other/src/main/java/com/example/other/AgentFactory.java']).toMatch(/SYSTEM_PROMPT =\n\s+"You are a \\"careful\\"/);
  }, 120_000);

  it('answers --version (bin/version.js) and usage errors like the modules', async () => {
    const home = tempDir('as-cli-bundle-home-');
    const io = memoryIo(ROOT);
    expect(await runCli(['--version'], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/^agentscope \d+\.\d+\.\d+ \(AgentScope Java /);
    for (const name of ['agentscope.js', 'create-agentscope-app.js']) {
      for (const flag of ['--version', '-v']) expect(bin(name, [flag], ROOT, home)).toBe(`${io.stdout.join('\n')}\n`);
    }
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'agentscope.js'), 'create', '--no-such-flag'], { encoding: 'utf8', env: { ...process.env, AGENTSCOPE_CLI_HOME: home } });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--no-such-flag/);
  });
});
