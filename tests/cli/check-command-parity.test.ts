/**
 * The command reports what the checker's API reports: each file of the 2.0.0 corpus
 * (tests/fixtures/checker/corpus/v2.0.0, whose `// expect:` headers tests/checker/corpus.test.ts
 * holds the API to) checked by the built `agentscope check` on its own, in the main thread and in
 * a worker, gives the same findings as `checkSources` on that file alone. What the command adds
 * around the checker (project context, context files, workers) must not change a judgement: a
 * run with context files was once taken for a partial one, and the command then judged no
 * misspelled qualifier at all while the API did.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkSources } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { cleanup, tempDir } from './helpers.js';

afterAll(cleanup);

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/agentscope.js');
const CORPUS = join(ROOT, 'tests/fixtures/checker/corpus/v2.0.0');

interface Reported {
  file: string;
  line: number;
  col: number;
  rule: string;
  message: string;
}

it('agentscope check and checkSources agree on every corpus file, in the main thread and in a worker', async () => {
  const inv = loadInventory('2.0.0');
  const files = readdirSync(CORPUS).filter((f) => f.endsWith('.java')).sort();
  expect(files.length).toBeGreaterThanOrEqual(10);
  for (const f of files) {
    const dir = join(tempDir('as-parity-'), 'src');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(CORPUS, f), join(dir, f));
    const api = (await checkSources([{ path: join(dir, f), content: readFileSync(join(CORPUS, f), 'utf8') }], inv, { project: {} })).map((x) => `${x.line}:${x.col} ${x.rule} ${x.message}`);
    for (const workers of ['0', '1']) {
      const r = spawnSync(process.execPath, [BIN, 'check', '--agentscope-version', '2.0.0', '--format', 'json', dir], { encoding: 'utf8', env: { ...process.env, AGENTSCOPE_CHECK_WORKERS: workers } });
      expect(r.status, `${f}: ${r.stderr}`).toBeLessThanOrEqual(1);
      const cli = (JSON.parse(r.stdout) as { findings: Reported[] }).findings.map((x) => `${x.line}:${x.col} ${x.rule} ${x.message}`);
      expect(cli, `${f} with ${workers} worker(s)`).toEqual(api);
    }
  }
}, 240_000);
