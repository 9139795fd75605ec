/** What the upgrade's scan reports: one item per line the move breaks, with its diff entry and fix. */
import type { Inventory } from '../../inventory/schema.js';
import type { Change, InventoryDiff } from '../../diff/diff.js';
import type { RuleId } from '../../checker/index.js';

/**
 * How the a -> b diff explains a checker finding. `unexplained`: the checker rejects the line
 * against `b` and the diff has no entry for it (the code was wrong before, or the cause is
 * indirect, e.g. a changed return type further up a call chain).
 */
export type IssueKind =
  | 'moved-type' | 'removed-type' | 'removed-package' | 'missing-member' | 'renamed-member' | 'wrong-arity'
  | 'annotation-element' | 'missing-implementation' | 'override-nothing' | 'unexplained';

/** A textual replacement in one file; offsets are UTF-16 indices into the text it was computed on. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface ScanIssue {
  file: string;
  /** 1-based line and column where the checker (like javac) reports the problem. */
  line: number;
  col: number;
  kind: IssueKind;
  /** The checker's message. */
  message: string;
  /** The checker rule behind the item. */
  rule: RuleId;
  /** The source line, trimmed, for the report. */
  source: string;
  /** What to do; present when known (mechanical or not). */
  fix?: string;
  /** The mechanical edit, only when it is certain. */
  edit?: Edit;
  change?: Change;
}

export interface ScanContext {
  a: Inventory;
  b: Inventory;
  diff: InventoryDiff;
  /** Renames with at least this confidence are applied mechanically (default 0.8). */
  renameConfidence?: number;
}
