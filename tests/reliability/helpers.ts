import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { tempDir } from '../cli/helpers.js';
import { join, resolve } from 'node:path';

export { cleanup, tempDir } from '../cli/helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'bin', 'agentscope.js');
export const PKG = 'src/main/java/com/example/app';
export const TEST_PKG = 'src/test/java/com/example/app';

export interface Proc {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  ms: number;
}

/** The environment of a subprocess run: English, no terminal, its own cache folder. */
export function runEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LANG: 'en_US.UTF-8', CI: '1', AGENTSCOPE_CLI_HOME: home, ...extra };
  delete env.LC_ALL;
  return env;
}

/** `agentscope ARGS` as a real subprocess (optionally under a wrapper such as strace). */
export function bin(args: string[], cwd: string, env: NodeJS.ProcessEnv, wrapper: string[] = [], timeout = 120_000): Proc {
  const t0 = Date.now();
  const [cmd, ...rest] = wrapper.length ? [...wrapper, process.execPath, BIN, ...args] : [process.execPath, BIN, ...args];
  const r = spawnSync(cmd, rest, { cwd, env, encoding: 'utf8', timeout, maxBuffer: 64 << 20 });
  return { code: r.status, signal: r.signal, out: r.stdout ?? '', err: r.stderr ?? '', ms: Date.now() - t0 };
}

/** The same, not waited for: several at once. */
export function binAsync(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Proc> {
  const t0 = Date.now();
  return new Promise((done) => {
    const p = spawn(process.execPath, [BIN, ...args], { cwd, env });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += String(d)));
    p.stderr.on('data', (d) => (err += String(d)));
    p.on('close', (code, signal) => done({ code, signal, out, err, ms: Date.now() - t0 }));
  });
}

/** A generated project, made once per test file and copied for each test. */
export function projectFactory(home: string): () => string {
  let template: string | undefined;
  return () => {
    if (!template) {
      const parent = tempDir('as-rel-tpl-');
      const r = bin(['create', 'app', '--yes', '--no-git', '--package', 'com.example.app'], parent, runEnv(home));
      if (r.code !== 0) throw new Error(`create failed: ${r.err}`);
      template = join(parent, 'app');
    }
    const dir = join(tempDir(), 'app');
    cpSync(template, dir, { recursive: true });
    return dir;
  };
}

/** Every file below `dir` with its bytes (hex-free: latin1), to compare states. */
export function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    try {
      out[rel] = readFileSync(join(dir, rel), 'latin1');
    } catch {
      out[rel] = '<dir>';
    }
  }
  return out;
}

/** Names the write path uses for its temp, journal, staging and lock files. */
export const leftovers = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((n) => /agentscope-(tmp|journal|staging|bak)|\.agentscope\.lock/.test(n));

/** Whether strace can trace and inject faults here (ptrace may be forbidden in containers). */
export function straceWorks(): boolean {
  const r = spawnSync('strace', ['-f', '-qq', '-o', '/dev/null', '-e', 'inject=getpid:retval=1', process.execPath, '-e', '0'], { encoding: 'utf8' });
  return r.status === 0;
}
