/**
 * Why generated code does not hold on a version other than the pin: each checker finding on a
 * rendered file is traced back to its template line (through the provenance marker) and paired
 * with the API diff entries (pin -> that version) that plausibly explain it, so `create
 * --agentscope-version V` and `gen` on a V project refuse with something a user can act on.
 */
import type { Inventory } from '../inventory/schema.js';
import { diffInventories, type InventoryDiff } from '../diff/diff.js';
import { describeChange } from '../diff/format.js';
import { parseProvenance } from '../core/provenance.js';
import { relatedChanges, templateLineOf, tokenOf } from './reverify.js';

export interface Finding {
  file?: string;
  line?: number;
  col?: number;
  rule?: string;
  message: string;
}

export interface ExplainedFinding {
  /** `path:line:col` of the rendered file. */
  at: string;
  /** `templates/<t>.ejs:<line>` when the template line is found. */
  template?: string;
  rule?: string;
  message: string;
  /** The diff entries, described (`Owner: change`). */
  changes: string[];
}

/**
 * Explains findings on `files` (rendered contents by path) against `target`, with the diff
 * from `pinned` (the inventory the templates are verified against).
 */
export function explainFindings(findings: Finding[], files: Map<string, string>, pinned: Inventory, target: Inventory): ExplainedFinding[] {
  let diff: InventoryDiff | undefined;
  return findings.map((f) => {
    const content = (f.file && files.get(f.file)) || '';
    const text = f.line ? (content.split('\n')[f.line - 1] ?? '') : '';
    const prov = parseProvenance(content);
    const tline = prov && f.line ? templateLineOf(prov.template, text, f.line, tokenOf(f.message, text)) : undefined;
    diff ??= pinned.version === target.version ? undefined : diffInventories(pinned, target);
    const changes = diff && text ? relatedChanges(text, diff).map((c) => `${c.type.slice(c.type.lastIndexOf('.') + 1)}: ${describeChange(c)}`) : [];
    return {
      at: `${f.file ?? ''}${f.line ? `:${f.line}` : ''}${f.col ? `:${f.col}` : ''}`,
      template: prov ? `templates/${prov.template}.ejs${tline ? `:${tline}` : ''}` : undefined,
      rule: f.rule,
      message: f.message,
      changes,
    };
  });
}

/** Lines for stderr: the finding, its template line, then the diff entries indented. */
export function formatExplained(items: ExplainedFinding[], fromVersion: string, toVersion: string): string[] {
  const out: string[] = [];
  for (const x of items) {
    out.push(`  ${x.at} ${x.rule ?? ''} ${x.message}`.replace(/\s+$/, ''));
    if (x.template) out.push(`      template: ${x.template}`);
    for (const c of x.changes) out.push(`      ${fromVersion} -> ${toVersion}: ${c}`);
  }
  return out;
}
