/**
 * `check` of a large input in worker threads, each with a bounded heap: V8 lets a heap grow to
 * about four times what it holds before collecting when the process may use gigabytes, two times
 * or less under a limit of ~1 GB (docs/checker.md, Speed). Above WORKERS_BYTES of source, one
 * worker per two cores (at most MAX_WORKERS; workerCount) shares the files: each reads every file and
 * collects every declaration (pass 1: what any file may refer to), and judges only its own share
 * (pass 2; the other shares are context). The shares partition the files, so every finding comes
 * from exactly one worker; merged and sorted as one run sorts them, the report is the same
 * whatever the number of workers. A worker that runs out of its heap hands its share back to the
 * main thread, which has no such limit: a large project is never refused. One worker judging one
 * run has a second parsing ahead for it (check-parse-ahead.ts): the parsing, about a third of a
 * large check, then runs on another core.
 */
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, MessageChannel, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import type { SourceFile } from '../checker/files.js';
import type { Finding, RuleId } from '../checker/rules.js';
import type { TreeSource } from '../checker/index.js';
import { endOfTrees, parseAhead, parserLimits, signalBytes, startParsing, TreesAhead, type ParseJob } from './check-parse-ahead.js';
import type { Inventory } from '../inventory/schema.js';

/**
 * Above this many bytes of source (~13k lines) the check runs in workers: below, their start-up
 * (~0.35 s of CPU each: the program, the inventory, the parser) and the second pass 1 cost more
 * than a second core saves (measured: 360 KB of the official sources take 0.9 s of CPU in the main
 * thread, 1.2 s in two workers; 1.9 MB take 3.8 s and 5.2 s, ~2.6 s of it on each core).
 */
export const WORKERS_BYTES = 500_000;
/** Above this much source a machine with fewer than 4 cores still checks in a worker: a bounded heap holds the peak down. */
const ONE_WORKER_BYTES = 2_000_000;
/** More workers would each repeat pass 1 over every file and hold every declaration. */
const MAX_WORKERS = 2;
/** A worker's stack, as deep as the main thread's (V8's default limit, 984 KB). */
const WORKER_STACK_MB = 1;
/** One worker's old-generation limit: far above what a check holds (~110 MB for the official tree), low enough for V8 to collect early. */
const HEAP_MB = 768;
/**
 * With several workers each holds every declaration, so the limits are tighter: ~12 times the
 * source (256 MB for the official tree's 21 MB, which holds ~110 MB), and a small young generation
 * (4 MB; what it saves in memory costs ~5% more CPU). A worker that needs more hands its share back.
 */
const SHARED_HEAP_MB = (bytes: number) => Math.min(2048, Math.max(256, Math.round((12 * bytes) / 1048576)));
const SHARED_YOUNG_MB = 4;

/** One checker run: the version judging it, and the files that only lend their declarations. */
export interface CheckRun {
  version: string;
  context: string[];
  /** This run only confirms the one before it (a version between two inventories: inventory/nearest.ts). */
  confirms?: boolean;
}

/** What one worker does: read `paths` (every file, in order), and judge the files of `share` in every run. */
interface Job {
  agentscopeCheck: true;
  paths: string[];
  share: string[];
  runs: CheckRun[];
  env: NodeJS.ProcessEnv;
  rules?: RuleId[];
  /** Files pass 1 must read whole (RunOptions.wholeText). */
  wholeText?: string[];
  /** Where the trees parsed ahead arrive (check-parse-ahead.ts), if they do. */
  ahead?: { port: MessagePort; signal: SharedArrayBuffer };
}

/** A worker's answer: each run's findings (in report order), and the version of each run's inventory. */
interface Answer {
  findings: Finding[][];
  versions: string[];
  /** With AGENTSCOPE_CHECK_TRACE: what the worker's heap held at the end. */
  trace?: string;
}

/**
 * How many workers check `bytes` of source: AGENTSCOPE_CHECK_WORKERS when set (0: in the main
 * thread), else none for a small input, else one per two cores up to MAX_WORKERS. A check keeps
 * ~1.4 cores busy (its thread, and V8's garbage collector and WebAssembly compiler threads), and
 * a second worker runs pass 1 over every file again: on 2 cores two workers take as long as one
 * (the official tree: 18.6-23.2 s against 18.9-19.3 s) with ~30-60% more CPU and ~80 MB more memory.
 */
export function workerCount(bytes: number, env: NodeJS.ProcessEnv): number {
  const forced = env.AGENTSCOPE_CHECK_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced.trim())) return Number(forced);
  const workers = Math.min(MAX_WORKERS, Math.floor(availableParallelism() / 2));
  if (workers > 1) return bytes > WORKERS_BYTES ? workers : 0;
  return bytes > ONE_WORKER_BYTES ? 1 : 0;
}

/** The size of each file on disk (0 when it cannot be read: it is then reported, not parsed). */
export function fileSizes(paths: string[]): number[] {
  return paths.map((p) => {
    try {
      return statSync(p).size;
    } catch {
      return 0;
    }
  });
}

/**
 * `paths` cut into `n` runs of consecutive files of about the same size to judge (a file only
 * lent in every run weighs nothing): consecutive, so the files of one Maven module stay together
 * and share the inventory's view of that module. Deterministic: the same input, the same shares.
 */
function shares(paths: string[], sizes: number[], runs: CheckRun[], n: number): string[][] {
  const lentEverywhere = runs.reduce<Set<string> | undefined>((acc, r) => {
    const c = new Set(r.context);
    return acc ? new Set([...acc].filter((p) => c.has(p))) : c;
  }, undefined);
  const weight = paths.map((p, i) => (lentEverywhere?.has(p) ? 0 : sizes[i] + 1));
  const total = weight.reduce((a, b) => a + b, 0);
  const out: string[][] = Array.from({ length: n }, () => []);
  let acc = 0;
  paths.forEach((p, i) => {
    // the share whose part of the total the middle of this file falls in
    const k = Math.min(n - 1, Math.floor(((acc + weight[i] / 2) * n) / Math.max(1, total)));
    out[k].push(p);
    acc += weight[i];
  });
  return out;
}

/**
 * Every run's findings of the files in `share` (all files when undefined), judged with all of
 * `sources` read for their declarations; in report order. Used by the workers and by the main
 * thread (a small input, or a share handed back).
 */
export function checkShare(
  checker: typeof import('../checker/index.js'),
  sources: SourceFile[],
  inventories: Inventory[],
  runs: CheckRun[],
  rules: Set<RuleId> | undefined,
  share?: ReadonlySet<string>,
  wholeText?: readonly string[],
  trees?: TreeSource,
): Finding[][] {
  const others = share ? sources.map((f) => f.path).filter((p) => !share.has(p)) : [];
  const whole = wholeText?.length ? new Set(wholeText) : undefined;
  return runs.map((r, i) => {
    const found = checker.checkSourcesSync(sources, inventories[i], { rules, project: {}, context: new Set([...r.context, ...others]), wholeText: whole, trees });
    return share ? found.filter((f) => share.has(f.file)) : found;
  });
}

/**
 * One report out of several runs' findings, each in report order: what a single check in one
 * thread reports. A confirming run keeps of the run before it what it reports too, and adds nothing.
 */
export function mergeRuns(checker: typeof import('../checker/index.js'), parts: Finding[][][], runs: CheckRun[]): Finding[] {
  const perRun = runs.map((_, i) => (parts.length === 1 ? parts[0][i] : checker.sortFindings(parts.flatMap((p) => p[i]))));
  runs.forEach((r, i) => {
    if (!r.confirms || i === 0) return;
    perRun[i - 1] = checker.confirmedFindings(perRun[i - 1], perRun[i]);
    perRun[i] = [];
  });
  const kept = perRun.filter((f) => f.length);
  return kept.length > 1 ? checker.sortFindings(kept.flat()) : (kept[0] ?? []);
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

/** A worker's heap limits for `bytes` of source in `n` workers; AGENTSCOPE_CHECK_WORKER_HEAP_MB sets the old generation's (a test makes a worker run out with it). */
function heapLimits(env: NodeJS.ProcessEnv, bytes: number, n: number): { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb?: number } {
  const forced = Number(env.AGENTSCOPE_CHECK_WORKER_HEAP_MB);
  const old = Number.isFinite(forced) && forced > 0 ? forced : n > 1 ? SHARED_HEAP_MB(bytes) : HEAP_MB;
  return n > 1 ? { maxOldGenerationSizeMb: old, maxYoungGenerationSizeMb: SHARED_YOUNG_MB } : { maxOldGenerationSizeMb: old };
}

/**
 * One worker's answer; undefined when it ran out of its heap, cannot start or failed otherwise
 * (no inventory for a version, say): the caller then checks that share in the main thread, which
 * reports any such failure as the command always does. AGENTSCOPE_CHECK_DEBUG=1 rethrows other failures.
 */
function runWorker(job: Job, resourceLimits: ReturnType<typeof heapLimits>, entry: string): Promise<Answer | undefined> {
  return new Promise((resolve, reject) => {
    // the main thread's stack (V8's ~1 MB, where a worker has 4): a file nested too deeply to be
    // judged is the same finding wherever it is checked, so the report never depends on the split
    const w = new Worker(entry, { workerData: job, transferList: job.ahead ? [job.ahead.port] : [], resourceLimits: { ...resourceLimits, stackSizeMb: WORKER_STACK_MB }, stdout: false, stderr: false });
    let result: Answer | undefined;
    w.once('message', (m: Answer) => (result = m));
    w.once('error', (e: Error & { code?: string }) => (e.code !== 'ERR_WORKER_OUT_OF_MEMORY' && job.env.AGENTSCOPE_CHECK_DEBUG ? reject(e) : resolve(undefined)));
    w.once('exit', () => resolve(result));
  });
}

/**
 * The check of `paths` in `n` workers, each judging its share. Resolves to each worker's answer,
 * undefined for a share whose worker ran out of its heap or could not start.
 */
export function checkInWorkers(
  paths: string[],
  sizes: number[],
  runs: CheckRun[],
  env: NodeJS.ProcessEnv,
  rules: Set<RuleId> | undefined,
  n: number,
  wholeText?: string[],
): { shares: string[][]; answers: Promise<(Answer | undefined)[]> } {
  const cut = shares(paths, sizes, runs, n);
  const limits = heapLimits(env, sizes.reduce((a, b) => a + b, 0), n);
  const entry = entryFile();
  if (!entry) return { shares: cut, answers: Promise.resolve(cut.map(() => undefined)) };
  // one worker judging one run: a second one parses for it (AGENTSCOPE_CHECK_PARSE_AHEAD=0: not)
  if (n === 1 && runs.length === 1 && env.AGENTSCOPE_CHECK_PARSE_AHEAD !== '0') {
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(signalBytes);
    const job: ParseJob = { agentscopeParse: true, paths, context: runs[0].context, wholeText, port: port1, signal };
    const parser = new Worker(entry, { workerData: job, transferList: [port1], resourceLimits: parserLimits(env), stdout: false, stderr: false });
    // gone, whatever the reason: the checking worker parses what did not come
    parser.once('error', () => undefined);
    parser.once('exit', () => endOfTrees(signal));
    const answer = runWorker({ agentscopeCheck: true, paths, share: cut[0], runs, env, rules: rules && [...rules], wholeText, ahead: { port: port2, signal } }, limits, entry);
    return { shares: cut, answers: answer.finally(() => parser.terminate()).then((a) => [a]) };
  }
  const answers = Promise.all(cut.map((share) => runWorker({ agentscopeCheck: true, paths, share, runs, env, rules: rules && [...rules], wholeText }, limits, entry)));
  return { shares: cut, answers };
}

/** Runs the job when this program was started as a check worker (check-main.ts calls it first). */
export async function runIfCheckWorker(): Promise<boolean> {
  if (isMainThread) return false;
  if ((workerData as ParseJob | undefined)?.agentscopeParse) {
    await parseAhead(workerData as ParseJob);
    return true;
  }
  const job = workerData as Job | undefined;
  if (!job?.agentscopeCheck) return false;
  const [{ initJavaParser }, { loadInventoryAsync }, checker, { readSources, sourceChars }, { syntaxFromFlat }] = await Promise.all([
    import('../checker/parser.js'),
    import('../inventory/store.js'),
    import('../checker/index.js'),
    import('../checker/files.js'),
    import('../checker/analysis/syntax-tree.js'),
  ]);
  const t0 = performance.now();
  // the worker reads the files itself: the main thread never holds their text
  const sources = readSources(job.paths);
  if (job.ahead) startParsing(job.ahead.signal, sourceChars(sources));
  const trees = job.ahead && new TreesAhead(job.ahead.port, job.ahead.signal, syntaxFromFlat);
  // parsing ahead, the worker's own parser only parses what did not arrive: compiled lazily
  const [, inventories] = await Promise.all([initJavaParser(trees ? undefined : sourceChars(sources)), Promise.all(job.runs.map((r) => loadInventoryAsync(r.version, job.env)))]);
  const rules = job.rules && new Set(job.rules);
  const share = job.share.length === job.paths.length ? undefined : new Set(job.share);
  const answer: Answer = { findings: checkShare(checker, sources, inventories, job.runs, rules, share, job.wholeText, trees), versions: inventories.map((i) => i.version) };
  if (job.env.AGENTSCOPE_CHECK_TRACE) {
    const v8 = await import('node:v8');
    const h = v8.getHeapStatistics();
    const mb = (n: number) => Math.round(n / 1048576);
    answer.trace = `${((performance.now() - t0) / 1000).toFixed(1)} s${trees ? ` (${trees.describe()})` : ''}; heap at the end ${mb(h.used_heap_size)} MB used of ${mb(h.total_heap_size)} MB (limit ${mb(h.heap_size_limit)} MB), external ${mb(h.external_memory)} MB`;
  }
  parentPort!.postMessage(answer);
  return true;
}
