/**
 * AS006 deprecated-for-removal: a type or member whose `@Deprecated(forRemoval = true)` the
 * inventory records. As javac's removal warning (JLS 9.6.4.6), not where an enclosing declaration
 * says `@SuppressWarnings("removal")`.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { FoundMember } from '../inventory-index.js';
import { shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { field, kids } from '../analysis/syntax.js';

/** Declarations whose modifiers may suppress a warning for everything inside them. */
const DECLARATIONS = new Set([
  'method_declaration', 'constructor_declaration', 'compact_constructor_declaration', 'field_declaration', 'local_variable_declaration',
  'class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration',
]);

/** Is `node` inside a declaration annotated `@SuppressWarnings("removal")` (a single value or one of an array's)? */
function removalSuppressed(node: Node): boolean {
  for (let n = node.parent; n; n = n.parent) {
    if (!DECLARATIONS.has(n.type)) continue;
    const mods = kids(n).find((k) => k.type === 'modifiers');
    for (const a of mods ? kids(mods) : []) {
      if (a.type !== 'annotation') continue;
      const name = field(a, 'name')?.text.replace(/\s+/g, '');
      if (name !== 'SuppressWarnings' && name !== 'java.lang.SuppressWarnings') continue;
      if (/"removal"/.test(field(a, 'arguments')?.text ?? '')) return true;
    }
  }
  return false;
}

export function reportDeprecatedType(a: AnalyzerBase, node: Node, fqn: string) {
  const d = a.idx.type(fqn);
  if (d?.deprecated?.forRemoval && !removalSuppressed(node)) {
    a.report(node, 'AS006', `${shortName(fqn)} is deprecated for removal in AgentScope ${a.idx.version}`, d.deprecated.note);
  }
}

/** A field, method or constructor resolved (or chosen among overloads) at `node`. */
export function reportDeprecatedMember(a: AnalyzerBase, node: Node, f: FoundMember) {
  if (!f.member.deprecated?.forRemoval || removalSuppressed(node)) return;
  const name = f.member.kind === 'constructor' ? '<init>' : f.member.name;
  a.report(node, 'AS006', `${shortName(f.owner.fqn)}.${name} is deprecated for removal in AgentScope ${a.idx.version}`, f.member.deprecated.note);
}
