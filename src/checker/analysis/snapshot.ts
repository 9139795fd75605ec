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

export class SnapNode {
  readonly id = nextId--;
  parent: SnapNode | null = null;
  children: SnapNode[] = NONE;
  /** The same array as `children` while every child is named (most nodes of a declaration). */
  namedChildren: SnapNode[] = NONE;
  /** The field of its parent this node is in, if any. */
  fieldName: string | null = null;
  constructor(
    readonly type: string,
    readonly isNamed: boolean,
    private readonly src: string,
    readonly startIndex: number,
    readonly endIndex: number,
    private readonly startRow: number,
    private readonly startColumn: number,
    private readonly endRow: number,
    private readonly endColumn: number,
  ) {}

  get hasError(): boolean {
    return false;
  }

  get isMissing(): boolean {
    return false;
  }

  get text(): string {
    return this.src.slice(this.startIndex, this.endIndex);
  }

  get startPosition(): Point {
    return { row: this.startRow, column: this.startColumn };
  }

  get endPosition(): Point {
    return { row: this.endRow, column: this.endColumn };
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

  addChild(c: SnapNode, fieldName: string | null) {
    c.parent = this;
    c.fieldName = fieldName;
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
 * Where a tree parsed from another text than the file's (its skeleton: analysis/skeleton.ts)
 * has its nodes in the file's text.
 */
export interface PositionMap {
  start(index: number): number;
  end(index: number): number;
  column(row: number, index: number): number;
}

/**
 * Copies `node`'s subtree (without bodies and field initializers) from the text `src` it was parsed
 * from (or, through `map`, its skeleton was); `copies` receives every copied node by its live id,
 * so references into the subtree can be mapped.
 */
export function snapshot(node: Node, src: string, copies: Map<number, SnapNode>, map?: PositionMap): SnapNode {
  const cursor = node.walk();
  try {
    return copyAt(cursor, src, copies, map);
  } finally {
    cursor.delete();
  }
}

function copyAt(cursor: TreeCursor, src: string, copies: Map<number, SnapNode>, map: PositionMap | undefined): SnapNode {
  const root = copyNode(cursor, src, map);
  copies.set(cursor.nodeId, root);
  // iterative depth-first walk: deep type trees never exhaust the stack
  const stack: SnapNode[] = [root];
  if (!cursor.gotoFirstChild()) return root;
  for (;;) {
    const parent = stack[stack.length - 1];
    const fieldName = cursor.currentFieldName;
    let descended = false;
    if (!leftOut(parent.type, fieldName, cursor.nodeType, cursor.nodeIsNamed)) {
      const n = copyNode(cursor, src, map);
      copies.set(cursor.nodeId, n);
      parent.addChild(n, fieldName);
      if (cursor.gotoFirstChild()) {
        stack.push(n);
        descended = true;
      }
    }
    if (descended) continue;
    while (!cursor.gotoNextSibling()) {
      if (stack.length === 1 || !cursor.gotoParent()) return root;
      stack.pop();
    }
  }
}

function copyNode(cursor: TreeCursor, src: string, map: PositionMap | undefined): SnapNode {
  const { row: sr, column: sc } = cursor.startPosition;
  const { row: er, column: ec } = cursor.endPosition;
  if (!map) return new SnapNode(cursor.nodeType, cursor.nodeIsNamed, src, cursor.startIndex, cursor.endIndex, sr, sc, er, ec);
  const start = map.start(cursor.startIndex);
  const end = map.end(cursor.endIndex);
  return new SnapNode(cursor.nodeType, cursor.nodeIsNamed, src, start, end, sr, map.column(sr, start), er, map.column(er, end));
}

/** A snapshot used where the analyzer expects a Node (it reads only what SnapNode has). */
export function asNode(n: SnapNode): Node {
  return n as unknown as Node;
}
