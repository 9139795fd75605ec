import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, writeFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { CliError } from '../../src/core/errors.js';
import { compareCodeUnits } from '../../src/core/files.js';

/**
 * An in-memory record of the file changes a generator wants (the Nx/schematics "tree").
 * Generators only describe changes; `applyChanges` is the one place that writes, so
 * --dry-run is free and a failure leaves the disk untouched.
 */
export type ChangeKind = 'create' | 'update' | 'overwrite' | 'unchanged';

export interface FileChange {
  /** Path relative to the tree root, with forward slashes. */
  path: string;
  kind: ChangeKind;
  content: string;
  /** Previous content for updates/overwrites (for diffs). */
  before?: string;
}

export class Tree {
  private readonly changes = new Map<string, FileChange>();

  constructor(readonly root: string) {}

  private abs(path: string): string {
    const abs = resolve(this.root, path);
    if (abs !== this.root && !abs.startsWith(this.root + sep)) {
      throw new CliError({ en: `refusing to write outside the project: ${path}`, zh: `拒绝写到项目之外：${path}` });
    }
    return abs;
  }

  /** Current content: pending change first, then disk. */
  read(path: string): string | undefined {
    const pending = this.changes.get(norm(path));
    if (pending) return pending.content;
    const abs = this.abs(path);
    return existsSync(abs) && statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
  }

  exists(path: string): boolean {
    return this.read(path) !== undefined;
  }

  /**
   * Records a new file. An existing file with other content is a conflict unless
   * `force` (then an overwrite); identical content is recorded as unchanged.
   */
  create(path: string, content: string, opts: { force?: boolean } = {}): FileChange {
    const p = norm(path);
    const onDisk = this.diskContent(p);
    let change: FileChange;
    if (onDisk === undefined) change = { path: p, kind: 'create', content };
    else if (onDisk === content) change = { path: p, kind: 'unchanged', content };
    else if (opts.force) change = { path: p, kind: 'overwrite', content, before: onDisk };
    else {
      throw new CliError(
        { en: `${p} already exists and differs from what would be generated`, zh: `${p} 已存在，且与将要生成的内容不同` },
        1,
        { en: 'nothing was written; pass --force to overwrite it, or choose another name', zh: '未写入任何文件；使用 --force 覆盖，或换一个名字' },
      );
    }
    this.changes.set(p, change);
    return change;
  }

  /** Records an edit of an existing (or pending) file through a pure function. */
  update(path: string, edit: (before: string) => string): FileChange {
    const p = norm(path);
    const before = this.read(p);
    if (before === undefined) throw new CliError(`cannot update ${p}: it does not exist`);
    const content = edit(before);
    const prior = this.changes.get(p);
    const diskBefore = this.diskContent(p);
    const kind: ChangeKind = prior?.kind === 'create' ? 'create' : content === diskBefore ? 'unchanged' : 'update';
    const change: FileChange = { path: p, kind, content, before: diskBefore };
    this.changes.set(p, change);
    return change;
  }

  list(): FileChange[] {
    // code-unit order: the same in every locale, and no ICU collator to load (~14 ms of `create`)
    return [...this.changes.values()].sort((a, b) => compareCodeUnits(a.path, b.path));
  }

  private diskContent(p: string): string | undefined {
    const abs = this.abs(p);
    return existsSync(abs) && statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
  }
}

function norm(path: string): string {
  return path.split(sep).join('/').replace(/^\.\//, '');
}

/**
 * Writes every change of the tree so that either all land or none do.
 * - New project (root missing or empty): everything is written into a hidden sibling
 *   directory which is renamed into place at the end, so an interrupted run leaves no
 *   half-made project (at most the hidden temp dir, removed on the next run).
 * - Existing project: each file is written next to its target as a temp file, then all
 *   temps are renamed; on failure the renamed files are restored from backups.
 */
export function applyChanges(tree: Tree): FileChange[] {
  const todo = tree.list().filter((c) => c.kind !== 'unchanged');
  if (!todo.length) return todo;
  if (!existsSync(tree.root) || readdirSync(tree.root).length === 0) {
    writeNewDirectory(tree.root, todo);
  } else {
    writeIntoExisting(tree.root, todo);
  }
  return todo;
}

/**
 * `mkdir -p` one level at a time. Node's recursive mkdirSync can loop forever on some
 * read-only mounts (seen on /proc); a plain mkdir per level fails with a clear error.
 */
function mkdirs(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) {
    if (dirname(d) === d) break;
    missing.push(d);
  }
  for (const d of missing.reverse()) mkdirSync(d);
}

export function stagingDirFor(root: string): string {
  return join(dirname(root), `.${basename(root)}.agentscope-staging`);
}

function writeNewDirectory(root: string, todo: FileChange[]): void {
  const staging = stagingDirFor(root);
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const c of todo) {
      const target = join(staging, c.path);
      mkdirs(dirname(target));
      writeFileSync(target, c.content);
    }
    if (existsSync(root)) rmdirSync(root); // empty: checked by the caller
    renameSync(staging, root);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw new CliError({ en: `writing ${root} failed, nothing was created: ${(e as Error).message}`, zh: `写入 ${root} 失败，未创建任何文件：${(e as Error).message}` });
  }
}

function writeIntoExisting(root: string, todo: FileChange[]): void {
  const staged: { target: string; temp: string; backup?: string; moved: boolean }[] = [];
  const createdDirs: string[] = [];
  try {
    for (const c of todo) {
      const target = join(root, c.path);
      let dir = dirname(target);
      const missing: string[] = [];
      while (!existsSync(dir)) {
        missing.push(dir);
        dir = dirname(dir);
      }
      mkdirs(dirname(target));
      createdDirs.push(...missing);
      const temp = `${target}.agentscope-tmp-${process.pid}`;
      writeFileSync(temp, c.content);
      staged.push({ target, temp, moved: false });
    }
    for (const s of staged) {
      if (existsSync(s.target)) {
        const backup = `${s.target}.agentscope-bak-${process.pid}`;
        renameSync(s.target, backup);
        s.backup = backup; // only once moved: a failed move leaves the original where it is
      }
      renameSync(s.temp, s.target);
      s.moved = true;
    }
  } catch (e) {
    for (const s of staged.reverse()) {
      rmSync(s.temp, { force: true });
      if (s.moved) rmSync(s.target, { force: true });
      if (s.backup && existsSync(s.backup)) renameSync(s.backup, s.target);
    }
    for (const d of createdDirs.sort((a, b) => b.length - a.length)) rmSync(d, { recursive: true, force: true });
    throw new CliError({ en: `writing failed, nothing was changed: ${(e as Error).message}`, zh: `写入失败，未改动任何文件：${(e as Error).message}` });
  }
  for (const s of staged) if (s.backup) rmSync(s.backup, { force: true });
}
