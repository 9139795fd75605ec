/**
 * Runs the static checker (src/checker, `checkSources(files, inventory)`) against the target
 * inventory, for the upgrade's scan and the pin re-verification: the checker decides what does
 * not compile and where, the diff (scan/) what changed and the fix.
 */
import type { Inventory } from '../inventory/schema.js';
import { checkSources, type Finding } from '../checker/index.js';

export interface SourceFile {
  path: string;
  text: string;
}

export type CheckerResult = Map<string, Finding[]>;

/**
 * Error findings per file path (a syntax error included: javac rejects that file too). Every use
 * of a name whose import does not exist is reported, as javac does: each is a line to change.
 */
export async function runChecker(files: SourceFile[], inv: Inventory): Promise<CheckerResult> {
  const out: CheckerResult = new Map();
  if (!files.length) return out;
  const findings = await checkSources(files.map((f) => ({ path: f.path, content: f.text })), inv, { importUses: true });
  for (const f of findings) {
    if (f.severity !== 'error') continue;
    out.set(f.file, [...(out.get(f.file) ?? []), f]);
  }
  return out;
}
