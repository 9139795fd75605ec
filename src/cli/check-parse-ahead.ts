/**
 * Parsing ahead of a check worker (check-worker.ts): a second worker parses each text the
 * checking worker's run will parse (checker plannedParses), in its order, and posts it as a
 * FlatTree, of which the checking worker makes its tree without WebAssembly (a tenth of a
 * parse). Parsing is about a third of a large check; it runs beside the judging, on the second
 * core, in a thread of its own with a small heap.
 *
 * The two workers share a port and a few counters. The parser posts at most AHEAD_KB of trees
 * the checker has not taken, and waits. The checker takes the trees in order and passes over those
 * its run does not ask for; a tree that does not come, or not of the same text (a file changed
 * between the two reads), it parses itself. When the parser is gone, for whatever reason, the main
 * thread marks the end: nothing waits on a thread that is not there.
 */
import { crc32 } from 'node:zlib';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { TreeSource } from '../checker/index.js';
import type { FlatTree, SyntaxNames, SyntaxTree } from '../checker/analysis/syntax-tree.js';

/** How far (KB of trees) the parser may run ahead of the checker: a few large files. */
const AHEAD_KB = 8192;
/**
 * The parser's heap: it holds one file's text and tree at a time. AGENTSCOPE_CHECK_PARSER_HEAP_MB
 * sets its old generation's (a test makes the parser run out with it).
 */
export function parserLimits(env: NodeJS.ProcessEnv): { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number; stackSizeMb: number } {
  const forced = Number(env.AGENTSCOPE_CHECK_PARSER_HEAP_MB);
  return { maxOldGenerationSizeMb: Number.isFinite(forced) && forced > 0 ? forced : 64, maxYoungGenerationSizeMb: 4, stackSizeMb: 1 };
}

/**
 * The shared counters: messages posted, KB of trees the checker took, the parser is gone, and the
 * size of the run's source (plus one; 0 until the checker has read it: it decides the plan).
 */
const POSTED = 0;
const TAKEN_KB = 1;
const ENDED = 2;
const CHARS = 3;
export const signalBytes = 4 * Int32Array.BYTES_PER_ELEMENT;

/** What the parser posts: the node names first, then each tree (null when the parser gave up on the text). */
type Message = { names: SyntaxNames } | { key: string; length: number; crc: number; flat: FlatTree | null };

/** The parser's job (its worker's workerData). */
export interface ParseJob {
  agentscopeParse: true;
  paths: string[];
  /** The run's context files and whole-text files (checker RunOptions), as the checker has them. */
  context: string[];
  wholeText?: string[];
  port: MessagePort;
  signal: SharedArrayBuffer;
}

const treeKey = (path: string, skeleton: boolean) => `${skeleton ? 'skeleton' : 'text'}:${path}`;
const kbOf = (m: Message) => ('flat' in m && m.flat ? Math.ceil(m.flat.words.byteLength / 1024) : 0);

/** The checker tells the parser how much source its run reads (sourceChars): the plan depends on it. */
export function startParsing(signal: SharedArrayBuffer, chars: number): void {
  const s = new Int32Array(signal);
  Atomics.store(s, CHARS, Math.min(chars, 0x7ffffffe) + 1);
  Atomics.notify(s, CHARS);
}

/** Marks the end of the trees (the main thread, once the parser's worker exited). */
export function endOfTrees(signal: SharedArrayBuffer): void {
  const s = new Int32Array(signal);
  Atomics.store(s, ENDED, 1);
  Atomics.add(s, POSTED, 1);
  Atomics.notify(s, POSTED);
}

/** The parser's work, in its worker: every planned text, parsed and posted in order, then the end. */
export async function parseAhead(job: ParseJob): Promise<void> {
  try {
    await parseAll(job);
  } finally {
    endOfTrees(job.signal);
  }
}

async function parseAll(job: ParseJob): Promise<void> {
  const [{ initJavaParser }, { plannedParses }, { flattenSyntax, syntaxNames }, { readTextBounded }] = await Promise.all([
    import('../checker/parser.js'),
    import('../checker/parse-plan.js'),
    import('../checker/analysis/syntax-tree.js'),
    import('../core/fsread.js'),
  ]);
  const signal = new Int32Array(job.signal);
  let postedKb = 0;
  const post = (m: Message) => {
    // counted before the transfer empties it
    postedKb += kbOf(m);
    job.port.postMessage(m, 'flat' in m && m.flat ? [m.flat.words.buffer as ArrayBuffer] : []);
    Atomics.add(signal, POSTED, 1);
    Atomics.notify(signal, POSTED);
  };
  // the WebAssembly compiles (V8's default tiers: the input is large) while the checker reads
  // every file: until then the parser knows not which plan it follows
  const compiling = initJavaParser();
  while (Atomics.load(signal, CHARS) === 0) Atomics.wait(signal, CHARS, 0);
  const chars = Atomics.load(signal, CHARS) - 1;
  const parser = await compiling;
  post({ names: syntaxNames(parser) });
  // each text read when it is parsed, not held (the checker holds them); one that cannot be read is the checker's to report
  const read = (path: string) => {
    try {
      return readTextBounded(path);
    } catch {
      return undefined;
    }
  };
  const plan = plannedParses(job.paths, read, chars, { context: new Set(job.context), wholeText: job.wholeText?.length ? new Set(job.wholeText) : undefined });
  for (let step = plan.next(); !step.done; ) {
    const { path, text, skeleton } = step.value;
    const flat = flattenSyntax(parser, text);
    post({ key: treeKey(path, skeleton), length: text.length, crc: crc32(text), flat });
    for (let taken = Atomics.load(signal, TAKEN_KB); postedKb - taken > AHEAD_KB; taken = Atomics.load(signal, TAKEN_KB)) Atomics.wait(signal, TAKEN_KB, taken);
    step = plan.next(flat?.hasError ?? false);
  }
}

/** In the checking worker: the trees parsed ahead, taken in order (RunOptions.trees). */
export class TreesAhead implements TreeSource {
  private readonly signal: Int32Array;
  private names: SyntaxNames | undefined;
  private ended = false;
  /** For AGENTSCOPE_CHECK_TRACE: trees taken, trees asked for that did not come, and the time spent waiting. */
  taken = 0;
  missed = 0;
  waitedMs = 0;

  constructor(
    private readonly port: MessagePort,
    signal: SharedArrayBuffer,
    private readonly fromFlat: (flat: FlatTree, names: SyntaxNames, text: string) => SyntaxTree,
  ) {
    this.signal = new Int32Array(signal);
  }

  /** The next tree posted, waiting for it; undefined once there are no more. */
  private next(): Extract<Message, { key: string }> | undefined {
    while (!this.ended) {
      // the count read before the port is: a message posted after it wakes the wait below
      const posted = Atomics.load(this.signal, POSTED);
      const got = receiveMessageOnPort(this.port);
      if (got) {
        const m = got.message as Message;
        Atomics.add(this.signal, TAKEN_KB, kbOf(m));
        Atomics.notify(this.signal, TAKEN_KB);
        if ('names' in m) this.names = m.names;
        else return m;
      } else if (Atomics.load(this.signal, ENDED)) this.ended = true;
      else {
        const t0 = performance.now();
        Atomics.wait(this.signal, POSTED, posted);
        this.waitedMs += performance.now() - t0;
      }
    }
    return undefined;
  }

  tree(path: string, text: string, skeleton: boolean): SyntaxTree | undefined {
    const key = treeKey(path, skeleton);
    // a tree this run does not ask for (of a file that did not parse) is passed over
    for (let m = this.next(); m; m = this.next()) {
      if (m.key !== key) continue;
      if (!m.flat || !this.names || m.length !== text.length || m.crc !== crc32(text)) break;
      this.taken++;
      return this.fromFlat(m.flat, this.names, text);
    }
    this.missed++;
    return undefined;
  }

  /** What the trace says of it. */
  describe(): string {
    return `${this.taken} tree(s) parsed ahead, ${this.missed} parsed here, ${(this.waitedMs / 1000).toFixed(1)} s waiting`;
  }
}
