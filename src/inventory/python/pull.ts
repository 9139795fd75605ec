import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PYTHON_EXTRACTOR } from './extractor-script.js';
import { PY_INVENTORY_FORMAT, type PyInventory, type PyModule } from './schema.js';

export class PythonPullError extends Error {}

export interface PythonPullOptions {
  version: string;
  /** The python executable whose pip downloads the wheel (default python3). */
  python?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

function run(python: string, args: string[], env: NodeJS.ProcessEnv | undefined, what: string): string {
  const r = spawnSync(python, args, { encoding: 'utf8', env, maxBuffer: 256 << 20 });
  if (r.error) throw new PythonPullError(`${what}: cannot run ${python}: ${r.error.message}`);
  if (r.status !== 0) {
    // pip's own words, without the index host
    const tail = `${r.stderr ?? ''}`.trim().split('\n').slice(-4).join('\n').replace(/https?:\/\/[^\s/]+/g, '<index>');
    throw new PythonPullError(`${what} failed (exit ${r.status}):\n${tail}`);
  }
  return r.stdout;
}

/** Extracts the API of a wheel already on disk (no network): the part tests re-run. */
export function extractWheel(wheel: string, version: string, python = 'python3', env?: NodeJS.ProcessEnv): PyInventory {
  const out = run(python, ['-c', PYTHON_EXTRACTOR, wheel], env, 'python extraction');
  const modules = (JSON.parse(out) as { modules: PyModule[] }).modules;
  const sha256 = createHash('sha256').update(readFileSync(wheel)).digest('hex');
  return { format: PY_INVENTORY_FORMAT, package: 'agentscope', version, wheel: { file: basename(wheel), sha256 }, modules };
}

/**
 * Downloads the official `agentscope` wheel of a version through the user's pip
 * (index, proxy and certificates from their pip configuration) into a temp dir, extracts it,
 * and removes the temp dir.
 */
export function pullPython(opts: PythonPullOptions): PyInventory {
  const python = opts.python ?? 'python3';
  const tmp = mkdtempSync(join(tmpdir(), 'agentscope-py-'));
  try {
    opts.log?.(`pip download --no-deps agentscope==${opts.version}`);
    run(python, ['-m', 'pip', 'download', '--no-deps', '--only-binary=:all:', '--disable-pip-version-check', '-q', '-d', tmp, `agentscope==${opts.version}`], opts.env, 'pip download');
    const wheel = readdirSync(tmp).find((f) => f.endsWith('.whl'));
    if (!wheel) throw new PythonPullError(`pip download left no wheel for agentscope==${opts.version}`);
    return extractWheel(join(tmp, wheel), opts.version, python, opts.env);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
