/**
 * The check daemon: a process that stays after `agentscope check` has been run a few times, so the
 * next checks skip Node's start-up of the checker, the bundle's load and its cold code (a check of
 * a normal project is mostly those). bin/check-daemon.js decides when to start it and is its
 * client; this is the server, in the check bundle.
 *
 * A request is one client's check: its arguments, working directory, environment and whether its
 * stdout is a terminal. The daemon runs the same command (commands/check.ts) on an Io that records
 * the output, with the client's directory and environment in place, and answers with the exit code
 * and the output in order; the client prints it. One check at a time: a client that finds the
 * daemon busy checks in its own process. Between checks, an inventory whose file changed (a pull)
 * is read again (inventory/store.ts); the sources are read by every check, as always.
 *
 * It ends when idle for the time its client gives (AGENTSCOPE_CHECK_DAEMON_IDLE_MS, default 10 minutes), when its socket is
 * removed or taken over (the cache directory was deleted, another daemon started), when the
 * bundle it runs changed, and after a check that left it large.
 */
import { createServer, connect, type Socket } from 'node:net';
import { statSync, unlinkSync } from 'node:fs';
import { forgetChangedInventories } from '../inventory/store.js';
import { initJavaParser } from '../checker/parser.js';
import { rememberTrees } from '../checker/index.js';
import { run } from './commands/check.js';
import { runOnIo } from './entry.js';
import type { Io } from '../core/io.js';

/** What a client sends (one JSON text, then it ends its side). */
interface Request {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  stdoutTTY: boolean;
}

/** The answer: the exit code and the output, each piece with its stream (1 stdout, 2 stderr), or busy. */
type Reply = { code: number; output: [1 | 2, string][]; pid: number; ms: number } | { busy: true };

/** The first byte of every answer (bin/check-daemon.js waits for it a second at most). */
const ACK = '+';
/** Above this resident size after a check the daemon ends (a check of a large tree grows the parser's memory for good). */
const MAX_RSS_BYTES = 512 << 20;
const WATCH_MS = 2_000;

/** The file's identity, to notice it was replaced or removed (`contents`: its size and time too). */
function identity(path: string, contents = false): string | undefined {
  const st = statSync(path, { throwIfNoEntry: false });
  return st && (contents ? `${st.ino}:${st.size}:${st.mtimeMs}` : `${st.ino}`);
}

/** The client's environment in place of this process's (a check reads settings from both io.env and process.env). */
function useEnv(env: Record<string, string>): void {
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
}

function isRequest(x: unknown): x is Request {
  const r = x as Request;
  return typeof r === 'object' && r !== null && Array.isArray(r.argv) && r.argv.every((a) => typeof a === 'string') && typeof r.cwd === 'string' && typeof r.env === 'object' && r.env !== null && typeof r.stdoutTTY === 'boolean';
}

async function answer(req: Request): Promise<Reply> {
  const t0 = performance.now();
  const output: [1 | 2, string][] = [];
  const line = (t: string) => (t.endsWith('\n') ? t : `${t}\n`);
  useEnv(req.env);
  const home = process.cwd();
  process.chdir(req.cwd);
  try {
    const io: Io = {
      out: (t) => output.push([1, line(t)]),
      err: (t) => output.push([2, line(t)]),
      interactive: false,
      color: req.stdoutTTY && !process.env.NO_COLOR,
      cwd: req.cwd,
      env: process.env,
    };
    forgetChangedInventories(io.env);
    const code = await runOnIo(run, req.argv, io);
    return { code, output, pid: process.pid, ms: Math.round(performance.now() - t0) };
  } finally {
    process.chdir(home);
  }
}

/**
 * Reads one request from `socket`, answers it, and closes. The answer is preceded by ACK, sent at
 * once: a client that does not get it soon knows this process is busy (a check runs synchronously)
 * or stuck, and checks in its own process.
 */
function serveOne(socket: Socket, state: { busy: boolean }, done: (bigAfter: boolean) => void): void {
  socket.write(ACK);
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => socket.destroy());
  socket.on('end', () => {
    const send = (r: Reply) => socket.end(JSON.stringify(r));
    if (socket.destroyed) return;
    let req: unknown;
    try {
      req = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      socket.destroy();
      return;
    }
    if (!isRequest(req)) {
      socket.destroy();
      return;
    }
    if (state.busy) {
      send({ busy: true });
      return;
    }
    state.busy = true;
    answer(req).then(send, () => socket.destroy()).finally(() => {
      state.busy = false;
      done(process.memoryUsage.rss() > MAX_RSS_BYTES);
    });
  });
}

/**
 * Serves checks on the Unix socket `socketPath` until one of the ends above. `bundle` is the file
 * this code was loaded from (a new release in its place ends the daemon); `idleMs` how long it
 * waits for a check.
 */
export function serveChecks(socketPath: string, bundle: string, idleMs: number): void {
  const state = { busy: false };
  let idle: NodeJS.Timeout | undefined;
  let socketId: string | undefined;
  const bundleId = identity(bundle, true);
  const end = () => {
    server.close();
    // only our own socket file: another daemon's stays
    if (socketId !== undefined && identity(socketPath) === socketId) unlinkSync(socketPath);
    process.exit(0);
  };
  const rearm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => (state.busy ? rearm() : end()), idleMs);
  };
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    rearm();
    serveOne(socket, state, (big) => {
      rearm();
      if (big) end();
    });
  });
  let retried = false;
  server.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EADDRINUSE' || retried) process.exit(0);
    retried = true;
    // a live daemon answers: it serves, this one ends; a dead one's file is removed and taken
    const probe = connect(socketPath);
    probe.on('connect', () => {
      probe.destroy();
      process.exit(0);
    });
    probe.on('error', () => {
      try {
        unlinkSync(socketPath);
      } catch {
        // gone already
      }
      server.listen(socketPath);
    });
  });
  server.listen(socketPath, () => {
    socketId = identity(socketPath);
    rearm();
    setInterval(() => {
      if (state.busy) return;
      if (identity(socketPath) !== socketId || identity(bundle, true) !== bundleId) end();
    }, WATCH_MS);
  });
  // compiled with V8's default tiering: a process that lives for many checks gains from optimised code
  void initJavaParser();
  // a file not changed since the last check is not parsed again
  rememberTrees();
}
