#!/usr/bin/env node
// The documentation summaries the manual shows without a Chinese translation, as JSON ready to
// translate: `node scripts/i18n-todo.mjs py|java [--limit N]` (`npm run i18n:todo -- py`).
// Needs a build (`npm run build`): the pages are rendered with the manual's own code (dist/), and
// every summary it asks the translations for is recorded with its id and its exact English, so
// an `en` copied from here is byte-identical to what the manual compares. Printed on stdout:
//   { "<id>": { "en": "<English>", "zh": "" }, ... }
// (missing ids first, then stale ones: a translation whose `en` no longer matches); fill in `zh`
// and save it as a new file in inventory/i18n/. A count goes to stderr.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node scripts/i18n-todo.mjs py|java [--limit N]';

const { values, positionals } = parseArgs({ options: { limit: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const edition = positionals[0];
const limit = values.limit === undefined ? Infinity : Number(values.limit);
if (positionals.length !== 1 || !['py', 'java'].includes(edition) || !(limit >= 0) || !Number.isInteger(limit === Infinity ? 0 : limit)) {
  console.error(USAGE);
  process.exit(2);
}
if (!existsSync(join(root, 'dist', 'src', 'manual', 'i18n.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const load = (path) => import(pathToFileURL(join(root, 'dist', 'src', ...path.split('/'))).href);

const { Translations } = await load('manual/i18n.js');
const { INVENTORY_DIR } = await load('core/paths.js');

/** Translations that remember the English of every documentation text asked of them (the first one per id). */
class Recorder extends Translations {
  asked = new Map();
  /** Ids asked with more than one English text (only one can be current). */
  conflicts = new Map();

  doc(id, en) {
    if (!this.asked.has(id)) this.asked.set(id, en);
    else if (this.asked.get(id) !== en) (this.conflicts.get(id) ?? this.conflicts.set(id, new Set()).get(id)).add(en);
    return super.doc(id, en);
  }
}
const files = Translations.load(join(INVENTORY_DIR, 'i18n'));
const tr = new Recorder();
for (const [id, e] of files.entries) tr.entries.set(id, e);

if (edition === 'py') {
  const { PYTHON_EDITION_VERSION } = await load('inventory/python/schema.js');
  const { loadPyInventoryFrom } = await load('inventory/python/store.js');
  const { pyInventoryDir } = await load('cli/commands/inventory-pull-python.js');
  const { pyContext, pythonPages } = await load('manual/python.js');
  pythonPages(pyContext(loadPyInventoryFrom(pyInventoryDir(PYTHON_EDITION_VERSION, process.env)), tr));
} else {
  const { readPin } = await load('inventory/pin.js');
  const { findInventoryDir, loadInventoryFrom } = await load('inventory/store.js');
  const { History } = await load('manual/history.js');
  const { javaContext, javaPages } = await load('manual/java.js');
  const version = readPin().version;
  const dir = findInventoryDir(version, process.env);
  if (!dir) {
    console.error(`no inventory for AgentScope Java ${version}`);
    process.exit(1);
  }
  const java = loadInventoryFrom(dir);
  // the history only adds badges, never a summary: none is needed here
  javaPages(javaContext(java, tr, new History(java, [])));
}

const prefix = `${edition}:`;
const ids = [...tr.asked.keys()].filter((id) => id.startsWith(prefix));
const missing = ids.filter((id) => !tr.entries.get(id)?.zh);
const stale = ids.filter((id) => tr.entries.get(id)?.zh && tr.entries.get(id).en !== tr.asked.get(id));
const todo = [...missing, ...stale].slice(0, limit);
const out = Object.fromEntries(todo.map((id) => [id, { en: tr.asked.get(id), zh: '' }]));
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
console.error(`${edition}: ${ids.length} summaries, ${ids.length - missing.length - stale.length} translated, ${missing.length} missing, ${stale.length} stale; printed ${todo.length}`);
for (const [id, others] of tr.conflicts) {
  if (id.startsWith(prefix)) console.error(`note: ${id} is shown with ${others.size + 1} different English texts; only the first (printed) can be current`);
}
