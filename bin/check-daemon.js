'use strict';
/**
 * The client of the check daemon (src/cli/check-daemon.ts), and its entry point. A check of a
 * normal project is mostly start-up: loading the checker, reading the inventory, compiling the
 * parser, running cold code. After a second check within the idle time in the same cache
 * directory, a daemon is started in the background; later checks send it their arguments,
 * directory and environment over a Unix socket and print its answer, which is what the same check
 * in this process would print. Whenever the daemon is not there, busy, or fails, the check runs
 * in this process as before.
 *
 * Off on Windows, when CI is set, with AGENTSCOPE_NO_DAEMON=1, and with `--no-daemon`. The socket
 * is in <cache>/daemon, a directory only its owner can enter; a directory that is not is not used.
 * CommonJS and small: this runs before anything else of a check.
 */
const { closeSync, constants, lstatSync, mkdirSync, openSync, statSync, utimesSync } = require('node:fs');
const { join } = require('node:path');
const { cacheRoot } = require('./cache-root.js');

/** Unix sockets' paths are limited (104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 100;
const DEFAULT_IDLE_MS = 10 * 60_000;
/** The daemon acknowledges a connection at once (src/cli/check-daemon.ts); one that does not is busy or stuck. */
const ACK = 0x2b; // '+'
const ACK_MS = 1_000;
const RESTART_MS = 60_000;

const truthy = (v) => Boolean(v) && v !== '0' && v !== 'false';

/** FNV-1a of `text`, in hex: a short name for what a daemon runs (zlib's crc32 would load zlib and streams). */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

function idleMs(env) {
  const n = Number(env.AGENTSCOPE_CHECK_DAEMON_IDLE_MS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_IDLE_MS;
}

/** True when `dir` is a directory (not a link) of this user that no one else can enter. */
function isPrivateDir(dir) {
  const st = lstatSync(dir, { throwIfNoEntry: false });
  return Boolean(st) && st.isDirectory() && st.uid === process.getuid() && (st.mode & 0o077) === 0;
}

/**
 * Where this check's daemon listens: one per cache directory, bundle (size and time: a new
 * release is another daemon) and Node; undefined when the daemon is off for this run.
 */
function daemonPlan(bundle, argv, env) {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return undefined;
  if (truthy(env.AGENTSCOPE_NO_DAEMON) || truthy(env.CI) || argv.includes('--no-daemon')) return undefined;
  let st;
  try {
    st = statSync(bundle);
  } catch {
    return undefined;
  }
  const dir = join(cacheRoot(env), 'daemon');
  const key = hash(`${st.size}:${st.mtimeMs}:${process.version}:${process.arch}`);
  const socket = join(dir, `check-${key}.sock`);
  return socket.length <= MAX_SOCKET_PATH ? { dir, socket } : undefined;
}

/**
 * The daemon's answer to this check: { code, output, pid }, { busy: true }, { missing: true } when
 * no daemon listens, or {} when it failed.
 */
function askDaemon(plan, argv, env) {
  if (!isPrivateDir(plan.dir)) return Promise.resolve({ missing: true });
  let request;
  try {
    request = JSON.stringify({ argv, cwd: process.cwd(), env, stdoutTTY: require('node:tty').isatty(1) });
  } catch {
    return Promise.resolve({});
  }
  return new Promise((resolve) => {
    const socket = require('node:net').connect(plan.socket);
    const chunks = [];
    let settled = false;
    const done = (v) => {
      if (settled) return;
      settled = true;
      resolve(v);
    };
    const silent = setTimeout(() => {
      done({});
      socket.destroy();
    }, ACK_MS);
    socket.on('connect', () => socket.end(request));
    socket.on('data', (c) => {
      clearTimeout(silent);
      chunks.push(c);
    });
    socket.on('error', (e) => {
      clearTimeout(silent);
      done(e.code === 'ENOENT' || e.code === 'ECONNREFUSED' ? { missing: true } : {});
    });
    socket.on('close', () => {
      clearTimeout(silent);
      try {
        const answer = Buffer.concat(chunks);
        if (answer[0] !== ACK) throw new Error('no acknowledgement');
        const r = JSON.parse(answer.subarray(1).toString('utf8'));
        done(r && (r.busy === true || (Number.isInteger(r.code) && Array.isArray(r.output))) ? r : {});
      } catch {
        done({});
      }
    });
  });
}

/** Sets `file`'s time to `now`; returns its time before, or undefined when it did not exist. */
function touch(file, now) {
  const before = statSync(file, { throwIfNoEntry: false });
  if (before) utimesSync(file, now, now);
  else closeSync(openSync(file, constants.O_CREAT | constants.O_WRONLY, 0o600));
  return before?.mtimeMs;
}

/**
 * After a check in this process that found no daemon: starts one when the previous such check in
 * this cache directory was within the idle time (a one-off check starts nothing), and notes this one.
 * A daemon started less than RESTART_MS ago and not there now could not listen (a file system
 * without sockets, say): none is started again before then.
 */
function afterLocalCheck(plan, bundle, env) {
  try {
    mkdirSync(plan.dir, { recursive: true, mode: 0o700 });
    if (!isPrivateDir(plan.dir)) return;
    const now = new Date();
    const last = touch(join(plan.dir, 'last-check'), now);
    if (last === undefined || now.getTime() - last > idleMs(env)) return;
    const started = statSync(join(plan.dir, 'last-start'), { throwIfNoEntry: false });
    if (started && now.getTime() - started.mtimeMs < RESTART_MS) return;
    touch(join(plan.dir, 'last-start'), now);
    const child = require('node:child_process').spawn(process.execPath, [__filename, plan.socket, bundle, String(idleMs(env))], { cwd: plan.dir, detached: true, stdio: 'ignore', env });
    child.on('error', () => {});
    child.unref();
  } catch {
    // a read-only cache directory: every check runs in its own process, as without the daemon
  }
}

module.exports = { afterLocalCheck, askDaemon, daemonPlan };

if (require.main === module) {
  // the daemon itself: node bin/check-daemon.js SOCKET BUNDLE IDLE_MS
  const [socket, bundle, idle] = process.argv.slice(2);
  process.title = 'agentscope-check-daemon';
  require('./code-cache.js').loadBundle(bundle).exports.serveChecks(socket, bundle, Number(idle) || DEFAULT_IDLE_MS);
}
