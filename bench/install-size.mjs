#!/usr/bin/env node
// Installed footprint of the published package: `npm pack` this checkout, install the tarball
// into an empty prefix the way `npm install -g` would (production dependencies only), then count
// packages and bytes. Maintainer tools (plop, vitest, esbuild, ...) must not be in it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'agentscope-install-size-'));
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function walk(dir) {
  let bytes = 0;
  let packages = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isSymbolicLink()) continue;
    if (e.isDirectory()) {
      if (existsSync(join(p, 'package.json')) && /node_modules$/.test(dir)) packages++;
      const sub = walk(p);
      bytes += sub.bytes;
      packages += sub.packages;
    } else bytes += statSync(p).size;
  }
  return { bytes, packages };
}

try {
  const t0 = performance.now();
  const tarball = npm(['pack', '--silent', '--pack-destination', work], root).trim().split('\n').pop();
  npm(['install', '--prefix', join(work, 'prefix'), '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts', join(work, tarball)], work);
  const nm = join(work, 'prefix', 'node_modules');
  const { bytes, packages } = walk(nm);
  const own = walk(join(nm, 'create-agentscope-app'));
  const maintainerOnly = ['plop', 'vitest', 'esbuild', 'typescript', 'dependency-cruiser', 'playwright-core'].filter((p) => existsSync(join(nm, p)));
  console.log(`installed footprint of ${tarball} (production dependencies, as npm install -g would):`);
  console.log(`  ${packages} packages, ${(bytes / 1048576).toFixed(1)} MiB in all; the tool itself ${(own.bytes / 1048576).toFixed(1)} MiB`);
  console.log(`  maintainer-only packages present: ${maintainerOnly.length ? maintainerOnly.join(', ') : 'none'}`);
  console.log(`  (pack + install took ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
