import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global setup: every test process gets one fresh temp folder of its own as TMPDIR (the
 * forks inherit it, and os.tmpdir(), mkdtemp and the tools the tests start follow it). The
 * teardown fails the run when a test left anything in it, naming what, and removes it: no test
 * leaves anything in the system temp folder.
 */
export default function tempFolder(): () => void {
  const system = tmpdir();
  const dir = realpathSync(mkdtempSync(join(system, 'agentscope-tests-')));
  const saved = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
  process.env.TMPDIR = process.env.TMP = process.env.TEMP = dir;
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    // what the JVM and Chromium keep for themselves (caches, sockets) is theirs, not a test's leftover
    const left = readdirSync(dir).filter((name) => !/^(hsperfdata_|\.org\.chromium\.|\.com\.google\.Chrome|v8-compile-cache|node-compile-cache|\.X11-unix)/.test(name));
    rmSync(dir, { recursive: true, force: true });
    // vitest reports an error thrown here but keeps its exit code: set it so the run fails
    if (left.length) process.exitCode = 1;
    if (left.length) throw new Error(`tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in the temp folder: ${left.slice(0, 20).join(', ')}`);
  };
}
