/**
 * Detached copies of the parts of a syntax tree that other files' judgements read: a class's
 * header (name, type parameters, supertypes, annotations), a field's declaration without its
 * initializer, a method's signature without its body. The copies are plain objects with the
 * subset of web-tree-sitter's Node interface the analyzer uses on declarations, so a file's
 * tree can be deleted after pass 1 (memory stays flat) and other files still resolve its types,
 * fields and method signatures. Anything the copy leaves out (a body, an initializer) is only
 * read while its own file is judged, on the live tree (SourceDeclarations.rebind).
 */
import type { Point } from 'web-tree-sitter';
import { isComment, type Lines, type SyntaxNode as Node } from './syntax-tree.js';

/** Snapshot ids are negative: they never collide with a live node's id in the node caches. */
let nextId = -1;
const NONE: SnapNode[] = [];

/** What a node is, shared by the copies of that kind: one field on each copy instead of three. */
interface Kind {
  readonly type: string;
  readonly isNamed: boolean;
  /** The field of its parent the node is in, if any. */
  readonly fieldName: string | null;
}
/** By named-ness, node type and field name ('' for none): no key string built per copy. */
const kinds = [new Map<string, Map<string, Kind>>(), new Map<string, Map<string, Kind>>()];
function kindOf(type: string, isNamed: boolean, fieldName: string | null): Kind {
  const byType = kinds[isNamed ? 1 : 0];
  let byField = byType.get(type);
  if (!byField) byType.set(type, (byField = new Map()));
  let k = byField.get(fieldName ?? '');
  if (!k) byField.set(fieldName ?? '', (k = { type, isNamed, fieldName }));
  return k;
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
    readonly startIndex: number,
    readonly endIndex: number,
    /** The file's text and its line starts. */
    private readonly lines: Lines,
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
    return this.lines.text.slice(this.startIndex, this.endIndex);
  }

  get startPosition(): Point {
    return this.lines.point(this.startIndex);
  }

  get endPosition(): Point {
    return this.lines.point(this.endIndex);
  }

  /** Named children without comments. */
  get kids(): SnapNode[] {
    return this.namedChildren.some(isComment) ? this.namedChildren.filter((c) => !isComment(c)) : this.namedChildren;
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

  /** The child lists at their exact length: a list grown by push keeps room for more (V8), most of a copy's memory. */
  trim() {
    if (this.children === NONE) return;
    const named = this.namedChildren === this.children;
    this.children = this.children.slice();
    this.namedChildren = named ? this.children : this.namedChildren.length ? this.namedChildren.slice() : NONE;
  }
}

/**
 * Where a tree parsed from another text than the file's (its skeleton: analysis/skeleton.ts)
 * has its nodes in the file's text.
 */
export interface PositionMap {
  start(index: number): number;
  end(index: number): number;
}

/**
 * Copies `node`'s subtree (without bodies and field initializers); `lines`: the text it was parsed
 * from (or, through `map`, its skeleton was) and its rows. `copies` receives every copied node by
 * its live id, so references into the subtree can be mapped.
 */
export function snapshot(node: Node, lines: Lines, copies: Map<number, SnapNode>, map?: PositionMap): SnapNode {
  const root = copyNode(node, lines, copies, map);
  // iterative depth-first walk: deep type trees never exhaust the stack
  const stack: [Node, SnapNode][] = [[node, root]];
  const parents: SnapNode[] = [root];
  while (stack.length) {
    const [live, copy] = stack.pop()!;
    for (const c of live.children) {
      // unnamed tokens (punctuation, keywords: a modifier is read through its text) are left out, but the bound of `? super T`
      if (!c.isNamed && c.type !== 'super' && c.type !== 'extends') continue;
      // bodies of classes and methods; initializers of fields (annotation values are kept: `value` of an element pair)
      if (c.fieldName === 'body' || (c.fieldName === 'value' && live.type === 'variable_declarator')) continue;
      const n = copyNode(c, lines, copies, map);
      copy.addChild(n, c.fieldName);
      if (c.children.length) {
        stack.push([c, n]);
        parents.push(n);
      }
    }
  }
  for (const p of parents) p.trim();
  return root;
}

function copyNode(live: Node, lines: Lines, copies: Map<number, SnapNode>, map: PositionMap | undefined): SnapNode {
  const start = map ? map.start(live.startIndex) : live.startIndex;
  const end = map ? map.end(live.endIndex) : live.endIndex;
  const n = new SnapNode(live.type, live.isNamed, start, end, lines);
  copies.set(live.id, n);
  return n;
}

/** A snapshot used where the analyzer expects a Node (it reads only what SnapNode has). */
export function asNode(n: SnapNode): Node {
  return n as unknown as Node;
}
