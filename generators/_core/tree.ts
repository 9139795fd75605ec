import { lstatSync, realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { CliError } from '../../src/core/errors.js';
import { compareCodeUnits } from '../../src/core/files.js';
import { decodeText, encodeText, readFileBounded, UTF8, type TextEncoding } from '../../src/core/fsread.js';
import { writeFilesAtomically, type DiskExpectation } from '../../src/core/write.js';

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
  /** What each path was on disk when first read (bytes and encoding, or absent): the plan's basis. */
  private readonly disk = new Map<string, { bytes: Buffer; text: string; encoding: TextEncoding } | undefined>();

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
    return this.diskContent(norm(path));
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

  /**
   * The file on disk, read once: confined to the root (a symlink out of the project is refused),
   * bounded in size, never a FIFO or device, decoded in its own encoding (kept for the write).
   */
  private diskContent(p: string): string | undefined {
    if (!this.disk.has(p)) this.disk.set(p, readDisk(this.root, this.abs(p), p));
    return this.disk.get(p)?.text;
  }

  /** The bytes to write for each change, and what the disk held when planned (checked before writing). */
  planned(): { path: string; bytes: Buffer; expect: DiskExpectation }[] {
    return this.list()
      .filter((c) => c.kind !== 'unchanged')
      .map((c) => {
        const seen = this.disk.get(c.path);
        return { path: c.path, bytes: encodeText(c.content, seen?.encoding ?? UTF8, c.path), expect: seen ? { bytes: seen.bytes } : { absent: true as const } };
      });
  }
}

function realRootOf(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return resolve(root);
  }
}

/** undefined when nothing is there (or a directory is: the write refuses it with its own message). */
function readDisk(root: string, abs: string, p: string): { bytes: Buffer; text: string; encoding: TextEncoding } | undefined {
  let real: string;
  try {
    lstatSync(abs);
    real = realpathSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code === 'ELOOP') throw new CliError({ en: `${p} is a symlink loop; nothing was written`, zh: `${p} 是符号链接循环；未写入任何文件` });
    throw new CliError({ en: `${p}: cannot be read (${code ?? (e as Error).message}); nothing was written`, zh: `${p}：无法读取（${code ?? (e as Error).message}）；未写入任何文件` });
  }
  const realRoot = realRootOf(root);
  if (real !== realRoot && !real.startsWith(realRoot + sep)) {
    throw new CliError(
      { en: `refusing to use ${p}: it resolves to ${real}, outside ${realRoot} (through a symlink); nothing was written`, zh: `拒绝使用 ${p}：它（经由符号链接）指向 ${realRoot} 之外的 ${real}；未写入任何文件` },
      1,
      { en: 'agentscope reads and writes only inside the project; remove or replace the link', zh: 'agentscope 只在项目内读写；请删除或替换该链接' },
    );
  }
  let bytes: Buffer;
  try {
    bytes = readFileBounded(real);
  } catch (e) {
    if ((e as { problem?: string }).problem === 'special' && lstatSync(real).isDirectory()) return undefined;
    throw e;
  }
  return { bytes, ...decodeText(bytes, p) };
}

function norm(path: string): string {
  return path.split(sep).join('/').replace(/^\.\//, '');
}

/**
 * Writes every change of the tree so that either all land or none do, confined to the tree's
 * root, each file in its own encoding and mode, refused when a file changed since it was read
 * (src/core/write.ts).
 */
export function applyChanges(tree: Tree): FileChange[] {
  const todo = tree.list().filter((c) => c.kind !== 'unchanged');
  writeFilesAtomically(tree.root, tree.planned());
  return todo;
}
