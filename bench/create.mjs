#!/usr/bin/env node
// Prints the wall time of `agentscope create --yes` (every file written, no Maven run) and of
// `agentscope gen tool` in that project, each beside create-vite's time for its own default
// template (vanilla-ts, non-interactive) measured in the same run, all as fresh `node`
// processes (what a user waits for).
//   node bench/create.mjs [--runs N]
// Needs a build (`npm run build`) for dist/ (built here if missing) and create-vite (a devDependency).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, median, opt, root } from './_shared.js';

const runs = Number(opt('--runs', '7'));

ensureBuilt();
const agentscope = join(root, 'bin', 'agentscope.js');
const createVite = join(root, 'node_modules', 'create-vite', 'index.js');
if (!existsSync(createVite)) {
  console.error('create-vite is not installed (npm install --include=dev)');
  process.exit(1);
}

const env = { ...process.env, NO_COLOR: '1', LANG: 'en_US.UTF-8' };
delete env.CI;

/** Runs one command with stdin closed; returns milliseconds, fails loudly on a non-zero exit. */
function timed(argv, cwd) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) {
    console.error(`failed (${r.status}): node ${argv.join(' ')}\n${r.stdout}\n${r.stderr}`);
    process.exit(1);
  }
  return ms;
}

function countFiles(dir) {
  let n = 0;
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    n += statSync(p).isDirectory() ? countFiles(p) : 1;
  }
  return n;
}

const min = (xs) => Math.min(...xs);

const work = mkdtempSync(join(tmpdir(), 'as-bench-create-'));
const t = { create: [], vite: [], gen: [], viteForGen: [] };
let createdFiles = 0;
let genFiles = 0;
let viteFiles = 0;
try {
  // one warm-up of each so the first sample does not pay for a cold disk cache
  timed([agentscope, 'create', 'warm', '--yes'], work);
  timed([createVite, 'warm-vite', '--template', 'vanilla-ts', '--no-interactive'], work);
  for (let i = 0; i < runs; i++) {
    // alternate the order so neither tool always runs second
    const pair = [
      () => t.create.push(timed([agentscope, 'create', `app${i}`, '--yes'], work)),
      () => t.vite.push(timed([createVite, `vite${i}`, '--template', 'vanilla-ts', '--no-interactive'], work)),
    ];
    if (i % 2) pair.reverse();
    pair.forEach((f) => f());
    const before = countFiles(join(work, `app${i}`));
    createdFiles = before;
    const pairGen = [
      () => t.gen.push(timed([agentscope, 'gen', 'tool', 'WeatherTool'], join(work, `app${i}`))),
      () => t.viteForGen.push(timed([createVite, `vite-g${i}`, '--template', 'vanilla-ts', '--no-interactive'], work)),
    ];
    if (i % 2) pairGen.reverse();
    pairGen.forEach((f) => f());
    genFiles = countFiles(join(work, `app${i}`)) - before;
    viteFiles = countFiles(join(work, `vite${i}`));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const fmt = (xs) => `median ${median(xs).toFixed(0).padStart(5)} ms   min ${min(xs).toFixed(0).padStart(5)} ms`;
console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}; ${runs} runs each, fresh processes, stdin closed`);
console.log(`agentscope create --yes           ${fmt(t.create)}   (${createdFiles} files, formatted + checked, no Maven)`);
console.log(`create-vite --template vanilla-ts ${fmt(t.vite)}   (${viteFiles} files)`);
console.log(`agentscope gen tool WeatherTool   ${fmt(t.gen)}   (${genFiles} files + pom check)`);
console.log(`create-vite --template vanilla-ts ${fmt(t.viteForGen)}   (same run, paired with gen)`);
console.log(`ratio create/create-vite ${(median(t.create) / median(t.vite)).toFixed(1)}x, gen/create-vite ${(median(t.gen) / median(t.viteForGen)).toFixed(1)}x (medians)`);
