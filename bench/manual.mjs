#!/usr/bin/env node
// Manual benchmark: builds the whole manual with `agentscope manual` (a new process, as users run
// it) for the pinned version, or for the inventory in --inventory-dir DIR (e.g. a 2.0.2 pull), and
// prints build time, page count and size; then the search latency per keystroke over the real
// index, in Node, with the very search code the page runs (src/manual/search.ts SEARCH_SOURCE),
// and in Debian's Chromium when /usr/bin/chromium exists (search + rendering of the list).
// Targets (issue 14): build < 20 s on the full 2.0.2 inventory, search < 50 ms per keystroke.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
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
for (const word of ['ToolResultBlock', 'ReActAgent#call', 'McpClientBuilder', 'tlrsltblk', 'middleware', '权限', '结构化输出']) {
  // 5 passes of typing the word key by key, each from an empty box (as a user would); per
  // keystroke the median of the passes
  const passes = [];
  let top = '';
  for (let pass = 0; pass < 5; pass++) {
    ix.lastQuery = '';
    ix.lastMatched = null;
    const per = [];
    for (let k = 1; k <= word.length; k++) {
      const s = performance.now();
      const hits = searchIndex(ix, word.slice(0, k), 30);
      per.push(performance.now() - s);
      if (k === word.length) top = hits[0] ? `${hits[0].entry[0]} (${hits[0].entry[1]}, tier ${hits[0].tier})` : 'no hit';
    }
    passes.push(per);
  }
  const per = passes[0].map((_, k) => median(passes.map((p) => p[k])));
  console.log(`search "${word}" typed key by key: worst keystroke ${Math.max(...per).toFixed(2)} ms, median ${median(per).toFixed(2)} ms; top hit ${top}  (target < 50 ms)`);
}
await browserLatency();
rmSync(join(out, '..'), { recursive: true, force: true });

/**
 * The same keystrokes in Debian's Chromium (when installed): the time from the input event to
 * the result list being rendered, measured inside the page (search + DOM update, synchronous).
 */
async function browserLatency() {
  const chromiumPath = '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    console.log(`browser search latency: skipped (${chromiumPath} absent)`);
    return;
  }
  const { chromium } = await import('playwright-core');
  const { pathToFileURL } = await import('node:url');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    await page.focus('#q');
    await page.waitForFunction(() => Boolean(window.AGENTSCOPE_MANUAL_INDEX));
    for (const word of ['ToolResultBlock', 'ReActAgent#call', 'tlrsltblk', '权限']) {
      // 1 warm-up pass, then 3 measured: per keystroke the fastest of the 3 (scheduling noise of a
      // loaded machine only ever adds time) and the median of the 3
      const passes = await page.evaluate((w) => {
        const input = document.getElementById('q');
        const list = document.getElementById('results');
        const all = [];
        for (let pass = 0; pass < 4; pass++) {
          const out = [];
          for (let k = 1; k <= w.length; k++) {
            input.value = w.slice(0, k);
            const t = performance.now();
            input.dispatchEvent(new Event('input'));
            void list.offsetHeight; // include the layout of the list
            out.push(performance.now() - t);
          }
          if (pass > 0) all.push(out);
        }
        return all;
      }, word);
      const best = passes[0].map((_, k) => Math.min(...passes.map((p) => p[k])));
      const med = passes[0].map((_, k) => median(passes.map((p) => p[k])));
      const top = await page.locator('#results li.active').textContent();
      console.log(`browser: "${word}" typed key by key (search + DOM + layout): worst keystroke ${Math.max(...best).toFixed(1)} ms (best of 3) / ${Math.max(...med).toFixed(1)} ms (median of 3), typical ${median(best).toFixed(1)} ms; top hit ${top}`);
    }
  } finally {
    await browser.close();
  }
}
