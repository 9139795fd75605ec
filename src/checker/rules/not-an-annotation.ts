/**
 * AS013 for an AgentScope class, interface, enum or record written as an annotation: `@Msg(name =
 * "search")`, `@Toolkit` on a method. javac: "incompatible types: Msg cannot be converted to
 * Annotation". The fix names the AgentScope annotation types that declare every element written
 * and may sit where this one does (`@Tool`, `@ToolParam`).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { TypeDecl } from '../../inventory/schema.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { field, kids } from '../analysis/syntax.js';
import { contextsOf } from './annotation-target.js';

const KIND: Record<string, string> = { class: 'a class', interface: 'an interface', enum: 'an enum', record: 'a record' };

/** `annotation` (inside the modifiers node `mods`) names `decl`, an inventory type that is not an annotation interface. */
export function reportNotAnnotation(a: AnalyzerBase, annotation: Node, decl: TypeDecl, mods: Node) {
  const args = field(annotation, 'arguments');
  const written = args ? kids(args).map((k) => (k.type === 'element_value_pair' ? (field(k, 'key')?.text ?? '') : 'value')) : [];
  const contexts = mods.parent ? contextsOf(mods.parent) : undefined;
  const fits: string[] = [];
  for (const t of a.idx.byFqn.values()) {
    if (t.kind !== 'annotation' || a.srcByFqn.has(t.fqn)) continue;
    if (contexts && t.targets && !t.targets.includes('TYPE_USE') && !contexts.some((c) => t.targets!.includes(c))) continue;
    const elements = new Set(t.members.filter((m) => m.kind === 'annotationElement').map((m) => m.name));
    if (written.every((w) => elements.has(w))) fits.push(t.name);
  }
  fits.sort();
  a.report(
    annotation,
    'AS013',
    `incompatible types: ${decl.name} cannot be converted to Annotation: ${decl.name} is ${KIND[decl.kind] ?? 'a type'} in AgentScope ${a.idx.version}, not an annotation interface`,
    fits.length && fits.length <= 6 ? `did you mean ${fits.map((f) => `@${f}`).join(', ')}?` : `annotate with an annotation interface (see \`agentscope api ${decl.name}\`)`,
    { type: decl.fqn },
  );
}
