/**
 * AS014 annotation-target: an AgentScope annotation on a kind of declaration its `@Target` does not
 * allow (`@Tool` on a field, `@ToolParam` on a method), which javac rejects with "annotation
 * interface not applicable to this kind of declaration" (JLS 9.6.4.1, 9.7.4). Judged only when the
 * inventory records the annotation's @Target (no @Target: every declaration context is allowed)
 * and it does not include TYPE_USE (whose reach depends on the declared type).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { TypeDecl } from '../../inventory/schema.js';
import { shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';

/** The declaration contexts of a modifiers node's parent, by tree-sitter node type (several for record components). */
export function contextsOf(decl: Node): string[] | undefined {
  switch (decl.type) {
    case 'class_declaration':
    case 'interface_declaration':
    case 'enum_declaration':
    case 'record_declaration':
      return ['TYPE'];
    case 'annotation_type_declaration':
      return ['ANNOTATION_TYPE', 'TYPE'];
    case 'method_declaration':
    case 'annotation_type_element_declaration':
      return ['METHOD'];
    case 'constructor_declaration':
    case 'compact_constructor_declaration':
      return ['CONSTRUCTOR'];
    case 'field_declaration':
    case 'constant_declaration':
    case 'enum_constant':
      return ['FIELD'];
    case 'formal_parameter':
    case 'spread_parameter':
    case 'catch_formal_parameter':
      // a record component is also its field, accessor and canonical constructor parameter (JLS 8.10.3)
      return decl.parent?.parent?.type === 'record_declaration' ? ['RECORD_COMPONENT', 'FIELD', 'METHOD', 'PARAMETER'] : ['PARAMETER'];
    case 'local_variable_declaration':
    case 'resource':
    case 'enhanced_for_statement':
      return ['LOCAL_VARIABLE'];
    default:
      return undefined;
  }
}

const WHAT: Record<string, string> = {
  TYPE: 'a class or interface declaration',
  ANNOTATION_TYPE: 'an annotation interface declaration',
  METHOD: 'a method',
  CONSTRUCTOR: 'a constructor',
  FIELD: 'a field',
  PARAMETER: 'a parameter',
  RECORD_COMPONENT: 'a record component',
  LOCAL_VARIABLE: 'a local variable',
};

/** `annotation` (of type `decl`) inside the modifiers node `mods`. */
export function checkAnnotationTarget(a: AnalyzerBase, annotation: Node, decl: TypeDecl, mods: Node) {
  const targets = decl.targets;
  if (!targets || targets.includes('TYPE_USE')) return;
  const owner = mods.parent;
  const contexts = owner ? contextsOf(owner) : undefined;
  if (!contexts || contexts.some((c) => targets.includes(c))) return;
  const allowed = targets.map((t) => WHAT[t] ?? t.toLowerCase().replace(/_/g, ' '));
  a.report(
    annotation,
    'AS014',
    `@${shortName(decl.fqn)} is not applicable to ${WHAT[contexts[0]]}: its @Target in AgentScope ${a.idx.version} is ${targets.join(', ') || 'empty'}`,
    allowed.length ? `put @${shortName(decl.fqn)} on ${allowed.join(' or ')}` : undefined,
  );
}
