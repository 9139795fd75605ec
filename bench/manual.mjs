#!/usr/bin/env node
// Manual benchmark: builds the whole manual with `agentscope manual` (a new process, as users run
// it) for the pinned version, or for the inventory in --inventory-dir DIR (e.g. a 2.0.2 pull), and
// prints build time, page count and size; then the search latency per keystroke over the real
// index, in Node, with the very search code the page runs (src/manual/search.ts SEARCH_SOURCE).
// Targets (issue 14): build < 20 s on the full 2.0.2 inventory, search < 50 ms per keystroke.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, median, opt, root } from './_shared.js';

ensureBuilt();
const { prepareIndex, searchIndex } = await import(join(root, 'dist/src/manual/search.js'));
const invDir = opt('--inventory-dir');
const runs = Number(opt('--runs', '3'));
const out = join(mkdtempSync(join(tmpdir(), 'as-bench-manual-')), 'site');

const times = [];
const cpus = [];
let last;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(root, 'bin/agentscope.js'), 'manual', '--out', out, ...(invDir ? ['--inventory-dir', invDir] : [])], { encoding: 'utf8' });
  times.push(performance.now() - t0);
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    process.exit(1);
  }
  last = r.stdout.trim().split('\n')[0];
  const cpu = /\(([\d.]+) s CPU\)/.exec(last);
  if (cpu) cpus.push(Number(cpu[1]) * 1000);
}

let files = 0;
let bytes = 0;
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = join(d, n);
    const s = statSync(p);
    if (s.isDirectory()) walk(p);
    else {
      files++;
      bytes += s.size;
    }
  }
};
walk(out);
const indexBytes = statSync(join(out, 'assets/search-index.js')).size;
console.log(last);
console.log(`machine load average ${loadavg()[0].toFixed(1)} on ${(await import('node:os')).cpus().length} cores (figures scale with it)`);
console.log(`build (whole process, ${runs} runs): median ${(median(times) / 1000).toFixed(1)} s, min ${(Math.min(...times) / 1000).toFixed(1)} s; CPU time of the process (from start-up to the last file) median ${(median(cpus) / 1000).toFixed(1)} s  (target < 20 s for the full 2.0.2 inventory)`);
console.log(`size: ${files} files, ${(bytes / 1048576).toFixed(1)} MiB; search index ${(indexBytes / 1048576).toFixed(2)} MiB`);

const text = readFileSync(join(out, 'assets/search-index.js'), 'utf8');
const entries = JSON.parse(text.slice(text.indexOf('=') + 1, text.lastIndexOf(';')));
const t0 = performance.now();
const ix = prepareIndex(entries);
console.log(`search index: ${entries.length} entries, prepared in ${(performance.now() - t0).toFixed(1)} ms (once per page, on first focus)`);
for (const word of ['ToolResultBlock', 'ReActAgent#call', 'McpClientBuilder', 'tlrsltblk']) {
  const per = [];
  let top = '';
  for (let k = 1; k <= word.length; k++) {
    const q = word.slice(0, k);
    const reps = [];
    let hits;
    for (let r = 0; r < 5; r++) {
      const s = performance.now();
      hits = searchIndex(ix, q, 50);
      reps.push(performance.now() - s);
    }
    per.push(median(reps));
    if (k === word.length) top = hits[0] ? `${hits[0].entry[0]} (${hits[0].entry[1]}, tier ${hits[0].tier})` : 'no hit';
  }
  console.log(`search "${word}" typed key by key: max ${Math.max(...per).toFixed(2)} ms, median ${median(per).toFixed(2)} ms per keystroke; top hit ${top}  (target < 50 ms)`);
}
rmSync(join(out, '..'), { recursive: true, force: true });
