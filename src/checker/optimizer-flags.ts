/**
 * How much V8's optimising compiler (TurboFan) inlines while a large input is judged.
 *
 * By default TurboFan inlines callees worth up to 920 bytes of bytecode into each function it
 * optimises. The analyzer's functions are large and meet many shapes of input, so a large check
 * optimises them, deoptimises them on a shape not seen before and optimises them again, hundreds
 * of times. On the whole official tree that was ~11 s of the compiler threads' CPU beside ~13 s of
 * judging: on 2 cores it takes a core from the parser and the judging thread. Inlining only small
 * callees roughly halves that compile time, and the check's wall time drops by 15-20%
 * (docs/checker.md, Speed). A small input never keeps a function hot long enough to matter.
 *
 * The flag is process-wide: it is set for the length of a large run and set back to V8's default
 * after it, so what else the process runs (a long-lived check daemon's next small check, the MCP
 * server) is compiled as V8 would. Runs nest (a second run of the same check); only the outermost
 * sets it back. A process started with an inlining flag of its own is left alone.
 */
import { setFlagsFromString } from 'node:v8';

const LARGE_INPUT = '--max-inlined-bytecode-size-cumulative=100';
/** V8's own value (Node 20's V8, and long before it). */
const V8_DEFAULT = '--max-inlined-bytecode-size-cumulative=920';

let depth = 0;

const INLINING_FLAG = /^--(no-)?turbo[-_]inlining$|^--max[-_]inlined[-_]/;

function userSetsInlining(): boolean {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => INLINING_FLAG.test(a));
}

/** Runs `judge` with the large-input inlining limit when `large`; the flag is V8's own again afterwards. */
export function withOptimizerFor<T>(large: boolean, judge: () => T): T {
  if (!large || (depth === 0 && userSetsInlining())) return judge();
  if (depth++ === 0) setFlagsFromString(LARGE_INPUT);
  try {
    return judge();
  } finally {
    if (--depth === 0) setFlagsFromString(V8_DEFAULT);
  }
}
