import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, snapshot, tempDir } from './helpers.js';
import { playTerminal } from '../support/terminal.js';

/** The real launchers as subprocesses (dist/ is built by tests/support/build.ts). */
const ROOT = resolve(import.meta.dirname, '../..');
const AGENTSCOPE = join(ROOT, 'bin/agentscope.js');
const CREATE_APP = join(ROOT, 'bin/create-agentscope-app.js');

afterAll(cleanup);

/** Environment of a non-CI user with an English locale; CI is removed so TTY detection decides. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LANG: 'en_US.UTF-8', NO_COLOR: '1', ...extra };
  delete env.CI;
  delete env.LC_ALL;
  return env;
}

function run(bin: string, args: string[], cwd: string, env = userEnv()) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr, signal: r.signal };
}

describe('launchers as subprocesses (stdin closed: never prompts, never hangs)', () => {
  it('agentscope create --yes', () => {
    const cwd = tempDir();
    const r = run(AGENTSCOPE, ['create', 'sub-app', '--yes'], cwd);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(join(cwd, 'sub-app/pom.xml'))).toBe(true);
    expect(r.out).toContain('Next steps:');
  });

  it('create-agentscope-app without --yes and without a terminal uses the defaults', () => {
    const cwd = tempDir();
    const r = run(CREATE_APP, ['npm-app', '--provider', 'openai'], cwd);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(readFileSync(join(cwd, 'npm-app/pom.xml'), 'utf8')).toContain('agentscope-extensions-model-openai');
  });

  it('exit codes: unknown gen kind 2, bad package 2, non-empty directory 1', () => {
    const cwd = tempDir();
    expect(run(AGENTSCOPE, ['create', 'p', '--yes'], cwd).code).toBe(0);
    const before = snapshot(cwd);
    const kind = run(AGENTSCOPE, ['gen', 'tol'], join(cwd, 'p'));
    expect(kind.code).toBe(2);
    expect(kind.err).toContain('did you mean: tool?');
    const pkg = run(AGENTSCOPE, ['create', 'q', '--package', 'a.b-c', '--yes'], cwd);
    expect(pkg.code).toBe(2);
    expect(pkg.err).toContain('did you mean "a.b_c"?');
    expect(run(AGENTSCOPE, ['create', 'p', '--yes'], cwd).code).toBe(1);
    expect(snapshot(cwd)).toEqual(before);
  });

  it('zh help from the locale', () => {
    const r = run(AGENTSCOPE, ['create', '--help'], tempDir(), userEnv({ LANG: 'zh_CN.UTF-8' }));
    expect(r.code).toBe(0);
    expect(r.out).toContain('用法：agentscope create');
  });
});

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * Drives the CLI in a real pseudo-terminal (util-linux `script`): waits for each prompt's
 * text on the screen, then types. Resolves with the exit code and everything shown.
 */
function pty(args: string[], cwd: string, script: [RegExp, string][], { timeoutMs = 60_000, columns = 0 } = {}): Promise<{ code: number | null; screen: string; raw: string }> {
  return new Promise((resolveRun, reject) => {
    const quoted = [process.execPath, AGENTSCOPE, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    // a terminal of a given width: the pty's size is set before the CLI starts
    const cmd = columns ? `stty cols ${columns} rows 24; ${quoted}` : quoted;
    const child = spawn('script', ['-qefc', cmd, '/dev/null'], { cwd, env: userEnv({ TERM: 'xterm' }), stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    let raw = '';
    let step = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`pty run timed out at step ${step}; screen:\n${screen}`));
    }, timeoutMs);
    const feed = () => {
      while (step < script.length && script[step][0].test(screen)) {
        const [, keys] = script[step++];
        screen += `\n<<step ${step}>>\n`; // so the next pattern must appear after this point
        setTimeout(() => child.stdin.write(keys), 30);
      }
    };
    const onData = (d: Buffer) => {
      screen += d.toString('utf8');
      raw += d.toString('utf8');
      // only look at the screen since the last step marker
      const marker = screen.lastIndexOf('<<step ');
      if (step < script.length && script[step][0].test(marker >= 0 ? screen.slice(marker) : screen)) feed();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code, screen, raw });
    });
  });
}

describe.skipIf(!hasScript)('interactive prompts in a real pseudo-terminal', () => {
  it('Enter on every prompt takes the defaults and writes the project', async () => {
    const cwd = tempDir();
    const enter = '\r';
    const r = await pty(['create', 'tty-app'], cwd, [
      [/Maven groupId/, enter],
      [/Maven artifactId/, enter],
      [/Java base package/, enter],
      [/Java release/, enter],
      [/Project shape/, enter],
      [/Model provider/, enter],
      [/Fallback provider/, enter],
      [/Model for/, enter],
      [/Agent kind/, enter],
      [/Agent name/, enter],
      [/System prompt/, enter],
      [/Features to include/, enter],
      [/Write these \d+ file\(s\)\?/, enter], // the plan is on screen first
    ]);
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toMatch(/CREATE {4}tty-app\/pom\.xml[\s\S]*Write these \d+ file\(s\)\?/);
    expect(r.screen).toContain('Next steps:');
    expect(existsSync(join(cwd, 'tty-app/pom.xml'))).toBe(true);
  });

  it('Ctrl-C at a prompt exits 130 and leaves nothing behind', async () => {
    const cwd = tempDir();
    const r = await pty(['create', 'tty-cancel'], cwd, [
      [/Maven groupId/, '\r'],
      [/Maven artifactId/, '\x03'],
    ]);
    expect(r.code, r.screen).toBe(130);
    expect(r.screen).toContain('cancelled; nothing was written');
    expect(snapshot(cwd)).toEqual({});
  });

  it('a harness project is offered only the features it can take; Ctrl-C then writes nothing', async () => {
    const cwd = tempDir();
    const r = await pty(['create', 'tty-h', '--agent', 'harness', '--group-id', 'com.x', '--artifact-id', 'tty-h', '--package', 'com.x.h', '--java', '17', '--flavor', 'maven', '--provider', 'openai', '--model', 'm', '--name', 'A', '--system-prompt', 'B'], cwd, [
      [/Features to include[\s\S]*toolgroups/, '\x03'],
    ]);
    expect(r.code, r.screen).toBe(130);
    const offered = r.screen.slice(r.screen.indexOf('Features to include'));
    expect(offered).toContain('permission');
    expect(offered).not.toMatch(/\bhitl\b|\bstructured\b/);
    expect(snapshot(cwd)).toEqual({});
  });

  it('the flavour is asked; Spring Boot offers starters only, no fallback, no agent kind, its features; Esc cancels', async () => {
    const cwd = tempDir();
    const r = await pty(['create', 'tty-sb', '--group-id', 'com.x', '--artifact-id', 'tty-sb', '--package', 'com.x.sb', '--java', '17'], cwd, [
      [/Project shape/, '\x1b[B\r'], // arrow down: spring-boot
      [/Model provider/, '\r'],
      [/Model for/, '\r'],
      [/Agent name/, '\r'],
      [/System prompt/, '\r'],
      [/Features to include[\s\S]*toolgroups/, '\x1b'],
    ]);
    expect(r.code, r.screen).toBe(130);
    expect(r.screen).not.toMatch(/Fallback provider|Agent kind/);
    const offered = r.screen.slice(r.screen.lastIndexOf('Features to include'));
    expect(offered).not.toMatch(/\bhitl\b|\bmcp\b|\bstructured\b/);
    expect(r.screen).toContain('cancelled; nothing was written');
    expect(snapshot(cwd)).toEqual({});
  });

  it('Ctrl-U clears the answer as readline does, Ctrl-W deletes a word; other control keys are not typed in', async () => {
    const cwd = tempDir();
    const r = await pty(['create'], cwd, [
      // "junk" erased by Ctrl-U, "more" by Ctrl-W (the space left is trimmed), Ctrl-B ignored: the directory is ctl-demo
      [/Project directory/, 'junk\x15ctl-\x02demo more\x17\r'],
      [/Maven groupId/, '\r'],
      [/Maven artifactId/, '\x1b'], // Esc cancels as Ctrl-C does
    ]);
    expect(r.code, r.screen).toBe(130);
    const lines = playTerminal(r.raw, 80);
    expect(lines.find((l) => l.includes('Project directory'))).toMatch(/Project directory … ctl-demo$/);
    // the artifactId offered is the folder's name, so the name really was ctl-demo
    expect(lines.find((l) => l.includes('Maven artifactId'))).toContain('ctl-demo');
    expect(r.screen).toContain('cancelled; nothing was written');
    expect(snapshot(cwd)).toEqual({});
  });

  it('a validation message wider than a narrow terminal leaves no stale line once fixed', async () => {
    const cwd = tempDir();
    const r = await pty(['create', 'tty-narrow', '--artifact-id', 'tty-narrow', '--provider', 'openai', '--features', 'none', '--agent', 'react', '--java', '17', '--flavor', 'maven', '--name', 'A', '--system-prompt', 'B', '--model', 'm'], cwd, [
      [/Maven groupId/, 'com.x\r'],
      [/Java base package/, 'com.x.int\r'],
      [/Java keyword/, '_\r'],
      [/Write these \d+ file\(s\)\?/, '\x03'],
    ], { columns: 30 });
    expect(r.code, r.screen).toBe(130);
    // the message took three rows of 30 columns, and was on screen
    expect(r.raw).toMatch(/"int" is a Java keyword/);
    const lines = playTerminal(r.raw, 30);
    expect(lines.join('\n'), lines.join('\n')).not.toMatch(/keyword|did you mean|int_"\?\)/);
    const answered = lines.findIndex((l) => l.includes('Java base package'));
    expect(lines.slice(answered, answered + 2).join(''), lines.join('\n')).toContain('com.x.int_');
    // the answer above it stays: a redraw erases only what it drew
    expect(lines.slice(0, answered).join('\n')).toContain('Maven groupId … com.x');
    expect(snapshot(cwd)).toEqual({});
  });

  it('an invalid package typed at the prompt is refused with the suggestion, then fixed', async () => {
    const cwd = tempDir();
    const r = await pty(['create', 'tty-pkg', '--group-id', 'com.x', '--artifact-id', 'tty-pkg', '--provider', 'openai', '--features', 'none', '--agent', 'react', '--java', '17', '--flavor', 'maven', '--name', 'A', '--system-prompt', 'B', '--model', 'm'], cwd, [
      [/Java base package/, 'com.x.int\r'], // typing replaces the shown default; a keyword is refused
      [/"int" is a Java keyword \(did you mean "com\.x\.int_"\?\)/, '_\r'], // append the suggested underscore
      [/Write these \d+ file\(s\)\?/, '\r'],
    ]);
    expect(r.code, r.screen).toBe(0);
    expect(existsSync(join(cwd, 'tty-pkg/src/main/java/com/x/int_/Main.java'))).toBe(true);
  });
});
