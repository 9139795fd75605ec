import type { Inventory } from '../inventory/schema.js';
import { diffInventories } from '../diff/diff.js';
import { indexTypes, memberKey } from '../diff/signature.js';
import { compareVersions } from '../core/versions.js';

export interface ChangeNote {
  version: string;
  /** What changed, e.g. "return: Msg -> Mono<Msg>". */
  what: string;
}

/**
 * "Since" and "changed in" from the inventories the project holds: a declaration is `since V`
 * when V is the first held version of the unbroken run that ends at the documented version
 * (no badge when it is already in the oldest held one, nothing is known before that, nor when
 * an older inventory lacks its whole artifact: the artifact was not served, not proven absent);
 * `changed in V` comes from the inventory diff between the previous held version and V.
 */
export class History {
  readonly typeSince = new Map<string, string>();
  readonly memberSince = new Map<string, string>();
  readonly changed = new Map<string, ChangeNote>();

  constructor(readonly current: Inventory, readonly older: Inventory[]) {
    const chain = [...older].sort((a, b) => compareVersions(a.version, b.version));
    if (!chain.length) return;
    const sets = chain.map((inv) => keys(inv));
    const artifacts = chain.map((inv) => new Set(inv.artifacts.map((a) => a.artifactId)));
    for (const [k, artifact] of keys(current)) {
      let since: string | undefined = current.version;
      for (let i = sets.length - 1; i >= 0; i--) {
        // an artifact the older inventory does not hold says nothing about absence
        if (!artifacts[i].has(artifact)) {
          since = undefined;
          break;
        }
        if (!sets[i].has(k)) break;
        since = chain[i].version;
      }
      if (!since || since === chain[0].version) continue;
      (k.includes('#') ? this.memberSince : this.typeSince).set(k, since);
    }
    const prev = chain[chain.length - 1];
    const diff = diffInventories(prev, current);
    for (const c of diff.changes) {
      if (c.change !== 'changed') continue;
      const what = c.aspects.map((a) => `${a.aspect}${a.from !== undefined || a.to !== undefined ? `: ${a.from ?? ''} -> ${a.to ?? ''}` : ''}`).join('; ');
      const id = c.scope === 'type' ? c.type : `${c.typeTo ?? c.type}#${c.key}`;
      this.changed.set(id, { version: current.version, what });
    }
  }

  /** The versions the badges compare, oldest first. */
  get versions(): string[] {
    return [...this.older.map((i) => i.version), this.current.version].sort(compareVersions);
  }
}

/** Every type and member id of an inventory, with the artifact that holds it. */
function keys(inv: Inventory): Map<string, string> {
  const by = indexTypes(inv);
  const out = new Map<string, string>();
  for (const t of inv.types) {
    out.set(t.fqn, t.artifact);
    for (const m of t.members) out.set(`${t.fqn}#${memberKey(t, m, by)}`, t.artifact);
  }
  return out;
}

