#!/usr/bin/env node
// Runs every benchmark script in bench/ in turn; each prints its own figures.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(here).filter((f) => f.endsWith('.mjs')).sort();
let failed = 0;
for (const s of scripts) {
  console.log(`\n=== bench/${s} ===`);
  const r = spawnSync(process.execPath, [join(here, s)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`bench/${s} exited with ${r.status}`);
  }
}
process.exitCode = failed ? 1 : 0;
