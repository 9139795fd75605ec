import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSources, type Finding } from '../../src/checker/index.js';
import type { Inventory } from '../../src/inventory/schema.js';
import { FIXTURES, fixtureInventory, realInventory } from './helpers.js';

/**
 * Each corpus file starts with `// expect:` lines: `none`, or `RULE line:col message-prefix`.
 * The checker must report exactly those findings (no more, no fewer) for the file.
 */
interface Expect {
  rule: string;
  line: number;
  col: number;
  text: string;
}

function expectations(src: string): Expect[] | 'none' {
  const out: Expect[] = [];
  for (const l of src.split('\n')) {
    const m = /^\/\/ expect: (.*)$/.exec(l);
    if (!m) break;
    if (m[1].trim() === 'none') return 'none';
    const e = /^(AS\d{3}) (\d+):(\d+) (.*)$/.exec(m[1].trim());
    if (!e) throw new Error(`bad expect line: ${l}`);
    out.push({ rule: e[1], line: Number(e[2]), col: Number(e[3]), text: e[4] });
  }
  if (!out.length) throw new Error('corpus file without // expect: header');
  return out;
}

function runCorpus(dir: string, inv: () => Inventory) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.java')).sort();
  test('corpus is not empty', () => expect(files.length).toBeGreaterThanOrEqual(5));
  for (const f of files) {
    test(f, async () => {
      const src = readFileSync(join(dir, f), 'utf8');
      const exp = expectations(src);
      const got = await checkSources([{ path: f, content: src }], inv());
      const fmt = (x: Finding) => `${x.rule} ${x.line}:${x.col} ${x.message}`;
      if (exp === 'none') {
        expect(got.map(fmt)).toEqual([]);
        return;
      }
      expect(got.length, got.map(fmt).join('\n')).toBe(exp.length);
      for (const e of exp) {
        const hit = got.find((g) => g.rule === e.rule && g.line === e.line && g.col === e.col && g.message.startsWith(e.text));
        expect(hit, `expected ${e.rule} ${e.line}:${e.col} "${e.text}"\n got:\n${got.map(fmt).join('\n')}`).toBeDefined();
        expect(hit!.suggestion ?? hit!.message).not.toBe('');
      }
    });
  }
}

describe('corpus against the hand-written fixture inventory', () => {
  runCorpus(join(FIXTURES, 'corpus', 'fixture'), fixtureInventory);
});

describe('corpus against the pinned 2.0.0 inventory', () => {
  runCorpus(join(FIXTURES, 'corpus', 'v2.0.0'), realInventory);
});
