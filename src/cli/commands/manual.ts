import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Io } from '../../core/io.js';
import { parseCommandArgs } from '../args.js';
import { CliError, UsageError } from '../../core/errors.js';
import { INVENTORY_DIR } from '../../core/paths.js';
import { readPin } from '../../inventory/pin.js';
import type { Inventory, Manifest } from '../../inventory/schema.js';
import { findInventoryDir, INVENTORY_FILE, loadInventoryFrom, readManifest } from '../../inventory/store.js';
import { seedVerdicts } from '../../api/verdicts.js';
import { PYTHON_EDITION_VERSION } from '../../inventory/python/schema.js';
import { loadPyInventoryFrom, PY_INVENTORY_FILE } from '../../inventory/python/store.js';
import { pyInventoryDir } from './inventory-pull-python.js';
import { generateManual, writeSite } from '../../manual/build.js';
import { Translations } from '../../manual/i18n.js';

const HELP = `Usage: agentscope manual [--out DIR] [--version V] [--inventory-dir DIR]

Generates the bilingual (中文 / English) API manual as a static site: HTML, CSS and JS only,
readable from file:// or any static host, byte-identical for the same inputs. It covers the
AgentScope Java inventory of a version (a page per package and per type, file:line on every
member, since / changed-in badges from the other inventories shipped with this tool), the
Python edition ${PYTHON_EDITION_VERSION} (inventory/python/), Maven coordinates, the seed-000 verdicts,
a coverage page and client-side search. Every internal link and anchor is checked; a broken
one fails the build and nothing is written.

Options:
  --out DIR             where to write the site (default: ./agentscope-manual); replaced as a whole,
                        so it must be empty, absent, or a manual written before
  --version V           the AgentScope Java version (default: the pinned one)
  --inventory-dir DIR   read that version's inventory.json.gz + manifest.json from DIR
  --python-dir DIR      read the Python inventory from DIR (default: inventory/python/${PYTHON_EDITION_VERSION})
  -h, --help            show this help

Exit codes: 0 written, 1 missing inventory or broken links, 2 bad usage.`;

/** Java inventories shipped with the tool (inventory/<version>/): the badges' history. */
function shippedVersions(): string[] {
  return readdirSync(INVENTORY_DIR).filter((d) => existsSync(join(INVENTORY_DIR, d, INVENTORY_FILE))).sort();
}

function isOurSiteOrEmpty(dir: string): boolean {
  if (!existsSync(dir)) return true;
  const names = readdirSync(dir);
  return names.length === 0 || (names.includes('index.html') && existsSync(join(dir, 'assets', 'search-index.js')));
}

export async function manualCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('manual', argv, {
    out: { type: 'string' },
    version: { type: 'string' },
    'inventory-dir': { type: 'string' },
    'python-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`, 'see `agentscope manual --help`');
  const t0 = performance.now();
  const pin = readPin();
  const out = resolve(io.cwd, values.out ?? 'agentscope-manual');
  if (!isOurSiteOrEmpty(out)) throw new UsageError(`${out} is not empty and is not a manual written before`, 'choose an empty or new directory with --out');

  let dir: string | undefined;
  if (values['inventory-dir']) {
    dir = resolve(io.cwd, values['inventory-dir']);
    if (!existsSync(join(dir, INVENTORY_FILE))) throw new CliError(`no ${INVENTORY_FILE} in ${dir}`);
  } else {
    const version = values.version ?? pin.version;
    dir = findInventoryDir(version, io.env);
    if (!dir) throw new CliError(`no inventory for AgentScope Java ${version}`, 1, `run \`agentscope inventory pull ${version}\` first`);
  }
  const java = loadInventoryFrom(dir);
  if (values.version && java.version !== values.version) throw new CliError(`${dir} holds ${java.version}, not ${values.version}`);
  const manifest: Manifest | undefined = existsSync(join(dir, 'manifest.json')) ? readManifest(dir) : undefined;
  const held: Inventory[] = shippedVersions()
    .filter((v) => v !== java.version)
    .map((v) => loadInventoryFrom(join(INVENTORY_DIR, v)));

  const pyDir = values['python-dir'] ? resolve(io.cwd, values['python-dir']) : pyInventoryDir(PYTHON_EDITION_VERSION, io.env);
  if (values['python-dir'] && !existsSync(join(pyDir, PY_INVENTORY_FILE))) throw new CliError(`no ${PY_INVENTORY_FILE} in ${pyDir}`);
  const python = existsSync(join(pyDir, PY_INVENTORY_FILE)) ? loadPyInventoryFrom(pyDir) : undefined;
  if (!python) io.err(`note: no Python inventory in ${pyDir}: the manual has no Python section (\`agentscope inventory pull-python\`)`);

  const tr = Translations.load(join(INVENTORY_DIR, 'i18n'));
  const site = generateManual({ java, manifest, held, python, tr, verdicts: seedVerdicts(java), target: pin.target });
  if (site.broken.length) {
    throw new CliError(`${site.broken.length} broken internal link(s); nothing written:\n${site.broken.slice(0, 20).map((b) => `  ${b.page}: ${b.href} (${b.reason})`).join('\n')}`);
  }
  writeSite(out, site.files);
  const bytes = [...site.files.values()].reduce((n, s) => n + Buffer.byteLength(s), 0);
  // CPU time beside wall time: on a shared machine the wall time mostly measures the queue
  const cpu = process.cpuUsage();
  io.out(
    `AgentScope Java ${java.version}${python ? ` + Python ${python.version}` : ''}: ${site.pages} pages, ${site.searchEntries} search entries, ` +
      `${(bytes / 1048576).toFixed(1)} MiB; links checked ${site.linksChecked}, broken 0; ${((performance.now() - t0) / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU)\nwrote ${out}`,
  );
  return 0;
}
