import { join, resolve } from 'node:path';
import type { Io } from '../../core/io.js';
import { parseCommandArgs } from '../args.js';
import { CliError, UsageError } from '../../core/errors.js';
import { INVENTORY_DIR } from '../../core/paths.js';
import { cacheRoot } from '../../core/cache-dir.js';
import { PYTHON_EDITION_VERSION } from '../../inventory/python/schema.js';
import { PythonPullError, pullPython } from '../../inventory/python/pull.js';
import { savePyInventory } from '../../inventory/python/store.js';

const HELP = `Usage: agentscope inventory pull-python [version] [--out DIR] [--python EXE]

Downloads the official agentscope wheel of a version with your pip (pip download --no-deps;
your pip configuration applies), extracts its modules, classes, functions, signatures with
defaults, async-ness and docstrings with file:line by parsing it with Python's ast (the package
is never imported), and writes inventory.json.gz + manifest.json. Version ${PYTHON_EDITION_VERSION} (the
default, the one the manual documents) goes to inventory/python/${PYTHON_EDITION_VERSION}/, others to the user
cache. Two extractions of the same wheel are byte-identical.

Options:
  --out DIR      write into DIR instead
  --python EXE   the python whose pip and ast are used (default python3)
  -h, --help     show this help`;

/** The default location of a Python edition's inventory. */
export function pyInventoryDir(version: string, env: NodeJS.ProcessEnv): string {
  return version === PYTHON_EDITION_VERSION ? join(INVENTORY_DIR, 'python', version) : join(cacheRoot(env), 'inventory', 'python', version);
}

export async function pullPythonCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('inventory pull-python', argv, {
    out: { type: 'string' },
    python: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`expected at most one version, got ${positionals.join(' ')}`, 'see `agentscope inventory pull-python --help`');
  const version = positionals[0] ?? PYTHON_EDITION_VERSION;
  if (!/^\d+(\.\d+)*([.-]?\w+)?$/.test(version)) throw new UsageError(`invalid version "${version}"`, 'a PyPI version such as 2.0.11');
  const dir = values.out ? resolve(io.cwd, values.out) : pyInventoryDir(version, io.env);
  let inv;
  try {
    inv = pullPython({ version, python: values.python, env: io.env, log: (l) => io.err(l) });
  } catch (e) {
    if (e instanceof PythonPullError) throw new CliError(e.message, 1, 'needs python3 with pip, and access to the package index your pip uses');
    throw e;
  }
  const m = savePyInventory(dir, inv);
  io.out(
    [
      `agentscope ${version} (Python, ${m.wheel.file}): ${m.counts.modules} modules (${m.counts.publicPackages} public packages), ${m.counts.classes} classes, ${m.counts.functions} functions, ${m.counts.methods} methods`,
      `wrote ${dir}`,
    ].join('\n'),
  );
  return 0;
}
