/** The shape of an API diff between two inventories (see diff.ts). */
import type { Deprecation, MemberKind, TypeDecl } from '../inventory/schema.js';

export type ChangeKind = 'added' | 'removed' | 'changed' | 'renamed';

/** One aspect of a changed declaration, e.g. `{ aspect: 'return', from: 'Msg', to: 'Mono<Msg>' }`. */
export interface Aspect {
  aspect:
    | 'kind' | 'return' | 'fieldType' | 'params' | 'static' | 'abstract' | 'default' | 'final' | 'sealed'
    | 'visibility' | 'throws' | 'typeParams' | 'supertypes' | 'annotationDefault' | 'recordComponents'
    | 'deprecated' | 'varargs' | 'artifact' | 'nesting';
  from?: string;
  to?: string;
  breaksCaller: boolean;
  breaksImplementer: boolean;
}

export interface Change {
  scope: 'type' | 'member';
  change: ChangeKind;
  /** Owner type FQN: in `a` for removed/changed/renamed, in `b` for added. */
  type: string;
  /** The owner's FQN in `b` when the owner was renamed/moved (member entries of moved types). */
  typeTo?: string;
  typeKind?: TypeDecl['kind'];
  memberKind?: MemberKind;
  /** Display form, e.g. `sysPrompt(String)`. */
  member?: string;
  /** Stable identity, e.g. `sysPrompt(java.lang.String)` or `field:NAME`. */
  key?: string;
  /** For renames: the new name (type FQN or member display) and why it is believed. */
  to?: string;
  toKey?: string;
  reason?: string;
  /** 0..1: how sure the rename pairing is (1 = same simple name, only candidate). */
  confidence?: number;
  aspects: Aspect[];
  breaksCaller: boolean;
  breaksImplementer: boolean;
  /** Deprecation in `a` (removed entries) or `b` (added/changed entries), when present. */
  deprecated?: Deprecation;
  /** Where the declaration lives (artifact:path:line) in `a` (or `b` for additions). */
  where?: string;
  note?: string;
}

export interface DiffSummary {
  typesAdded: number;
  typesRemoved: number;
  typesChanged: number;
  typesRenamed: number;
  membersAdded: number;
  membersRemoved: number;
  membersChanged: number;
  membersRenamed: number;
  breakingForCallers: number;
  breakingForImplementers: number;
}

export interface InventoryDiff {
  from: string;
  to: string;
  /** Artifacts present in only one inventory (their types show up as added/removed). */
  artifacts: { onlyInFrom: string[]; onlyInTo: string[] };
  changes: Change[];
  summary: DiffSummary;
}
