/**
 * Runs the static checker (src/checker, `checkSources(files, inventory)`) against the target
 * inventory. The upgrade and the pin re-verification use it on top of their own diff-driven
 * scan: the checker knows the target API in depth, the scan knows what changed and the fix.
 */
import type { Inventory } from '../inventory/schema.js';
import { checkSources, type Finding } from '../checker/index.js';

export interface SourceFile {
  path: string;
  text: string;
}

export type CheckerResult = Map<string, Finding[]>;

/** Error findings per file path (parse errors excluded: the scan reports what it can parse). */
export async function runChecker(files: SourceFile[], inv: Inventory): Promise<CheckerResult> {
  const out: CheckerResult = new Map();
  if (!files.length) return out;
  const findings = await checkSources(files.map((f) => ({ path: f.path, content: f.text })), inv);
  for (const f of findings) {
    if (f.severity !== 'error' || f.rule === 'AS000') continue;
    out.set(f.file, [...(out.get(f.file) ?? []), f]);
  }
  return out;
}
