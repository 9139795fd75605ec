/**
 * The a -> b diff indexed for the questions the scan asks about one checker finding: did this
 * type move (and where), was it removed, what happened to this member of that type.
 */
import type { Inventory, TypeDecl } from '../../inventory/schema.js';
import { indexDiff, type Change } from '../../diff/diff.js';
import { hierarchy, indexTypes } from '../../diff/signature.js';
import type { ScanContext } from './model.js';

export interface DiffLookup {
  readonly a: Inventory;
  readonly b: Inventory;
  readonly byA: Map<string, TypeDecl>;
  readonly byB: Map<string, TypeDecl>;
  readonly renameConfidence: number;
  /** The longest prefix of qualified name `q` that is a type moved to an existing type of `b`. */
  moved(q: string): { from: string; to: string; change: Change } | undefined;
  /** The longest prefix of `q` that is a type of `a`. */
  typeOfA(q: string): string | undefined;
  typeChange(fqn: string): Change | undefined;
  /** Was `pkg` a package of `a` that `b` no longer has? */
  packageRemoved(pkg: string): boolean;
  /** The diff entry for member `name` of `ownerB` (a type of `b`) or of the types it inherits from in `a`. */
  memberChange(ownerB: string, name: string): Change | undefined;
  /** Entries of type `fqnB` (or its old name) that break callers, e.g. a required annotation element. */
  breakingMembers(fqnB: string): Change[];
}

const cache = new WeakMap<ScanContext['diff'], Omit<DiffLookup, 'renameConfidence'>>();

/** Prefixes of a dotted name, longest first. */
function* prefixes(q: string): Generator<string> {
  for (let i = q.length; i > 0; i = q.lastIndexOf('.', i - 1)) yield q.slice(0, i);
}

export function diffLookup(ctx: ScanContext): DiffLookup {
  const renameConfidence = ctx.renameConfidence ?? 0.8;
  const hit = cache.get(ctx.diff);
  if (hit) return { ...hit, renameConfidence };
  const { typeChange, memberChanges } = indexDiff(ctx.diff);
  const byA = indexTypes(ctx.a);
  const byB = indexTypes(ctx.b);
  const pkgsA = new Set(ctx.a.types.map((t) => t.package));
  const pkgsB = new Set(ctx.b.types.map((t) => t.package));
  /** New FQN -> old FQN of moved types, to find a member's entry under the owner's old name. */
  const oldName = new Map<string, string>();
  for (const [fqn, c] of typeChange) if (c.change === 'renamed' && c.to) oldName.set(c.to, fqn);
  const lookup: Omit<DiffLookup, 'renameConfidence'> = {
    a: ctx.a,
    b: ctx.b,
    byA,
    byB,
    moved(q) {
      for (const p of prefixes(q)) {
        const c = typeChange.get(p);
        if (c?.change === 'renamed' && c.to && byB.has(c.to)) return { from: p, to: c.to, change: c };
      }
      return undefined;
    },
    typeOfA(q) {
      for (const p of prefixes(q)) if (byA.has(p)) return p;
      return undefined;
    },
    typeChange: (fqn) => typeChange.get(fqn),
    packageRemoved: (pkg) => pkgsA.has(pkg) && !pkgsB.has(pkg),
    memberChange(ownerB, name) {
      const found: Change[] = [...(memberChanges.get(`${ownerB}#${name}`) ?? [])];
      for (const t of hierarchy(oldName.get(ownerB) ?? ownerB, byA)) found.push(...(memberChanges.get(`${t.fqn}#${name}`) ?? []));
      return found.find((c) => c.change === 'renamed') ?? found.find((c) => c.change === 'removed') ?? found[0];
    },
    breakingMembers(fqnB) {
      const owners = new Set([fqnB, oldName.get(fqnB) ?? fqnB]);
      return ctx.diff.changes.filter((c) => c.scope === 'member' && owners.has(c.type) && c.breaksCaller);
    },
  };
  cache.set(ctx.diff, lookup);
  return { ...lookup, renameConfidence };
}
