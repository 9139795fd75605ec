import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Node, Parser } from 'web-tree-sitter';
import { initJavaParser } from '../../src/checker/index.js';
import { field, kids } from '../../src/checker/analysis/syntax.js';
import { flattenSyntax, parseSyntax, PUNCTUATION, syntaxFromFlat, syntaxNames, type SyntaxNode } from '../../src/checker/analysis/syntax-tree.js';
import { isJava, listFiles } from '../../src/core/files.js';
import { parserRuntime } from '../../src/inventory/extract/parser.js';

/**
 * The analyzer reads copies of tree-sitter's trees (src/checker/analysis/syntax-tree.ts), walked
 * through the WebAssembly binding's cursor functions directly (or, with another web-tree-sitter,
 * its TreeCursor), or made from a FlatTree (the numbers another thread parsed the text into, as
 * `check` of a large input has them): all three are compared. Every node of the copy must answer
 * what web-tree-sitter's own Node answers for the same source: type, named-ness, missing and error
 * marks, offsets, rows and columns, text, children (anonymous tokens too, but punctuation the parser
 * did not insert), field names, and the child of every field a child is in. Compared on the project's Java templates and test
 * fixtures, on sources the parser has to recover from, and after a large parse has grown the
 * WebAssembly memory (the runtime then replaces its views of it).
 */
const ROOT = resolve(import.meta.dirname, '../..');

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
    String t = """
        text \u00e9 block
        """;
  }
  enum Color { RED, GREEN }
  record Point(int x, int y) {}
}
`;

/** Sources the parser recovers from: missing tokens, stray ones, unclosed blocks. */
const BROKEN = [
  'class A { void m() { int x = 1 } }',
  'class A { void m() { foo(; } }',
  'class A { void m() { if (x) { } else }',
  'class A { int[] a = {1, 2,, 3}; void m( { } }',
  'package p\nimport java.util.List\nclass A extends { }',
  'class A { void m() { String s = "unterminated; } }',
  'class A { @interface B { int v() default ; } }',
  'class A { void m() { x.<String>y(); List<> l; a -> ; } }',
  'record R(int x { }',
  'class A { void m() { switch (x) { case 1 -> { } case -> 2; } } }',
];

/** A source of `methods` methods: 12k grow the WebAssembly memory from its initial 32 MB. */
function large(methods: number): string {
  const body = Array.from({ length: methods }, (_, i) => `  int m${i}(int a) { return a * ${i} + (a > ${i} ? m${i}(a - 1) : ${i}); }`);
  return `class Large {\n${body.join('\n')}\n}\n`;
}

/** The children the copy keeps: all but punctuation, unless the parser inserted it. */
const kept = (k: Node | null): k is Node => k !== null && (k.isNamed || k.isMissing || !PUNCTUATION.has(k.type));

/** Walks the live tree and the copy side by side; what disagrees goes to `wrong` (the first few are enough). */
function compare(live: Node, copy: SyntaxNode, wrong: string[]): number {
  let nodes = 0;
  const stack: [Node, SyntaxNode][] = [[live, copy]];
  while (stack.length && wrong.length < 5) {
    const [l, c] = stack.pop()!;
    nodes++;
    const at = `${l.type}@${l.startIndex}`;
    const same = (what: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b)) wrong.push(`${at}: ${what} ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    };
    same('type', l.type, c.type);
    same('isNamed', l.isNamed, c.isNamed);
    same('isMissing', l.isMissing, c.isMissing);
    same('hasError', l.hasError, c.hasError);
    same('offsets', [l.startIndex, l.endIndex], [c.startIndex, c.endIndex]);
    same('positions', [l.startPosition, l.endPosition], [c.startPosition, c.endPosition]);
    same('text', l.text, c.text);
    const lk = l.children.filter(kept);
    same('children', lk.map((k) => k.type), c.children.map((k) => k.type));
    same('namedChildren', l.namedChildren.map((k) => k?.type), c.namedChildren.map((k) => k.type));
    same(
      'named field names',
      l.namedChildren.map((_, i) => l.fieldNameForNamedChild(i)),
      c.namedChildren.map((k) => k.fieldName),
    );
    // every field either side names a child in, punctuation's too (childForFieldName of any other is null in both)
    const named = new Set([...c.children.map((k) => k.fieldName), ...l.children.map((_, i) => l.fieldNameForChild(i))]);
    for (const f of named) {
      if (f === null) continue;
      const lf = l.childForFieldName(f);
      const cf = c.childForFieldName(f);
      same(`field ${f}`, lf && [lf.type, lf.startIndex, lf.endIndex], cf && [cf.type, cf.startIndex, cf.endIndex]);
    }
    if (c.parent !== null && !c.parent.children.includes(c)) wrong.push(`${at}: not among its parent's children`);
    lk.forEach((k, i) => {
      if (c.children[i]) stack.push([k, c.children[i]]);
    });
  }
  return nodes;
}

describe('the analyzer\'s copies of syntax trees', () => {
  let parser: Parser;
  beforeAll(async () => {
    parser = await initJavaParser();
  });

  /** Compares the copies made through the binding's cursor, through web-tree-sitter's TreeCursor and from a FlatTree with the live tree. */
  function agree(src: string): number {
    const live = parser.parse(src)!;
    try {
      let nodes = 0;
      const flat = flattenSyntax(parser, src)!;
      expect(flat.hasError).toBe(live.rootNode.hasError);
      const copies = { direct: parseSyntax(parser, src, true)!, TreeCursor: parseSyntax(parser, src, false)!, flat: syntaxFromFlat(flat, syntaxNames(parser), src) };
      for (const [how, copy] of Object.entries(copies)) {
        const wrong: string[] = [];
        nodes = compare(live.rootNode, copy.rootNode, wrong);
        expect(wrong, `${how}: ${src.slice(0, 80)}`).toEqual([]);
        expect(nodes).toBeGreaterThan(0);
      }
      return nodes;
    } finally {
      live.delete();
    }
  }

  test('every node answers as web-tree-sitter\'s Node does, on the test fixtures and the templates', () => {
    // the templates' EJS tags are syntax errors to the parser: recovery is compared too
    const sources = [...listFiles(join(ROOT, 'tests', 'fixtures'), isJava), ...listFiles(join(ROOT, 'templates'), (f) => f.endsWith('.java.ejs'))];
    expect(sources.length).toBeGreaterThan(100);
    let nodes = agree(SMALL);
    for (const f of sources) nodes += agree(readFileSync(f, 'utf8'));
    expect(nodes).toBeGreaterThan(30_000);
  });

  test('and on sources the parser recovered from: the same ERROR and MISSING nodes, errors marked up to the root', () => {
    for (const src of BROKEN) {
      agree(src);
      expect(parseSyntax(parser, src)!.rootNode.hasError, src).toBe(true);
    }
  });

  test('after a large parse has grown the WebAssembly memory, and the analyzer\'s accessors read the copy', () => {
    agree(large(12_000));
    agree(SMALL);
    const small = parseSyntax(parser, SMALL)!;
    const cls = kids(small.rootNode).find((k) => k.type === 'class_declaration')!;
    expect(field(cls, 'name')?.text).toBe('Small');
    expect(field(cls, 'superclass')).toBeNull();
    expect(kids(field(cls, 'body')!).map((k) => k.type)).toEqual(['field_declaration', 'method_declaration', 'enum_declaration', 'record_declaration']);
    // a comment is a named child, not one of kids()
    const fieldDecl = kids(field(cls, 'body')!)[0];
    expect(field(cls, 'body')!.namedChildren.map((k) => k.type)).toContain('line_comment');
    expect(fieldDecl.text).toBe('private final List<String> names = List.of("x", "y");');
    expect(fieldDecl.startPosition).toEqual({ row: 6, column: 2 });
    // ids are unique across trees: the analyzer's caches are keyed by them
    const again = parseSyntax(parser, SMALL)!;
    expect(again.rootNode.id).not.toBe(small.rootNode.id);
  });

  test('flattening a tree leaves nothing behind in the WebAssembly memory (its cursor is closed, then its tree deleted)', () => {
    const src = large(500);
    // the WebAssembly memory's size (what the runtime's views of it span): it grows, never shrinks
    const memory = () => (parserRuntime() as { HEAP8: Int8Array }).HEAP8.length;
    for (let i = 0; i < 5; i++) flattenSyntax(parser, src);
    const before = memory();
    // a cursor left open keeps what it holds: the memory grew by hundreds of MB over these trees when one was
    for (let i = 0; i < 300; i++) flattenSyntax(parser, src);
    expect(memory()).toBe(before);
  });
});
