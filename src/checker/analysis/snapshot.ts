/**
 * Detached copies of the parts of a syntax tree that other files' judgements read: a class's
 * header (name, type parameters, supertypes, annotations), a field's declaration without its
 * initializer, a method's signature without its body. The copies are plain objects with the
 * subset of web-tree-sitter's Node interface the analyzer uses on declarations, so a file's
 * tree can be deleted after pass 1 (memory stays flat) and other files still resolve its types,
 * fields and method signatures. Anything the copy leaves out (a body, an initializer) is only
 * read while its own file is judged, on the live tree (SourceDeclarations.rebind).
 */
import type { Language, Node, Point, TreeCursor } from 'web-tree-sitter';

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

  fieldNameForNamedChild(i: number): string | null {
    return this.namedChildren[i]?.fieldName ?? null;
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
 * The rows and columns of a text's offsets (UTF-16 units from the line's start, as
 * web-tree-sitter counts them): a copy reads positions from its offsets, not from the tree.
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

/** Whether each node type of a language is named, by type id (a cursor would ask WebAssembly for every node). */
const namedTypes = new WeakMap<Language, boolean[]>();

/** What a copy reads while it walks a tree. */
interface Walk {
  cursor: TreeCursor;
  lang: Language;
  named: boolean[];
  lines: Lines;
  map: PositionMap | undefined;
  copies: Map<number, SnapNode>;
}

/**
 * Copies `node`'s subtree (without bodies and field initializers); `lines`: the text it was parsed
 * from (or, through `map`, its skeleton was) and its rows. `copies` receives every copied node by
 * its live id, so references into the subtree can be mapped.
 */
export function snapshot(node: Node, lines: Lines, copies: Map<number, SnapNode>, map?: PositionMap): SnapNode {
  const lang = node.tree.language;
  let named = namedTypes.get(lang);
  if (!named) namedTypes.set(lang, (named = lang.types.map((_, id) => lang.nodeTypeIsNamed(id))));
  const cursor = node.walk();
  try {
    return copyAt({ cursor, lang, named, lines, map, copies });
  } finally {
    cursor.delete();
  }
}

function copyAt(w: Walk): SnapNode {
  const { cursor, lang, named } = w;
  const root = copyNode(w, lang.types[cursor.nodeTypeId] || 'ERROR', true);
  // iterative depth-first walk: deep type trees never exhaust the stack
  const stack: SnapNode[] = [root];
  const parents: SnapNode[] = [root];
  const done = () => {
    for (const p of parents) p.trim();
    return root;
  };
  if (!cursor.gotoFirstChild()) return root;
  for (;;) {
    const parent = stack[stack.length - 1];
    const typeId = cursor.nodeTypeId;
    const type = lang.types[typeId] || 'ERROR';
    const isNamed = named[typeId] ?? false;
    let descended = false;
    // unnamed tokens (punctuation, keywords: a modifier is read through its text) are left out, but the bound of `? super T`
    if (isNamed || type === 'super' || type === 'extends') {
      const fieldName = lang.fields[cursor.currentFieldId] ?? null;
      // bodies of classes and methods; initializers of fields (annotation values are kept: `value` of an element pair)
      if (fieldName !== 'body' && !(fieldName === 'value' && parent.type === 'variable_declarator')) {
        const n = copyNode(w, type, isNamed);
        parent.addChild(n, fieldName);
        if (cursor.gotoFirstChild()) {
          stack.push(n);
          parents.push(n);
          descended = true;
        }
      }
    }
    if (descended) continue;
    while (!cursor.gotoNextSibling()) {
      if (stack.length === 1 || !cursor.gotoParent()) return done();
      stack.pop();
    }
  }
}

function copyNode(w: Walk, type: string, isNamed: boolean): SnapNode {
  const { cursor, map } = w;
  const start = map ? map.start(cursor.startIndex) : cursor.startIndex;
  const end = map ? map.end(cursor.endIndex) : cursor.endIndex;
  const n = new SnapNode(type, isNamed, start, end, w.lines);
  w.copies.set(cursor.nodeId, n);
  return n;
}

/** A snapshot used where the analyzer expects a Node (it reads only what SnapNode has). */
export function asNode(n: SnapNode): Node {
  return n as unknown as Node;
}
