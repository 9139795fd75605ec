#!/usr/bin/env node
// Prints the per-category tables of the mutation study of issue 11: official agentscope-core test
// code of the pinned version (decompiled from the tests jar, test classes moved to user packages),
// and agentscope-harness's tests of 2.0.2 from the corpus tarball when it is there,
// single-edit mutants per category, javac's verdict on each, and how many of the mutants javac
// rejects `agentscope check` reports on a line javac reports.
//   node bench/check-mutants.mjs [--version V]   (V needs inventory/V; default: the pinned version)
// The study itself is tests/checker/mutants/study.ts; this runs it through vitest (it is TypeScript).
import { spawnSync } from 'node:child_process';
import { opt, root } from './_shared.js';

const version = opt('--version', undefined);
const r = spawnSync('npx', ['vitest', 'run', 'tests/checker/mutants.test.ts'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 << 20,
  env: { ...process.env, ...(version ? { AGENTSCOPE_MUTANTS_VERSION: version } : {}), FORCE_COLOR: '0' },
});
const out = r.stdout + r.stderr;
// one table per corpus: agentscope-core's tests, then agentscope-harness's (when the corpus tarball is there)
const tables = [];
for (let start = out.indexOf('mutation study on'); start >= 0; start = out.indexOf('mutation study on', start + 1)) {
  const end = out.indexOf('\n', out.indexOf('javac (sites', start));
  if (end > start) tables.push(out.slice(start, end));
}
if (!tables.length) {
  console.error(out.slice(-4000));
  process.exit(1);
}
console.log(tables.join('\n\n'));
const missed = out.split('\n').filter((l) => l.startsWith('  missed '));
if (missed.length) console.log(`\nmissed (${missed.length}):\n${missed.join('\n')}`);
console.log(`\nthe test ${r.status === 0 ? 'passes' : 'fails'} (>= 95% per category, 0 errors on the unmutated files)`);
