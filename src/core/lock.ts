import { closeSync, existsSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors.js';
import { processAlive, recoverInterruptedWrites } from './write.js';

/**
 * One writer per project at a time: `.agentscope.lock` in the project root, made with O_EXCL,
 * holding the owner's pid and host. A second run (gen, upgrade --write, create into an existing
 * folder, the MCP server's writes) waits for it briefly, then refuses with a clear message; a
 * lock whose process is gone (killed) is stale and taken over. Around plan and write together,
 * so two runs are serialized and each plans on what the other wrote.
 */
export const LOCK_FILE = '.agentscope.lock';
const DEFAULT_WAIT_MS = 15_000;
const POLL_MS = 50;
/** A lock file without a readable owner (being written, or from another host) is stale after this. */
const UNOWNED_STALE_MS = 60_000;

function waitMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env.AGENTSCOPE_LOCK_WAIT_MS);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_WAIT_MS;
}

interface Owner {
  pid: number;
  host: string;
}

function readOwner(file: string): Owner | undefined {
  try {
    const [pid, host] = readFileSync(file, 'utf8').split('\n');
    const n = Number(pid);
    return Number.isInteger(n) && n > 0 ? { pid: n, host: host ?? '' } : undefined;
  } catch {
    return undefined;
  }
}

function isStale(file: string): boolean {
  const owner = readOwner(file);
  if (owner && owner.host === hostname()) return !processAlive(owner.pid);
  try {
    return Date.now() - statSync(file).mtimeMs > UNOWNED_STALE_MS;
  } catch {
    return false; // gone meanwhile: the next attempt takes it
  }
}

function tryTake(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    throw new CliError({ en: `cannot lock the project (${file}: ${code ?? (e as Error).message})`, zh: `无法锁定项目（${file}：${code ?? (e as Error).message}）` });
  }
  try {
    writeSync(fd, `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`);
  } catch (e) {
    closeSync(fd);
    unlinkSync(file);
    throw new CliError({ en: `cannot lock the project (${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing was written`, zh: `无法锁定项目（${file}：${(e as NodeJS.ErrnoException).code ?? (e as Error).message}）；未写入任何文件` });
  }
  closeSync(fd);
  return true;
}

function release(file: string): void {
  if (readOwner(file)?.pid !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {
    // gone already
  }
}

/**
 * Runs `fn` holding the project's lock (nothing to lock when `root` does not exist yet: a new
 * folder is created by one rename, which two runs cannot both win). Writes a killed run left
 * half-done are finished or undone first.
 */
export async function withProjectLock<T>(root: string, fn: () => Promise<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  if (!existsSync(root)) return fn();
  const file = join(root, LOCK_FILE);
  const deadline = Date.now() + waitMs(env);
  for (;;) {
    if (tryTake(file)) break;
    if (isStale(file)) {
      try {
        unlinkSync(file);
      } catch {
        // another run took it over first
      }
      continue;
    }
    if (Date.now() >= deadline) {
      const owner = readOwner(file);
      throw new CliError(
        { en: `another agentscope run${owner ? ` (pid ${owner.pid})` : ''} is writing this project (${file}); nothing was written`, zh: `另一个 agentscope 进程${owner ? `（pid ${owner.pid}）` : ''}正在写入此项目（${file}）；未写入任何文件` },
        1,
        { en: `run the command again when it has finished; if no such run exists, delete ${file}`, zh: `请等它结束后重新运行；若并无此进程，请删除 ${file}` },
      );
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const onExit = () => release(file);
  process.on('exit', onExit);
  try {
    recoverInterruptedWrites(root);
    return await fn();
  } finally {
    process.off('exit', onExit);
    release(file);
  }
}
