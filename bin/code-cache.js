'use strict';
/**
 * Runs a CommonJS bundle through a V8 code cache kept in the user's cache directory: what Node 22's
 * module.enableCompileCache() does, which Node 20 lacks. With the cache, the bundle's functions
 * arrive compiled instead of being parsed and compiled again on every run.
 *
 * V8 validates a cache itself (V8 version, source, flags) and rejects a stale one; a missing or
 * rejected cache is rewritten after the run. Failing to read or write it only costs speed.
 * AGENTSCOPE_NO_CODE_CACHE=1 turns it off.
 *
 * CommonJS on purpose (see bin/package.json): a CommonJS entry starts ~5 ms sooner than an ES module.
 */
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { homedir } = require('node:os');
const { basename, dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

/** Same directory as src/core/cache-dir.ts (a test keeps the two in step). */
function cacheRoot(env) {
  return env.AGENTSCOPE_CLI_HOME ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'agentscope-cli');
}

/**
 * `use` names what the bundle is run for when one bundle serves several commands (`create`, `gen`):
 * each keeps the functions it runs, so `create` does not deserialize the checker `gen` compiled.
 */
function cacheFileFor(bundle, env = process.env, use = '') {
  return join(cacheRoot(env), 'code-cache', `${basename(bundle)}${use ? `-${use}` : ''}-${process.version}-${process.arch}.bin`);
}

/**
 * Loads `bundle`; returns its exports, whether V8 took the cache ('hit' | 'rejected' | 'none' |
 * 'off'), and save(), to call after the run so the cache holds every function that ran.
 */
function loadBundle(bundle, env = process.env, use = '') {
  const off = Boolean(env.AGENTSCOPE_NO_CODE_CACHE);
  const cacheFile = cacheFileFor(bundle, env, use);
  let cachedData;
  try {
    cachedData = off ? undefined : readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // __host_import: a vm.Script cannot run import() itself (Node 20 needs an experimental flag), so the
  // bundle's import() of what stays outside it (prettier, ES modules of dist/) comes here
  const source = `(function (exports, require, module, __filename, __dirname, __host_import) {${readFileSync(bundle, 'utf8')}\n})`;
  const script = new Script(source, { filename: bundle, cachedData });
  const module = { exports: {} };
  const hostImport = (specifier) => import(specifier.startsWith('.') ? pathToFileURL(join(dirname(bundle), specifier)).href : specifier);
  script.runInThisContext().call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle), hostImport);
  const cache = off ? 'off' : cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'hit';
  return {
    exports: module.exports,
    cache,
    save() {
      if (cache === 'hit' || cache === 'off') return;
      try {
        mkdirSync(dirname(cacheFile), { recursive: true });
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cacheFile);
      } catch {
        // a read-only or full cache directory: the next run compiles again, nothing else changes
      }
    },
  };
}

module.exports = { cacheFileFor, loadBundle };
