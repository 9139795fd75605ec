/** AS012 type-name-clash. */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { FileUnit } from '../analysis/model.js';
import { kids } from '../analysis/syntax.js';

/** AS012: `import a.b.Tool;` beside a top-level `class Tool` of the same file (javac reports it at the import). */
export function checkImportClash(a: AnalyzerBase, node: Node, unit: FileUnit, topLevel: Set<string>) {
  if (node.children.some((k) => k.type === 'static' || k.type === 'asterisk')) return;
  const n = kids(node).find((k) => k.type === 'scoped_identifier');
  if (!n) return;
  const q = n.text.replace(/\s+/g, '');
  const simple = q.slice(q.lastIndexOf('.') + 1);
  if (!topLevel.has(simple) || q === (unit.pkg ? `${unit.pkg}.${simple}` : simple)) return;
  a.report(node, 'AS012', `${simple} is already defined in this compilation unit: the file declares a type ${simple} and imports ${q}`, `rename the class, or drop the import and write ${q} in full where it is meant`);
}
