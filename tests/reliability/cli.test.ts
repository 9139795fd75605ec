import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, binAsync, cleanup, leftovers, PKG, projectFactory, runEnv, straceWorks, TEST_PKG, tempDir, tree } from './helpers.js';

/**
 * The CLI under hostile input, interruption and concurrency, as real subprocesses (bin/ on dist/):
 * what the issue "nothing lost, nothing escaped, nothing hung" lists, each case reproduced and the
 * fixed behaviour asserted. Fault injection uses strace (skipped, saying so, where ptrace is denied).
 */
let home: string;
let project: () => string;
beforeAll(() => {
  home = tempDir('as-rel-home-');
  project = projectFactory(home);
});
afterAll(cleanup);
const env = (extra: NodeJS.ProcessEnv = {}) => runEnv(home, extra);
const STRACE = straceWorks();

describe('nothing escaped', () => {
  it('gen through a package folder symlinked out of the project is refused as a whole; the outside is untouched', () => {
    const dir = project();
    const outside = tempDir('as-rel-outside-');
    renameSync(join(dir, PKG), join(outside, 'app'));
    symlinkSync(join(outside, 'app'), join(dir, PKG));
    const before = tree(outside);
    const r = bin(['gen', 'tool', 'Escaped', '--yes'], dir, env());
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.err).toMatch(/^error: refusing to (use|write) src\/main\/java\/com\/example\/app\/\S+: it resolves to .* outside .*nothing was written$/m);
    expect(tree(outside)).toEqual(before);
    expect(existsSync(join(dir, TEST_PKG, 'EscapedTest.java'))).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });

  it('a traversal version is refused by every entry point before any inventory is read or Maven starts', () => {
    const dir = project();
    // an "inventory" that would be loaded if the version were used as a path
    const evil = join(tempDir(), 'x', 'evilinv');
    mkdirSync(evil, { recursive: true });
    writeFileSync(join(evil, 'inventory.json.gz'), 'not an inventory');
    const v = `../../../../../../../..${evil}`;
    const noMvn = env({ PATH: '/nonexistent' });
    const cases: [string[], string][] = [
      [['check', '--agentscope-version', v], '--agentscope-version'],
      [['api', 'ReActAgent', '--agentscope-version', v], '--agentscope-version'],
      // --version V is still accepted as the alias of --agentscope-version V
      [['init-assistant', '--version', v], '--agentscope-version'],
      [['upgrade', '--to', v], '--to'],
      [['inventory', 'diff', v, '2.0.2'], '<from>'],
      [['inventory', 'claims', '--version', v], '--agentscope-version'],
      [['inventory', 'pin', ''], 'inventory pin'],
      [['upgrade', '--to', '9.9.9;rm -rf x'], '--to'],
      [['manual', '--agentscope-version', v, '--out', join(tempDir(), 'm')], '--agentscope-version'],
    ];
    for (const [args, from] of cases) {
      const r = bin(args, dir, noMvn);
      expect(r.code, `${args.join(' ')}\n${r.err}`).toBe(2);
      expect(r.err, args.join(' ')).toMatch(new RegExp(`^error: ${from.replace(/[<>]/g, '.')}: ".*" is not an AgentScope version$`, 'm'));
      expect(r.err).not.toMatch(/mvn|Maven is needed|evilinv.*inventory/);
    }
    // a pom naming a junk version: refused before any pull (no mvn needed to say so)
    const pom = readFileSync(join(dir, 'pom.xml'), 'utf8');
    writeFileSync(join(dir, 'pom.xml'), pom.replace(/<agentscope\.version>[^<]*</, '<agentscope.version>2.0.2; rm -rf x<'));
    const g = bin(['gen', 'tool', 'Junk', '--yes'], dir, noMvn);
    expect(g.code).toBe(1);
    expect(g.err).toMatch(/pom\.xml <agentscope\.version>: "2\.0\.2; rm -rf x" is not an AgentScope version/);
    expect(g.err).not.toMatch(/cannot run mvn|pulling/);
  });
});

describe('nothing hung', () => {
  it('a FIFO named X.java and X.java -> /dev/zero in the package: gen and check answer in bounded time', () => {
    const dir = project();
    expect(spawnSync('mkfifo', [join(dir, PKG, 'Fifo.java')]).status).toBe(0);
    symlinkSync('/dev/zero', join(dir, PKG, 'Zero.java'));
    const g = bin(['gen', 'tool', 'Bounded', '--yes'], dir, env(), [], 60_000);
    expect(g.signal).toBeNull();
    expect(g.code, g.err).toBe(0);
    const c = bin(['check', '--format', 'json', join(PKG, 'Fifo.java'), join(PKG, 'Zero.java'), join(PKG, 'Bounded.java')], dir, env(), [], 60_000);
    expect(c.signal).toBeNull();
    const findings = JSON.parse(c.out).findings as { file: string; message: string }[];
    expect(findings.map((f) => [f.file.split('/').pop(), f.message])).toEqual([
      ['Fifo.java', 'the file was not checked: a FIFO (named pipe), not a regular file: not read'],
      ['Zero.java', 'the file was not checked: a device, not a regular file: not read'],
    ]);
    expect(c.code).toBe(1);
    expect(g.ms + c.ms).toBeLessThan(60_000);
  });

  it('check: a 50 MB file and 2,000-deep nesting are findings; the other files are still judged', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'Huge.java'), Buffer.alloc(50 << 20, 0x20));
    writeFileSync(join(dir, 'Good.java'), 'public class Good { int x() { return 1; } }\n');
    writeFileSync(join(dir, 'Bad.java'), 'import io.agentscope.core.NoSuchThing;\npublic class Bad {}\n');
    let deep = '';
    for (let i = 0; i < 2000; i++) deep += `class C${i} {\n`;
    writeFileSync(join(dir, 'Deep.java'), deep + '}\n'.repeat(2000));
    const t0 = Date.now();
    const r = bin(['check', '--format', 'json', '.'], dir, env(), [], 120_000);
    expect(r.signal).toBeNull();
    const out = JSON.parse(r.out) as { files: number; findings: { file: string; rule: string; message: string }[] };
    const by = (f: string) => out.findings.filter((x) => x.file.endsWith(f));
    expect(by('Huge.java')[0]?.message).toMatch(/not checked: 52428800 bytes, over the limit of \d+ \(AGENTSCOPE_MAX_FILE_BYTES\)/);
    expect(by('Deep.java')[0]?.message).toMatch(/nested too deeply|not checked/);
    expect(by('Bad.java').length).toBeGreaterThan(0);
    expect(by('Good.java')).toEqual([]);
    expect(out.files).toBe(4);
    expect(Date.now() - t0).toBeLessThan(120_000);
  });
});

describe('nothing lost', () => {
  it('two concurrent gens in one project: both applied (serialized by the lock), never one lost', async () => {
    const dir = project();
    const [a, b] = await Promise.all([binAsync(['gen', 'tool', 'FirstTool', '--yes'], dir, env()), binAsync(['gen', 'middleware', 'SecondHook', '--yes'], dir, env())]);
    const factory = readFileSync(join(dir, PKG, 'AgentFactory.java'), 'utf8');
    for (const [r, cls] of [[a, 'FirstTool'], [b, 'SecondHook']] as const) {
      if (r.code === 0) {
        expect(existsSync(join(dir, PKG, `${cls}.java`))).toBe(true);
        expect(factory).toContain(`new ${cls}(`);
      } else {
        // the only acceptable other outcome: refused, saying why, nothing of it written
        expect(r.err).toMatch(/another agentscope run .* is writing this project|changed on disk while the plan was made/);
        expect(existsSync(join(dir, PKG, `${cls}.java`))).toBe(false);
      }
    }
    expect([a.code, b.code].filter((c) => c === 0).length).toBeGreaterThan(0);
    expect(leftovers(dir)).toEqual([]);
  }, 120_000);

  it('two simultaneous `create p`: one project, complete; the other run refused, never a silent overwrite', async () => {
    const parent = tempDir();
    const [a, b] = await Promise.all([binAsync(['create', 'p', '--yes', '--no-git'], parent, env()), binAsync(['create', 'p', '--yes', '--no-git'], parent, env())]);
    const codes = [a.code, b.code].sort();
    expect(codes[0]).toBe(0);
    if (codes[1] !== 0) expect([a, b].find((r) => r.code !== 0)!.err).toMatch(/created by another run meanwhile|not empty|is already there|another agentscope run|changed on disk/);
    expect(existsSync(join(parent, 'p', 'pom.xml'))).toBe(true);
    expect(readdirSync(parent)).toEqual(['p']);
  }, 120_000);

  it('`create .` in an existing empty folder writes into that folder (same inode, setgid kept), never removes it', () => {
    const dir = join(tempDir(), 'here');
    mkdirSync(dir);
    chmodSync(dir, 0o2775);
    const ino = statSync(dir).ino;
    const r = bin(['create', '.', '--yes', '--no-git'], dir, env());
    expect(r.code, r.err).toBe(0);
    expect(statSync(dir).ino).toBe(ino);
    expect(statSync(dir).mode & 0o7777).toBe(0o2775);
    expect(existsSync(join(dir, 'pom.xml'))).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  });

  it('gen on an ISO-8859-1 pom keeps its bytes; a 0600 pom stays 0600; a symlinked pom stays a link', () => {
    const dir = project();
    const pom = readFileSync(join(dir, 'pom.xml'), 'utf8').replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="ISO-8859-1"?>\n<!-- Caf\xe9 -->');
    renameSync(join(dir, 'pom.xml'), join(dir, 'real-pom.xml'));
    writeFileSync(join(dir, 'real-pom.xml'), Buffer.from(pom, 'latin1'));
    chmodSync(join(dir, 'real-pom.xml'), 0o600);
    symlinkSync('real-pom.xml', join(dir, 'pom.xml'));
    const r = bin(['gen', 'provider', 'anthropic', '--yes'], dir, env());
    expect(r.code, r.err).toBe(0);
    const after = readFileSync(join(dir, 'real-pom.xml'));
    expect(pom).toContain('<!-- Caf\xe9 -->');
    expect(after.toString('latin1')).toContain('<!-- Caf\xe9 -->');
    expect(after.includes(Buffer.from('\ufffd'))).toBe(false);
    expect(after.toString('latin1')).toContain('agentscope-extensions-model-anthropic');
    expect(statSync(join(dir, 'real-pom.xml')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toContain('pom.xml');
    expect(spawnSync('test', ['-L', join(dir, 'pom.xml')]).status).toBe(0);
  });

  it('manual --out never deletes a folder it did not make (index.html + assets/search-index.js are not enough)', () => {
    const out = join(tempDir(), 'site');
    mkdirSync(join(out, 'assets'), { recursive: true });
    mkdirSync(join(out, '.git'));
    mkdirSync(join(out, 'src'));
    writeFileSync(join(out, 'index.html'), '<p>mine</p>');
    writeFileSync(join(out, 'assets/search-index.js'), '//');
    writeFileSync(join(out, 'src/Main.java'), 'class Main {}');
    const before = tree(out);
    const r = bin(['manual', '--out', out], tempDir(), env());
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/is not empty and is not a manual written by agentscope \(no \.agentscope-manual in it\); nothing was written/);
    expect(tree(out)).toEqual(before);
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    const f = bin(['manual', '--out', file], tempDir(), env());
    expect(f.code).toBe(2);
    expect(f.err.trim().split('\n')[0]).toMatch(/--out .* is a file, not a folder/);
  });
});

describe.skipIf(!STRACE)('interrupted writes (strace fault injection)', () => {
  /** The renames a `gen tool` makes, counted once under strace. */
  function renames(dir: string): number {
    const log = join(tempDir(), 'strace.log');
    const r = bin(['gen', 'tool', 'Counted', '--yes'], dir, env(), ['strace', '-f', '-qq', '-o', log, '-e', 'trace=rename,renameat,renameat2']);
    expect(r.code, r.err).toBe(0);
    return readFileSync(log, 'utf8').split('\n').filter((l) => /rename/.test(l) && !/resumed|unfinished/.test(l)).length;
  }

  it('a SIGKILL at every rename of a gen leaves the old or (after the next run) the new project, never a mix or a lost pom', () => {
    const total = renames(project());
    expect(total).toBeGreaterThanOrEqual(4); // journal prepare, journal commit, then one per file
    for (let n = 1; n <= total; n++) {
      const dir = project();
      const before = tree(dir);
      const r = bin(['gen', 'tool', 'Killed', '--yes'], dir, env(), ['strace', '-f', '-qq', '-o', '/dev/null', '-e', 'trace=rename', '-e', `inject=rename:signal=KILL:when=${n}`]);
      expect(r.code === 137 || r.signal === 'SIGKILL' || r.code === 0, `n=${n}: ${r.code} ${r.signal}`).toBe(true);
      expect(existsSync(join(dir, 'pom.xml')), `n=${n}`).toBe(true);
      // the next writing run finishes (committed) or undoes (not committed) what was killed
      const next = bin(['gen', 'tool', 'After', '--yes'], dir, env());
      expect(next.code, `n=${n}: ${next.err}`).toBe(0);
      const factory = readFileSync(join(dir, PKG, 'AgentFactory.java'), 'utf8');
      const killedLanded = existsSync(join(dir, PKG, 'Killed.java'));
      expect(factory.includes('new Killed('), `n=${n}`).toBe(killedLanded);
      expect(existsSync(join(dir, TEST_PKG, 'KilledTest.java')), `n=${n}`).toBe(killedLanded);
      expect(factory).toContain('new After(');
      expect(leftovers(dir), `n=${n}`).toEqual([]);
      for (const f of Object.keys(before)) expect(existsSync(join(dir, f)), `n=${n} ${f}`).toBe(true);
    }
  }, 300_000);

  it('SIGTERM, SIGINT, SIGHUP and SIGQUIT during the write are held: the write completes, "interrupted", exit 128+n', () => {
    for (const [sig, code] of [['TERM', 143], ['INT', 130], ['HUP', 129], ['QUIT', 131]] as const) {
      const dir = project();
      const r = bin(['gen', 'tool', 'Signalled', '--yes'], dir, env(), ['strace', '-f', '-qq', '-o', '/dev/null', '-e', 'trace=rename', '-e', `inject=rename:signal=${sig}:when=3`]);
      expect(r.code, `${sig}: ${r.err}`).toBe(code);
      expect(r.err).toMatch(/interrupted; the write completed atomically before stopping/);
      expect(readFileSync(join(dir, PKG, 'AgentFactory.java'), 'utf8')).toContain('new Signalled(');
      expect(existsSync(join(dir, TEST_PKG, 'SignalledTest.java'))).toBe(true);
      expect(leftovers(dir)).toEqual([]);
    }
  }, 120_000);

  it('a failing rename (EIO) restores every file and removes every temp file', () => {
    const dir = project();
    const before = tree(dir);
    const r = bin(['gen', 'tool', 'Failing', '--yes'], dir, env(), ['strace', '-f', '-qq', '-o', '/dev/null', '-e', 'trace=rename', '-e', 'inject=rename:error=EIO:when=4']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: writing failed \(EIO \(rename\)\), nothing was changed$/m);
    expect(tree(dir)).toEqual(before);
  });
});

describe('a full disk', () => {
  it('gen on a full tmpfs fails with one line and leaves no temp file (skipped where tmpfs cannot be mounted)', (ctx) => {
    const mnt = tempDir('as-rel-tmpfs-');
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mnt]).status !== 0) {
      ctx.skip(); // no privilege to mount a tmpfs here: the case is covered where it can be
      return;
    }
    try {
      const src = project();
      spawnSync('cp', ['-a', src, join(mnt, 'app')]);
      const dir = join(mnt, 'app');
      const before = tree(dir);
      // fill the disk, then free three pages: the lock and the journal fit, the new files do not
      spawnSync('dd', ['if=/dev/zero', `of=${join(mnt, 'filler')}`, 'bs=1k', 'count=8192'], { stdio: 'ignore' });
      spawnSync('truncate', ['-s', '-12K', join(mnt, 'filler')]);
      const r = bin(['gen', 'toolbase', 'NoSpace', '--yes'], dir, env());
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/ENOSPC|no space/i);
      expect(tree(dir)).toEqual(before);
      expect(leftovers(dir)).toEqual([]);
    } finally {
      spawnSync('umount', [mnt]);
    }
  });
});

describe('the code cache', () => {
  it('one flipped byte, a truncation or a FIFO in place of the cache: the run is unharmed and the cache rebuilt', () => {
    const h = tempDir('as-rel-cc-');
    const dir = tempDir();
    writeFileSync(join(dir, 'Good.java'), 'public class Good {}\n');
    const e = runEnv(h);
    expect(bin(['check', '.'], dir, e).code).toBe(0);
    const cacheDir = join(h, 'code-cache');
    const file = join(cacheDir, readdirSync(cacheDir).find((f) => f.startsWith('check.cjs'))!);
    const good = readFileSync(file);
    for (const at of [12, 100, Math.floor(good.length / 2), good.length - 1]) {
      const bad = Buffer.from(good);
      bad[at] ^= 0xff;
      writeFileSync(file, bad);
      const r = bin(['check', '.'], dir, e);
      expect(r.signal, `flip at ${at}`).toBeNull();
      expect(r.code, `flip at ${at}: ${r.err}`).toBe(0);
    }
    writeFileSync(file, good.subarray(0, good.length >> 1));
    expect(bin(['check', '.'], dir, e).code).toBe(0);
    rmSync(file);
    spawnSync('mkfifo', [file]);
    const f = bin(['check', '.'], dir, e, [], 30_000);
    expect(f.signal).toBeNull();
    expect(f.code).toBe(0);
    expect(statSync(file).isFile()).toBe(true);
    expect(readdirSync(cacheDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('clear output for odd names, and a bounded fuzz of check', () => {
  it('next steps are paste-safe: a folder named x $(id) y is printed in single quotes; a 240-character name fits', () => {
    const parent = tempDir();
    const r = bin(['create', 'x $(id) y', '--yes', '--no-git', '--artifact-id', 'odd'], parent, env());
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("  cd 'x $(id) y'");
    const long = 'a'.repeat(240);
    const l = bin(['create', long, '--yes', '--no-git', '--artifact-id', 'long'], parent, env());
    expect(l.code, l.err).toBe(0);
    expect(existsSync(join(parent, long, 'pom.xml'))).toBe(true);
    expect(leftovers(parent)).toEqual([]);
  });

  it('300 randomly mutated copies of a generated source in one check: findings or none, never a crash', () => {
    const src = readFileSync(join(project(), PKG, 'AgentFactory.java'), 'utf8');
    const dir = tempDir();
    let seed = 23;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const pieces = ['{', '}', '(', ')', ';', '<', '>', '"', "'", '/*', '@', '.', ' ', '\n', 'class ', 'new ', '\u0000', '\u202e'];
    for (let i = 0; i < 300; i++) {
      let text = src;
      for (let k = 0; k < 1 + Math.floor(rnd() * 6); k++) {
        const at = Math.floor(rnd() * text.length);
        const cut = Math.floor(rnd() * 8);
        text = text.slice(0, at) + (rnd() < 0.7 ? pieces[Math.floor(rnd() * pieces.length)] : '') + text.slice(at + cut);
      }
      writeFileSync(join(dir, `F${i}.java`), text);
    }
    const r = bin(['check', '--format', 'json', '.'], dir, env(), [], 120_000);
    expect(r.signal).toBeNull();
    expect([0, 1]).toContain(r.code);
    expect((JSON.parse(r.out) as { files: number }).files).toBe(300);
  }, 120_000);
});

describe('an interrupted create', () => {
  it('Ctrl-C during the git step: the project is complete, the cut-short repository removed, and the run says so (exit 130)', () => {
    const parent = tempDir();
    const fakeBin = tempDir('as-rel-git-');
    // a git that is interrupted as a terminal's Ctrl-C would: the signal reaches its parent too
    writeFileSync(join(fakeBin, 'git'), '#!/bin/sh\nmkdir -p .git/objects\nkill -INT $PPID\nexit 130\n');
    chmodSync(join(fakeBin, 'git'), 0o755);
    const r = bin(['create', 'p', '--yes'], parent, env({ PATH: `${fakeBin}:${process.env.PATH}` }));
    expect(r.code, r.err).toBe(130);
    expect(r.err).toMatch(/interrupted during git init: the project is complete, without a git repository/);
    expect(existsSync(join(parent, 'p', 'pom.xml'))).toBe(true);
    expect(existsSync(join(parent, 'p', '.git'))).toBe(false);
    expect(r.out).not.toContain('Next steps');
    expect(readdirSync(parent)).toEqual(['p']);
  });
});

describe('an interrupted inventory pull', () => {
  it('SIGTERM while mvn runs: the work folder of the pull is removed from the temp folder, the run ends by the signal', () => {
    const tmp = tempDir('as-rel-pulltmp-');
    const fakeBin = tempDir('as-rel-mvn-');
    // an mvn during which the pull is stopped (its parent is the pull)
    writeFileSync(join(fakeBin, 'mvn'), '#!/bin/sh\nkill -TERM $PPID\nsleep 2\nexit 1\n');
    chmodSync(join(fakeBin, 'mvn'), 0o755);
    const r = bin(['inventory', 'pull', '9.9.8', '--out', join(tempDir(), 'inv')], tempDir(), env({ TMPDIR: tmp, AGENTSCOPE_MVN: join(fakeBin, 'mvn') }), [], 60_000);
    expect(r.signal ?? r.code, r.err).toBe(r.signal ? 'SIGTERM' : 143);
    expect(readdirSync(tmp).filter((n) => n.startsWith('agentscope-pull-'))).toEqual([]);
  });
});

describe('clear errors, no false refusals', () => {
  it('doctor with JAVA_HOME at a missing folder, a file or a folder without bin/java names JAVA_HOME and the fix', () => {
    const cwd = tempDir();
    const noJava = tempDir('as-rel-jh-');
    const file = join(noJava, 'release');
    writeFileSync(file, 'JAVA_VERSION="17.0.2"\n');
    for (const [home, what] of [[join(cwd, 'missing'), 'does not exist'], [file, 'is not a folder'], [noJava, 'has no bin/java']]) {
      const r = bin(['doctor', '--offline'], cwd, env({ JAVA_HOME: home }), [], 60_000);
      expect(r.code, r.out + r.err).toBe(1);
      expect(r.out).toContain(`FAIL  java        JAVA_HOME=${home} ${what}, so mvn cannot start: point JAVA_HOME at a JDK folder (the one that contains bin/java), or unset it`);
      expect(r.out).not.toMatch(/cannot run mvn|no JDK found|Maven is missing/);
      expect(r.out).toMatch(/FAIL +maven +mvn does not start until JAVA_HOME is fixed \(see java\)/);
    }
  });

  it('re-running `create p` on a project create made says it is already there (gen or --force), exit 1; a foreign pom is just "not empty"', () => {
    const dir = project();
    const parent = dirname(dir);
    const before = tree(dir);
    const r = bin(['create', 'app', '--yes', '--no-git'], parent, env());
    expect(r.code, r.err).toBe(1);
    expect(r.err).toMatch(/^error: \S+\/app is already there: a project created by agentscope create \(AgentScope Java [0-9.]+\)$/m);
    expect(r.err).toMatch(/run `agentscope gen <kind>` inside it; to write the project over it again, pass --force/);
    expect(tree(dir)).toEqual(before);
    // the same folder with a pom that carries no marker of ours is somebody else's
    const pom = readFileSync(join(dir, 'pom.xml'), 'utf8');
    writeFileSync(join(dir, 'pom.xml'), pom.replace(/^<!-- @generated by agentscope-cli .*-->\n/m, ''));
    const f = bin(['create', 'app', '--yes', '--no-git'], parent, env());
    expect(f.code).toBe(1);
    expect(f.err).toMatch(/target directory \S+\/app is not empty/);
  });

  it('gen on a pom whose DOCTYPE declares entities with > and markup in their values: read, applied, the DOCTYPE kept, nothing expanded', () => {
    const dir = project();
    const doctype = '<!DOCTYPE project [\n  <!ENTITY arrow "a -> <i>b</i>">\n]>\n';
    const pom = readFileSync(join(dir, 'pom.xml'), 'utf8').replace('<project ', `${doctype}<project `).replace('<packaging>', '<description>&arrow;</description>\n    <packaging>');
    writeFileSync(join(dir, 'pom.xml'), pom);
    const r = bin(['gen', 'tool', 'Entity', '--yes'], dir, env());
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(dir, PKG, 'Entity.java'))).toBe(true);
    const after = readFileSync(join(dir, 'pom.xml'), 'utf8');
    expect(after).toContain(doctype);
    expect(after).toContain('<description>&arrow;</description>');
  });

  it('identifier-ignorable characters (U+202E, U+200B, U+00AD, U+0001) inside identifiers: javac accepts, check reports no syntax error, columns stay right', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'p'));
    // javac drops them inside an identifier: ab\u202ec is abc, x\u200by\u00adz is xyz
    const plain = 'package p;\npublic class Plain {\n  int ab\u202ec = 1, x\u200by\u00adz = 2, m\u0001n = 3;\n  int f() { return abc + xyz + mn; }\n}\n';
    writeFileSync(join(dir, 'p', 'Plain.java'), plain);
    const line = '  void g(ReActAgent a) { int q\u202eq = 1; a.noSuchMethod\u200bX(); a.bogus(); }';
    writeFileSync(join(dir, 'p', 'Agent.java'), `package p;\nimport io.agentscope.core.ReActAgent;\npublic class Agent {\n${line}\n}\n`);
    const javac = spawnSync('javac', ['-d', join(dir, 'out'), join(dir, 'p', 'Plain.java')], { encoding: 'utf8' });
    if (javac.error) console.log('javac not found: the javac side of this test is skipped');
    else expect(javac.status, javac.stderr).toBe(0);
    const r = bin(['check', '--format', 'json', 'p'], dir, env());
    const findings = (JSON.parse(r.out) as { findings: { file: string; line: number; col: number; rule: string; message: string }[] }).findings;
    expect(findings.filter((f) => f.rule === 'AS000')).toEqual([]);
    // the findings after the removed characters point at the original columns
    expect(findings.map((f) => [f.file.split('/').pop(), f.line, f.col, f.message.split(' in ')[0]])).toEqual([
      ['Agent.java', 4, line.indexOf('noSuchMethod') + 1, 'ReActAgent has no method noSuchMethodX()'],
      ['Agent.java', 4, line.indexOf('bogus') + 1, 'ReActAgent has no method bogus()'],
    ]);
  });
});
