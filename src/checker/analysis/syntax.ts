/**
 * Syntax-tree accessors of the analyzer, cached by node id: each web-tree-sitter accessor is a
 * call into WebAssembly that builds fresh Node objects, and the analyzer asks the same
 * questions of a node many times.
 */
import { Node } from 'web-tree-sitter';

/**
 * What a live Node has told once, kept on the Node object itself. The bundles' Node declares
 * these four in its constructor (scripts/bundle.mjs); another Node gets all four at its first
 * read, in one order, so every Node has one shape either way.
 */
interface Told {
  toldType: string | undefined;
  toldEnd: number | undefined;
  toldText: string | undefined;
  toldParent: Node | null | undefined;
}

function told(n: Told): Told {
  if (n.toldEnd === undefined) {
    n.toldType = undefined;
    n.toldEnd = -1;
    n.toldText = undefined;
    n.toldParent = undefined;
  }
  return n;
}

/**
 * web-tree-sitter's Node answers `type`, `endIndex`, `text` and `parent` by marshalling itself into
 * WebAssembly memory and calling in, on every read, and the analyzer reads a node's type ~3 times:
 * the answers never change while the tree lives, so each Node object keeps the first. (`text` is
 * the source between its offsets; `parent` a Node object like any other.)
 */
function memoizeNodeReads(): void {
  const proto = Node.prototype as unknown as Record<string | symbol, unknown>;
  // once per process, however often this module is loaded (a test runner may load it again)
  const installed = Symbol.for('agentscope.checker.memoizedNodeReads');
  if (proto[installed]) return;
  const live = (name: string) => Object.getOwnPropertyDescriptor(proto, name)?.get;
  const [type, endIndex, text, parent] = [live('type'), live('endIndex'), live('text'), live('parent')];
  // another web-tree-sitter than the one this was written for: its own accessors stay
  if (!type || !endIndex || !text || !parent) return;
  proto[installed] = true;
  Object.defineProperties(proto, {
    type: {
      configurable: true,
      get(this: Told) {
        const t = told(this);
        return (t.toldType ??= type.call(this) as string);
      },
    },
    endIndex: {
      configurable: true,
      get(this: Told) {
        const t = told(this);
        return t.toldEnd! >= 0 ? t.toldEnd : (t.toldEnd = endIndex.call(this) as number);
      },
    },
    text: {
      configurable: true,
      get(this: Told) {
        const t = told(this);
        return (t.toldText ??= text.call(this) as string);
      },
    },
    parent: {
      configurable: true,
      get(this: Told) {
        const t = told(this);
        return t.toldParent !== undefined ? t.toldParent : (t.toldParent = parent.call(this) as Node | null);
      },
    },
  });
}
memoizeNodeReads();

/** By node id: its named children as web-tree-sitter gave them (comments included). */
const namedCache = new Map<number, (Node | null)[]>();
const kidsCache = new Map<number, Node[]>();
/** By node id, each field's child by the field's slot (fieldSlots); undefined: not asked yet. */
const fieldCache = new Map<number, (Node | null | undefined)[]>();
/** A slot for each field name asked of field(): the cache holds one small array per node, not a Map. */
const fieldSlots = new Map<string, number>();

/** One array of named children per node, so kids() and field() hand out the same Node objects. */
function named(n: Node): (Node | null)[] {
  let k = namedCache.get(n.id);
  if (!k) namedCache.set(n.id, (k = n.namedChildren));
  return k;
}

/** Named children without comments (tree-sitter keeps comments as named "extra" nodes). */
export function kids(n: Node): Node[] {
  let k = kidsCache.get(n.id);
  if (!k) {
    k = [];
    for (const c of named(n)) {
      if (c === null) continue;
      const t = c.type;
      if (t !== 'line_comment' && t !== 'block_comment') k.push(c);
    }
    kidsCache.set(n.id, k);
  }
  return k;
}

/** Node ids are only unique while their trees live: call when the trees are deleted. */
export function clearNodeCaches(): void {
  namedCache.clear();
  kidsCache.clear();
  fieldCache.clear();
}

function slotOf(name: string): number {
  let slot = fieldSlots.get(name);
  if (slot === undefined) fieldSlots.set(name, (slot = fieldSlots.size));
  return slot;
}

/**
 * A node's fields that are named children, by slot: read once per node from its named children
 * (a field name per child, no new Node), where childForFieldName would make a Node for every field
 * asked, and a second object (with its own told answers) for a child kids() already has.
 */
function namedFields(n: Node): (Node | null | undefined)[] {
  const bySlot: (Node | null | undefined)[] = [];
  const ks = named(n);
  for (let i = 0; i < ks.length; i++) {
    const name = ks[i] && n.fieldNameForNamedChild(i);
    if (!name) continue;
    const slot = slotOf(name);
    if (bySlot[slot] === undefined) bySlot[slot] = ks[i];
  }
  return bySlot;
}

export function field(n: Node, name: string): Node | null {
  const slot = slotOf(name);
  let bySlot = fieldCache.get(n.id);
  if (!bySlot) fieldCache.set(n.id, (bySlot = namedFields(n)));
  let f = bySlot[slot];
  // not a named child's: an anonymous token (a binary expression's operator) or absent
  if (f === undefined) bySlot[slot] = f = n.childForFieldName(name);
  return f;
}

/** Node types that are expressions (the statement walker hands them to the expression typer). */
export const EXPRESSIONS = new Set([
  'identifier', 'field_access', 'method_invocation', 'object_creation_expression', 'this', 'super', 'parenthesized_expression',
  'cast_expression', 'ternary_expression', 'lambda_expression', 'method_reference', 'string_literal', 'character_literal',
  'decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal', 'binary_integer_literal', 'decimal_floating_point_literal',
  'hex_floating_point_literal', 'true', 'false', 'null_literal', 'class_literal', 'array_access', 'array_creation_expression',
  'array_initializer', 'assignment_expression', 'binary_expression', 'unary_expression', 'update_expression', 'instanceof_expression',
  'switch_expression', 'text_block',
]);

export const CLASS_DECLS = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);

/** The modifiers node of a declaration, if any. */
function modifiersOf(n: Node): Node | undefined {
  return kids(n).find((k) => k.type === 'modifiers');
}

/** Simple names of the annotations on a declaration (`@a.b.Tool` -> `Tool`). */
export function annotationNames(node: Node): string[] {
  const mods = modifiersOf(node);
  if (!mods) return [];
  return kids(mods)
    .filter((a) => a.type === 'annotation' || a.type === 'marker_annotation')
    .map((a) => field(a, 'name')?.text ?? '')
    .map((t) => t.slice(t.lastIndexOf('.') + 1));
}

/**
 * Where javac puts a diagnostic about an expression (its tree's preferred position): a call's `(`
 * (the last line of a builder chain), a binary expression's operator, a field access's name, else
 * where the expression starts.
 */
export function javacPosition(n: Node): Node {
  if (n.type === 'method_invocation') return n.childForFieldName('arguments') ?? n;
  // javac's parser folds string literals joined with `+` into one literal, reported where it starts
  if (n.type === 'binary_expression' && stringLiterals(n)) return n;
  if (n.type === 'binary_expression') return n.childForFieldName('operator') ?? n.children.find((c) => c !== null && !c.isNamed && c.startIndex > (n.childForFieldName('left')?.endIndex ?? 0)) ?? n;
  if (n.type === 'field_access') return n.childForFieldName('field') ?? n;
  return n;
}

/**
 * A record component's type and name: `String text` (a formal_parameter), or `Pattern... nested`
 * (a spread_parameter, whose name sits in its declarator); undefined for anything else.
 */
export function recordComponent(p: Node): { type: Node; name: Node; varargs: boolean } | undefined {
  const varargs = p.type === 'spread_parameter';
  if (!varargs && p.type !== 'formal_parameter') return undefined;
  const type = varargs ? kids(p).find((k) => k.type !== 'modifiers' && k.type !== 'variable_declarator') : field(p, 'type');
  const declarator = varargs ? kids(p).find((k) => k.type === 'variable_declarator') : p;
  const name = declarator ? field(declarator, 'name') : null;
  return type && name ? { type, name, varargs } : undefined;
}

/** String literals joined with `+` (`"You are .." + "then .."`), which javac's parser folds into one literal. */
function stringLiterals(n: Node): boolean {
  if (n.type === 'string_literal' || n.type === 'text_block') return true;
  if (n.type !== 'binary_expression' || n.childForFieldName('operator')?.text !== '+') return false;
  const l = n.childForFieldName('left');
  const r = n.childForFieldName('right');
  return !!l && !!r && stringLiterals(l) && stringLiterals(r);
}

/** The names the nodes below `root` contribute (`pick`: a node's name, if it has one to add), in one walk. */
export function collectNames(root: Node, pick: (n: Node) => string | undefined): Set<string> {
  const names = new Set<string>();
  const stack: Node[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    const name = pick(n);
    if (name !== undefined) names.add(name);
    for (const c of kids(n)) stack.push(c);
  }
  return names;
}
