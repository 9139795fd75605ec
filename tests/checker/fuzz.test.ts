import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSources, initJavaParser } from '../../src/checker/index.js';
import { checkSourcesSync } from '../../src/checker/index.js';
import { FIXTURES, fixtureInventory, realInventory } from './helpers.js';

/** Property: any input -> a list of findings (a bad file is AS000), never an exception or a hang. */
const corpus = ['fixture', 'v2.0.0'].flatMap((d) =>
  readdirSync(join(FIXTURES, 'corpus', d))
    .filter((f) => f.endsWith('.java'))
    .map((f) => readFileSync(join(FIXTURES, 'corpus', d, f), 'utf8')),
);

const TOKENS = ['{', '}', '(', ')', ';', '.', ',', '<', '>', '@Override', 'new ', 'var ', 'class ', 'import ', 'static ', '->', '::', '"x"', '...', 'io.agentscope.core.', 'ToolResultBlock', 'Msg', 'McpClientBuilder', 'super', 'this', '\n', ' '];

const mutated = fc
  .tuple(fc.constantFrom(...corpus), fc.array(fc.tuple(fc.nat(), fc.nat(40), fc.constantFrom(...TOKENS)), { minLength: 1, maxLength: 6 }))
  .map(([src, edits]) => {
    let s = src;
    for (const [pos, del, ins] of edits) {
      const p = pos % (s.length + 1);
      s = s.slice(0, p) + ins + s.slice(p + (del % 8));
    }
    return s;
  });

const randomJavaish = fc.array(fc.constantFrom(...TOKENS, 'a', 'b', 'int', 'return', 'if', '=', '+'), { maxLength: 200 }).map((a) => a.join(''));

describe('fuzz: the checker never throws and always terminates', () => {
  const inventories = [fixtureInventory(), realInventory()];

  test('mutated corpus files and random token soups (3000 runs)', async () => {
    await initJavaParser();
    // analyzer bugs must surface here instead of being swallowed as in production
    process.env.AGENTSCOPE_CHECK_DEBUG = '1';
    let parseErrors = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.oneof(mutated, randomJavaish, fc.string({ maxLength: 300 })), fc.nat(inventories.length - 1), (src, i) => {
        const t0 = performance.now();
        const fs = checkSourcesSync([{ path: 'F.java', content: src }], inventories[i]);
        runs++;
        if (fs.some((f) => f.rule === 'AS000')) parseErrors++;
        for (const f of fs) {
          expect(f.line).toBeGreaterThanOrEqual(1);
          expect(f.col).toBeGreaterThanOrEqual(1);
          expect(f.message.length).toBeGreaterThan(0);
        }
        expect(performance.now() - t0).toBeLessThan(2000);
      }),
      { numRuns: 3000 },
    );
    delete process.env.AGENTSCOPE_CHECK_DEBUG;
    console.log(`fuzz: ${runs} inputs, ${parseErrors} reported as AS000 parse errors, no exceptions`);
    expect(parseErrors).toBeGreaterThan(0);
  }, 300_000);

  test('analyzer exceptions never escape (debug mode off), binary junk is a finding', async () => {
    const fs = await checkSources([{ path: 'bin.java', content: '\u0000\u0001class {{{{ \uFFFF' }], fixtureInventory());
    expect(fs[0].rule).toBe('AS000');
  });
});
