import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkSources, type Finding } from '../../src/checker/index.js';
import { loadInventory } from '../../src/inventory/store.js';
import { linesTagged } from './helpers.js';

/**
 * Trap rules on code shapes other than the rules' own tests: locals returned later, ternaries,
 * lambdas handed to Reactor operators and to Consumers, loops, inner classes, ToolBase subclasses,
 * fields written per call. tests/fixtures/checker/trap-shapes/trap/TrNNN*.java marks each line that
 * must get rule ASNNN with `// trap` (and gets nothing else of AS1xx); correct/ holds the correct
 * code beside them, which gets no AS1xx finding. Checked at 2.0.2 and 2.0.0, whose facts agree for
 * these files.
 */
const DIR = join(import.meta.dirname, '..', 'fixtures', 'checker', 'trap-shapes');
const read = (kind: string) => readdirSync(join(DIR, kind)).sort().map((f) => [f, readFileSync(join(DIR, kind, f), 'utf8')] as const);

async function traps(version: string, name: string, content: string): Promise<Finding[]> {
  const fs = await checkSources([{ path: `src/main/java/demo/${name}`, content }], loadInventory(version));
  return fs.filter((f) => /^AS1\d\d$/.test(f.rule));
}

/**
 * AS101 shapes (settled/): each `// trap` line returns `error(..)`, which 2.0.0 leaves RUNNING and
 * ReActAgent settles as SUCCESS (reported there), while 2.0.2 passes ERROR (nothing). The same
 * shapes with `text(..)` are correct in both: a RUNNING text result is settled as SUCCESS.
 */
describe('AS101 shapes: error(..) at 2.0.0 only, text(..) never', () => {
  test.each(read('settled'))('%s', async (name, content) => {
    const want = linesTagged(content, 'trap');
    expect(want.length).toBeGreaterThan(0);
    expect((await traps('2.0.0', name, content)).map((f) => `${f.rule} ${f.line}`)).toEqual(want.map((l) => `AS101 ${l}`));
    expect(await traps('2.0.2', name, content)).toEqual([]);
    const asText = content.replace(/ToolResultBlock\.error\(/g, 'ToolResultBlock.text(');
    for (const v of ['2.0.0', '2.0.2']) expect(await traps(v, name, asText)).toEqual([]);
  });
});

describe.each(['2.0.2', '2.0.0'])('trap shapes at %s', (version) => {
  test.each(read('trap'))('%s: exactly its marked lines', async (name, content) => {
    const rule = `AS${/^Tr(\d{3})/.exec(name)![1]}`;
    const want = linesTagged(content, 'trap');
    expect(want.length).toBeGreaterThan(0);
    expect((await traps(version, name, content)).map((f) => `${f.rule} ${f.line}`)).toEqual(want.map((l) => `${rule} ${l}`));
  });

  test.each(read('correct'))('correct %s: nothing', async (name, content) => {
    expect((await traps(version, name, content)).map((f) => `${f.rule} ${f.line}: ${f.message}`)).toEqual([]);
  });
});
