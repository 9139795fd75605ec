#!/usr/bin/env node
// Prints the wall time of `inventory diff <from> <to>` (diffInventories + text formatting, inventories
// already loaded) and of `upgrade --to <to>` in report mode (dry run) on the 1.0.9 fixture project
// (tests/fixtures/upgrade/app-1.0.9): median of N runs plus the first (cold) run.
//   node bench/upgrade.mjs [--runs N] [--from 1.0.9] [--to 2.0.0]
// Needs a build (`npm run build`) for dist/ and both inventories (shipped or pulled:
// `agentscope inventory pull 1.0.9`).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, median, opt, root } from './_shared.js';

const runs = Number(opt('--runs', '5'));
const from = opt('--from', '1.0.9');
const to = opt('--to', '2.0.0');
ensureBuilt();
const { loadInventory, findInventoryDir } = await import(join(root, 'dist', 'src', 'inventory', 'store.js'));
const { diffInventories } = await import(join(root, 'dist', 'src', 'diff', 'diff.js'));
const { formatDiff } = await import(join(root, 'dist', 'src', 'diff', 'format.js'));
const { planUpgrade } = await import(join(root, 'dist', 'src', 'upgrade', 'upgrade.js'));
const { formatReport } = await import(join(root, 'dist', 'src', 'upgrade', 'report.js'));
const { formatPlan } = await import(join(root, 'dist', 'generators', '_core', 'plan-output.js'));

for (const v of [from, to]) {
  if (!findInventoryDir(v)) {
    console.error(`no inventory for ${v}: run \`agentscope inventory pull ${v}\` first`);
    process.exit(1);
  }
}
const t0 = performance.now();
const a = loadInventory(from);
const b = loadInventory(to);
const loadMs = performance.now() - t0;

const time = async (fn) => {
  const ms = [];
  let out;
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    out = await fn();
    ms.push(performance.now() - s);
  }
  return { first: ms[0], median: median(ms), out };
};

const diff = await time(() => formatDiff(diffInventories(a, b), 'text'));
const project = mkdtempSync(join(tmpdir(), 'as-upgrade-bench-'));
cpSync(join(root, 'tests', 'fixtures', 'upgrade', 'app-1.0.9'), project, { recursive: true });
// what the dry run prints: the findings, then the plan with its diff
const upgrade = await time(async () => {
  const plan = await planUpgrade(project, a, b);
  return [...formatReport(plan, project), ...formatPlan(plan.tree.list(), { dryRun: true })].join('\n');
});
rmSync(project, { recursive: true, force: true });
const d = diffInventories(a, b);

console.log(`inventories: ${from} ${a.types.length} types, ${to} ${b.types.length} types (load ${loadMs.toFixed(0)} ms, gunzip + JSON.parse)`);
console.log(`diff ${from} -> ${to}: median ${diff.median.toFixed(1)} ms, first ${diff.first.toFixed(1)} ms over ${runs} runs (${d.changes.length} entries, ${diff.out.length} chars of text)`);
console.log(`upgrade --to ${to} (report only, fixture app-1.0.9): median ${upgrade.median.toFixed(1)} ms, first ${upgrade.first.toFixed(1)} ms over ${runs} runs (includes the diff, checker and scan)`);
