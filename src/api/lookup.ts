import type { Inventory, Member, TypeDecl } from '../inventory/schema.js';
import { suggest } from '../core/suggest.js';

interface MemberHit {
  member: Member;
  /** The type that declares the member (differs from the queried type when inherited). */
  declaredIn: TypeDecl;
}

export interface TypeHit {
  type: TypeDecl;
  /** Members to show: all (type query) or those matching `#name` (own and inherited). */
  members: MemberHit[];
}

export interface LookupResult {
  query: string;
  hits: TypeHit[];
  /** "Did you mean" candidates when nothing matched. */
  suggestions: string[];
}

/** Indexes an inventory by FQN and by simple/nested name for quick look-ups. */
export class ApiIndex {
  readonly byFqn = new Map<string, TypeDecl>();
  private readonly byName = new Map<string, TypeDecl[]>();

  constructor(readonly inventory: Inventory) {
    for (const t of inventory.types) {
      this.byFqn.set(t.fqn, t);
      const simple = t.name;
      const nested = t.fqn.slice(t.package.length + 1); // ReActAgent.Builder
      for (const key of new Set([simple, nested])) {
        const list = this.byName.get(key) ?? [];
        list.push(t);
        this.byName.set(key, list);
      }
    }
  }

  /**
   * Types matching a name: exact FQN, nested name (`ReActAgent.Builder`) or simple name; when
   * nothing matches exactly, the same ignoring case (`toolkit` finds `Toolkit`).
   */
  findTypes(name: string): TypeDecl[] {
    const exact = this.byFqn.get(name) ?? this.byFqn.get(name.replace(/\$/g, '.'));
    if (exact) return [exact];
    const named = this.byName.get(name);
    if (named) return named;
    const lc = name.toLowerCase();
    this.byLowerName ??= this.lowerIndex();
    return this.byLowerName.get(lc) ?? [];
  }

  private byLowerName?: Map<string, TypeDecl[]>;

  private lowerIndex(): Map<string, TypeDecl[]> {
    const out = new Map<string, TypeDecl[]>();
    for (const [key, list] of [...this.byName, ...[...this.byFqn].map(([k, t]) => [k, [t]] as const)]) {
      const lk = key.toLowerCase();
      out.set(lk, [...new Set([...(out.get(lk) ?? []), ...list])]);
    }
    return out;
  }

  /** Supertypes known to the inventory, nearest first, each once. */
  supertypes(t: TypeDecl): TypeDecl[] {
    const out: TypeDecl[] = [];
    const seen = new Set<string>([t.fqn]);
    const queue = [t];
    while (queue.length) {
      const cur = queue.shift()!;
      for (const ref of [...cur.extends, ...cur.implements]) {
        const fqn = ref.resolved.replace(/<.*$/s, '');
        const sup = this.byFqn.get(fqn);
        if (sup && !seen.has(sup.fqn)) {
          seen.add(sup.fqn);
          out.push(sup);
          queue.push(sup);
        }
      }
    }
    return out;
  }

  lookup(query: string): LookupResult {
    const [typePart, memberPart] = query.split('#', 2) as [string, string | undefined];
    const types = this.findTypes(typePart.trim());
    if (!types.length) {
      return { query, hits: [], suggestions: suggest(typePart, this.allTypeNames()) };
    }
    if (memberPart === undefined) {
      return { query, hits: types.map((type) => ({ type, members: type.members.map((member) => ({ member, declaredIn: type })) })), suggestions: [] };
    }
    const name = memberPart.replace(/\(.*$/, '').trim();
    const hits: TypeHit[] = [];
    for (const type of types) {
      const members: MemberHit[] = [];
      for (const owner of [type, ...this.supertypes(type)]) {
        for (const member of owner.members) {
          if (member.name === name || (member.kind === 'constructor' && (name === 'new' || name === type.name))) {
            members.push({ member, declaredIn: owner });
          }
        }
      }
      if (members.length) hits.push({ type, members });
    }
    if (hits.length) return { query, hits, suggestions: [] };
    const names = new Set<string>();
    for (const type of types) for (const owner of [type, ...this.supertypes(type)]) for (const m of owner.members) names.add(m.name);
    return { query, hits: [], suggestions: suggest(name, names).map((n) => `${typePart}#${n}`) };
  }

  private allTypeNames(): string[] {
    return [...this.byName.keys()];
  }
}
