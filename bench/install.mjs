#!/usr/bin/env node
// What a user waits for and gets from the published package, beside create-vite, in one run:
//   - both packed with `npm pack` (this checkout after `npm run build`; create-vite from node_modules)
//   - each installed from its tarball into an empty prefix with an empty cache, offline and without
//     install scripts: installed size and package count
//   - `npm exec --package=<tarball>` of each creating a project, every run with a new empty cache,
//     as interleaved pairs (every other pair reversed): the median of each and their ratio
//   node bench/install.mjs [--runs N] [--no-build]
// Targets: installed size <= 12 MB, 1 package, npm exec within 2x of create-vite's.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, opt, root } from './_shared.js';

const runs = Number(opt('--runs', '5'));
const work = mkdtempSync(join(tmpdir(), 'agentscope-bench-install-'));
const env = { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
delete env.CI;

const npm = (args, cwd) => execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** `npm pack` of this checkout into the work folder (its scripts off: dist/ is built first); returns the tarball. */
function packOurs() {
  const name = npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', work, root], work).trim().split('\n').pop();
  return join(work, name);
}

/**
 * create-vite's tarball again from node_modules, which holds exactly the files it was published
 * with (npm pack of a folder inside node_modules leaves out its template folders).
 */
function packVite() {
  const dir = join(root, 'node_modules', 'create-vite');
  if (!existsSync(dir)) throw new Error('create-vite is not installed (npm ci)');
  const staging = fresh('vite-src');
  cpSync(dir, join(staging, 'package'), { recursive: true });
  const tarball = join(work, 'create-vite.tgz');
  execFileSync('tar', ['-czf', tarball, '-C', staging, 'package']);
  return tarball;
}

/** Bytes and package count of an installed node_modules tree (a package: a folder with a package.json in node_modules or in a scope there). */
function footprint(dir, parent = 'node_modules') {
  let bytes = 0;
  let packages = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      const isPackageDir = (parent === 'node_modules' || parent === 'scope') && existsSync(join(p, 'package.json'));
      const sub = footprint(p, e.name === 'node_modules' ? 'node_modules' : parent === 'node_modules' && e.name.startsWith('@') ? 'scope' : '');
      bytes += sub.bytes;
      packages += sub.packages + (isPackageDir ? 1 : 0);
    } else if (e.isFile()) bytes += statSync(p).size;
  }
  return { bytes, packages };
}

let n = 0;
const fresh = (what) => {
  const dir = join(work, `${what}-${n++}`);
  mkdirSync(dir);
  return dir;
};

/** Installs a tarball globally into an empty prefix with an empty cache, offline, no scripts. */
function install(tarball) {
  const prefix = fresh('prefix');
  npm(['install', '-g', '--prefix', prefix, '--cache', fresh('cache'), '--offline', '--ignore-scripts', tarball], work);
  return footprint(join(prefix, 'lib', 'node_modules'));
}

/** One `npm exec` with a new empty cache in a new folder, which must then hold the project `demo`; milliseconds. */
function exec(tarball, bin, args) {
  const cwd = fresh('exec');
  const t0 = process.hrtime.bigint();
  const r = spawnSync('npm', ['exec', '--yes', '--cache', fresh('cache'), `--package=${tarball}`, '--', bin, ...args], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 || !existsSync(join(cwd, 'demo', bin === 'create-vite' ? 'package.json' : 'pom.xml'))) {
    throw new Error(`npm exec ${bin} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  return ms;
}

try {
  if (!process.argv.includes('--no-build')) {
    const b = spawnSync('npm', ['run', 'build'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (b.status !== 0) throw new Error('npm run build failed');
  }
  const ours = packOurs();
  const vite = packVite();
  const size = { ours: statSync(ours).size, vite: statSync(vite).size };
  const installed = { ours: install(ours), vite: install(vite) };

  const t = { ours: [], vite: [] };
  const runOurs = () => t.ours.push(exec(ours, 'create-agentscope-app', ['demo', '--yes']));
  const runVite = () => t.vite.push(exec(vite, 'create-vite', ['demo', '--template', 'vanilla-ts', '--no-interactive']));
  for (let i = 0; i < runs; i++) for (const f of i % 2 ? [runVite, runOurs] : [runOurs, runVite]) f();

  const mb = (b) => `${(b / 1e6).toFixed(2)} MB`;
  const ms = (xs) => `${Math.round(median(xs))} ms (${xs.map(Math.round).sort((a, b) => a - b).join(', ')})`;
  const ratio = median(t.ours) / median(t.vite);
  console.log(`npm exec --package=<tarball> with an empty cache, ${runs} interleaved pairs (median, all runs):`);
  console.log(`  create-agentscope-app demo --yes               ${ms(t.ours)}`);
  console.log(`  create-vite demo --template vanilla-ts         ${ms(t.vite)}`);
  console.log(`  ratio ${ratio.toFixed(2)}x (target <= 2x)`);
  console.log('installed from the tarball (npm i -g --offline --ignore-scripts, empty prefix and cache):');
  console.log(`  create-agentscope-app  ${installed.ours.packages} package(s), ${mb(installed.ours.bytes)} (tarball ${mb(size.ours)}; target: 1 package, <= 12 MB)`);
  console.log(`  create-vite            ${installed.vite.packages} package(s), ${mb(installed.vite.bytes)} (tarball ${mb(size.vite)})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
