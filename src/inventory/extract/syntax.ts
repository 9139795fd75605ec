/**
 * Tree-sitter CST -> plain declaration records, before any name resolution. Everything here
 * is copied out of the tree (strings, numbers) so the tree can be freed right after the walk.
 */
import type { Node } from 'web-tree-sitter';
import type { TypeKind } from '../schema.js';
import { parseJavadoc, type DocInfo } from './javadoc.js';

/** A type expression as a small AST. */
export type TNode =
  | { k: 'prim'; name: string }
  | { k: 'ref'; parts: { name: string; args?: TNode[] }[] }
  | { k: 'array'; el: TNode; dims: number }
  | { k: 'wild'; ext?: 'extends' | 'super'; bound?: TNode }
  | { k: 'raw'; text: string };

export interface TypeExpr {
  /** Source text, white space collapsed. */
  written: string;
  node: TNode;
}

export interface RawAnnotation {
  /** Name as written (`Deprecated`, `com.fasterxml.jackson.annotation.JsonProperty`). */
  name: string;
  /** element_value_pair key -> value source text (`value` for a single unnamed argument). */
  args: Record<string, string>;
}

export interface RawTypeParam {
  name: string;
  bounds: TypeExpr[];
}

export interface RawParam {
  name: string;
  type: TypeExpr;
  varargs: boolean;
  annotations: RawAnnotation[];
  line: number;
}

type RawMemberKind = 'constructor' | 'compactConstructor' | 'method' | 'field' | 'enumConstant' | 'annotationElement';

export interface RawMember {
  kind: RawMemberKind;
  name: string;
  modifiers: string[];
  annotations: RawAnnotation[];
  typeParams: RawTypeParam[];
  params: RawParam[];
  type?: TypeExpr;
  throws: TypeExpr[];
  default?: string;
  hasBody: boolean;
  doc?: DocInfo;
  line: number;
}

export interface RawType {
  name: string;
  kind: TypeKind;
  modifiers: string[];
  annotations: RawAnnotation[];
  typeParams: RawTypeParam[];
  extends: TypeExpr[];
  implements: TypeExpr[];
  permits?: TypeExpr[];
  recordComponents?: RawParam[];
  doc?: DocInfo;
  line: number;
  members: RawMember[];
  nested: RawType[];
}

export interface RawImport {
  path: string;
  isStatic: boolean;
  wildcard: boolean;
}

/** A parsed compilation unit, kept for provider analysis. */
export interface ParsedFile {
  artifactId: string;
  path: string;
  source: string;
  unit: RawUnit;
}

export interface RawUnit {
  pkg: string;
  imports: RawImport[];
  types: RawType[];
}

const TYPE_DECLS: Record<string, TypeKind> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
  record_declaration: 'record',
  annotation_type_declaration: 'annotation',
};

const collapse = (s: string) => s.replace(/\s+/g, ' ').replace(/\s*([<>,[\]])\s*/g, (_m, c: string) => (c === ',' ? ', ' : c)).trim();

function line(n: Node): number {
  return n.startPosition.row + 1;
}

function named(n: Node | null | undefined): Node[] {
  return n ? (n.namedChildren.filter(Boolean) as Node[]) : [];
}

function childOfType(n: Node, type: string): Node | undefined {
  return named(n).find((c) => c.type === type);
}

// ---------------------------------------------------------------- types

function typeNode(n: Node): TNode {
  switch (n.type) {
    case 'void_type':
    case 'integral_type':
    case 'floating_point_type':
    case 'boolean_type':
      return { k: 'prim', name: n.text };
    case 'type_identifier':
      return { k: 'ref', parts: [{ name: n.text }] };
    case 'scoped_type_identifier': {
      const kids = named(n).filter((c) => c.type !== 'annotation' && c.type !== 'marker_annotation');
      const last = kids[kids.length - 1];
      const head = typeNode(kids[0]);
      if (head.k !== 'ref') return { k: 'raw', text: collapse(n.text) };
      return { k: 'ref', parts: [...head.parts, { name: last.text }] };
    }
    case 'generic_type': {
      const kids = named(n);
      const base = typeNode(kids[0]);
      const argsNode = kids.find((c) => c.type === 'type_arguments');
      if (base.k !== 'ref') return { k: 'raw', text: collapse(n.text) };
      const args = named(argsNode).filter((c) => c.type !== 'annotation' && c.type !== 'marker_annotation').map(typeNode);
      const parts = base.parts.slice();
      parts[parts.length - 1] = { ...parts[parts.length - 1], args };
      return { k: 'ref', parts };
    }
    case 'array_type': {
      const el = typeNode(n.childForFieldName('element')!);
      const dims = countDims(n.childForFieldName('dimensions'));
      return el.k === 'array' ? { k: 'array', el: el.el, dims: el.dims + dims } : { k: 'array', el, dims };
    }
    case 'annotated_type': {
      const inner = named(n).filter((c) => c.type !== 'annotation' && c.type !== 'marker_annotation');
      return inner.length ? typeNode(inner[inner.length - 1]) : { k: 'raw', text: collapse(n.text) };
    }
    case 'wildcard': {
      const kids = n.children.filter(Boolean) as Node[];
      const ext = kids.find((c) => c.type === 'extends' || c.type === 'super');
      const bound = named(n).filter((c) => c.type !== 'annotation' && c.type !== 'marker_annotation');
      if (!ext || !bound.length) return { k: 'wild' };
      return { k: 'wild', ext: ext.type as 'extends' | 'super', bound: typeNode(bound[bound.length - 1]) };
    }
    default:
      return { k: 'raw', text: collapse(n.text) };
  }
}

function countDims(n: Node | null | undefined): number {
  if (!n) return 0;
  return (n.text.match(/\[/g) ?? []).length;
}

function typeExpr(n: Node, extraDims = 0): TypeExpr {
  const node = typeNode(n);
  if (!extraDims) return { written: collapse(n.text), node };
  const arr: TNode = node.k === 'array' ? { k: 'array', el: node.el, dims: node.dims + extraDims } : { k: 'array', el: node, dims: extraDims };
  return { written: collapse(n.text) + '[]'.repeat(extraDims), node: arr };
}

function typeList(n: Node | null | undefined): TypeExpr[] {
  if (!n) return [];
  const list = n.type === 'type_list' ? n : childOfType(n, 'type_list');
  return named(list ?? n).filter((c) => c.type !== 'type_list').map((c) => typeExpr(c));
}

// ---------------------------------------------------------------- modifiers, annotations, docs

function annotation(n: Node): RawAnnotation {
  const name = collapse(n.childForFieldName('name')?.text ?? '');
  const args: Record<string, string> = {};
  for (const a of named(n.childForFieldName('arguments'))) {
    if (a.type === 'element_value_pair') {
      args[a.childForFieldName('key')?.text ?? 'value'] = a.childForFieldName('value')?.text ?? '';
    } else if (a.type !== 'line_comment' && a.type !== 'block_comment') {
      args.value = a.text;
    }
  }
  return { name, args };
}

function modifiersOf(decl: Node): { keywords: string[]; annotations: RawAnnotation[] } {
  const mods = childOfType(decl, 'modifiers');
  const keywords: string[] = [];
  const annotations: RawAnnotation[] = [];
  if (mods) {
    for (const c of mods.children) {
      if (!c) continue;
      if (c.type === 'annotation' || c.type === 'marker_annotation') annotations.push(annotation(c));
      else if (c.type !== 'line_comment' && c.type !== 'block_comment') keywords.push(c.text);
    }
  }
  return { keywords, annotations };
}

function docOf(decl: Node): DocInfo | undefined {
  let p = decl.previousSibling;
  while (p && (p.type === 'line_comment' || (p.type === 'block_comment' && !p.text.startsWith('/**')))) p = p.previousSibling;
  if (p && p.type === 'block_comment' && p.text.startsWith('/**') && p.text !== '/**/') return parseJavadoc(p.text);
  return undefined;
}

function typeParams(n: Node | null | undefined): RawTypeParam[] {
  return named(n)
    .filter((c) => c.type === 'type_parameter')
    .map((tp) => {
      const kids = named(tp);
      const id = kids.find((c) => c.type === 'type_identifier' || c.type === 'identifier');
      const bound = kids.find((c) => c.type === 'type_bound');
      return { name: id?.text ?? collapse(tp.text), bounds: named(bound).map((b) => typeExpr(b)) };
    });
}

function params(n: Node | null | undefined): RawParam[] {
  const out: RawParam[] = [];
  for (const p of named(n)) {
    if (p.type === 'formal_parameter') {
      const { annotations } = modifiersOf(p);
      const nameNode = p.childForFieldName('name')!;
      out.push({ name: nameNode.text, type: typeExpr(p.childForFieldName('type')!, countDims(p.childForFieldName('dimensions'))), varargs: false, annotations, line: line(nameNode) });
    } else if (p.type === 'spread_parameter') {
      const { annotations } = modifiersOf(p);
      const t = named(p).find((c) => c.type !== 'modifiers' && c.type !== 'variable_declarator' && !c.type.endsWith('annotation'))!;
      const decl = childOfType(p, 'variable_declarator');
      const nameNode = decl?.childForFieldName('name') ?? decl!;
      const el = typeExpr(t, countDims(decl?.childForFieldName('dimensions')));
      const node: TNode = el.node.k === 'array' ? { k: 'array', el: el.node.el, dims: el.node.dims + 1 } : { k: 'array', el: el.node, dims: 1 };
      out.push({ name: nameNode.text, type: { written: el.written + '...', node }, varargs: true, annotations, line: line(nameNode) });
    }
  }
  return out;
}

// ---------------------------------------------------------------- declarations

function member(kind: RawMemberKind, decl: Node, nameNode: Node, extra: Partial<RawMember>): RawMember {
  const { keywords, annotations } = modifiersOf(decl);
  return {
    kind,
    name: nameNode.text,
    modifiers: keywords,
    annotations,
    typeParams: [],
    params: [],
    throws: [],
    hasBody: false,
    doc: docOf(decl),
    line: line(nameNode),
    ...extra,
  };
}

function throwsOf(decl: Node): TypeExpr[] {
  const t = childOfType(decl, 'throws');
  return named(t).map((c) => typeExpr(c));
}

function bodyMembers(body: Node | null | undefined, out: RawType, pending: RawType[]): void {
  for (const c of named(body)) {
    switch (c.type) {
      case 'field_declaration':
      case 'constant_declaration': {
        const t = c.childForFieldName('type')!;
        for (const d of c.childrenForFieldName('declarator')) {
          if (!d) continue;
          const nameNode = d.childForFieldName('name')!;
          out.members.push(member('field', c, nameNode, { type: typeExpr(t, countDims(d.childForFieldName('dimensions'))) }));
        }
        break;
      }
      case 'method_declaration': {
        const nameNode = c.childForFieldName('name')!;
        out.members.push(
          member('method', c, nameNode, {
            typeParams: typeParams(c.childForFieldName('type_parameters')),
            params: params(c.childForFieldName('parameters')),
            type: typeExpr(c.childForFieldName('type')!, countDims(c.childForFieldName('dimensions'))),
            throws: throwsOf(c),
            hasBody: Boolean(c.childForFieldName('body')),
          }),
        );
        break;
      }
      case 'constructor_declaration': {
        const nameNode = c.childForFieldName('name')!;
        out.members.push(
          member('constructor', c, nameNode, {
            typeParams: typeParams(c.childForFieldName('type_parameters')),
            params: params(c.childForFieldName('parameters')),
            throws: throwsOf(c),
            hasBody: true,
          }),
        );
        break;
      }
      case 'compact_constructor_declaration': {
        const nameNode = c.childForFieldName('name')!;
        out.members.push(member('compactConstructor', c, nameNode, { hasBody: true }));
        break;
      }
      case 'annotation_type_element_declaration': {
        const nameNode = c.childForFieldName('name')!;
        const value = c.childForFieldName('value');
        out.members.push(
          member('annotationElement', c, nameNode, {
            type: typeExpr(c.childForFieldName('type')!, countDims(c.childForFieldName('dimensions'))),
            ...(value ? { default: value.text } : {}),
          }),
        );
        break;
      }
      case 'enum_constant': {
        const nameNode = c.childForFieldName('name')!;
        out.members.push(member('enumConstant', c, nameNode, {}));
        break;
      }
      case 'enum_body_declarations':
        bodyMembers(c, out, pending);
        break;
      default:
        if (TYPE_DECLS[c.type]) pending.push(typeDecl(c));
    }
  }
}

function typeDecl(n: Node): RawType {
  const kind = TYPE_DECLS[n.type];
  const { keywords, annotations } = modifiersOf(n);
  const nameNode = n.childForFieldName('name')!;
  const t: RawType = {
    name: nameNode.text,
    kind,
    modifiers: keywords,
    annotations,
    typeParams: typeParams(n.childForFieldName('type_parameters')),
    extends: [],
    implements: [],
    doc: docOf(n),
    line: line(nameNode),
    members: [],
    nested: [],
  };
  if (kind === 'class') {
    const sc = n.childForFieldName('superclass');
    const st = named(sc)[0];
    if (st) t.extends.push(typeExpr(st));
  }
  if (kind === 'interface') t.extends = typeList(childOfType(n, 'extends_interfaces'));
  else t.implements = typeList(n.childForFieldName('interfaces') ?? childOfType(n, 'super_interfaces'));
  const permits = childOfType(n, 'permits');
  if (permits) t.permits = typeList(permits);
  if (kind === 'record') t.recordComponents = params(n.childForFieldName('parameters'));
  bodyMembers(n.childForFieldName('body'), t, t.nested);
  return t;
}

export function walkUnit(root: Node): RawUnit {
  let pkg = '';
  const imports: RawImport[] = [];
  const types: RawType[] = [];
  for (const c of named(root)) {
    if (c.type === 'package_declaration') {
      const id = named(c).find((x) => x.type === 'scoped_identifier' || x.type === 'identifier');
      pkg = id ? id.text.replace(/\s+/g, '') : '';
    } else if (c.type === 'import_declaration') {
      const kids = c.children.filter(Boolean) as Node[];
      const id = kids.find((x) => x.type === 'scoped_identifier' || x.type === 'identifier');
      imports.push({
        path: id ? id.text.replace(/\s+/g, '') : '',
        isStatic: kids.some((x) => x.type === 'static'),
        wildcard: kids.some((x) => x.type === 'asterisk'),
      });
    } else if (TYPE_DECLS[c.type]) {
      types.push(typeDecl(c));
    }
  }
  return { pkg, imports, types };
}
