/**
 * `check` of a large input in a worker thread with a bounded heap: V8 lets a heap grow to about
 * four times what it holds before collecting when the process may use gigabytes, two times or
 * less under a limit of ~1 GB; the check of the whole official 2.0.2 tree holds ~100 MB and
 * then peaks far lower (docs/checker.md, Speed). A worker that still runs out of its heap hands
 * the check back to the main thread, which has no such limit: a large project is never refused.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { SourceFile } from '../checker/files.js';
import type { Finding, RuleId } from '../checker/rules.js';

/** Above this many characters of source the check runs in a worker (below, start-up would dominate). */
export const WORKER_CHARS = 2_000_000;
/** The worker's old-generation limit: far above what a check holds, low enough for V8 to collect early. */
const HEAP_MB = 768;

/** One checker run: the version judging it, and the files that only lend their declarations. */
export interface CheckRun {
  version: string;
  context: string[];
}

interface Job {
  agentscopeCheck: true;
  sources: SourceFile[];
  runs: CheckRun[];
  env: NodeJS.ProcessEnv;
  rules?: RuleId[];
}

/**
 * This program's own file: the bundle (dist/check.cjs) or, built with tsc alone, check-main.js;
 * undefined when running from the TypeScript sources (a test), which then check in-process.
 */
function entryFile(): string | undefined {
  if (typeof __filename === 'string' && __filename.endsWith('.cjs')) return __filename;
  const js = fileURLToPath(new URL('./check-main.js', import.meta.url));
  return existsSync(js) ? js : undefined;
}

/** The findings of `sources` checked in a worker; undefined when the worker ran out of its heap or cannot start (the caller checks in-process). */
export function checkInWorker(sources: SourceFile[], runs: CheckRun[], env: NodeJS.ProcessEnv, rules: Set<RuleId> | undefined): Promise<Finding[] | undefined> {
  const entry = entryFile();
  if (!entry) return Promise.resolve(undefined);
  const job: Job = { agentscopeCheck: true, sources, runs, env, rules: rules && [...rules] };
  return new Promise((resolve, reject) => {
    const w = new Worker(entry, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB }, stdout: false, stderr: false });
    let result: Finding[] | undefined;
    w.once('message', (m: Finding[]) => (result = m));
    w.once('error', (e: Error & { code?: string }) => (e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve(undefined) : reject(e)));
    w.once('exit', () => resolve(result));
  });
}

/** Runs the job when this program was started as a check worker (check-main.ts calls it first). */
export async function runIfCheckWorker(): Promise<boolean> {
  const job = workerData as Job | undefined;
  if (isMainThread || !job?.agentscopeCheck) return false;
  const [{ initJavaParser }, { loadInventoryAsync }, checker, { sourceChars }] = await Promise.all([
    import('../checker/parser.js'),
    import('../inventory/store.js'),
    import('../checker/index.js'),
    import('../checker/files.js'),
  ]);
  const [, inventories] = await Promise.all([initJavaParser(sourceChars(job.sources)), Promise.all(job.runs.map((r) => loadInventoryAsync(r.version, job.env)))]);
  const rules = job.rules && new Set(job.rules);
  parentPort!.postMessage(job.runs.flatMap((r, i) => checker.checkSourcesSync(job.sources, inventories[i], { rules, project: {}, context: new Set(r.context) })));
  return true;
}
