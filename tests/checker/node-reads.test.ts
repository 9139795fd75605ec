import { beforeAll, describe, expect, test } from 'vitest';
import type { Node, Parser, Tree } from 'web-tree-sitter';
import { initJavaParser } from '../../src/checker/index.js';
// installs the analyzer's memo of a live node's reads (src/checker/analysis/syntax.ts)
import { clearNodeCaches, field, kids } from '../../src/checker/analysis/syntax.js';

/**
 * The checker reads web-tree-sitter's nodes through two shortcuts: a live Node keeps its type,
 * end offset, text and parent after the first read (src/checker/analysis/syntax.ts), and the
 * runtime's i32 reads and writes of its transfer buffer go straight to the WebAssembly memory
 * (src/inventory/extract/parser.ts). Both must read what the tree holds: here every node of a tree
 * is read twice and compared with the tree's own S-expression (built inside WebAssembly), with
 * the source between its offsets and with its parent's children, also after a large parse has
 * grown the WebAssembly memory (the runtime then replaces its views of it).
 */
const SMALL = `package a.b;

import java.util.List;

/** doc */
public class Small<T extends Comparable<? super T>> implements Runnable {
  private final List<String> names = List.of("x", "y"); // note
  @Override
  public void run() {
    int n = names.size() + 1 * 2;
    for (String s : names) System.out.println(s + n);
    Runnable r = () -> { if (n > 1) throw new IllegalStateException("n"); };
  }
  enum Color { RED, GREEN }
  record Point(int x, int y) {}
}
`;

/** A source of `methods` methods: 12k grow the WebAssembly memory from its initial 32 MB. */
function large(methods: number): string {
  const body = Array.from({ length: methods }, (_, i) => `  int m${i}(int a) { return a * ${i} + (a > ${i} ? m${i}(a - 1) : ${i}); }`);
  return `class Large {\n${body.join('\n')}\n}\n`;
}

/**
 * The S-expression of `n` as tree-sitter prints it, read through the Node API; every read is made
 * twice and checked against the source and the parent, and what disagrees is added to `wrong`.
 */
function sexp(n: Node, src: string, wrong: string[]): string {
  const at = `${n.type}@${n.startIndex}`;
  if (n.type !== n.type || n.endIndex !== n.endIndex || n.text !== n.text) wrong.push(`${at}: a second read differs`);
  if (n.text !== src.slice(n.startIndex, n.endIndex)) wrong.push(`${at}: text is not the source between its offsets`);
  const parts: string[] = [];
  n.namedChildren.forEach((c, i) => {
    if (!c) return;
    if (c.parent?.id !== n.id || c.parent !== c.parent) wrong.push(`${c.type}@${c.startIndex}: parent`);
    const f = n.fieldNameForNamedChild(i);
    parts.push(`${f ? `${f}: ` : ''}${sexp(c, src, wrong)}`);
  });
  const head = n.isMissing ? `MISSING ${n.type}` : n.type;
  return parts.length ? `(${head} ${parts.join(' ')})` : `(${head})`;
}

function checkTree(tree: Tree, src: string) {
  const wrong: string[] = [];
  expect(sexp(tree.rootNode, src, wrong)).toBe(tree.rootNode.toString());
  expect(wrong.slice(0, 5)).toEqual([]);
}

describe('reading live syntax nodes', () => {
  let parser: Parser;
  beforeAll(async () => {
    parser = await initJavaParser();
  });

  test('types, offsets, texts and parents are what the tree holds, before and after the memory grows', () => {
    const small = parser.parse(SMALL)!;
    checkTree(small, SMALL);
    const text = large(12_000);
    const big = parser.parse(text)!;
    try {
      checkTree(big, text);
      // the first tree read again through the runtime's new views of the memory
      checkTree(small, SMALL);
      const cls = kids(small.rootNode).find((k) => k.type === 'class_declaration')!;
      expect(field(cls, 'name')?.text).toBe('Small');
      expect(field(cls, 'name')).toBe(field(cls, 'name'));
      expect(field(cls, 'superclass')).toBeNull();
      expect(kids(field(cls, 'body')!).map((k) => k.type)).toEqual(['field_declaration', 'method_declaration', 'enum_declaration', 'record_declaration']);
    } finally {
      clearNodeCaches();
      big.delete();
      small.delete();
    }
  });
});
