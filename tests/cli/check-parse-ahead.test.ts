/**
 * The trees a second worker parses ahead for the checking one (src/cli/check-parse-ahead.ts),
 * here in one thread: the parser runs to the end first (a small input fits in what it may post
 * ahead), then the checker takes. A tree is taken only for the text it was parsed from, in the
 * order of the run's plan; anything else, and anything once the parser is gone, is the checker's
 * to parse, and it never waits for a parser that is not there.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Parser } from 'web-tree-sitter';
import { endOfTrees, parseAhead, signalBytes, startParsing, TreesAhead } from '../../src/cli/check-parse-ahead.js';
import { initJavaParser } from '../../src/checker/index.js';
import { parseSyntax, syntaxFromFlat, type SyntaxNode } from '../../src/checker/analysis/syntax-tree.js';
import { cleanup, tempDir } from './helpers.js';

afterAll(cleanup);

/** A tree as text: each node's type, field, offsets and marks, its children indented. */
function dump(n: SyntaxNode, depth = 0): string {
  const self = `${' '.repeat(depth)}${n.fieldName ?? ''}:${n.type}[${n.startIndex},${n.endIndex}]${n.isMissing ? ' MISSING' : ''}${n.hasError ? ' E' : ''}\n`;
  return self + n.children.map((c) => dump(c, depth + 1)).join('');
}

const SOURCES: Record<string, string> = {
  'A.java': 'package a;\n\npublic class A {\n    int x = 1;\n    String name() { return "a" + x; }\n}\n',
  'B.java': 'package a;\n\nclass B extends A {\n    void m() { int y = ; }\n}\n',
  'C.java': 'package a;\n\nrecord C(int x) {\n    C { if (x < 0) throw new IllegalArgumentException(); }\n}\n',
};

describe('trees parsed ahead', () => {
  let parser: Parser;
  let dir: string;
  beforeAll(async () => {
    parser = await initJavaParser();
    dir = tempDir('as-parse-ahead-');
    for (const [name, text] of Object.entries(SOURCES)) writeFileSync(join(dir, name), text);
  });

  /** Runs the parser over `names` to its end; the checker's side of the channel. */
  async function parsed(names: string[]) {
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(signalBytes);
    // what the checker has read: a small input, whose trees are kept (each text parsed once)
    startParsing(signal, names.reduce((n, f) => n + SOURCES[f].length, 0));
    await parseAhead({ agentscopeParse: true, paths: names.map((n) => join(dir, n)), context: [], port: port1, signal });
    return { trees: new TreesAhead(port2, signal, syntaxFromFlat), close: () => (port1.close(), port2.close()) };
  }

  it('hands over, in the plan\'s order, the tree parseSyntax makes of each text, a broken one too', async () => {
    const { trees, close } = await parsed(Object.keys(SOURCES));
    for (const [name, text] of Object.entries(SOURCES)) {
      const tree = trees.tree(join(dir, name), text, false);
      expect(tree, name).toBeDefined();
      expect(dump(tree!.rootNode)).toBe(dump(parseSyntax(parser, text)!.rootNode));
      expect(tree!.rootNode.hasError, name).toBe(name === 'B.java');
    }
    // the end: nothing more comes, and asking does not wait
    expect(trees.tree(join(dir, 'A.java'), SOURCES['A.java'], false)).toBeUndefined();
    expect(trees.describe()).toMatch(/^3 tree\(s\) parsed ahead, 1 parsed here, /);
    close();
  });

  it('a text other than the one parsed (the file changed in between) is the checker\'s to parse', async () => {
    const { trees, close } = await parsed(['A.java', 'C.java']);
    const changed = SOURCES['A.java'].replace('x = 1', 'x = 2');
    expect(changed.length).toBe(SOURCES['A.java'].length);
    expect(trees.tree(join(dir, 'A.java'), changed, false)).toBeUndefined();
    // and the next one in the plan is still handed over
    expect(trees.tree(join(dir, 'C.java'), SOURCES['C.java'], false)).toBeDefined();
    close();
  });

  it('a tree asked for out of the plan\'s order passes over the others: the rest are parsed by the checker', async () => {
    const { trees, close } = await parsed(Object.keys(SOURCES));
    expect(trees.tree(join(dir, 'C.java'), SOURCES['C.java'], false)).toBeDefined();
    expect(trees.tree(join(dir, 'A.java'), SOURCES['A.java'], false)).toBeUndefined();
    // a skeleton is another tree than the text's
    expect(trees.tree(join(dir, 'C.java'), SOURCES['C.java'], true)).toBeUndefined();
    close();
  });

  it('once the parser is gone, before it posted anything, the checker does not wait', () => {
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(signalBytes);
    endOfTrees(signal);
    const trees = new TreesAhead(port2, signal, syntaxFromFlat);
    const t0 = performance.now();
    expect(trees.tree(join(dir, 'A.java'), SOURCES['A.java'], false)).toBeUndefined();
    expect(performance.now() - t0).toBeLessThan(1000);
    port1.close();
    port2.close();
  });
});
