import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Parser } from 'web-tree-sitter';
import { checkSources, initJavaParser, type Finding } from '../../src/checker/index.js';
import type { FileUnit } from '../../src/checker/analysis/model.js';
import { skeleton } from '../../src/checker/analysis/skeleton.js';
import type { SnapNode } from '../../src/checker/analysis/snapshot.js';
import { SourceDeclarations } from '../../src/checker/analysis/source-declarations.js';
import { parseSyntax, type SyntaxNode, type SyntaxTree } from '../../src/checker/analysis/syntax-tree.js';
import { isJava, listFiles } from '../../src/core/files.js';
import { loadInventory } from '../../src/inventory/store.js';
import { OFFICIAL_TARBALL, officialCorpusDir, officialTree } from '../support/official-tree.js';

/**
 * Pass 1 of a large check reads each file's skeleton (src/checker/analysis/skeleton.ts): the
 * declarations frozen from it must be those frozen from the whole text, node by node (types,
 * fields, ranges, rows and columns, texts) and in every map of a source class. Checked on every
 * Java file of the fixtures, on hand-written inputs that make a scanner stumble, and on the whole
 * official v2.0.2 tree: the sources jars of the release (through mvn, as `inventory pull` resolves
 * them) and the tests and examples of the v2.0.2 tag from the corpus tarball beside the
 * repository (../shared/corpus, or AGENTSCOPE_CORPUS_DIR; that half is skipped, saying so, when
 * it is absent).
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARBALL = OFFICIAL_TARBALL;
const corpusDir = officialCorpusDir;

let parser: Parser;
beforeAll(async () => {
  parser = await initJavaParser(1e9);
});

const work = mkdtempSync(join(tmpdir(), 'skeleton-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function plain(n: SnapNode): unknown {
  return { type: n.type, field: n.fieldName, named: n.isNamed, at: [n.startIndex, n.endIndex], from: n.startPosition, to: n.endPosition, text: n.text, children: n.children.map(plain) };
}

function plainUnit(u: FileUnit): unknown {
  const snap = (n: unknown) => plain(n as SnapNode);
  return {
    pkg: u.pkg,
    imports: { single: [...u.imports.single], staticSingle: [...u.imports.staticSingle], onDemand: u.imports.onDemand, staticOnDemand: u.imports.staticOnDemand },
    classes: u.classes.map((c) => ({
      fqn: c.fqn,
      kind: c.kind,
      outer: c.outer?.fqn,
      typeParams: c.typeParams,
      hasCtor: c.hasCtor,
      nested: [...c.nested],
      node: snap(c.node),
      fields: [...c.fieldNodes].map(([k, f]) => [k, f.dims, snap(f.type)]),
      methods: [...c.methodNodes].map(([k, ms]) => [k, ms.map(snap)]),
    })),
  };
}

/** Pass 1 of `content` as a large check runs it, from the whole text or from its skeleton; 'error' when that tree has one. */
function frozen(content: string, fromSkeleton: boolean): unknown {
  const skel = fromSkeleton ? skeleton(content) : undefined;
  const tree = parseSyntax(parser, skel?.text ?? content)!;
  if (tree.rootNode.hasError) return 'error';
  const decls = new SourceDeclarations();
  const u = decls.addFile('A.java', content, tree)!;
  decls.freeze(u, skel);
  return plainUnit(u);
}

/** The files whose whole text parses: their skeleton must freeze the same declarations. Returns how many had something cut. */
function expectSameDeclarations(files: { path: string; content: string }[]): number {
  let cut = 0;
  for (const f of files) {
    const whole = frozen(f.content, false);
    if (whole === 'error') continue;
    if (skeleton(f.content)) cut++;
    expect(frozen(f.content, true), f.path).toEqual(whole);
  }
  return cut;
}

describe('the skeleton of a file declares what its text declares', () => {
  test('every Java file of the fixtures', () => {
    const files = listFiles(join(ROOT, 'tests', 'fixtures'), isJava).map((p) => ({ path: p, content: readFileSync(p, 'utf8') }));
    expect(files.length).toBeGreaterThan(50);
    expect(expectSameDeclarations(files)).toBeGreaterThan(50);
  });

  const tricky: Record<string, string> = {
    'text blocks, strings and chars with braces': `package a.b;
import java.util.*;
import static java.util.Map.entry;
public class T {
  static final String BLOCK = """
      { "not": "a body" } }}} \\""" still in
      """;
  private final char open = '{', close = '}', quote = '\\'', slash = '\\\\';
  String s = "}{\\"}" + '"';
  int after;
  void f() { String x = """
    }
    """; char c = '}'; String y = "{{"; }
  int g(int a) { return a; }
}
`,
    'comments with braces, unicode and javadoc': `// } a line comment {
/* { a block comment } */
package a;
/** Docs with { braces } and @see {@link Foo#bar()}. 中文 */
class C {
  /* } */ int x; // {
  /** { */
  void f(/* ( */ int a) /* { */ { /* } */ int 中 = 1; // }
  }
  int 名字 = 2, y;
  String z = "中文 { " + f2("}");
  static String f2(String s) { return s + "中"; }
  int last;
}
`,
    'anonymous classes, lambdas and array initializers in field initializers': `package a;
import java.util.function.*;
class I {
  Runnable r = new Runnable() { public void run() { class Local { int q; } } int hidden; };
  Function<String, Integer> f = s -> { if (s == null) { return 0; } return s.length(); };
  BiFunction<Integer, Integer, Integer> add = (x, y) -> x + y;
  int[][] grid = { { 1, 2 }, { 3 } }, other = new int[] { 4 };
  Object o = new java.util.HashMap<String, java.util.List<Integer>>(16) {{ put("k", java.util.List.of(1)); }};
  int sw = switch (java.time.LocalDate.now().getDayOfWeek()) { case MONDAY -> 1; default -> { yield 2; } };
  Supplier<Object> g = () -> new Object() { int n; };
  java.util.List<String> l = java.util.Collections.<String>emptyList();
  int t = true ? (1 + 2) * 3 : (int) 4L;
}
`,
    'enum constants with arguments and bodies': `package a;
public enum E implements Runnable {
  @Deprecated A(1, "{") { @Override public void run() { } int inA; },
  B(2, "}") { public void run() { new Object() { }; } },
  C;
  private final int n;
  E() { this(0, ""); }
  E(int n, String s) { this.n = n; }
  public void run() {}
  enum Inner { X { }, Y }
  interface Nested { void m(); }
}
enum Empty { }
enum OnlyConstants { P, Q, }
`,
    'generic methods, annotations with nested braces, annotation elements with defaults': `package a;
import java.lang.annotation.*;
@Retention(RetentionPolicy.RUNTIME)
@interface A {
  int[] value() default { 1, 2 };
  String name() default "{";
  B nested() default @B({ @C(x = { 3 }) });
  Class<?> type() default Object.class;
}
@A({1, 2})
@SuppressWarnings({ "unchecked", "rawtypes" })
class G<T extends Comparable<? super T>, U> {
  @A(value = { 1 }, name = "}") public <R extends java.util.List<? extends T>> R pick(@A({3}) java.util.Map<String, ? super U> m, T... rest) throws Exception, RuntimeException {
    return null;
  }
  abstract static class Abs<X> { abstract <Y> Y m(X x); protected int[] arr()[] { return null; } }
  interface I { default void d() { } static int s() { return 1; } void plain(); }
  sealed interface S permits G.P, G.Q {}
  final class P implements S {}
  non-sealed class Q implements S {}
}
`,
    'records with compact constructors, initializer blocks': `package a;
public record R<T>(@Deprecated int a, java.util.List<T> items, String... rest) implements Comparable<R<T>> {
  static int count;
  static { count = 0; }
  { }
  public R { if (a < 0) throw new IllegalArgumentException("{"); }
  public R(int a) { this(a, java.util.List.of()); }
  public int compareTo(R<T> o) { return 0; }
  record Inner(int x) { Inner { } }
  public static int record(int record) { return record; }
  int[] dims[] = new int[2][];
}
class Plain {
  static { System.out.println("}"); }
  { int x = 1; }
  Plain() { super(); }
  int record = 1;
}
`,
    'module declaration and an empty file': `/** A module. */
open module a.b {
  requires transitive java.sql;
  exports a.b to c;
}
`,
  };
  for (const [what, content] of Object.entries(tricky)) {
    test(what, () => {
      const skel = skeleton(content);
      expect(skel, 'something is cut').toBeDefined();
      expect(skel!.text.length).toBeLessThan(content.length);
      expect(skel!.text.split('\n').length, 'rows stay').toBe(content.split('\n').length);
      expect(frozen(content, false)).not.toBe('error');
      expect(frozen(content, true)).toEqual(frozen(content, false));
    });
  }

  test('what is cut: bodies, initializers, the comments before members; what stays: signatures and annotations', () => {
    const t = skeleton(tricky['text blocks, strings and chars with braces'])!.text;
    expect(t).not.toContain('"not"');
    expect(t).not.toContain('still in');
    expect(t).toContain('int g(int a) {}');
    expect(t).toContain("private final char open = '{', close = '}', quote = '\\'', slash = '\\\\';");
    expect(t).toContain('String s = "" + \'"\';');
    const g = skeleton(tricky['generic methods, annotations with nested braces, annotation elements with defaults'])!.text;
    expect(g).toContain('B nested() default @B({ @C(x = { 3 }) });');
    expect(g).toContain('@A(value = { 1 }, name = "}") public <R extends java.util.List<? extends T>> R pick(');
    expect(g).not.toContain('return null');
    const c = skeleton(tricky['comments with braces, unicode and javadoc'])!.text;
    expect(c).not.toContain('Docs with');
    expect(c).toContain('void f(/* ( */ int a) /* { */ {\n}');
    expect(c).toContain('String z = "" + f2();');
  });

  test('pass 2 rebinds a file only when its text declares what pass 1 took from its skeleton', () => {
    const text = 'package a;\nclass A {\n  int x = f(1);\n  void f() { }\n}\n';
    const decls = new SourceDeclarations();
    const skel = skeleton(text)!;
    const first = parseSyntax(parser, skel.text)!;
    const u = decls.addFile('A.java', text, first)!;
    decls.freeze(u, skel);
    for (const [other, same] of [
      [text, true],
      ['package a;\nclass A {\n  int x = f(1);\n  void f() { }\n  void g() { }\n}\n', false],
      ['package b;\nclass A {\n  int x = f(1);\n  void f() { }\n}\n', false],
      ['package a;\nclass A {\n  long x = f(1);\n  void f() { }\n}\n', false],
    ] as const) {
      const tree = parseSyntax(parser, other)!;
      const restore = decls.rebind({ ...u, content: other }, tree);
      expect(restore !== undefined, other).toBe(same);
      restore?.();
    }
  });

  test('a text the scanner cannot follow has no skeleton (pass 1 parses the text)', () => {
    expect(skeleton('class A { void f() { String s = "unterminated; } }')).toBeUndefined();
    expect(skeleton('class A { /* unterminated }')).toBeUndefined();
    expect(skeleton('class A { void f() { } } }')).toBeUndefined();
    expect(skeleton('class A { int x; }')).toBeUndefined(); // nothing to cut
  });

  test.skipIf(!corpusDir)(`the whole official v2.0.2 tree (${corpusDir ? 'sources jars and the tests and examples of the tag' : `skipped: ${TARBALL} not found beside the repository`})`, async () => {
    const { files } = await officialTree(work);
    expect(files.length).toBeGreaterThan(2000);
    expect(expectSameDeclarations(files)).toBeGreaterThan(2000);
  }, 600_000);
});

/** A file of ~1.2M characters with nothing to report (mostly a comment): with it a check takes the large-input path (over 1M characters: pass 1 from skeletons). */
function filler(): { path: string; content: string } {
  const doc = Array.from({ length: 20000 }, (_, i) => ` * line ${i} of a long comment { with braces } and "quotes" and 'apostrophes'\n`).join('');
  return { path: 'src/main/java/com/example/Filler.java', content: `package com.example;\n\n/**\n${doc} */\npublic class Filler {\n  public int m(int a) { return a; }\n}\n` };
}

describe('a large check reads declarations from skeletons and finds what a small one finds', () => {
  const inventory = loadInventory('2.0.2');
  const strip = (fs: Finding[]) => fs.filter((f) => !f.file.endsWith('Filler.java'));
  const big = filler();
  /** A syntax error inside a method body (the skeleton cuts it), and a file that uses the class. */
  const broken = {
    path: 'src/main/java/io/agentscope/core/agent/Helper.java',
    content: 'package io.agentscope.core.agent;\n\npublic class Helper {\n  public static int twice(int x) {\n    return x * ;\n  }\n}\n',
  };
  const user = {
    path: 'src/main/java/com/example/Main.java',
    content: 'package com.example;\n\nimport io.agentscope.core.agent.Helper;\n\npublic class Main {\n  int v = Helper.twice(2);\n}\n',
  };
  test('the filler makes a large input', () => expect(big.content.length).toBeGreaterThan(1_100_000));

  test('a syntax error inside a body: AS000 as before, and the file lends no declarations to the others', async () => {
    const small = await checkSources([broken, user], inventory);
    expect(small.map((f) => `${f.rule} ${f.file}:${f.line}`).sort()).toEqual([
      `AS000 ${broken.path}:5`,
      // Helper is not in the inventory, and the broken file declares nothing: the import and its use
      `AS001 ${user.path}:3`,
      `AS001 ${user.path}:6`,
    ]);
    expect(strip(await checkSources([broken, user, big], inventory))).toEqual(small);
    expect(strip(await checkSources([user, big, broken], inventory))).toEqual(await checkSources([user, broken], inventory));
  });

  test('a context file is not parsed again: its skeleton lends declarations unless the caller names it to be read whole', async () => {
    const context = new Set([broken.path]);
    const lent = await checkSources([broken, user, big], inventory, { context });
    expect(lent.filter((f) => f.severity === 'error')).toEqual([]);
    const whole = await checkSources([broken, user, big], inventory, { context, wholeText: context });
    expect(strip(whole).map((f) => `${f.rule} ${f.file}:${f.line}`).sort()).toEqual([`AS000 ${broken.path}:5`, `AS001 ${user.path}:3`, `AS001 ${user.path}:6`]);
    expect(strip(whole)).toEqual(await checkSources([broken, user], inventory, { context }));
  });

  test('a superclass in another file: its static members stay static in a large check (AS008 only for the instance ones)', async () => {
    const base = {
      path: 'src/main/java/com/example/Base.java',
      content: 'package com.example;\n\npublic class Base {\n  protected static int calls;\n  protected int mine;\n  static int count() { return calls; }\n  int own() { return mine; }\n}\n',
    };
    const child = {
      path: 'src/main/java/com/example/Child.java',
      content: 'package com.example;\n\npublic class Child extends Base {\n  static int fine() { return count() + calls; }\n  static int broken() { return own() + mine; }\n}\n',
    };
    const small = await checkSources([base, child], inventory);
    expect(small.map((f) => `${f.rule} ${f.file}:${f.line}:${f.col}`)).toEqual([`AS008 ${child.path}:5:32`, `AS008 ${child.path}:5:40`]);
    expect(strip(await checkSources([base, child, big], inventory))).toEqual(small);
  });

  test('a file that parses lends its declarations from its skeleton, with the same findings on the same places', async () => {
    const decl = {
      path: 'src/main/java/com/example/Tools.java',
      content: 'package com.example;\n\nimport io.agentscope.core.message.Msg;\n\npublic class Tools {\n  public static final Msg NONE = null;\n  /** { */\n  public static Msg echo(Msg m) {\n    return m == null ? NONE : m; // }\n  }\n  public static String name() { return "{"; }\n}\n',
    };
    const caller = {
      path: 'src/main/java/com/example/Caller.java',
      content:
        'package com.example;\n\nimport io.agentscope.core.message.Msg;\n\npublic class Caller {\n  void f(Msg m) {\n    Msg e = Tools.echo(m);\n    String n = Tools.name();\n    int bad = Tools.name();\n    e.noSuchMethod();\n  }\n}\n',
    };
    const small = await checkSources([decl, caller], inventory);
    expect(small.some((f) => f.rule !== 'AS000')).toBe(true);
    expect(strip(await checkSources([decl, caller, big], inventory))).toEqual(small);

    // Every tree is cut into single nodes once read (SyntaxNode.release): pass 1's once its
    // declarations are frozen, pass 2's once its file is judged. The same findings as above.
    const made: { skeleton: boolean; nodes: SyntaxNode[] }[] = [];
    const trees = {
      tree(_path: string, text: string, skel: boolean): SyntaxTree | null {
        const tree = parseSyntax(parser, text);
        const nodes: SyntaxNode[] = [];
        for (const stack = tree ? [tree.rootNode] : []; stack.length; ) {
          const n = stack.pop()!;
          nodes.push(n);
          stack.push(...n.children);
        }
        made.push({ skeleton: skel, nodes });
        return tree;
      },
    };
    expect(strip(await checkSources([decl, caller, big], inventory, { trees }))).toEqual(small);
    // each file's skeleton in pass 1, its text in pass 2
    expect(made.map((m) => m.skeleton)).toEqual([true, true, true, false, false, false]);
    for (const { nodes } of made) {
      expect(nodes.length).toBeGreaterThan(10);
      expect(nodes.filter((n) => n.parent !== null || n.children.length > 0 || n.namedChildren.length > 0)).toEqual([]);
    }
  });
});
