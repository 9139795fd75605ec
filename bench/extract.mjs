#!/usr/bin/env node
// Extraction benchmark for the pinned version: reads the -sources.jars listed in
// inventory/<pin>/manifest.json from the local Maven repository (run `agentscope inventory pull`
// first so they are downloaded), times the extractor (compiled in dist/, `npm run build`),
// prints the inventory size raw and gzipped, and the time of a cold `agentscope api ToolResultBlock`.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist/src/inventory/extract/index.js');
if (!existsSync(dist)) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const { extractInventory } = await import(dist);
const pin = JSON.parse(readFileSync(join(root, 'inventory/pin.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(root, 'inventory', pin.version, 'manifest.json'), 'utf8'));

function localRepo() {
  const all = `${process.env.MAVEN_OPTS ?? ''} ${process.argv.slice(2).join(' ')}`;
  const m = /-Dmaven\.repo\.local=(\S+)/.exec(all);
  return m ? m[1] : join(homedir(), '.m2', 'repository');
}
const repo = localRepo();
const group = manifest.groupId.replace(/\./g, '/');
const jars = manifest.artifacts.map((a) => {
  const file = join(repo, group, a.artifactId, pin.version, `${a.artifactId}-${pin.version}-sources.jar`);
  if (!existsSync(file)) {
    console.error(`missing ${file}: run \`agentscope inventory pull ${pin.version}\` first`);
    process.exit(1);
  }
  return { artifactId: a.artifactId, bytes: new Uint8Array(readFileSync(file)) };
});

const runs = [];
let result;
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  result = await extractInventory(jars, { groupId: manifest.groupId, version: pin.version });
  runs.push(performance.now() - t0);
}
const json = JSON.stringify(result.inventory) + '\n';
const gz = gzipSync(Buffer.from(json), { level: 9 });
const files = manifest.artifacts.reduce((n, a) => n + a.javaFiles, 0);
console.log(`AgentScope Java ${pin.version}: ${jars.length} artifacts, ${files} .java files`);
console.log(`extraction: first (cold, incl. wasm load) ${runs[0].toFixed(0)} ms, warm ${Math.min(...runs.slice(1)).toFixed(0)} ms`);
console.log(`types ${result.inventory.types.length}, members ${result.members}, duplicates ${result.inventory.duplicatesResolved}, rejected files ${result.rejected}`);
console.log(`inventory size: raw ${(json.length / 1024).toFixed(1)} KiB, gzipped ${(gz.length / 1024).toFixed(1)} KiB`);

const bin = join(root, 'bin/agentscope.js');
const t0 = performance.now();
const api = spawnSync(process.execPath, [bin, 'api', 'ToolResultBlock'], { encoding: 'utf8' });
const ms = performance.now() - t0;
if (api.status === 0) {
  console.log(`cold \`agentscope api ToolResultBlock\`: ${ms.toFixed(0)} ms`);
} else {
  const why = (api.stderr || api.stdout || '').trim().split('\n')[0];
  console.log(`cold \`agentscope api ToolResultBlock\`: skipped (exit ${api.status}: ${why || 'no output'})`);
}
