import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkSources, RULES, type Finding } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { OFFICIAL_TARBALL, officialCorpusDir, officialTree } from '../support/official-tree.js';

/**
 * Precision of the trap rules (AS1xx) on the official v2.0.2 tree: every source file of the 2.0.2
 * release (its sources jars, resolved in one mvn run as `inventory pull` does) and the tests and
 * examples of the v2.0.2 tag (the corpus tarball beside this repository: ../shared/corpus, or
 * AGENTSCOPE_CORPUS_DIR). Every finding must be one listed, with the reason it is true, in
 * tests/fixtures/checker/official-2.0.2-traps.txt; the corpus half is skipped, saying so, when the
 * tarball is absent.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARBALL = OFFICIAL_TARBALL;
const corpusDir = officialCorpusDir;
const TRAP_RULES = new Set(Object.keys(RULES).filter((r) => /^AS1\d\d$/.test(r)) as (keyof typeof RULES)[]);

const listed = readFileSync(join(ROOT, 'tests', 'fixtures', 'checker', 'official-2.0.2-traps.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => {
    const m = /^(AS1\d\d) (\S+:\d+) {2}-- (.+)$/.exec(l);
    if (!m) throw new Error(`bad line in official-2.0.2-traps.txt: ${l}`);
    return { key: `${m[1]} ${m[2]}`, reason: m[3], corpus: !m[2].startsWith('agentscope-') || m[2].includes('/src/') };
  });

const work = mkdtempSync(join(tmpdir(), 'traps-official-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('AS1xx findings on the official v2.0.2 tree', () => {
  let findings: Finding[] = [];
  let jarFiles = 0;
  let corpusFiles = 0;
  beforeAll(async () => {
    const tree = await officialTree(work);
    const files = tree.files;
    jarFiles = tree.jarFiles;
    corpusFiles = files.length - jarFiles;
    findings = await checkSources(files, loadInventory('2.0.2'), { rules: TRAP_RULES });
  }, 600_000);

  const keys = (corpus: boolean) =>
    findings
      .filter((f) => (f.file.includes('/src/') || !f.file.startsWith('agentscope-')) === corpus)
      .map((f) => `${f.rule} ${f.file}:${f.line}`)
      .sort();

  test('the sources jars of the release: exactly the listed findings, each with its reason', () => {
    expect(jarFiles).toBeGreaterThan(1000);
    expect(keys(false)).toEqual(listed.filter((l) => !l.corpus).map((l) => l.key).sort());
  });

  test.skipIf(!corpusDir)(`the tests and examples of the v2.0.2 tag (${corpusDir ? TARBALL : `skipped: ${TARBALL} not found beside the repository`}): exactly the listed findings`, () => {
    expect(corpusFiles).toBeGreaterThan(1000);
    expect(keys(true)).toEqual(listed.filter((l) => l.corpus).map((l) => l.key).sort());
  });

  test('every listed finding names its reason', () => {
    for (const l of listed) expect(l.reason.length, l.key).toBeGreaterThan(40);
  });
});
