import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyChanges, Tree } from '../../generators/_core/tree.js';
import { decodeText, encodeText, readFileBounded } from '../../src/core/fsread.js';
import { recoverInterruptedWrites, writeFilesAtomically } from '../../src/core/write.js';
import { isVersion, requireVersion } from '../../src/core/versions.js';
import { withProjectLock, LOCK_FILE } from '../../src/core/lock.js';

/**
 * The one write path (src/core/write.ts, generators/_core/tree.ts) and the bounded reads
 * (src/core/fsread.ts), in-process: confinement, special files, mode/symlink/encoding kept,
 * plans re-validated against the disk, the journal of a killed run, the project lock.
 */
const base = mkdtempSync(join(tmpdir(), 'as-rel-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const dir = (files: Record<string, string> = {}) => {
  const d = join(base, `p${n++}`);
  mkdirSync(d);
  for (const [p, c] of Object.entries(files)) {
    mkdirSync(join(d, p, '..'), { recursive: true });
    writeFileSync(join(d, p), c);
  }
  return d;
};
/** Every name below `d` (to see that no temp, journal or staging file is left). */
const names = (d: string): string[] => readdirSync(d, { recursive: true, encoding: 'utf8' }).sort();
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('confinement: a target that resolves outside the root refuses the whole run', () => {
  it('a symlinked package folder pointing outside: refused on read and on write, nothing written anywhere', () => {
    const outside = dir({ 'AgentFactory.java': 'class AgentFactory {}\n' });
    const root = dir({ 'pom.xml': '<project/>' });
    mkdirSync(join(root, 'src/main/java/com/example'), { recursive: true });
    symlinkSync(outside, join(root, 'src/main/java/com/example/esc'));
    const before = names(outside);
    // reading a file through the link is refused (the MCP probe rewrote AgentFactory.java there)
    const t1 = new Tree(root);
    expect(() => t1.update('src/main/java/com/example/esc/AgentFactory.java', (s) => s + '// x')).toThrow(/outside .* \(through a symlink\); nothing was written/);
    // a new file through the link, planned beside a legitimate one: the whole run is refused
    const t2 = new Tree(root);
    t2.create('README.md', 'inside\n');
    t2.create('src/main/java/com/example/esc/Escaped.java', 'class Escaped {}\n');
    expect(() => applyChanges(t2)).toThrow(/refusing to write src\/main\/java\/com\/example\/esc\/Escaped\.java: it resolves to .*outside/);
    expect(names(outside)).toEqual(before);
    expect(existsSync(join(root, 'README.md'))).toBe(false);
    expect(names(root).filter((x) => x.includes('agentscope'))).toEqual([]);
  });

  it('a symlinked target inside the root is written through (the link kept); one pointing outside is refused', () => {
    const root = dir({ 'real/pom.xml': '<project>a</project>', 'elsewhere.txt': 'x' });
    symlinkSync('real/pom.xml', join(root, 'pom.xml'));
    const t = new Tree(root);
    t.update('pom.xml', (s) => s.replace('a', 'b'));
    applyChanges(t);
    expect(lstatSync(join(root, 'pom.xml')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(root, 'pom.xml'))).toBe('real/pom.xml');
    expect(readFileSync(join(root, 'real/pom.xml'), 'utf8')).toBe('<project>b</project>');
    const outside = dir({ 'secret.txt': 'keep' });
    symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
    expect(() => writeFilesAtomically(root, [{ path: 'link.txt', bytes: Buffer.from('overwritten') }])).toThrow(/outside/);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('keep');
  });

  it('a dangling symlink and a symlink loop are one clear line each', () => {
    const root = dir();
    symlinkSync('missing.txt', join(root, 'dangling.txt'));
    symlinkSync('loop-b', join(root, 'loop-a'));
    symlinkSync('loop-a', join(root, 'loop-b'));
    expect(() => writeFilesAtomically(root, [{ path: 'dangling.txt', bytes: Buffer.from('x') }])).toThrow(/dangling\.txt is a symlink to a missing file/);
    expect(() => writeFilesAtomically(root, [{ path: 'loop-a', bytes: Buffer.from('x') }])).toThrow(/loop-a is a symlink loop/);
  });
});

describe('special files are refused before reading, reads are bounded', () => {
  it('a FIFO named X.java, /dev/zero behind X.java and a directory named X.java: refused at once', () => {
    const root = dir();
    const fifo = join(root, 'Fifo.java');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    symlinkSync('/dev/zero', join(root, 'Zero.java'));
    mkdirSync(join(root, 'Dir.java'));
    const t0 = Date.now();
    expect(() => readFileBounded(fifo)).toThrow(/Fifo\.java: a FIFO \(named pipe\), not a regular file: not read/);
    expect(() => readFileBounded(join(root, 'Zero.java'))).toThrow(/a device, not a regular file/);
    expect(() => new Tree(root).update('Fifo.java', (s) => s)).toThrow(/FIFO/);
    expect(() => new Tree(root).create('Zero.java', 'x')).toThrow(/resolves to \/dev\/zero, outside/);
    // a directory where a file is to be written: the write refuses it with its own line
    const t = new Tree(root);
    t.create('Dir.java', 'class Dir {}');
    expect(() => applyChanges(t)).toThrow(/Dir\.java is a directory where a file is to be written; nothing was written/);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('a file over the size cap is refused with the cap named, without reading it', () => {
    const root = dir({ 'Big.java': 'x'.repeat(5000) });
    expect(() => readFileBounded(join(root, 'Big.java'), 4096)).toThrow(/Big\.java: 5000 bytes, over the limit of 4096 \(AGENTSCOPE_MAX_FILE_BYTES\): not read/);
    expect(readFileBounded(join(root, 'Big.java'), 5000).length).toBe(5000);
  });
});

describe('rewrites keep mode, owner, encoding; read-only files are refused', () => {
  it('a 0600 file stays 0600, a 0755 one 0755; a 0444 file is refused and untouched', () => {
    const root = dir({ 'secret.properties': 'a=1\n', 'run.sh': '#!/bin/sh\n', 'pom.xml': '<project/>' });
    chmodSync(join(root, 'secret.properties'), 0o600);
    chmodSync(join(root, 'run.sh'), 0o755);
    chmodSync(join(root, 'pom.xml'), 0o444);
    const t = new Tree(root);
    t.update('secret.properties', (s) => s + 'b=2\n');
    t.update('run.sh', (s) => s + 'echo\n');
    applyChanges(t);
    expect(statSync(join(root, 'secret.properties')).mode & 0o7777).toBe(0o600);
    expect(statSync(join(root, 'run.sh')).mode & 0o7777).toBe(0o755);
    const ro = new Tree(root);
    ro.update('pom.xml', () => '<project>changed</project>');
    expect(() => applyChanges(ro)).toThrow(/pom\.xml is read-only \(mode 444\); nothing was written/);
    expect(readFileSync(join(root, 'pom.xml'), 'utf8')).toBe('<project/>');
  });

  it('ISO-8859-1 (declared or detected), UTF-8 with BOM and UTF-16 are written back in their encoding', () => {
    const latinPom = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<project><name>Caf\xe9</name></project>\n', 'latin1');
    const latinJava = Buffer.from('// r\xe9sum\xe9\nclass A {}\n', 'latin1');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('// 中文\nclass B {}\n')]);
    const utf16 = encodeText('// é\nclass C {}\n', { charset: 'utf16le', bom: true });
    const root = dir();
    writeFileSync(join(root, 'pom.xml'), latinPom);
    writeFileSync(join(root, 'A.java'), latinJava);
    writeFileSync(join(root, 'B.java'), bom);
    writeFileSync(join(root, 'C.java'), utf16);
    const t = new Tree(root);
    expect(t.read('pom.xml')).toContain('Café');
    expect(t.read('A.java')).toContain('résumé');
    t.update('pom.xml', (s) => s.replace('</project>', '<x>é</x></project>'));
    for (const f of ['A.java', 'B.java', 'C.java']) t.update(f, (s) => s + '// edited\n');
    applyChanges(t);
    expect(readFileSync(join(root, 'pom.xml'))).toEqual(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<project><name>Caf\xe9</name><x>\xe9</x></project>\n', 'latin1'));
    expect(readFileSync(join(root, 'A.java'))).toEqual(Buffer.concat([latinJava, Buffer.from('// edited\n')]));
    expect(readFileSync(join(root, 'B.java'))).toEqual(Buffer.concat([bom, Buffer.from('// edited\n')]));
    expect(decodeText(readFileSync(join(root, 'C.java'))).text).toBe('// é\nclass C {}\n// edited\n');
    expect(readFileSync(join(root, 'C.java')).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
  });

  it('what an encoding cannot hold is refused, not corrupted; an unsupported declared encoding too', () => {
    const root = dir();
    writeFileSync(join(root, 'A.java'), Buffer.from('// caf\xe9\n', 'latin1'));
    writeFileSync(join(root, 'pom.xml'), '<?xml version="1.0" encoding="Shift_JIS"?>\n<project/>\n');
    const t = new Tree(root);
    t.update('A.java', (s) => s + '// 中文\n');
    expect(() => applyChanges(t)).toThrow(/A\.java is ISO-8859-1 \(Latin-1\) and the edit adds "中"/);
    expect(() => new Tree(root).read('pom.xml')).toThrow(/declared encoding "shift_jis" cannot be kept/);
  });
});

describe('plans are re-validated; writes are one rename per file and leave nothing behind', () => {
  it('a file created or changed since the plan refuses the run', () => {
    const root = dir({ 'pom.xml': 'v1' });
    const t = new Tree(root);
    t.update('pom.xml', () => 'v2');
    t.create('New.java', 'class New {}');
    writeFileSync(join(root, 'New.java'), 'someone else');
    expect(() => applyChanges(t)).toThrow(/New\.java changed on disk while the plan was made/);
    expect(readFileSync(join(root, 'pom.xml'), 'utf8')).toBe('v1');
    expect(names(root)).toEqual(['New.java', 'pom.xml']);
  });

  it('a committed journal of a killed run is finished by the next write; a prepared one undone', () => {
    const root = dir({ 'a.txt': 'old a', 'b.txt': 'old b' });
    const pid = deadPid();
    // killed after a.txt was renamed in, before b.txt: the journal is committed, b's temp complete
    writeFileSync(join(root, 'a.txt'), 'new a');
    writeFileSync(join(root, `.agentscope-tmp-${pid}-x-1`), 'new b');
    writeFileSync(join(root, `.agentscope-journal-${pid}-x.json`), JSON.stringify({ state: 'commit', renames: [{ temp: join(root, `.agentscope-tmp-${pid}-x-0`), target: join(root, 'a.txt') }, { temp: join(root, `.agentscope-tmp-${pid}-x-1`), target: join(root, 'b.txt') }], dirs: [] }));
    // another run killed while writing its temps: its journal only prepared
    mkdirSync(join(root, 'made'));
    writeFileSync(join(root, `made/.agentscope-tmp-${pid}-y-0`), 'half');
    writeFileSync(join(root, `.agentscope-journal-${pid}-y.json`), JSON.stringify({ state: 'prepare', renames: [{ temp: join(root, `made/.agentscope-tmp-${pid}-y-0`), target: join(root, 'made/c.txt') }], dirs: [join(root, 'made')] }));
    writeFileSync(join(root, `.agentscope-journal-${pid}-z.json.tmp`), '{');
    expect(recoverInterruptedWrites(root)).toBe(2);
    expect({ a: readFileSync(join(root, 'a.txt'), 'utf8'), b: readFileSync(join(root, 'b.txt'), 'utf8') }).toEqual({ a: 'new a', b: 'new b' });
    expect(names(root)).toEqual(['a.txt', 'b.txt']);
  });

  it('a failing write removes its temp files, journal and the folders it made', () => {
    const root = dir({ 'pom.xml': 'v1', blocker: 'a file' });
    expect(() => writeFilesAtomically(root, [{ path: 'pom.xml', bytes: Buffer.from('v2') }, { path: 'new/dir/A.java', bytes: Buffer.from('x') }, { path: 'blocker/B.java', bytes: Buffer.from('x') }])).toThrow(/blocker is a file where a folder is needed/);
    expect(names(root)).toEqual(['blocker', 'pom.xml']);
    expect(readFileSync(join(root, 'pom.xml'), 'utf8')).toBe('v1');
  });

  it('a new root: staged under a unique name and renamed in; a root another run created meanwhile is never overwritten', () => {
    const parent = dir();
    writeFilesAtomically(join(parent, 'app'), [{ path: 'pom.xml', bytes: Buffer.from('first') }]);
    expect(names(parent)).toEqual(['app', 'app/pom.xml']);
    // the second run planned for a missing folder: its rename onto the filled one fails
    const t = new Tree(join(parent, 'late'));
    t.create('pom.xml', 'second');
    mkdirSync(join(parent, 'late'));
    writeFileSync(join(parent, 'late', 'pom.xml'), 'first');
    expect(() => applyChanges(t)).toThrow(/changed on disk/);
    expect(readFileSync(join(parent, 'late', 'pom.xml'), 'utf8')).toBe('first');
  });

  it('an existing empty folder is written in place: the same folder (inode, mode) afterwards', () => {
    const root = dir();
    chmodSync(root, 0o2775);
    const ino = statSync(root).ino;
    const t = new Tree(root);
    t.create('pom.xml', '<project/>');
    applyChanges(t);
    expect(statSync(root).ino).toBe(ino);
    expect(statSync(root).mode & 0o7777).toBe(0o2775);
    expect(names(root)).toEqual(['pom.xml']);
  });
});

describe('the project lock', () => {
  it('serializes two writers; a lock of a dead process is stale and taken over; a live one refuses after the wait', async () => {
    const root = dir({ 'n.txt': '0' });
    const bump = () => withProjectLock(root, async () => {
      const v = Number(readFileSync(join(root, 'n.txt'), 'utf8'));
      await new Promise((r) => setTimeout(r, 30));
      writeFilesAtomically(root, [{ path: 'n.txt', bytes: Buffer.from(String(v + 1)), expect: { bytes: Buffer.from(String(v)) } }]);
    });
    await Promise.all([bump(), bump(), bump()]);
    expect(readFileSync(join(root, 'n.txt'), 'utf8')).toBe('3');
    expect(existsSync(join(root, LOCK_FILE))).toBe(false);
    writeFileSync(join(root, LOCK_FILE), `${deadPid()}\n${(await import('node:os')).hostname()}\n`);
    await bump();
    expect(readFileSync(join(root, 'n.txt'), 'utf8')).toBe('4');
    // held by a live process (this test's parent)
    writeFileSync(join(root, LOCK_FILE), `${process.ppid}\n${(await import('node:os')).hostname()}\n`);
    await expect(withProjectLock(root, async () => 0, { AGENTSCOPE_LOCK_WAIT_MS: '200' })).rejects.toThrow(new RegExp(`another agentscope run \\(pid ${process.ppid}\\) is writing this project`));
    rmSync(join(root, LOCK_FILE));
  });
});

describe('the one version validator', () => {
  it('accepts Maven versions, refuses traversal, junk and empty ones with a one-line message', () => {
    for (const v of ['2.0.2', '1.0.9', '2.1.0-RC1', '1.0.0.M2', '2.0.0-SNAPSHOT']) expect(isVersion(v), v).toBe(true);
    for (const v of ['', '../../../../x/evilinv', '2.0.2; rm -rf x', '2.0.2/..', 'v2.0.2', '2.0.2 ', '<x>', '9'.repeat(100)]) expect(isVersion(v), v).toBe(false);
    expect(() => requireVersion('../../x', '--version')).toThrow(/^--version: "\.\.\/\.\.\/x" is not an AgentScope version$/);
  });
});

describe('pom reading: a DOCTYPE is skipped whole, never expanded', () => {
  const doctype = [
    '<!DOCTYPE project [',
    '  <!ENTITY arrow "a -> <i>b</i> ]>">',
    "  <!ENTITY decoy '<project><artifactId>decoy</artifactId></project>'>",
    '  <!ENTITY sys SYSTEM "x>y.dtd">',
    "  <!-- it's a ] comment > -->",
    '  <?pi with > inside?>',
    ']>',
  ].join('\n');
  const pomText = `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>g</groupId>\n  <artifactId>real</artifactId>\n  <version>1</version>\n  <description>&arrow;&sys;</description>\n  <properties>\n    <agentscope.version>2.0.2</agentscope.version>\n  </properties>\n</project>\n`;

  it('entity values with >, ] and markup, a quoted system id, a comment and a PI in the subset: the real project is read', async () => {
    const { parsePom, addDependency, child, textOf } = await import('../../src/pom/pom.js');
    const pom = parsePom(pomText);
    expect([pom.artifactId, pom.properties['agentscope.version']]).toEqual(['real', '2.0.2']);
    // the references stay literal text: nothing is declared, resolved or expanded
    expect(textOf(pomText, child(pom.project, 'description'))).toBe('&arrow;&sys;');
    const edited = addDependency(pomText, { groupId: 'io.agentscope', artifactId: 'agentscope-core', version: '${agentscope.version}' });
    expect(edited.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n<project>`)).toBe(true);
    expect(parsePom(edited).dependencies.map((d) => d.artifactId)).toEqual(['agentscope-core']);
    // still refused when it never ends
    expect(() => parsePom('<!DOCTYPE project [ <!ENTITY e "never closed>\n<project/>')).toThrow(/unterminated declaration/);
  });
});
