/**
 * `diffInventories(a, b)`: the API differences between two inventories, each rated for
 * whether it breaks source code that *calls* the API and code that *implements/extends* it.
 *
 * Pure: no I/O, deterministic order (by type FQN, then member key).
 */
import type { Inventory, Member, TypeDecl } from '../inventory/schema.js';
import { editDistance } from '../core/suggest.js';
import { erase, hierarchy, indexTypes, isStatic, memberDisplay, memberKey, memberVars } from './signature.js';
import type { Change, ChangeKind, DiffSummary, InventoryDiff } from './model.js';
import { depText, keyedMembers, mapTypeName, memberAspects, overridable, requiresImplementation, typeAspects, where, type Ctx } from './aspects.js';

export type { Aspect, Change,   InventoryDiff } from './model.js';


function change(partial: Omit<Change, 'aspects' | 'breaksCaller' | 'breaksImplementer'> & Partial<Pick<Change, 'aspects' | 'breaksCaller' | 'breaksImplementer'>>): Change {
  const aspects = partial.aspects ?? [];
  return {
    ...partial,
    aspects,
    breaksCaller: partial.breaksCaller ?? aspects.some((x) => x.breaksCaller),
    breaksImplementer: partial.breaksImplementer ?? aspects.some((x) => x.breaksImplementer),
  };
}

/** Similarity of two identifiers in 0..1 (1 = equal); case-insensitive edit distance plus containment. */
function nameSimilarity(x: string, y: string): number {
  const a = x.toLowerCase();
  const b = y.toLowerCase();
  if (a === b) return 1;
  const d = editDistance(a, b);
  let s = 1 - d / Math.max(a.length, b.length);
  if (a.length >= 3 && b.length >= 3 && (a.includes(b) || b.includes(a))) s = Math.max(s, 0.75);
  return s;
}

/** Looks a member up in a type or the supertypes the inventory knows (for "moved to a supertype"). */
function inheritedMember(fqn: string, key: string, by: Map<string, TypeDecl>): TypeDecl | undefined {
  let first = true;
  for (const t of hierarchy(fqn, by)) {
    if (first) {
      first = false;
      continue;
    }
    if (t.members.some((m) => m.kind !== 'constructor' && memberKey(t, m, by) === key && (m.modifiers.includes('public') || m.modifiers.includes('protected') || t.kind === 'interface'))) return t;
  }
  return undefined;
}

function diffMembers(ctx: Ctx, ta: TypeDecl, tb: TypeDecl, out: Change[]): void {
  const mapType = mapTypeName(ctx);
  const ma = keyedMembers(ta, ctx.byA, mapType);
  const mb = keyedMembers(tb, ctx.byB);
  const typeTo = ta.fqn !== tb.fqn ? tb.fqn : undefined;
  const removed: [string, Member][] = [];
  const added: [string, Member][] = [];
  for (const [key, m] of ma) {
    const other = mb.get(key);
    if (!other) {
      removed.push([key, m]);
      continue;
    }
    const aspects = memberAspects(ctx, ta, m, tb, other);
    if (aspects.length) {
      out.push(change({ scope: 'member', change: 'changed', type: ta.fqn, typeTo, typeKind: tb.kind, memberKind: m.kind, member: memberDisplay(ta, m, ctx.byA), key, aspects, deprecated: other.deprecated, where: where(tb, other) }));
    }
  }
  for (const [key, m] of mb) if (!ma.has(key)) added.push([key, m]);

  // Pair removed/added members: same name + same arity = parameter types changed;
  // same kind + same erased params + similar name = likely rename.
  const usedAdded = new Set<string>();
  const pairs: { r: [string, Member]; a: [string, Member]; how: 'params' | 'rename'; score: number }[] = [];
  for (const r of removed) {
    const [, rm] = r;
    if (rm.kind !== 'method' && rm.kind !== 'constructor') continue;
    const sameName = added.filter(([k, am]) => !usedAdded.has(k) && am.kind === rm.kind && am.name === rm.name && (am.params ?? []).length === (rm.params ?? []).length && isStatic(am) === isStatic(rm));
    const sameNameRemoved = removed.filter(([, x]) => x.kind === rm.kind && x.name === rm.name && (x.params ?? []).length === (rm.params ?? []).length);
    if (sameName.length === 1 && sameNameRemoved.length === 1) {
      usedAdded.add(sameName[0][0]);
      pairs.push({ r, a: sameName[0], how: 'params', score: 1 });
    }
  }
  const paired = new Set(pairs.map((p) => p.r[0]));
  const candidates: { r: [string, Member]; a: [string, Member]; score: number }[] = [];
  for (const r of removed) {
    if (paired.has(r[0])) continue;
    const [rk, rm] = r;
    if (rm.kind === 'constructor') continue;
    const rParams = rk.slice(rk.indexOf('('));
    for (const a of added) {
      if (usedAdded.has(a[0])) continue;
      const [ak, am] = a;
      if (am.kind !== rm.kind || isStatic(am) !== isStatic(rm)) continue;
      if (rm.kind === 'method' && ak.slice(ak.indexOf('(')) !== rParams) continue;
      // A rename keeps the result type (getDescription(): String is not getStrict(): Boolean).
      if (rm.kind === 'method' && mapType(erase(rm.type ?? 'void', memberVars(ta, rm, ctx.byA))) !== erase(am.type ?? 'void', memberVars(tb, am, ctx.byB))) continue;
      const score = nameSimilarity(rm.name, am.name);
      if (score >= 0.5) candidates.push({ r, a, score });
    }
  }
  candidates.sort((x, y) => y.score - x.score || x.r[0].localeCompare(y.r[0]));
  for (const c of candidates) {
    if (paired.has(c.r[0]) || usedAdded.has(c.a[0])) continue;
    paired.add(c.r[0]);
    usedAdded.add(c.a[0]);
    pairs.push({ ...c, how: 'rename' });
  }

  for (const p of pairs) {
    const [rk, rm] = p.r;
    const [ak, am] = p.a;
    if (p.how === 'params') {
      const aspects = memberAspects(ctx, ta, rm, tb, am);
      if (!aspects.some((x) => x.aspect === 'params')) {
        aspects.unshift({ aspect: 'params', from: rk, to: ak, breaksCaller: true, breaksImplementer: overridable(ta, rm) });
      } else {
        const pa = aspects.find((x) => x.aspect === 'params')!;
        pa.breaksCaller = true;
        pa.breaksImplementer = overridable(ta, rm);
      }
      out.push(change({ scope: 'member', change: 'changed', type: ta.fqn, typeTo, typeKind: tb.kind, memberKind: rm.kind, member: memberDisplay(ta, rm, ctx.byA), key: rk, to: memberDisplay(tb, am, ctx.byB), toKey: ak, aspects, deprecated: am.deprecated, where: where(tb, am) }));
    } else {
      const aspects = memberAspects(ctx, ta, rm, tb, am);
      out.push(change({
        scope: 'member', change: 'renamed', type: ta.fqn, typeTo, typeKind: tb.kind, memberKind: rm.kind,
        member: memberDisplay(ta, rm, ctx.byA), key: rk, to: memberDisplay(tb, am, ctx.byB), toKey: ak,
        reason: rm.kind === 'method' ? 'removed and added in the same type with the same parameter types and a similar name' : 'removed and added in the same type with a similar name',
        confidence: Math.round(p.score * 100) / 100,
        aspects,
        breaksCaller: true,
        breaksImplementer: overridable(ta, rm) || requiresImplementation(tb, am),
        where: where(tb, am),
      }));
    }
  }
  for (const r of removed) {
    if (paired.has(r[0])) continue;
    const [key, m] = r;
    const inherited = m.kind === 'method' || m.kind === 'field' ? inheritedMember(tb.fqn, key, ctx.byB) : undefined;
    const generatedCtor = m.kind === 'constructor' && m.generated === 'default-constructor';
    out.push(change({
      scope: 'member', change: 'removed', type: ta.fqn, typeTo, typeKind: ta.kind, memberKind: m.kind, member: memberDisplay(ta, m, ctx.byA), key,
      breaksCaller: !inherited,
      breaksImplementer: !inherited && overridable(ta, m),
      deprecated: m.deprecated,
      where: where(ta, m),
      note: inherited ? `still inherited from ${inherited.fqn}` : generatedCtor ? 'the implicit default constructor is gone (an explicit constructor was declared)' : m.deprecated ? `was ${depText(m.deprecated)}` : undefined,
    }));
  }
  for (const a of added) {
    if (usedAdded.has(a[0])) continue;
    const [key, m] = a;
    const needsImpl = requiresImplementation(tb, m) && !tb.modifiers.includes('final') && !tb.modifiers.includes('sealed');
    const elementNoDefault = m.kind === 'annotationElement' && m.default === undefined;
    out.push(change({
      scope: 'member', change: 'added', type: ta.fqn, typeTo, typeKind: tb.kind, memberKind: m.kind, member: memberDisplay(tb, m, ctx.byB), key,
      breaksCaller: elementNoDefault,
      breaksImplementer: needsImpl,
      deprecated: m.deprecated,
      where: where(tb, m),
      note: needsImpl
        ? tb.kind === 'interface' ? 'abstract interface method (no default): every implementer must add it' : 'abstract method: every subclass must implement it'
        : elementNoDefault ? 'annotation element without a default: every use must set it' : m.kind === 'enumConstant' ? 'exhaustive switches over this enum need a new case' : undefined,
    }));
  }
}

function pairTypeRenames(ctx: Ctx, removed: TypeDecl[], added: TypeDecl[]): { from: TypeDecl; to: TypeDecl; reason: string; confidence: number }[] {
  const result: { from: TypeDecl; to: TypeDecl; reason: string; confidence: number }[] = [];
  const usedAdded = new Set<string>();
  const nestedName = (t: TypeDecl) => t.fqn.slice(t.package.length + 1);
  // 1. Moved: same (nested) simple name, different package. Only unambiguous pairs.
  const addedByName = new Map<string, TypeDecl[]>();
  for (const t of added) addedByName.set(nestedName(t), [...(addedByName.get(nestedName(t)) ?? []), t]);
  const removedByName = new Map<string, TypeDecl[]>();
  for (const t of removed) removedByName.set(nestedName(t), [...(removedByName.get(nestedName(t)) ?? []), t]);
  const pairedRemoved = new Set<string>();
  for (const r of removed) {
    const cands = (addedByName.get(nestedName(r)) ?? []).filter((c) => c.package !== r.package);
    const rivals = removedByName.get(nestedName(r)) ?? [];
    if (cands.length === 1 && rivals.length === 1 && cands[0].kind === r.kind) {
      result.push({ from: r, to: cands[0], reason: `same name ${nestedName(r)}, moved from package ${r.package} to ${cands[0].package}`, confidence: 1 });
      usedAdded.add(cands[0].fqn);
      pairedRemoved.add(r.fqn);
    } else if (cands.length > 1 && rivals.length === 1) {
      // Several same-named candidates: take the one sharing most members, when it clearly wins.
      const scored = cands.map((c) => ({ c, s: memberOverlap(ctx, r, c) })).sort((x, y) => y.s - x.s);
      if (scored[0].s >= 0.5 && scored[0].s > scored[1].s) {
        result.push({ from: r, to: scored[0].c, reason: `same name ${nestedName(r)}, moved to package ${scored[0].c.package} (best of ${cands.length} by shared members)`, confidence: Math.round(scored[0].s * 100) / 100 });
        usedAdded.add(scored[0].c.fqn);
        pairedRemoved.add(r.fqn);
      }
    }
  }
  // 2. Renamed in the same package: similar name and mostly the same members.
  const cands: { r: TypeDecl; a: TypeDecl; score: number }[] = [];
  for (const r of removed) {
    if (pairedRemoved.has(r.fqn) || r.outer) continue;
    for (const a of added) {
      if (usedAdded.has(a.fqn) || a.outer || a.package !== r.package || a.kind !== r.kind) continue;
      const ns = nameSimilarity(r.name, a.name);
      if (ns < 0.5) continue;
      const ov = memberOverlap(ctx, r, a);
      if (ov < 0.6) continue;
      cands.push({ r, a, score: (ns + ov) / 2 });
    }
  }
  cands.sort((x, y) => y.score - x.score);
  for (const c of cands) {
    if (pairedRemoved.has(c.r.fqn) || usedAdded.has(c.a.fqn)) continue;
    pairedRemoved.add(c.r.fqn);
    usedAdded.add(c.a.fqn);
    result.push({ from: c.r, to: c.a, reason: `same package, similar name and ${Math.round(memberOverlap(ctx, c.r, c.a) * 100)}% shared members`, confidence: Math.round(c.score * 100) / 100 });
  }
  return result;
}

function memberOverlap(ctx: Ctx, x: TypeDecl, y: TypeDecl): number {
  const kx = new Set([...keyedMembers(x, ctx.byA).keys()].filter((k) => !k.startsWith('<init>')));
  const ky = new Set([...keyedMembers(y, ctx.byB).keys()].filter((k) => !k.startsWith('<init>')));
  if (!kx.size && !ky.size) return 1;
  let both = 0;
  for (const k of kx) if (ky.has(k)) both++;
  return both / (kx.size + ky.size - both);
}

function summarize(changes: Change[]): DiffSummary {
  const count = (scope: Change['scope'], c: ChangeKind) => changes.filter((x) => x.scope === scope && x.change === c).length;
  return {
    typesAdded: count('type', 'added'),
    typesRemoved: count('type', 'removed'),
    typesChanged: count('type', 'changed'),
    typesRenamed: count('type', 'renamed'),
    membersAdded: count('member', 'added'),
    membersRemoved: count('member', 'removed'),
    membersChanged: count('member', 'changed'),
    membersRenamed: count('member', 'renamed'),
    breakingForCallers: changes.filter((x) => x.breaksCaller).length,
    breakingForImplementers: changes.filter((x) => x.breaksImplementer).length,
  };
}

function isApi(t: TypeDecl, by: Map<string, TypeDecl>): boolean {
  // Public types whose enclosing types are public/protected too.
  let cur: TypeDecl | undefined = t;
  while (cur) {
    if (!cur.modifiers.includes('public') && !cur.modifiers.includes('protected')) {
      const outer = cur.outer ? by.get(cur.outer) : undefined;
      // Members of interfaces are implicitly public.
      if (!(outer && (outer.kind === 'interface' || outer.kind === 'annotation'))) return false;
    }
    cur = cur.outer ? by.get(cur.outer) : undefined;
  }
  return true;
}

export function diffInventories(a: Inventory, b: Inventory): InventoryDiff {
  const ctx: Ctx = { a, b, byA: indexTypes(a), byB: indexTypes(b), typeMap: new Map() };
  const apiA = a.types.filter((t) => isApi(t, ctx.byA));
  const apiB = b.types.filter((t) => isApi(t, ctx.byB));
  const fqnB = new Set(apiB.map((t) => t.fqn));
  const fqnA = new Set(apiA.map((t) => t.fqn));
  const removed = apiA.filter((t) => !fqnB.has(t.fqn));
  const added = apiB.filter((t) => !fqnA.has(t.fqn));
  const renames = pairTypeRenames(ctx, removed, added);
  for (const r of renames) ctx.typeMap.set(r.from.fqn, r.to.fqn);
  // Nested types of a moved type move with it.
  for (const r of renames) {
    for (const t of apiA) {
      if (t.fqn.startsWith(r.from.fqn + '.') && !ctx.typeMap.has(t.fqn)) {
        const to = r.to.fqn + t.fqn.slice(r.from.fqn.length);
        if (ctx.byB.has(to)) ctx.typeMap.set(t.fqn, to);
      }
    }
  }
  const renamedTo = new Set(ctx.typeMap.values());
  const changes: Change[] = [];

  for (const ta of apiA) {
    const mapped = ctx.typeMap.get(ta.fqn);
    const tb = ctx.byB.get(mapped ?? ta.fqn);
    if (!tb || (!mapped && !fqnB.has(ta.fqn))) {
      changes.push(change({
        scope: 'type', change: 'removed', type: ta.fqn, typeKind: ta.kind, breaksCaller: true, breaksImplementer: ta.kind === 'class' || ta.kind === 'interface',
        deprecated: ta.deprecated, where: where(ta),
        note: ta.deprecated ? `was ${depText(ta.deprecated)}` : !b.artifacts.some((x) => x.artifactId === ta.artifact) ? `artifact ${ta.artifact} is not in ${b.version}'s inventory` : undefined,
      }));
      continue;
    }
    const aspects = typeAspects(ctx, ta, tb);
    if (mapped) {
      const info = renames.find((r) => r.from.fqn === ta.fqn);
      changes.push(change({
        scope: 'type', change: 'renamed', type: ta.fqn, typeKind: tb.kind, to: tb.fqn,
        reason: info?.reason ?? `enclosing type moved to ${tb.fqn.slice(0, tb.fqn.lastIndexOf('.'))}`,
        confidence: info?.confidence ?? 1,
        aspects, breaksCaller: true, breaksImplementer: tb.kind === 'class' || tb.kind === 'interface', deprecated: tb.deprecated, where: where(tb),
      }));
    } else if (aspects.length) {
      changes.push(change({ scope: 'type', change: 'changed', type: ta.fqn, typeKind: tb.kind, aspects, deprecated: tb.deprecated, where: where(tb) }));
    }
    diffMembers(ctx, ta, tb, changes);
  }
  for (const tb of apiB) {
    if (fqnA.has(tb.fqn) || renamedTo.has(tb.fqn)) continue;
    changes.push(change({ scope: 'type', change: 'added', type: tb.fqn, typeKind: tb.kind, breaksCaller: false, breaksImplementer: false, deprecated: tb.deprecated, where: where(tb) }));
  }
  const order: Record<ChangeKind, number> = { removed: 0, renamed: 1, changed: 2, added: 3 };
  changes.sort((x, y) =>
    x.type.localeCompare(y.type) || (x.scope === y.scope ? 0 : x.scope === 'type' ? -1 : 1) || order[x.change] - order[y.change] || (x.key ?? '').localeCompare(y.key ?? ''));
  const artA = new Set(a.artifacts.map((x) => x.artifactId));
  const artB = new Set(b.artifacts.map((x) => x.artifactId));
  return {
    from: a.version,
    to: b.version,
    artifacts: { onlyInFrom: [...artA].filter((x) => !artB.has(x)).sort(), onlyInTo: [...artB].filter((x) => !artA.has(x)).sort() },
    changes,
    summary: summarize(changes),
  };
}

/** Index for look-ups by the upgrade scan and the pin re-verification. */
export interface DiffIndex {
  typeChange: Map<string, Change>;
  /** `${typeFqn}#${memberName}` -> changes to members with that name (any overload). */
  memberChanges: Map<string, Change[]>;
}

export function indexDiff(diff: InventoryDiff): DiffIndex {
  const typeChange = new Map<string, Change>();
  const memberChanges = new Map<string, Change[]>();
  for (const c of diff.changes) {
    if (c.scope === 'type') typeChange.set(c.type, c);
    else {
      const name = memberName(c);
      const k = `${c.type}#${name}`;
      memberChanges.set(k, [...(memberChanges.get(k) ?? []), c]);
    }
  }
  return { typeChange, memberChanges };
}

/** The bare member name of a member change (`sysPrompt`, `<init>`, `NAME`). */
export function memberName(c: Change): string {
  const k = c.key ?? '';
  if (k.startsWith('field:') || k.startsWith('enum:')) return k.slice(k.indexOf(':') + 1);
  if (k.startsWith('element:')) return k.slice('element:'.length, k.indexOf('('));
  return k.slice(0, k.indexOf('('));
}
