'use strict';
/**
 * Runs a CommonJS bundle through a V8 code cache kept in the user's cache directory: what Node 22's
 * module.enableCompileCache() does, which Node 20 lacks. With the cache, the bundle's functions
 * arrive compiled instead of being parsed and compiled again on every run.
 *
 * V8 validates a cache itself (V8 version, flags, the source's length) and rejects a stale one,
 * but it trusts the bytes of one that looks current: a single flipped byte can crash the process,
 * and a bundle changed to one of the same length (a one-character fix in a new release) would run
 * the old bundle's compiled functions. So the file carries a header (magic, payload length, CRC-32
 * of the payload, CRC-32 of the bundle it was made from) checked before V8 sees it; a
 * missing, truncated, corrupted or rejected cache is rewritten after the run (a temp file unique
 * to the run, one rename, no temp left when the disk is full). A FIFO or device in its place is
 * not read. Failing to read or write it only costs speed.
 * AGENTSCOPE_NO_CODE_CACHE=1 turns it off.
 *
 * CommonJS on purpose (see bin/package.json): a CommonJS entry starts ~5 ms sooner than an ES module.
 */
const { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { crc32 } = require('node:zlib');
const { createRequire } = require('node:module');
const { basename, dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const { cacheRoot } = require('./cache-root.js');

/**
 * `use` names what the bundle is run for when one bundle serves several commands (`create`, `gen`):
 * each keeps the functions it runs, so `create` does not deserialize the checker `gen` compiled.
 */
function cacheFileFor(bundle, env = process.env, use = '') {
  return join(cacheRoot(env), 'code-cache', `${basename(bundle)}${use ? `-${use}` : ''}-${process.version}-${process.arch}.bin`);
}

const MAGIC = Buffer.from('ASC2');
const HEADER = 16; // magic, u32 length, u32 crc32 of the payload, u32 crc32 of the bundle's source
const MAX_CACHE_BYTES = 256 << 20;

/** The V8 cache data in `file`, or undefined when absent, not a regular file, not intact, or made from another source. */
function readCache(file, sourceCrc) {
  let fd;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return { data: undefined, present: false };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size < HEADER || st.size > MAX_CACHE_BYTES) return { data: undefined, present: true };
    const buf = Buffer.allocUnsafe(st.size);
    let off = 0;
    while (off < buf.length) {
      const n = readSync(fd, buf, off, buf.length - off, off);
      if (n === 0) break;
      off += n;
    }
    if (off !== buf.length || !buf.subarray(0, 4).equals(MAGIC)) return { data: undefined, present: true };
    const payload = buf.subarray(HEADER);
    if (buf.readUInt32LE(4) !== payload.length || buf.readUInt32LE(12) !== sourceCrc || buf.readUInt32LE(8) !== crc32(payload)) return { data: undefined, present: true };
    return { data: payload, present: true };
  } catch {
    return { data: undefined, present: true };
  } finally {
    closeSync(fd);
  }
}

function framed(data, sourceCrc) {
  const head = Buffer.alloc(HEADER);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(data.length, 4);
  head.writeUInt32LE(crc32(data), 8);
  head.writeUInt32LE(sourceCrc, 12);
  return Buffer.concat([head, data]);
}

/**
 * Loads `bundle`; returns its exports, whether V8 took the cache ('hit' | 'rejected' | 'none' |
 * 'off'), and save(), to call after the run so the cache holds every function that ran.
 */
function loadBundle(bundle, env = process.env, use = '') {
  const off = Boolean(env.AGENTSCOPE_NO_CODE_CACHE);
  const cacheFile = cacheFileFor(bundle, env, use);
  const text = readFileSync(bundle);
  const sourceCrc = crc32(text);
  const read = off ? { data: undefined, present: false } : readCache(cacheFile, sourceCrc);
  const cachedData = read.data;
  // __host_import: a vm.Script cannot run import() itself (Node 20 needs an experimental flag), so the
  // bundle's import() of what stays outside it (prettier, ES modules of dist/) comes here
  const source = `(function (exports, require, module, __filename, __dirname, __host_import) {${text.toString('utf8')}\n})`;
  const script = new Script(source, { filename: bundle, cachedData });
  const module = { exports: {} };
  const hostImport = (specifier) => import(specifier.startsWith('.') ? pathToFileURL(join(dirname(bundle), specifier)).href : specifier);
  script.runInThisContext().call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle), hostImport);
  const cache = off ? 'off' : cachedData === undefined ? (read.present ? 'rejected' : 'none') : script.cachedDataRejected ? 'rejected' : 'hit';
  return {
    exports: module.exports,
    cache,
    save() {
      if (cache === 'hit' || cache === 'off') return;
      const tmp = `${cacheFile}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
      try {
        mkdirSync(dirname(cacheFile), { recursive: true });
        writeFileSync(tmp, framed(script.createCachedData(), sourceCrc), { flag: 'wx' });
        renameSync(tmp, cacheFile);
      } catch {
        // a read-only or full cache directory: the next run compiles again, nothing else changes
        try {
          rmSync(tmp, { force: true });
        } catch {
          // nothing was made
        }
      }
    },
  };
}

module.exports = { cacheFileFor, loadBundle };
