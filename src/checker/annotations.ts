/**
 * AS010: uses of AgentScope annotations (`@Tool`, `@ToolParam`, ...) checked against the
 * annotation's elements in the inventory, as javac does (JLS 9.7.1): every element named must
 * exist, every element without a default must be given, and each value must fit the element's
 * type (a single value stands for a one-element array). Values whose type the checker cannot
 * tell (constants of other classes, method calls) are never judged.
 */
import type { SyntaxNode as Node } from './analysis/syntax-tree.js';
import { kids } from './analysis/syntax.js';
import type { Member, TypeDecl } from '../inventory/schema.js';
import { suggest } from '../core/suggest.js';
import { type JType, parseTypeString } from './jtype.js';

export interface AnnotationProblem {
  node: Node;
  message: string;
  suggestion?: string;
}

/** The kind of an element value as written; `other` is never judged. */
type ValueKind = 'string' | 'boolean' | 'number' | 'char' | 'class' | 'enum' | 'annotation' | 'other';

function valueKind(v: Node, typeOf: (n: Node) => JType): ValueKind {
  switch (v.type) {
    case 'string_literal':
    case 'text_block':
      return 'string';
    case 'true':
    case 'false':
      return 'boolean';
    case 'decimal_integer_literal':
    case 'hex_integer_literal':
    case 'octal_integer_literal':
    case 'binary_integer_literal':
    case 'decimal_floating_point_literal':
    case 'hex_floating_point_literal':
      return 'number';
    case 'character_literal':
      return 'char';
    case 'class_literal':
      return 'class';
    case 'annotation':
    case 'marker_annotation':
      return 'annotation';
    default: {
      const t = typeOf(v);
      if (t.k === 'class' && t.fqn === 'java.lang.String') return 'string';
      if (t.k === 'prim') return t.name === 'boolean' ? 'boolean' : t.name === 'char' ? 'char' : 'number';
      return 'other';
    }
  }
}

/** Does a value of `kind` fit an element of (non-array) type `t`? undefined = cannot tell. */
function fits(kind: ValueKind, t: JType, isEnum: (fqn: string) => boolean): boolean | undefined {
  if (kind === 'other') return undefined;
  if (t.k === 'prim') {
    if (t.name === 'boolean') return kind === 'boolean';
    return kind === 'number' || kind === 'char';
  }
  if (t.k !== 'class') return undefined;
  if (t.fqn === 'java.lang.String') return kind === 'string';
  if (t.fqn === 'java.lang.Class') return kind === 'class';
  if (isEnum(t.fqn)) return kind === 'enum' ? true : kind === 'annotation' ? false : kind === 'string' || kind === 'boolean' || kind === 'number' || kind === 'char' || kind === 'class' ? false : undefined;
  return undefined;
}

function describe(kind: ValueKind): string {
  return kind === 'number' ? 'a number' : kind === 'class' ? 'a class literal' : kind === 'annotation' ? 'an annotation' : `a ${kind}`;
}

/**
 * Problems of one annotation use; `decl` is the inventory annotation type, `typeOf` types an
 * expression (unknown when it cannot), `isEnum` tells inventory enums.
 */
export function annotationProblems(a: Node, decl: TypeDecl, typeOf: (n: Node) => JType, isEnum: (fqn: string) => boolean): AnnotationProblem[] {
  const out: AnnotationProblem[] = [];
  const elements = new Map<string, Member>(decl.members.filter((m) => m.kind === 'annotationElement').map((m) => [m.name, m]));
  const args = a.childForFieldName('arguments');
  const given: { name: string; nameNode?: Node; value: Node }[] = [];
  if (args) {
    for (const c of kids(args)) {
      if (c.type === 'element_value_pair') {
        const k = c.childForFieldName('key');
        const v = c.childForFieldName('value');
        if (k && v) given.push({ name: k.text, nameNode: k, value: v });
      } else given.push({ name: 'value', value: c });
    }
  }
  const simple = decl.name;
  for (const g of given) {
    const el = elements.get(g.name);
    if (!el) {
      const near = suggest(g.name, elements.keys());
      out.push({
        node: g.nameNode ?? g.value,
        message: `@${simple} has no element ${g.name}${g.nameNode ? '' : ' (a single unnamed value means value = ...)'}`,
        suggestion: near.length ? `did you mean ${near.join(', ')}?` : `@${simple} declares: ${[...elements.keys()].join(', ') || 'no elements'}`,
      });
      continue;
    }
    const t = parseTypeString(el.type ?? '');
    const elemT = t.k === 'array' ? t.elem : t;
    const values = g.value.type === 'element_value_array_initializer' ? kids(g.value) : [g.value];
    if (g.value.type === 'element_value_array_initializer' && t.k !== 'array') {
      out.push({ node: g.value, message: `@${simple}(${g.name} = {…}): ${g.name} is a single ${el.type}, not an array`, suggestion: `write ${g.name} = <one value>` });
      continue;
    }
    for (const v of values) {
      const kind = valueKind(v, typeOf);
      const ok = fits(kind === 'other' && isEnumConstantRef(v, elemT, typeOf) ? 'enum' : kind, elemT, isEnum);
      if (ok === false) {
        out.push({ node: v, message: `@${simple}(${g.name} = ${v.text.length > 30 ? `${v.text.slice(0, 30)}…` : v.text}): ${g.name} takes ${el.type}${t.k === 'array' ? '' : ''}, not ${describe(kind)}`, suggestion: `@${simple} declares ${el.type} ${g.name}()${el.default !== undefined ? ` default ${el.default}` : ''}` });
      }
    }
  }
  const missing = [...elements.values()].filter((m) => m.default === undefined && !given.some((g) => g.name === m.name));
  if (missing.length) {
    out.push({
      node: a,
      message: `@${simple} needs ${missing.map((m) => `${m.name} = <${m.type}>`).join(', ')}: ${missing.length === 1 ? 'that element has' : 'those elements have'} no default`,
      suggestion: `@${simple}(${[...missing.map((m) => `${m.name} = …`), ...given.map((g) => `${g.name} = ${g.value.text}`)].join(', ')})`,
    });
  }
  return out;
}

/** An identifier/field access whose type is the enum element type itself (a constant of it). */
function isEnumConstantRef(v: Node, elemT: JType, typeOf: (n: Node) => JType): boolean {
  if (v.type !== 'identifier' && v.type !== 'field_access') return false;
  const t = typeOf(v);
  return t.k === 'class' && elemT.k === 'class' && t.fqn === elemT.fqn;
}
