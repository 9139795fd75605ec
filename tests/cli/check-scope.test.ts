/**
 * When `create`/`gen` run the checker before writing (src/cli/apply.ts): template renders for the
 * pinned version, exactly as the generator recorded them, are verified by
 * tests/generators/render.test.ts and not judged again; a plan of only such files is not parsed at
 * all, in any other they are the context of the files that are judged.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readPin } from '../../src/inventory/pin.js';
import { loadInventory } from '../../src/inventory/store.js';
import { Tree } from '../../generators/_core/tree.js';
import { checkPrintWrite } from '../../src/cli/apply.js';
import { memoryIo } from '../../src/core/io.js';
import { withProvenance } from '../../src/core/provenance.js';
import { cleanup, snapshot, tempDir } from './helpers.js';

afterAll(cleanup);

// Compiles on no AgentScope version: the checker reports AS002 wherever it runs.
const BAD = 'package demo;\n\nimport io.agentscope.core.ReActAgent;\n\npublic class Bad {\n    Object a = ReActAgent.builder().noSuchBuilderMethod("x");\n}\n';
const marked = (version: string) => withProvenance(BAD, { generator: 'feature/tool', template: 'feature/tool/Tool.java', version, style: 'java' });

async function plan(content: string, inventoryVersion: string, other?: string) {
  const root = tempDir();
  const tree = new Tree(root);
  tree.create('src/main/java/demo/Bad.java', content);
  if (other !== undefined) tree.create('src/main/java/demo/Other.java', other);
  const io = memoryIo(root);
  const outcome = await checkPrintWrite(tree, { io, lang: 'en', dryRun: false, inventory: loadInventory(inventoryVersion) }).then(
    () => 'written',
    (e: Error) => e.message,
  );
  return { outcome, io, files: Object.keys(snapshot(root)) };
}

describe('the checker before a write', () => {
  const pin = readPin().version;

  it('does not parse a new file that is a template render as recorded, on the pinned version', async () => {
    const { outcome, files } = await plan(marked(pin), pin);
    expect(outcome).toBe('written');
    expect(files).toContain('src/main/java/demo/Bad.java');
  });

  it('judges the files that are not renders, with the renders as their context (not judged again)', async () => {
    // Other refers to the render's class: known from the context, so no unresolved name
    const uses = 'package demo;\n\npublic class Other {\n    Bad bad = new Bad();\n}\n';
    const ok = await plan(marked(pin), pin, uses);
    expect(ok.outcome).toBe('written');
    expect(ok.files).toEqual(expect.arrayContaining(['src/main/java/demo/Bad.java', 'src/main/java/demo/Other.java']));
    const wrong = await plan(marked(pin), pin, 'package demo;\n\nimport io.agentscope.core.ReActAgent;\n\npublic class Other {\n    Object o = ReActAgent.builder().notThere();\n}\n');
    expect(wrong.outcome).toMatch(/does not pass the checker/);
    expect(wrong.io.stderr.join('\n')).toMatch(/Other\.java:\d+:\d+ AS002/);
    expect(wrong.io.stderr.join('\n')).not.toMatch(/Bad\.java/);
    expect(wrong.files).toEqual([]);
  });

  it('checks a marked file whose body was changed after rendering (its hash no longer matches)', async () => {
    const { outcome, io, files } = await plan(marked(pin).replace('noSuchBuilderMethod("x")', 'noSuchBuilderMethod("y")'), pin);
    expect(outcome).toMatch(/does not pass the checker/);
    expect(io.stderr.join('\n')).toMatch(/Bad\.java:\d+:\d+ AS002/);
    expect(files).toEqual([]);
  });

  it('checks an unmarked new file', async () => {
    const { outcome, files } = await plan(BAD, pin);
    expect(outcome).toMatch(/does not pass the checker/);
    expect(files).toEqual([]);
  });

  it('checks template renders for a version other than the pinned one', async () => {
    const other = '2.0.0';
    expect(other).not.toBe(pin);
    const { outcome, files } = await plan(marked(other), other);
    expect(outcome).toMatch(/does not pass the checker/);
    expect(files).toEqual([]);
  });
});
