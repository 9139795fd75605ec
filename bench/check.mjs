#!/usr/bin/env node
// Prints the checker's throughput (lines/second) and its wall time beside `mvn -o -q compile`
// on the same small Maven project (tests/fixtures/checker/javac-project, AgentScope 2.0.0).
//   node bench/check.mjs [--runs N] [--project DIR]
// Needs a build (`npm run build`) for dist/, mvn + a JDK for the comparison, and the 2.0.0 jars
// in ~/.m2 (run `mvn dependency:go-offline` in the project once when online).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os, { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const runs = Number(opt('--runs', '5'));
if (!existsSync(join(root, 'dist', 'src', 'checker', 'index.js'))) {
  console.error('building dist/ (tsc) ...');
  spawnSync('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
}
const { checkSources, initJavaParser } = await import(join(root, 'dist', 'src', 'checker', 'index.js'));
const { loadInventory } = await import(join(root, 'dist', 'src', 'inventory', 'store.js'));
const inventory = loadInventory('2.0.0');

const project = opt('--project', undefined) ?? mkdtempSync(join(tmpdir(), 'as-bench-'));
if (!opt('--project', undefined)) cpSync(join(root, 'tests', 'fixtures', 'checker', 'javac-project'), project, { recursive: true });

function javaFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) javaFiles(p, out);
    else if (p.endsWith('.java')) out.push(p);
  }
  return out;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// 1. throughput on a large real corpus: the 2.0.0 sources of core + model extensions (in-process)
await initJavaParser();
const { unzipSync, strFromU8 } = await import('fflate');
const m2 = process.env.MAVEN_REPO ?? join(homedir(), '.m2', 'repository');
const big = [];
for (const a of ['agentscope-core', 'agentscope-extensions-model-openai', 'agentscope-extensions-model-anthropic']) {
  const jar = join(m2, 'io', 'agentscope', a, '2.0.0', `${a}-2.0.0-sources.jar`);
  if (!existsSync(jar)) continue;
  for (const [name, data] of Object.entries(unzipSync(readFileSync(jar), { filter: (f) => f.name.endsWith('.java') }))) big.push({ path: `${a}/${name}`, content: strFromU8(data) });
}
if (big.length) {
  const lines = big.reduce((n, f) => n + f.content.split('\n').length, 0);
  const times = [];
  for (let i = 0; i < Math.max(1, Math.min(runs, 3)); i++) {
    const t0 = performance.now();
    await checkSources(big, inventory);
    times.push(performance.now() - t0);
  }
  const ms = median(times);
  console.log(`throughput: ${big.length} files, ${lines} lines in ${ms.toFixed(0)} ms -> ${Math.round(lines / (ms / 1000))} lines/s (in-process, median of ${times.length})`);
}

// 2. wall time of `agentscope check` (a fresh process, as a user runs it) vs `mvn -o -q compile`
const files = [...javaFiles(join(project, 'src', 'main', 'java')), ...javaFiles(join(project, 'src', 'test', 'java'))];
const projLines = files.reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').length, 0);
const checkTimes = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(root, 'bin', 'agentscope.js'), 'check'], { cwd: project, encoding: 'utf8' });
  checkTimes.push(performance.now() - t0);
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    process.exit(1);
  }
}
const mvnTimes = [];
let mvnOk = true;
for (let i = 0; i < runs; i++) {
  rmSync(join(project, 'target'), { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync('mvn', ['-o', '-q', 'compile'], { cwd: project, encoding: 'utf8' });
  mvnTimes.push(performance.now() - t0);
  if (r.status !== 0) {
    mvnOk = false;
    console.error('mvn -o -q compile failed (run once online to fill ~/.m2):\n' + r.stdout + r.stderr);
    break;
  }
}
// CPU seconds (user+sys of the process tree) are less sensitive to a loaded machine than wall time
function cpuSeconds(cmd, cwd) {
  const r = spawnSync('bash', ['-c', `${cmd} >/dev/null 2>&1; times`], { cwd, encoding: 'utf8' });
  const lines = r.stdout.trim().split('\n');
  const sec = (t) => { const m = /(\d+)m([\d.]+)s/.exec(t); return m ? Number(m[1]) * 60 + Number(m[2]) : 0; };
  const [u, s2] = lines[lines.length - 1].split(/\s+/);
  return sec(u) + sec(s2);
}
const checkCpu = cpuSeconds(`'${process.execPath}' '${join(root, 'bin', 'agentscope.js')}' check`, project);
rmSync(join(project, 'target'), { recursive: true, force: true });
const mvnCpu = mvnOk ? cpuSeconds('mvn -o -q compile', project) : 0;
const c = median(checkTimes);
console.log(`project: ${project} (${files.length} files, ${projLines} lines)`);
console.log(`agentscope check (new process): median ${c.toFixed(0)} ms over ${runs} runs`);
if (mvnOk) {
  const m = median(mvnTimes);
  console.log(`mvn -o -q compile (clean target): median ${m.toFixed(0)} ms over ${runs} runs`);
  console.log(`speed-up: ${(m / c).toFixed(1)}x wall (target >= 20x); CPU time ${checkCpu.toFixed(2)} s vs ${mvnCpu.toFixed(2)} s = ${(mvnCpu / checkCpu).toFixed(1)}x`);
}
console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs (wall times grow with load)`);
if (!opt('--project', undefined)) rmSync(project, { recursive: true, force: true });
