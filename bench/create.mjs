#!/usr/bin/env node
// Prints, in one run, the wall time of `agentscope create --yes` (every file written, git init, no
// Maven run) and of `agentscope gen tool` in that project, each beside create-vite's time for its
// own default template (vanilla-ts, non-interactive) measured as interleaved pairs, and the wall
// time of `agentscope --version`. All are fresh `node` processes (what a user waits for).
// NODE_EXTRA_CA_CERTS makes every Node start read a CA bundle (~40 ms on some machines): when it is
// set, every figure is printed twice, with it (as the user's shell has it) and without it.
//   node bench/create.mjs [--runs N]
// Needs a build (`npm run build`) for dist/ (built here if missing) and create-vite (a devDependency).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, median, opt, root } from './_shared.js';

const runs = Number(opt('--runs', '7'));

ensureBuilt();
const agentscope = join(root, 'bin', 'agentscope.js');
const createVite = join(root, 'node_modules', 'create-vite', 'index.js');
if (!existsSync(createVite)) {
  console.error('create-vite is not installed (npm install --include=dev)');
  process.exit(1);
}

const baseEnv = { ...process.env, NO_COLOR: '1', LANG: 'en_US.UTF-8' };
delete baseEnv.CI;

/** Runs one command with stdin closed; returns milliseconds, fails loudly on a non-zero exit. */
function timed(argv, cwd, env) {
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

/** Runs the pairs in order, every other pair reversed so neither tool always runs second. */
function pair(i, a, b) {
  const fs = [a, b];
  if (i % 2) fs.reverse();
  fs.forEach((f) => f());
}

function measure(env, label) {
  const work = mkdtempSync(join(tmpdir(), 'as-bench-create-'));
  const t = { create: [], vite: [], gen: [], viteForGen: [], version: [], nodeStart: [] };
  const counts = { create: 0, gen: 0, vite: 0 };
  try {
    // one warm-up of each so the first sample does not pay for a cold disk cache
    timed([agentscope, 'create', 'warm', '--yes'], work, env);
    timed([createVite, 'warm-vite', '--template', 'vanilla-ts', '--no-interactive'], work, env);
    timed([agentscope, '--version'], work, env);
    for (let i = 0; i < runs; i++) {
      pair(
        i,
        () => t.create.push(timed([agentscope, 'create', `app${i}`, '--yes'], work, env)),
        () => t.vite.push(timed([createVite, `vite${i}`, '--template', 'vanilla-ts', '--no-interactive'], work, env)),
      );
      const before = countFiles(join(work, `app${i}`));
      counts.create = before;
      pair(
        i,
        () => t.gen.push(timed([agentscope, 'gen', 'tool', 'WeatherTool'], join(work, `app${i}`), env)),
        () => t.viteForGen.push(timed([createVite, `vite-g${i}`, '--template', 'vanilla-ts', '--no-interactive'], work, env)),
      );
      counts.gen = countFiles(join(work, `app${i}`)) - before;
      counts.vite = countFiles(join(work, `vite${i}`));
      pair(
        i,
        () => t.version.push(timed([agentscope, '--version'], work, env)),
        () => t.nodeStart.push(timed(['-e', '0'], work, env)),
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const fmt = (xs) => `median ${median(xs).toFixed(0).padStart(5)} ms   min ${Math.min(...xs).toFixed(0).padStart(5)} ms`;
  console.log(`\n${label}`);
  console.log(`  agentscope create --yes           ${fmt(t.create)}   (${counts.create} files incl. .git, no Maven)`);
  console.log(`  create-vite --template vanilla-ts ${fmt(t.vite)}   (${counts.vite} files)`);
  console.log(`  agentscope gen tool WeatherTool   ${fmt(t.gen)}   (${counts.gen} files + AgentFactory wired + pom check)`);
  console.log(`  create-vite --template vanilla-ts ${fmt(t.viteForGen)}   (same run, paired with gen)`);
  console.log(`  agentscope --version              ${fmt(t.version)}   (target: under 100 ms)`);
  console.log(`  node -e 0                         ${fmt(t.nodeStart)}   (Node's own start, for scale)`);
  console.log(`  ratio create/create-vite ${(median(t.create) / median(t.vite)).toFixed(1)}x, gen/create-vite ${(median(t.gen) / median(t.viteForGen)).toFixed(1)}x (medians; target: within 2x)`);
}

console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}; ${runs} interleaved pairs each, fresh processes, stdin closed; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
if (baseEnv.NODE_EXTRA_CA_CERTS) {
  measure(baseEnv, `with NODE_EXTRA_CA_CERTS=${baseEnv.NODE_EXTRA_CA_CERTS} (as this shell has it)`);
  const without = { ...baseEnv };
  delete without.NODE_EXTRA_CA_CERTS;
  measure(without, 'without NODE_EXTRA_CA_CERTS');
} else measure(baseEnv, 'NODE_EXTRA_CA_CERTS not set');
