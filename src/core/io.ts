import { isatty } from 'node:tty';

/** Where a command writes; tests pass their own to capture output without a subprocess. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** True when both stdin and stdout are terminals and CI is not set: prompts are allowed. */
  interactive: boolean;
  color: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * Rewrites one status line on stderr ('' clears it); present only when stderr is a terminal
   * and CI is not set, for progress displays of steps that take seconds.
   */
  status?: (text: string) => void;
}

/** `agentscope api X | head` closes the pipe early: that is the reader's choice, not an error. */
function exitQuietlyOnEpipe(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (stream.listenerCount('error') === 0) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
  return stream;
}

/**
 * The process's streams, touched only when used: creating process.stdin (a file, pipe or
 * terminal stream) or a stream nothing is written to costs a cold `check` milliseconds.
 */
export function processIo(): Io {
  const env = process.env;
  const ci = Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';
  return {
    out: (t) => exitQuietlyOnEpipe(process.stdout).write(t.endsWith('\n') ? t : t + '\n'),
    err: (t) => exitQuietlyOnEpipe(process.stderr).write(t.endsWith('\n') ? t : t + '\n'),
    get interactive() {
      // isatty(0), not process.stdin.isTTY: creating the stdin stream costs ~7 ms, and it is
      // read only when a prompt is shown
      return isatty(0) && isatty(1) && !ci;
    },
    get color() {
      return Boolean(process.stdout.isTTY) && !env.NO_COLOR;
    },
    get status() {
      if (!isatty(2) || ci) return undefined;
      return (text: string) => exitQuietlyOnEpipe(process.stderr).write(`\r\x1b[2K${text}`);
    },
    cwd: process.cwd(),
    env,
  };
}

/** An Io that records everything, for tests and for embedding. */
export function memoryIo(cwd: string, env: NodeJS.ProcessEnv = {}): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (t) => stdout.push(t),
    err: (t) => stderr.push(t),
    interactive: false,
    color: false,
    cwd,
    env,
  };
}
