/**
 * Makes a version's inventory available: loads it if shipped or cached, otherwise pulls it
 * (the pull library from src/inventory/pull.ts when present, else the CLI in a subprocess).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Io } from '../cli/io.js';
import { CliError } from '../cli/errors.js';
import { PACKAGE_ROOT } from '../cli/paths.js';
import type { Inventory } from '../inventory/schema.js';
import { readPin } from '../inventory/pin.js';
import { cacheRoot, findInventoryDir, loadInventory } from '../inventory/store.js';

/** `pullInventory(opts)` of src/inventory/pull.ts (PullOptions: version, out, log, env, cwd, ...). */
type PullFn = (opts: { version: string; out?: string; log?: (line: string) => void; env?: NodeJS.ProcessEnv; cwd?: string }) => Promise<unknown>;

/** The pull library's entry point, when the module exists and exports one we recognise. */
async function pullLibrary(): Promise<PullFn | undefined> {
  const path = '../inventory/pull.js';
  let mod: Record<string, unknown>;
  try {
    mod = (await import(path)) as Record<string, unknown>;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module|Failed to load url|does not exist/i.test(String((e as Error).message))) return undefined;
    throw e;
  }
  return typeof mod.pullInventory === 'function' ? (mod.pullInventory as PullFn) : undefined;
}

export interface EnsureOptions {
  /** Progress messages go here (stderr). */
  io: Io;
}

/** Loads `version`'s inventory, pulling it first when neither shipped nor cached. */
export async function ensureInventory(version: string, { io }: EnsureOptions): Promise<Inventory> {
  if (findInventoryDir(version, io.env)) return loadInventory(version, io.env);
  io.err(`inventory ${version} not found locally; pulling it (mvn, Maven Central)...`);
  const pull = await pullLibrary();
  if (pull) {
    // The pinned version's inventory ships in inventory/<v>; any other version goes to the cache.
    const out = version === readPin().version ? undefined : join(cacheRoot(io.env), 'inventory', version);
    await pull({ version, out, env: io.env, cwd: io.cwd, log: (line) => io.err(line) });
  } else {
    const bin = join(PACKAGE_ROOT, 'bin', 'agentscope.js');
    if (!existsSync(join(PACKAGE_ROOT, 'dist', 'src', 'cli', 'main.js'))) {
      throw new CliError(`cannot pull ${version}: no pull library and the CLI is not built`, 1, 'run `npm run build`, then `agentscope inventory pull ' + version + '`');
    }
    const r = spawnSync(process.execPath, [bin, 'inventory', 'pull', version], { env: io.env, cwd: io.cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.stdout) io.err(r.stdout.trimEnd());
    if (r.status !== 0) {
      throw new CliError(`\`agentscope inventory pull ${version}\` failed (exit ${r.status})`, 1, (r.stderr ?? '').trim().split('\n').slice(-5).join('\n  '));
    }
  }
  if (!findInventoryDir(version, io.env)) throw new CliError(`pulling ${version} finished but wrote no inventory`);
  return loadInventory(version, io.env);
}
