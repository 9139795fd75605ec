import {
  closeSync,
  existsSync,
  fchmodSync,
  fchownSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { CliError } from './errors.js';
import { readFileBounded } from './fsread.js';

/**
 * The one write path of every command that writes into a project or folder (create, gen,
 * upgrade --write, init-assistant, the MCP server's plan_generation, manual --out):
 *
 * - every target is resolved with realpath and must stay inside the root (the project, or the
 *   folder given); one target outside refuses the whole run before anything is written;
 * - a target that exists must be a regular, writable file (a directory named `X.java`, a FIFO,
 *   a device or a read-only file is refused); a symlinked target is written through, the link kept;
 * - a plan is compared with the disk just before writing: a file that changed since it was read
 *   (or appeared) refuses the run;
 * - each file goes to a temp file unique to the run in its own folder, with the original's mode
 *   and owner, then replaces the target with one rename (the original is never moved away);
 * - a journal records the renames once every temp file is complete: a run killed during the
 *   renames is finished by the next write into that root, one killed before is undone by it;
 * - on any error, every temp file, the journal and the folders the run made are removed.
 *
 * A new root (a folder that does not exist yet) is staged in a sibling folder unique to the run
 * and renamed into place in one step, which fails instead of replacing a folder another run made.
 */

/** What a target was when the plan was made: absent, or these bytes. */
export type DiskExpectation = { absent: true } | { bytes: Buffer };

export interface PlannedWrite {
  /** Relative to the root, forward slashes. */
  path: string;
  bytes: Buffer;
  /** When given, the run is refused if the file is no longer so. */
  expect?: DiskExpectation;
}

const TEMP_PREFIX = '.agentscope-tmp-';
const JOURNAL_PREFIX = '.agentscope-journal-';
const STAGING_PREFIX = '.agentscope-staging-';

/** A name of this run: the pid (for stale detection) and a random part (files are opened O_EXCL besides). */
function runTag(): string {
  return `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The pid in a name made by runTag(), when that process no longer runs. */
function deadOwner(name: string, prefix: string): boolean {
  const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
  return Number.isInteger(pid) && pid > 0 && !processAlive(pid);
}

export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A staging folder of a create run (hidden, beside the project): never counted as content. */
export function isStagingName(name: string): boolean {
  return name.startsWith(STAGING_PREFIX);
}

function fsMessage(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err.code ? `${err.code}${err.syscall ? ` (${err.syscall})` : ''}` : String(err?.message ?? e);
}

function inside(root: string, real: string): boolean {
  return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** realpath of `p` if it exists, else of its nearest existing ancestor joined with the rest. */
function realOrNearest(p: string): string {
  for (let probe = p; ; probe = dirname(probe)) {
    try {
      return resolve(realpathSync(probe), relative(probe, p));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') throw new CliError({ en: `${probe}: a symlink loop`, zh: `${probe}：符号链接循环` });
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
    }
    if (dirname(probe) === probe) return p;
  }
}

function outsideError(path: string, root: string, real: string): CliError {
  return new CliError(
    { en: `refusing to write ${path}: it resolves to ${real}, outside ${root} (through a symlink); nothing was written`, zh: `拒绝写入 ${path}：它（经由符号链接）指向 ${root} 之外的 ${real}；未写入任何文件` },
    1,
    { en: 'agentscope writes only inside the project; remove or replace the link', zh: 'agentscope 只在项目内写入；请删除或替换该链接' },
  );
}

interface Resolved {
  path: string;
  /** Where the bytes really go (symlinks resolved). */
  real: string;
  bytes: Buffer;
  before?: Stats;
  /** The bytes before, for a rollback. */
  old?: Buffer;
}

/** Resolves and vets every target before anything is written. */
function resolveAll(realRoot: string, files: PlannedWrite[]): Resolved[] {
  return files.map((f) => {
    const lexical = resolve(realRoot, f.path);
    if (!inside(realRoot, lexical)) throw outsideError(f.path, realRoot, lexical);
    let link: Stats | undefined;
    try {
      link = lstatSync(lexical);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new CliError({ en: `${f.path}: cannot be examined (${fsMessage(e)}); nothing was written`, zh: `${f.path}：无法检查（${fsMessage(e)}）；未写入任何文件` });
    }
    let real: string;
    if (link?.isSymbolicLink()) {
      try {
        real = realpathSync(lexical);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        throw new CliError(code === 'ELOOP'
          ? { en: `${f.path} is a symlink loop; nothing was written`, zh: `${f.path} 是符号链接循环；未写入任何文件` }
          : { en: `${f.path} is a symlink to a missing file; nothing was written`, zh: `${f.path} 是指向不存在文件的符号链接；未写入任何文件` });
      }
    } else real = realOrNearest(lexical);
    if (!inside(realRoot, real)) throw outsideError(f.path, realRoot, real);
    let before: Stats | undefined;
    try {
      before = statSync(real);
    } catch {
      before = undefined;
    }
    if (before && !before.isFile()) {
      const what = before.isDirectory() ? 'a directory' : 'not a regular file';
      throw new CliError({ en: `${f.path} is ${what} where a file is to be written; nothing was written`, zh: `${f.path} ${before.isDirectory() ? '是目录' : '不是普通文件'}，而这里要写入文件；未写入任何文件` });
    }
    if (before && (before.mode & 0o222) === 0) {
      throw new CliError({ en: `${f.path} is read-only (mode ${(before.mode & 0o7777).toString(8)}); nothing was written`, zh: `${f.path} 是只读文件（权限 ${(before.mode & 0o7777).toString(8)}）；未写入任何文件` }, 1, { en: 'make it writable (chmod u+w) to let agentscope edit it', zh: '如需 agentscope 修改，请先设为可写（chmod u+w）' });
    }
    // the blocking folder of a target below a file (a file named like a folder on the path)
    for (let d = dirname(real); inside(realRoot, d) && d !== realRoot; d = dirname(d)) {
      if (existsSync(d)) {
        if (!statSync(d).isDirectory()) throw new CliError({ en: `${relative(realRoot, d)} is a file where a folder is needed for ${f.path}; nothing was written`, zh: `${relative(realRoot, d)} 是文件，而 ${f.path} 需要这里是目录；未写入任何文件` });
        break;
      }
    }
    const old = before ? readExpected(f, real) : undefined;
    if (f.expect) {
      const changed = 'absent' in f.expect ? before !== undefined : !old || !old.equals(f.expect.bytes);
      if (changed) {
        throw new CliError(
          { en: `${f.path} changed on disk while the plan was made (another run or an editor); nothing was written`, zh: `${f.path} 在生成计划期间被改动（另一次运行或编辑器）；未写入任何文件` },
          1,
          { en: 'run the command again', zh: '请重新运行该命令' },
        );
      }
    }
    return { path: f.path, real, bytes: f.bytes, before, old };
  });
}

function readExpected(f: PlannedWrite, real: string): Buffer {
  try {
    return readFileBounded(real);
  } catch (e) {
    throw e instanceof CliError ? e : new CliError(`${f.path}: ${fsMessage(e)}; nothing was written`);
  }
}

/** Writes `bytes` into a new file `temp` (never an existing one), with `like`'s mode and owner. */
function writeTemp(temp: string, bytes: Buffer, like?: Stats): void {
  const fd = openSync(temp, 'wx', like ? like.mode & 0o7777 : 0o666);
  try {
    if (like) {
      fchmodSync(fd, like.mode & 0o7777); // exact, whatever the umask
      if (process.getuid?.() === 0 || like.uid !== process.getuid?.()) {
        try {
          fchownSync(fd, like.uid, like.gid);
        } catch {
          // only root may give a file away: the run's owner it stays
        }
      }
    }
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
  } finally {
    closeSync(fd);
  }
}

interface Journal {
  state: 'prepare' | 'commit';
  renames: { temp: string; target: string }[];
  dirs: string[];
}

function writeJournal(file: string, journal: Journal): void {
  const tmp = `${file}.tmp`;
  rmSync(tmp, { force: true });
  writeTemp(tmp, Buffer.from(JSON.stringify(journal)));
  renameSync(tmp, file);
}

/**
 * Finishes or undoes what a killed run left in `root`: a committed journal's renames are done
 * (every temp file was complete), a prepared one's temp files removed. Returns how many journals.
 */
export function recoverInterruptedWrites(root: string): number {
  let realRoot: string;
  let names: string[];
  try {
    realRoot = realpathSync(root);
    names = readdirSync(realRoot);
  } catch {
    return 0;
  }
  let n = 0;
  for (const name of names) {
    if (!name.startsWith(JOURNAL_PREFIX) || !deadOwner(name, JOURNAL_PREFIX)) continue;
    const file = join(realRoot, name);
    // a journal being written when the run was killed: the one before it (if any) decides
    if (!name.endsWith('.json')) {
      if (name.endsWith('.json.tmp')) rmSync(file, { force: true });
      continue;
    }
    let journal: Journal;
    try {
      journal = JSON.parse(readFileSync(file, 'utf8')) as Journal;
    } catch {
      continue;
    }
    for (const r of journal.renames) {
      if (!inside(realRoot, r.temp) || !inside(realRoot, r.target) || !existsSync(r.temp)) continue;
      if (journal.state === 'commit') renameSync(r.temp, r.target);
      else rmSync(r.temp, { force: true });
    }
    if (journal.state === 'prepare') removeEmptyDirs(journal.dirs.filter((d) => inside(realRoot, d)));
    rmSync(file, { force: true });
    n++;
  }
  return n;
}

function removeEmptyDirs(dirs: string[]): void {
  for (const d of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(d);
    } catch {
      // not empty (someone else wrote there) or gone: left alone
    }
  }
}

/** mkdir -p one level at a time, inside the root; returns the folders it made (outermost first). */
function makeDirs(dir: string): string[] {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) {
    if (dirname(d) === d) break;
    missing.push(d);
  }
  missing.reverse();
  for (const d of missing) mkdirSync(d);
  return missing;
}

/**
 * Writes every file under `root` so that all land or none do (see the file comment). `root` is
 * the confinement: nothing is written outside its real path.
 */
export function writeFilesAtomically(root: string, files: PlannedWrite[]): void {
  if (!files.length) return;
  const absRoot = resolve(root);
  let rootStat: Stats | undefined;
  try {
    rootStat = statSync(absRoot);
  } catch {
    rootStat = undefined;
  }
  if (!rootStat) return writeNewRoot(absRoot, files);
  if (!rootStat.isDirectory()) throw new CliError({ en: `${absRoot} is not a directory; nothing was written`, zh: `${absRoot} 不是目录；未写入任何文件` });
  const realRoot = realpathSync(absRoot);
  recoverInterruptedWrites(realRoot);
  writeIntoRoot(realRoot, resolveAll(realRoot, files));
}

function writeIntoRoot(realRoot: string, todo: Resolved[]): void {
  const tag = runTag();
  const journalFile = join(realRoot, `${JOURNAL_PREFIX}${tag}.json`);
  const journal: Journal = { state: 'prepare', renames: [], dirs: [] };
  const made: string[] = [];
  const temps: string[] = [];
  let renamed = 0;
  try {
    todo.forEach((t, i) => journal.renames.push({ temp: join(dirname(t.real), `${TEMP_PREFIX}${tag}-${i}`), target: t.real }));
    writeJournal(journalFile, journal);
    for (const [i, t] of todo.entries()) {
      const dirs = makeDirs(dirname(t.real));
      made.push(...dirs);
      journal.dirs.push(...dirs);
      // a folder made through a link that moved meanwhile still has to be inside
      if (dirs.length && !inside(realRoot, realpathSync(dirname(t.real)))) throw outsideError(t.path, realRoot, realpathSync(dirname(t.real)));
      const temp = journal.renames[i].temp;
      temps.push(temp);
      writeTemp(temp, t.bytes, t.before);
    }
    journal.state = 'commit';
    writeJournal(journalFile, journal);
    for (const r of journal.renames) {
      renameSync(r.temp, r.target);
      renamed++;
    }
  } catch (e) {
    // undo: the renamed files get their old bytes back (or go, when new), the rest is removed
    const undoErrors: string[] = [];
    for (let i = renamed - 1; i >= 0; i--) {
      const t = todo[i];
      try {
        if (t.old) {
          const back = `${journal.renames[i].temp}-undo`;
          writeTemp(back, t.old, t.before);
          renameSync(back, t.real);
        } else unlinkSync(t.real);
      } catch (u) {
        undoErrors.push(`${t.path}: ${fsMessage(u)}`);
      }
    }
    for (const temp of temps) rmSync(temp, { force: true });
    removeEmptyDirs(made);
    rmSync(journalFile, { force: true });
    rmSync(`${journalFile}.tmp`, { force: true });
    if (e instanceof CliError) throw e;
    const partly = undoErrors.length ? `; could not restore ${undoErrors.join(', ')}` : '';
    throw new CliError({ en: `writing failed (${fsMessage(e)}), nothing was changed${partly}`, zh: `写入失败（${fsMessage(e)}），未改动任何文件${partly}` });
  }
  // the write is done: failing to remove the journal now only leaves a file the next run removes
  try {
    unlinkSync(journalFile);
  } catch {
    // recoverInterruptedWrites finds every temp already renamed and removes it
  }
}

/**
 * A folder that does not exist yet: staged beside it (a name unique to the run, short so that a
 * long project name still fits), then renamed into place. rename(2) onto a folder another run
 * has filled meanwhile fails, so two runs never mix or overwrite each other's project.
 */
function writeNewRoot(absRoot: string, files: PlannedWrite[]): void {
  const parent = dirname(absRoot);
  const realParent = realOrNearest(parent);
  const made: string[] = [];
  const staging = join(realParent, `${STAGING_PREFIX}${runTag()}`);
  try {
    made.push(...makeDirs(realParent));
    removeStaleStaging(realParent);
    mkdirSync(staging);
    for (const f of files) {
      const target = resolve(staging, f.path);
      if (!inside(staging, target)) throw outsideError(f.path, absRoot, target);
      makeDirs(dirname(target));
      writeTemp(target, f.bytes);
    }
    renameSync(staging, join(realParent, basename(absRoot)));
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    removeEmptyDirs(made);
    if (e instanceof CliError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') {
      throw new CliError({ en: `${absRoot} was created by another run meanwhile; nothing was written`, zh: `${absRoot} 在此期间已被另一次运行创建；未写入任何文件` }, 1, { en: 'choose another directory, or pass --force to write into it', zh: '请换一个目录，或使用 --force 写入其中' });
    }
    throw new CliError({ en: `writing ${absRoot} failed (${fsMessage(e)}), nothing was created`, zh: `写入 ${absRoot} 失败（${fsMessage(e)}），未创建任何文件` });
  }
}

/** Staging folders of runs that no longer run (killed): removed. */
function removeStaleStaging(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const n of names) if (isStagingName(n) && deadOwner(n, STAGING_PREFIX)) rmSync(join(parent, n), { recursive: true, force: true });
}

