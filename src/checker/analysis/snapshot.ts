/**
 * Detached copies of the parts of a syntax tree that other files' judgements read: a class's
 * header (name, type parameters, supertypes, annotations), a field's declaration without its
 * initializer, a method's signature without its body. The copies are plain objects with the
 * subset of web-tree-sitter's Node interface the analyzer uses on declarations, so a file's
 * tree can be deleted after pass 1 (memory stays flat) and other files still resolve its types,
 * fields and method signatures. Anything the copy leaves out (a body, an initializer) is only
 * read while its own file is judged, on the live tree (SourceDeclarations.rebind).
 */
import type { Node, Point, TreeCursor } from 'web-tree-sitter';

/** Snapshot ids are negative: they never collide with a live node's id in the node caches. */
let nextId = -1;
const NONE: SnapNode[] = [];

/**
 * The text a file's copies were taken from, and where its lines start (computed when a position is
 * first asked for): a copy keeps offsets only, its row and column follow from them as the parser
 * counts them (rows at '\n', columns in UTF-16 code units), four fields less on every copy.
 */
class SnapText {
  private starts?: Int32Array;
  constructor(readonly src: string) {}

  position(index: number): Point {
    const starts = (this.starts ??= lineStarts(this.src));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return { row: lo, column: index - starts[lo] };
  }
}

function lineStarts(src: string): Int32Array {
  let n = 1;
  for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) n++;
  const out = new Int32Array(n);
  let k = 1;
  for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) out[k++] = i + 1;
  return out;
}

/** What a node is, shared by the copies of that kind: one field on each copy instead of three. */
interface Kind {
  readonly type: string;
  readonly isNamed: boolean;
  /** The field of its parent the node is in, if any. */
  readonly fieldName: string | null;
}
const kinds = new Map<string, Kind>();
function kindOf(type: string, isNamed: boolean, fieldName: string | null): Kind {
  const key = `${type}\0${isNamed ? 1 : 0}\0${fieldName ?? ''}`;
  let k = kinds.get(key);
  if (!k) kinds.set(key, (k = { type, isNamed, fieldName }));
  return k;
}

/** The copies of one file are taken one after the other: they share its SnapText. */
let lastText: SnapText | undefined;
function textOf(src: string): SnapText {
  if (lastText?.src !== src) lastText = new SnapText(src);
  return lastText;
}

export class SnapNode {
  readonly id = nextId--;
  parent: SnapNode | null = null;
  children: SnapNode[] = NONE;
  /** The same array as `children` while every child is named (most nodes of a declaration). */
  namedChildren: SnapNode[] = NONE;
  private kind: Kind;
  constructor(
    type: string,
    isNamed: boolean,
    private readonly file: SnapText,
    readonly startIndex: number,
    readonly endIndex: number,
  ) {
    this.kind = kindOf(type, isNamed, null);
  }

  get type(): string {
    return this.kind.type;
  }

  get isNamed(): boolean {
    return this.kind.isNamed;
  }

  /** The field of its parent this node is in, if any. */
  get fieldName(): string | null {
    return this.kind.fieldName;
  }

  get hasError(): boolean {
    return false;
  }

  get isMissing(): boolean {
    return false;
  }

  get text(): string {
    return this.file.src.slice(this.startIndex, this.endIndex);
  }

  get startPosition(): Point {
    return this.file.position(this.startIndex);
  }

  get endPosition(): Point {
    return this.file.position(this.endIndex);
  }

  get childCount(): number {
    return this.children.length;
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  child(i: number): SnapNode | null {
    return this.children[i] ?? null;
  }

  namedChild(i: number): SnapNode | null {
    return this.namedChildren[i] ?? null;
  }

  childForFieldName(name: string): SnapNode | null {
    return this.children.find((c) => c.fieldName === name) ?? null;
  }

  /** The child lists at their exact length: a list grown by push keeps room for ~16 more (V8), most of a copy's memory. */
  trim() {
    if (this.children === NONE) return;
    const named = this.namedChildren === this.children;
    this.children = this.children.slice();
    this.namedChildren = named ? this.children : this.namedChildren.length ? this.namedChildren.slice() : NONE;
  }

  addChild(c: SnapNode, fieldName: string | null) {
    c.parent = this;
    if (fieldName !== null) c.kind = kindOf(c.type, c.isNamed, fieldName);
    if (this.children === NONE) {
      this.children = [c];
      this.namedChildren = c.isNamed ? this.children : [];
      return;
    }
    this.children.push(c);
    if (this.namedChildren !== this.children) {
      if (c.isNamed) this.namedChildren.push(c);
    } else if (!c.isNamed) this.namedChildren = this.children.slice(0, -1);
  }
}

/** Is the child (of a node of type `parentType`, under field `fieldName`) left out of a declaration's copy? */
function leftOut(parentType: string, fieldName: string | null, type: string, named: boolean): boolean {
  // unnamed tokens (punctuation, keywords: a modifier is read through its text), but the bound of `? super T`
  if (!named && type !== 'super' && type !== 'extends') return true;
  // bodies of classes and methods; initializers of fields (annotation values are kept: `value` of an element pair)
  return fieldName === 'body' || (fieldName === 'value' && parentType === 'variable_declarator');
}

/**
 * Copies `node`'s subtree (without bodies and field initializers) from the text `src` it was parsed
 * from; `copies` receives every copied node by its live id, so references into the subtree can be mapped.
 */
export function snapshot(node: Node, src: string, copies: Map<number, SnapNode>): SnapNode {
  const cursor = node.walk();
  try {
    return copyAt(cursor, src, copies);
  } finally {
    cursor.delete();
  }
}

function copyAt(cursor: TreeCursor, src: string, copies: Map<number, SnapNode>): SnapNode {
  const root = copyNode(cursor, src);
  copies.set(cursor.nodeId, root);
  // iterative depth-first walk: deep type trees never exhaust the stack
  const stack: SnapNode[] = [root];
  if (!cursor.gotoFirstChild()) return root;
  const parents: SnapNode[] = [root];
  const done = () => {
    for (const p of parents) p.trim();
    return root;
  };
  for (;;) {
    const parent = stack[stack.length - 1];
    const fieldName = cursor.currentFieldName;
    let descended = false;
    if (!leftOut(parent.type, fieldName, cursor.nodeType, cursor.nodeIsNamed)) {
      const n = copyNode(cursor, src);
      copies.set(cursor.nodeId, n);
      parent.addChild(n, fieldName);
      if (cursor.gotoFirstChild()) {
        stack.push(n);
        parents.push(n);
        descended = true;
      }
    }
    if (descended) continue;
    while (!cursor.gotoNextSibling()) {
      if (stack.length === 1 || !cursor.gotoParent()) return done();
      stack.pop();
    }
  }
}

function copyNode(cursor: TreeCursor, src: string): SnapNode {
  return new SnapNode(cursor.nodeType, cursor.nodeIsNamed, textOf(src), cursor.startIndex, cursor.endIndex);
}

/** A snapshot used where the analyzer expects a Node (it reads only what SnapNode has). */
export function asNode(n: SnapNode): Node {
  return n as unknown as Node;
}
