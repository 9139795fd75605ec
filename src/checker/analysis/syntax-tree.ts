/**
 * The analyzer's syntax trees: each file's tree-sitter tree copied once, right after it is
 * parsed, into plain objects of one shape, and the WebAssembly tree deleted. web-tree-sitter hands
 * out a new Node object for every child, parent or field asked (each answer a call into
 * WebAssembly), and the analyzer asks the same nodes many times: copying every node in one walk
 * of a cursor costs a fraction of that, and each answer is then a property read.
 * The copy has the part of web-tree-sitter's Node interface the analyzer uses, with its meanings
 * (`children` includes anonymous tokens but punctuation, `namedChildren` comments; offsets and
 * columns in UTF-16 units); tests/checker/syntax-tree.test.ts compares the two on real and broken
 * sources.
 */
import type { Language, Parser, Point } from 'web-tree-sitter';
import { parserRuntime } from '../../inventory/extract/parser.js';

/**
 * The rows and columns of a text's offsets (UTF-16 units from the line's start, as
 * web-tree-sitter counts them), computed when first asked.
 */
export class Lines {
  private starts: number[] | undefined;

  constructor(readonly text: string) {}

  point(index: number): Point {
    let ls = this.starts;
    if (!ls) {
      ls = [0];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) ls.push(i + 1);
      this.starts = ls;
    }
    let lo = 0;
    let hi = ls.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (ls[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return { row: lo, column: index - ls[lo] };
  }
}

/** Ids count up across the process (snapshot.ts counts down): a node cache keyed by id never mixes two files' nodes. */
let nextId = 1;
const NONE: SyntaxNode[] = [];

/** A comment node (tree-sitter keeps comments as named "extra" nodes). */
export function isComment(n: { type: string }): boolean {
  return n.type === 'line_comment' || n.type === 'block_comment';
}

export class SyntaxNode {
  readonly id = nextId++;
  /** Set by parseSyntax once the node is complete. */
  children: SyntaxNode[] = NONE;
  hasError: boolean;
  isMissing = false;
  private named: SyntaxNode[] | undefined = undefined;
  private withoutComments: SyntaxNode[] | undefined = undefined;
  private told: string | undefined = undefined;

  constructor(
    readonly type: string,
    readonly isNamed: boolean,
    /** The field of its parent this node is in, if any. */
    readonly fieldName: string | null,
    readonly startIndex: number,
    readonly endIndex: number,
    /** Null at the root, and once the tree is released (SyntaxNode.release). */
    public parent: SyntaxNode | null,
    private readonly lines: Lines,
  ) {
    this.hasError = type === 'ERROR';
  }

  get text(): string {
    return (this.told ??= this.lines.text.slice(this.startIndex, this.endIndex));
  }

  get startPosition(): Point {
    return this.lines.point(this.startIndex);
  }

  get endPosition(): Point {
    return this.lines.point(this.endIndex);
  }

  /** Named children, comments included (tree-sitter's extras). */
  get namedChildren(): SyntaxNode[] {
    let k = this.named;
    if (!k) {
      k = this.children;
      for (const c of this.children) {
        if (!c.isNamed) {
          k = this.children.filter((x) => x.isNamed);
          break;
        }
      }
      this.named = k;
    }
    return k;
  }

  /** Named children without comments. */
  get kids(): SyntaxNode[] {
    let k = this.withoutComments;
    if (!k) {
      k = this.namedChildren;
      for (const c of k) {
        if (isComment(c)) {
          k = k.filter((x) => !isComment(x));
          break;
        }
      }
      this.withoutComments = k;
    }
    return k;
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  child(i: number): SyntaxNode | null {
    return this.children[i] ?? null;
  }

  namedChild(i: number): SyntaxNode | null {
    return this.namedChildren[i] ?? null;
  }

  /**
   * The first child in the field (a named or an anonymous one), as web-tree-sitter answers: none
   * in an ERROR node, whose children keep the fields of the rules the parser tried.
   */
  childForFieldName(name: string): SyntaxNode | null {
    if (this.type === 'ERROR') return null;
    for (const c of this.children) if (c.fieldName === name) return c;
    return null;
  }

  /**
   * Cuts the tree under `root`, which nothing will read again, into single nodes: no node keeps
   * a parent or children. An object in V8's old generation that points at a node keeps it through
   * every young-generation collection until the next full one, even when that object is garbage
   * itself; and pass 2's declarations of each file are allocated there (made where pass 1's
   * long-lived ones were: V8 pretenures that code). With the links in place, such a pointer kept
   * the file's whole tree, so most trees of a large check were copied and promoted (~0.5 GB on
   * the official tree); cut, it keeps one node.
   */
  static release(root: SyntaxNode): void {
    const stack: SyntaxNode[] = [root];
    while (stack.length) {
      const n = stack.pop()!;
      for (const c of n.children) stack.push(c);
      n.children = NONE;
      n.parent = null;
      n.named = undefined;
      n.withoutComments = undefined;
    }
  }

  /** The nodes below this one (not itself) of the given types, in document order. */
  descendantsOfType(types: string | string[]): SyntaxNode[] {
    const want = typeof types === 'string' ? [types] : types;
    const out: SyntaxNode[] = [];
    const stack = this.children.slice().reverse();
    while (stack.length) {
      const n = stack.pop()!;
      if (want.includes(n.type)) out.push(n);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
    }
    return out;
  }
}

export interface SyntaxTree {
  readonly rootNode: SyntaxNode;
}

/**
 * A cursor over a tree in WebAssembly: the moves and questions of web-tree-sitter's TreeCursor,
 * without a JavaScript object per answer.
 */
interface Cursor {
  firstChild(): boolean;
  nextSibling(): boolean;
  parent(): boolean;
  typeId(): number;
  fieldId(): number;
  start(): number;
  end(): number;
  missing(): boolean;
  done(): void;
}

type Fn = (...args: number[]) => number;
/** The binding's cursor functions (web-tree-sitter's lib/tree-sitter.c): each reads the cursor from the transfer buffer and writes it back. */
const CALLS = [
  '_ts_tree_root_node_wasm',
  '_ts_tree_cursor_new_wasm',
  '_ts_tree_cursor_delete_wasm',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_field_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
  '_ts_tree_cursor_current_node_is_missing_wasm',
] as const;

/**
 * The cursor of web-tree-sitter's binding, called directly: a TreeCursor object would copy its
 * four words into the binding's transfer buffer and back around every move and question, while
 * nothing else touches the buffer during a walk, so the cursor can live there. Undefined when the
 * runtime does not have these functions (another web-tree-sitter): the TreeCursor is used then.
 */
function directCursor(address: number): Cursor | undefined {
  const rt = parserRuntime();
  if (!rt || !CALLS.every((c) => typeof rt[c] === 'function')) return undefined;
  const [root, open, close, first, next, up, type, field, start, end, missing] = CALLS.map((c) => rt[c] as Fn);
  root(address);
  open(address);
  return {
    firstChild: () => first(address) === 1,
    nextSibling: () => next(address) === 1,
    parent: () => up(address) === 1,
    typeId: () => type(address),
    fieldId: () => field(address),
    start: () => start(address),
    end: () => end(address),
    missing: () => missing(address) === 1,
    done: () => close(address),
  };
}

/** Through web-tree-sitter's TreeCursor. */
function publicCursor(tree: ReturnType<Parser['parse']> & object): Cursor {
  const c = tree.walk();
  return {
    firstChild: () => c.gotoFirstChild(),
    nextSibling: () => c.gotoNextSibling(),
    parent: () => c.gotoParent(),
    typeId: () => c.nodeTypeId,
    fieldId: () => c.currentFieldId,
    start: () => c.startIndex,
    end: () => c.endIndex,
    missing: () => c.nodeIsMissing,
    done: () => c.delete(),
  };
}

/**
 * Punctuation the copy leaves out of `children` (about a third of a tree's nodes): no judgement
 * reads these tokens, only the named nodes between them and the operators and keywords, which are
 * kept. One the parser inserted to recover (MISSING `;`) is kept: it is where the error is reported.
 */
export const PUNCTUATION: ReadonlySet<string> = new Set(['.', ',', ';', '(', ')', '{', '}', '[', ']', '"']);

/** A language's node types, field names, named-ness and which types are left out, by id. */
interface Names {
  types: string[];
  named: boolean[];
  skipped: boolean[];
  fields: (string | null)[];
}
const namesOf = new WeakMap<Language, Names>();

function names(lang: Language): Names {
  let n = namesOf.get(lang);
  if (!n) {
    // the error symbol's id (0xffff) is past the table: ERROR, a named node
    const types = lang.types.map((t) => t || 'ERROR');
    const named = lang.types.map((_, id) => lang.nodeTypeIsNamed(id));
    namesOf.set(lang, (n = { types, named, skipped: types.map((t, id) => !named[id] && PUNCTUATION.has(t)), fields: lang.fields }));
  }
  return n;
}

/**
 * Parses `text` into a SyntaxTree; null when the parser gives up. The WebAssembly tree is deleted
 * before this returns. `direct: false` walks it through web-tree-sitter's TreeCursor (what another
 * web-tree-sitter gets; the tests compare both).
 */
export function parseSyntax(parser: Parser, text: string, direct = true): SyntaxTree | null {
  const tree = parser.parse(text);
  if (!tree) return null;
  try {
    const c = (direct ? directCursor((tree as unknown as { 0: number })[0]) : undefined) ?? publicCursor(tree);
    try {
      return copyTree(c, names(tree.language), text);
    } finally {
      c.done();
    }
  } finally {
    tree.delete();
  }
}

/** The copy of the tree under cursor `c` (on its root), punctuation left out. */
function copyTree(c: Cursor, { types, named, skipped, fields }: Names, text: string): SyntaxTree {
  const lines = new Lines(text);
  // the children of the nodes being copied, in one list (each node's from its start): a node's
  // own list is made at its exact length when it is complete, not grown child by child
  const pending: SyntaxNode[] = [];
  const starts: number[] = [];
  const complete = (n: SyntaxNode) => {
    const from = starts.pop()!;
    if (pending.length > from) {
      n.children = pending.slice(from);
      pending.length = from;
    }
  };
  const make = (parent: SyntaxNode | null, id: number): SyntaxNode => {
    const start = c.start();
    const end = c.end();
    const n = new SyntaxNode(types[id] ?? 'ERROR', named[id] ?? true, parent ? (fields[c.fieldId()] ?? null) : null, start, end, parent, lines);
    // a missing token is one the parser inserted: always empty
    if (start === end && c.missing()) n.isMissing = n.hasError = true;
    if (parent) pending.push(n);
    return n;
  };
  const root = make(null, c.typeId());
  if (!c.firstChild()) return { rootNode: root };
  starts.push(0);
  // the cursor is on a child of `parent`; a node is complete when the cursor leaves it, and its errors are then its parent's
  let parent = root;
  for (;;) {
    const id = c.typeId();
    const n = skipped[id] && !c.missing() ? null : make(parent, id);
    if (n && c.firstChild()) {
      starts.push(pending.length);
      parent = n;
      continue;
    }
    if (n?.hasError) parent.hasError = true;
    while (!c.nextSibling()) {
      c.parent();
      const done = parent;
      complete(done);
      if (done === root) return { rootNode: root };
      parent = done.parent!;
      if (done.hasError) parent.hasError = true;
    }
  }
}

/**
 * A parsed text's tree as numbers, for a SyntaxTree to be made of in another thread
 * (syntaxFromFlat): the nodes parseSyntax keeps, in document order, four words each: type id,
 * field id << 16 and MISSING << 31; start; end; the number of nodes of its subtree (itself
 * included). `hasError`: the text has a syntax error.
 */
export interface FlatTree {
  words: Uint32Array;
  hasError: boolean;
}

/** The node names a FlatTree's ids stand for (plain arrays: they cross threads). */
export type SyntaxNames = Names;

export function syntaxNames(parser: Parser): SyntaxNames {
  return names(parser.language!);
}

/** Where flattenSyntax writes a tree before copying out its exact length (one per thread, grown as needed). */
let scratch = new Uint32Array(1 << 16);

/** Parses `text` into a FlatTree; null when the parser gives up. */
export function flattenSyntax(parser: Parser, text: string): FlatTree | null {
  const tree = parser.parse(text);
  if (!tree) return null;
  try {
    const c = directCursor((tree as unknown as { 0: number })[0]) ?? publicCursor(tree);
    let words: Uint32Array;
    try {
      words = flatten(c, names(tree.language).skipped);
    } finally {
      c.done();
    }
    // asked once the cursor is closed: the answer is written where the direct cursor lives
    return { words, hasError: tree.rootNode.hasError };
  } finally {
    tree.delete();
  }
}

/** The nodes under cursor `c` (on its root) as a FlatTree's words, punctuation left out. */
function flatten(c: Cursor, skipped: boolean[]): Uint32Array {
  let w = scratch;
  let n = 0;
  const put = (field: number, id: number) => {
    if (4 * n === w.length) {
      const grown = new Uint32Array(2 * w.length);
      grown.set(w);
      w = scratch = grown;
    }
    const start = c.start();
    const end = c.end();
    const missing = start === end && c.missing();
    w[4 * n] = id | (field << 16) | (missing ? 0x80000000 : 0);
    w[4 * n + 1] = start;
    w[4 * n + 2] = end;
    w[4 * n + 3] = 1;
    return n++;
  };
  put(0, c.typeId());
  if (!c.firstChild()) return w.slice(0, 4);
  // the nodes whose subtree is still being written
  const open = [0];
  for (;;) {
    const id = c.typeId();
    const i = skipped[id] && !c.missing() ? -1 : put(c.fieldId(), id);
    if (i >= 0 && c.firstChild()) {
      open.push(i);
      continue;
    }
    while (!c.nextSibling()) {
      c.parent();
      const p = open.pop()!;
      w[4 * p + 3] = n - p;
      if (p === 0) return w.slice(0, 4 * n);
    }
  }
}

/** The SyntaxTree of `text` from its FlatTree (made by flattenSyntax from the same text): what copyTree makes of the parser's tree. */
export function syntaxFromFlat(flat: FlatTree, { types, named, fields }: SyntaxNames, text: string): SyntaxTree {
  const w = flat.words;
  const lines = new Lines(text);
  const make = (i: number, parent: SyntaxNode | null): SyntaxNode => {
    const head = w[4 * i];
    const id = head & 0xffff;
    const n = new SyntaxNode(types[id] ?? 'ERROR', named[id] ?? true, parent ? (fields[(head >>> 16) & 0x7fff] ?? null) : null, w[4 * i + 1], w[4 * i + 2], parent, lines);
    if (head >>> 31) n.isMissing = n.hasError = true;
    return n;
  };
  const root = make(0, null);
  // the nodes whose subtree is being made, where each subtree ends, and where each one's children start in `pending`
  const open: SyntaxNode[] = [root];
  const ends: number[] = [w[3]];
  const starts: number[] = [0];
  const pending: SyntaxNode[] = [];
  const close = () => {
    const done = open.pop()!;
    ends.pop();
    const from = starts.pop()!;
    if (pending.length > from) {
      done.children = pending.slice(from);
      pending.length = from;
    }
    if (done.hasError && open.length) open[open.length - 1].hasError = true;
  };
  const count = w.length >> 2;
  for (let i = 1; i < count; i++) {
    while (i >= ends[ends.length - 1]) close();
    const parent = open[open.length - 1];
    const n = make(i, parent);
    pending.push(n);
    const size = w[4 * i + 3];
    if (size > 1) {
      open.push(n);
      ends.push(i + size);
      starts.push(pending.length);
    } else if (n.hasError) parent.hasError = true;
  }
  while (open.length) close();
  return { rootNode: root };
}
