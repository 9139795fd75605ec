/**
 * Syntax-tree accessors of the analyzer, over its copies of the trees (syntax-tree.ts) and of
 * pass 1's declarations (snapshot.ts).
 */
import type { SyntaxNode as Node } from './syntax-tree.js';

/** Named children without comments (tree-sitter keeps comments as named "extra" nodes). */
export function kids(n: Node): Node[] {
  return n.kids;
}

/** The child in field `name`: the first named one, else an anonymous token (a binary expression's operator). */
export function field(n: Node, name: string): Node | null {
  let token: Node | null = null;
  for (const c of n.children) {
    if (c.fieldName !== name) continue;
    if (c.isNamed) return c;
    token ??= c;
  }
  return token;
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

/** The method call `n` is an argument of (`xs.map(n)`), or null. */
export function callOfArgument(n: Node): Node | null {
  const call = n.parent?.type === 'argument_list' ? n.parent.parent : null;
  return call?.type === 'method_invocation' ? call : null;
}

/** The modifier keywords of a declaration (`static`, `default`, `abstract`, ..; not its annotations). */
export function modifierKeywords(m: Node): Set<string> {
  const mods = kids(m).find((k) => k.type === 'modifiers');
  const out = new Set<string>();
  if (mods) for (const c of mods.children) if (c && !c.isNamed) out.add(c.type);
  return out;
}

/**
 * Whether a declaration's modifiers include the keyword `word`, read from their text without the
 * annotations: the copy of a declaration another file's judgement reads keeps no keyword nodes.
 */
export function hasModifier(m: Node, word: string): boolean {
  const mods = kids(m).find((k) => k.type === 'modifiers');
  if (!mods) return false;
  let text = mods.text;
  for (const a of kids(mods)) if (a.type.endsWith('annotation')) text = text.replace(a.text, ' ');
  return new RegExp(`\\b${word}\\b`).test(text);
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
  if (n.type === 'binary_expression') return n.childForFieldName('operator') ?? n.children.find((c) => !c.isNamed && c.startIndex > (n.childForFieldName('left')?.endIndex ?? 0)) ?? n;
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

/** Literals, whose type is their own (not `null`, which converts to any reference type). */
export const LITERAL_TYPES: ReadonlySet<string> = new Set(['decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal', 'binary_integer_literal', 'decimal_floating_point_literal', 'hex_floating_point_literal', 'string_literal', 'character_literal', 'true', 'false', 'text_block']);
