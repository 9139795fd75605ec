/**
 * The AgentScope types of `b` a file names in its imports (after the mechanical fixes): a type
 * that now lives in another artifact makes the project need that artifact.
 */
import type { TypeDecl } from '../../inventory/schema.js';
import { importsOf } from '../../checker/files.js';

export function importedTypes(text: string, byB: Map<string, TypeDecl>): string[] {
  const out = new Set<string>();
  for (const { name } of importsOf(text)) {
    if (!name.startsWith('io.agentscope.')) continue;
    // the longest prefix that is a type: a static import names a member after it
    for (let q = name; q.includes('.'); q = q.slice(0, q.lastIndexOf('.'))) {
      if (byB.has(q)) {
        out.add(q);
        break;
      }
    }
  }
  return [...out].sort();
}
