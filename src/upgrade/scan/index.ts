/**
 * The upgrade's scan of a user's Java sources, built on the checker: the checker (against the
 * target inventory `b`) decides which lines do not compile and where; the a -> b diff says why
 * (classify.ts) and which fixes are certain (a moved type's qualified name, a confident method
 * rename). The certain fixes are applied and the checker runs again on the fixed text, so the
 * remaining items are what a person must change -- javac's errors after `upgrade --write`.
 */
import { runChecker, type CheckerResult } from '../checker-bridge.js';
import { classify, type SourceText } from './classify.js';
import { diffLookup } from './diff-lookup.js';
import { applyEdits, lineStarts } from './edits.js';
import type { ScanContext, ScanIssue } from './model.js';
import { importedTypes } from './used-types.js';

export type { ScanContext, ScanIssue } from './model.js';

export interface ScannedFile {
  file: string;
  /** The text as `upgrade --write` leaves it (the certain fixes applied; line numbers kept). */
  fixed: string;
  /** The certain fixes (`edit` set), then what is left for a person, by line and column. */
  issues: ScanIssue[];
  /** AgentScope types of `b` the fixed file imports; drives dependency additions. */
  usedTypes: string[];
}

/** A fix can expose another (a moved type's call of a renamed method): a few rounds suffice. */
const MAX_ROUNDS = 3;

const sourceText = (file: string, text: string): SourceText => ({ file, text, lines: text.split('\n'), starts: lineStarts(text) });

export async function scanSources(files: { path: string; text: string }[], ctx: ScanContext): Promise<ScannedFile[]> {
  const L = diffLookup(ctx);
  const texts = files.map((f) => f.text);
  const fixes: ScanIssue[][] = files.map(() => []);
  const check = () => runChecker(files.map((f, i) => ({ path: f.path, text: texts[i] })), ctx.b);
  let findings: CheckerResult = await check();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let fixed = false;
    files.forEach((f, i) => {
      const src = sourceText(f.path, texts[i]);
      const certain = (findings.get(f.path) ?? []).map((x) => classify(x, src, L)).filter((x) => x.edit);
      if (!certain.length) return;
      fixes[i].push(...certain);
      texts[i] = applyEdits(texts[i], certain.map((x) => x.edit!));
      fixed = true;
    });
    if (!fixed) break;
    findings = await check();
  }
  return files.map((f, i) => {
    const src = sourceText(f.path, texts[i]);
    // what the checker still rejects after the fixes; an edit found in the last round is not applied
    const todo = (findings.get(f.path) ?? []).map((x) => ({ ...classify(x, src, L), edit: undefined }));
    const issues = [...fixes[i], ...todo].sort((x, y) => x.line - y.line || x.col - y.col);
    return { file: f.path, fixed: texts[i], issues, usedTypes: importedTypes(texts[i], L.byB) };
  });
}

/** Classifies findings the caller already has (the pin re-verification), without fixing anything. */
export function classifyFindings(file: string, text: string, findings: CheckerResult, ctx: ScanContext): ScanIssue[] {
  const src = sourceText(file, text);
  const L = diffLookup(ctx);
  return (findings.get(file) ?? []).map((x) => classify(x, src, L));
}
