/** Where a command writes; tests pass their own to capture output without a subprocess. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** True when both stdin and stdout are terminals and CI is not set: prompts are allowed. */
  interactive: boolean;
  color: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** `agentscope api X | head` closes the pipe early: that is the reader's choice, not an error. */
let epipeHandled = false;
function exitQuietlyOnEpipe(): void {
  if (epipeHandled) return;
  epipeHandled = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}

export function processIo(): Io {
  exitQuietlyOnEpipe();
  const env = process.env;
  const ci = Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';
  return {
    out: (t) => process.stdout.write(t.endsWith('\n') ? t : t + '\n'),
    err: (t) => process.stderr.write(t.endsWith('\n') ? t : t + '\n'),
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY) && !ci,
    color: Boolean(process.stdout.isTTY) && !env.NO_COLOR,
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
