#!/usr/bin/env node
// `agentscope inventory pull` wall time, in one run:
//   1. 2.0.2 with the warm local repository (~/.m2, or -Dmaven.repo.local in MAVEN_OPTS): the
//      `agentscope inventory pull` command as users run it (target < 20 s);
//   2. 2.0.0 with an EMPTY local repository (--mvn-arg=-Dmaven.repo.local=<new temp dir>): Maven
//      downloads its dependency plugin and the release over the network. 2.0.0, not 2.0.2, because
//      the Maven Central reachable here serves 2.0.0 but not 2.0.2 (2.0.2 is only in the seeded
//      local repository); the figure depends on the network;
//   3. 2.0.2 warm again, the previous way: one mvn process per artifact probe, 4 at a time
//      (pullInventory's internal `strategy: 'per-artifact'`, kept for this comparison).
// `--full` adds the previous way with an empty local repository (2.0.0; minutes); `--quick`
// leaves out the previous way altogether (it takes minutes, ~20 under a heavy load). Every pull
// must give the same bytes as the one-run pull of the same version; the script says if not.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, root } from './_shared.js';

ensureBuilt();
const { inventoryFiles } = await import('../dist/src/inventory/store.js');

const full = process.argv.includes('--full');
const quick = process.argv.includes('--quick');
const bin = join(root, 'bin', 'agentscope.js');
const pullJs = join(root, 'dist', 'src', 'inventory', 'pull.js');
const work = mkdtempSync(join(tmpdir(), 'bench-pull-'));
const TIME = '/usr/bin/time';

/** Runs one pull in a new process; returns seconds and the output dir. */
function pull(label, version, { emptyRepo = false, perArtifact = false } = {}) {
  const out = join(work, label);
  const repoArg = emptyRepo ? [`-Dmaven.repo.local=${mkdtempSync(join(work, 'repo-'))}`] : [];
  const argv = perArtifact
    ? ['--input-type=module', '-e', `const { pullInventory } = await import(${JSON.stringify(pullJs)});
       const r = await pullInventory({ version: ${JSON.stringify(version)}, out: ${JSON.stringify(out)}, args: ${JSON.stringify(repoArg)}, strategy: 'per-artifact' });
       console.log(\`resolution \${(r.resolveMs / 1000).toFixed(1)} s, extraction \${(r.extractMs / 1000).toFixed(2)} s\`);`]
    : [bin, 'inventory', 'pull', version, '--out', out, ...repoArg.map((a) => `--mvn-arg=${a}`)];
  // GNU time adds the CPU seconds of the pull and its mvn processes: on this shared machine the
  // wall time mostly measures the load of other work on the machine, the CPU time does not.
  const [cmd, pre] = existsSync(TIME) ? [TIME, ['-f', 'cpu %U %S', process.execPath]] : [process.execPath, []];
  const t0 = performance.now();
  const r = spawnSync(cmd, [...pre, ...argv], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  const s = (performance.now() - t0) / 1000;
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  if (r.status !== 0) {
    console.log(`${label}: failed (exit ${r.status})\n${r.stderr}`);
    process.exitCode = 1;
    return { s, out: undefined };
  }
  // The pull's own split, as the command prints it.
  const split = [/resolution [\d.]+ s, extraction [\d.]+ s/.exec(r.stdout)?.[0], cpu && `CPU ${(Number(cpu[1]) + Number(cpu[2])).toFixed(1)} s`].filter(Boolean).join(', ');
  return { s, out, split };
}

const same = (a, b) => {
  if (!a || !b) return false;
  const files = inventoryFiles(a);
  return files.join() === inventoryFiles(b).join() && files.every((f) => readFileSync(join(a, f)).equals(readFileSync(join(b, f))));
};
const manifestOf = (dir) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
const fmt = (s) => `${s.toFixed(1)} s`;

try {
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(`inventory pull (one mvn run per release unless noted; load average ${load()} on this machine)`);
  const warm = pull('warm-2.0.2', '2.0.2');
  if (warm.out) console.log(`  2.0.2, warm local repository, one run:       ${fmt(warm.s).padStart(8)}  (target < 20 s; ${manifestOf(warm.out).counts.artifacts} artifacts; ${warm.split})`);
  const cold = pull('cold-2.0.0', '2.0.0', { emptyRepo: true });
  if (cold.out) console.log(`  2.0.0, empty local repository, one run:      ${fmt(cold.s).padStart(8)}  (network; 2.0.2 is not served by Maven Central here; ${cold.split})`);
  const old = quick ? {} : pull('old-warm-2.0.2', '2.0.2', { perArtifact: true });
  if (old.out) console.log(`  2.0.2, warm local repository, per artifact:  ${fmt(old.s).padStart(8)}  (the previous way: one mvn per probe, 4 at a time; ${old.split})`);
  if (warm.out && old.out) console.log(`  one run is ${(old.s / warm.s).toFixed(1)}x faster warm; same bytes: ${same(warm.out, old.out) ? 'yes' : 'NO'}`);
  if (full) {
    const oldCold = pull('old-cold-2.0.0', '2.0.0', { emptyRepo: true, perArtifact: true });
    if (oldCold.out) console.log(`  2.0.0, empty local repository, per artifact: ${fmt(oldCold.s).padStart(8)}  (${oldCold.split}; same bytes as one run: ${same(cold.out, oldCold.out) ? 'yes' : 'NO'})`);
  }
  const committed = join(root, 'inventory', '2.0.0');
  if (warm.out && old.out && !same(warm.out, old.out)) process.exitCode = 1;
  if (cold.out && existsSync(committed)) {
    const ok = same(cold.out, committed);
    console.log(`  the empty-repository pull of 2.0.0 equals the committed inventory/2.0.0 byte for byte: ${ok ? 'yes' : 'NO'}`);
    if (!ok) process.exitCode = 1;
  }
  console.log(`  load average now ${load()}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
