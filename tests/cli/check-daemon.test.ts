import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetChangedInventories, loadInventory } from '../../src/inventory/store.js';
import { INVENTORY_DIR } from '../../src/core/paths.js';
import { cacheRoot } from '../../src/core/cache-dir.js';
import { BAD_JAVA as BAD, GOOD_JAVA as GOOD, cleanup, tempDir } from './helpers.js';

/**
 * The check daemon (bin/check-daemon.js, src/cli/check-daemon.ts) answers a check with exactly what
 * the check prints in its own process, sees every change to the sources and inventories, starts
 * only when checks repeat, and ends when its cache directory goes. Real processes, a real socket.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const AGENTSCOPE = join(ROOT, 'bin/agentscope.js');
const client = createRequire(import.meta.url)(join(ROOT, 'bin/check-daemon.js')) as {
  daemonPlan(bundle: string, argv: string[], env: NodeJS.ProcessEnv): { dir: string; socket: string } | undefined;
};
const daemons = new Set<number>();
afterAll(() => {
  for (const pid of daemons) {
    try {
      process.kill(pid);
    } catch {
      // ended already
    }
  }
  cleanup();
});

function project(): string {
  const dir = tempDir('as-daemon-');
  writeFileSync(join(dir, 'pom.xml'), '<project/>');
  mkdirSync(join(dir, 'src/main/java/demo'), { recursive: true });
  writeFileSync(join(dir, 'src/main/java/demo/Bad.java'), BAD);
  writeFileSync(join(dir, 'src/main/java/demo/Good.java'), GOOD);
  return dir;
}

function envFor(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, AGENTSCOPE_CLI_HOME: home, NO_COLOR: '1' };
  delete env.AGENTSCOPE_NO_DAEMON;
  delete env.CI;
  return { ...env, ...extra };
}

function check(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, [AGENTSCOPE, 'check', ...args], { cwd, env, encoding: 'utf8', timeout: 120_000 });
  const pid = /answered by the check daemon \(pid (\d+)/.exec(r.stderr)?.[1];
  if (pid) daemons.add(Number(pid));
  return { code: r.status, out: r.stdout, err: r.stderr, daemon: pid === undefined ? undefined : Number(pid) };
}

function socketOf(home: string): string | undefined {
  const dir = join(home, 'daemon');
  const name = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.sock')) : undefined;
  return name && join(dir, name);
}

async function until(what: () => boolean, ms = 30_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (what()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return what();
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A daemon for `home`, started the way a user starts one: two checks in a row. Its pid. */
async function startDaemon(dir: string, home: string): Promise<number> {
  const env = envFor(home);
  check([], dir, env);
  expect(socketOf(home)).toBeUndefined();
  check([], dir, env);
  expect(await until(() => socketOf(home) !== undefined)).toBe(true);
  let pid: number | undefined;
  await until(() => (pid = check([], dir, envFor(home, { AGENTSCOPE_CHECK_TRACE: '1' })).daemon) !== undefined);
  expect(pid).toBeTypeOf('number');
  return pid!;
}

describe('the check daemon', () => {
  it('answers each check with what the check prints in its own process, exit code included', async () => {
    const dir = project();
    const home = tempDir('as-daemon-home-');
    const pid = await startDaemon(dir, home);
    expect(statSync(join(home, 'daemon')).mode & 0o777).toBe(0o700);
    const variants = [[], ['--format', 'json'], ['--format', 'sarif'], ['src/main/java/demo/Good.java'], ['--rules', 'AS999'], ['--lang', 'zh', 'src'], ['missing-dir'], ['--help']];
    for (const args of variants) {
      const viaDaemon = check(args, dir, envFor(home));
      const here = check([...args, '--no-daemon'], dir, envFor(home));
      expect({ args, ...viaDaemon, daemon: undefined }).toEqual({ args, ...here, daemon: undefined });
    }
    expect(check([], dir, envFor(home)).out).toContain('Bad.java:4:51: error AS002 unknown-member');
    // each answer came from the same daemon: one process served them all, in turn
    expect(check([], dir, envFor(home, { AGENTSCOPE_CHECK_TRACE: '1' })).daemon).toBe(pid);
    // the client's environment is the check's: LANG and NO_COLOR as a fresh process reads them
    expect(check(['--rules', 'AS999'], dir, envFor(home, { LANG: 'zh_CN.UTF-8' })).err).toContain('未知的规则');
  });

  it('reads the sources again on every check, and checks side by side with a busy daemon', async () => {
    const dir = project();
    const home = tempDir('as-daemon-home-');
    await startDaemon(dir, home);
    writeFileSync(join(dir, 'src/main/java/demo/Bad.java'), GOOD.replace('class Good', 'class Bad'));
    const fixed = check([], dir, envFor(home, { AGENTSCOPE_CHECK_TRACE: '1' }));
    expect(fixed.daemon).toBeTypeOf('number');
    expect(fixed.code).toBe(0);
    expect(fixed.out).toContain('0 error(s)');
    writeFileSync(join(dir, 'src/main/java/demo/Bad.java'), BAD);
    const runs = await Promise.all([1, 2, 3].map(() => new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, [AGENTSCOPE, 'check'], { cwd: dir, env: envFor(home) });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.on('close', (code) => done({ code, out }));
    })));
    for (const r of runs) {
      expect(r.code).toBe(1);
      expect(r.out).toContain('Bad.java:4:51: error AS002 unknown-member');
    }
  });

  it('ends when its cache directory is removed', async () => {
    const dir = project();
    const home = tempDir('as-daemon-home-');
    const pid = await startDaemon(dir, home);
    rmSync(home, { recursive: true, force: true });
    expect(await until(() => !alive(pid), 20_000)).toBe(true);
  });

  it('starts after checks that repeat, not after a one-off check, in CI or when turned off', async () => {
    const dir = project();
    for (const extra of [{ CI: 'true' }, { AGENTSCOPE_NO_DAEMON: '1' }]) {
      const home = tempDir('as-daemon-home-');
      for (let i = 0; i < 3; i++) expect(check([], dir, envFor(home, extra)).code).toBe(1);
      expect(existsSync(join(home, 'daemon'))).toBe(false);
    }
    const once = tempDir('as-daemon-home-');
    check([], dir, envFor(once));
    await new Promise((r) => setTimeout(r, 1500));
    expect(socketOf(once)).toBeUndefined();
  });

  it('a daemon that could not listen is not started again within a minute', async () => {
    const dir = project();
    const home = tempDir('as-daemon-home-');
    const plan = client.daemonPlan(join(ROOT, 'dist/check.cjs'), [], envFor(home))!;
    // a directory where the socket goes: no daemon can listen there
    mkdirSync(plan.socket, { recursive: true, mode: 0o700 });
    check([], dir, envFor(home));
    check([], dir, envFor(home));
    const started = join(home, 'daemon', 'last-start');
    expect(existsSync(started)).toBe(true);
    const first = statSync(started).mtimeMs;
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 2; i++) expect(check([], dir, envFor(home)).code).toBe(1);
    expect(statSync(started).mtimeMs).toBe(first);
  });

  it('a directory others can enter is not used for its socket', () => {
    const dir = project();
    const home = tempDir('as-daemon-home-');
    mkdirSync(join(home, 'daemon'), { mode: 0o755 });
    for (let i = 0; i < 3; i++) expect(check([], dir, envFor(home)).code).toBe(1);
    expect(socketOf(home)).toBeUndefined();
  });

  it('a socket that does not answer, or answers nonsense, costs a second at most: the check runs in its own process', async () => {
    const dir = project();
    const expected = check(['--no-daemon'], dir, envFor(tempDir('as-daemon-home-')));
    for (const reply of [undefined, '+not json', 'no acknowledgement']) {
      const home = tempDir('as-daemon-home-');
      const plan = client.daemonPlan(join(ROOT, 'dist/check.cjs'), [], envFor(home))!;
      mkdirSync(plan.dir, { mode: 0o700 });
      const server = createServer({ allowHalfOpen: true }, (s) => {
        s.on('error', () => {});
        s.resume();
        if (reply !== undefined) s.on('end', () => s.end(reply));
      });
      await new Promise<void>((r) => server.listen(plan.socket, r));
      const t0 = Date.now();
      const got = await new Promise<{ code: number | null; out: string }>((done) => {
        const child = spawn(process.execPath, [AGENTSCOPE, 'check'], { cwd: dir, env: envFor(home) });
        let out = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.on('close', (code) => done({ code, out }));
      });
      server.close();
      expect({ reply, code: got.code, out: got.out }).toEqual({ reply, code: expected.code, out: expected.out });
      expect(Date.now() - t0).toBeLessThan(20_000);
    }
  });
});

describe('the launcher and the tool agree on the cache directory', () => {
  it('bin/cache-root.js is src/core/cache-dir.ts', () => {
    const bin = createRequire(import.meta.url)(join(ROOT, 'bin/cache-root.js')) as { cacheRoot(env: NodeJS.ProcessEnv): string };
    for (const env of [{}, { XDG_CACHE_HOME: '/x/cache' }, { AGENTSCOPE_CLI_HOME: '/y/home', XDG_CACHE_HOME: '/x/cache' }]) expect(bin.cacheRoot(env)).toBe(cacheRoot(env));
  });
});

describe('inventories in a long-lived process', () => {
  it('an inventory whose file was replaced is read again; an unchanged one is kept', () => {
    const home = tempDir('as-daemon-inv-');
    const env = { AGENTSCOPE_CLI_HOME: home };
    const into = join(home, 'inventory', '9.9.1');
    cpSync(join(INVENTORY_DIR, '2.0.2'), into, { recursive: true });
    const first = loadInventory('9.9.1', env);
    forgetChangedInventories(env);
    expect(loadInventory('9.9.1', env)).toBe(first);
    const file = join(into, 'inventory.json.gz');
    const bytes = readFileSync(file);
    rmSync(file);
    writeFileSync(file, bytes);
    forgetChangedInventories(env);
    const again = loadInventory('9.9.1', env);
    expect(again).not.toBe(first);
    expect(again.types.length).toBe(first.types.length);
    rmSync(into, { recursive: true });
    forgetChangedInventories(env);
    expect(() => loadInventory('9.9.1', env)).toThrow(/no inventory for AgentScope Java 9\.9\.1/);
  });
});
