/**
 * The aspects in which one type or member differs between two inventories (visibility,
 * modifiers, return and parameter types, type parameters, supertypes, deprecation), each rated
 * for whether it breaks callers and implementers.
 */
import type { Deprecation, Inventory, Member, TypeDecl } from '../inventory/schema.js';
import type { Aspect } from './model.js';
import { erase, hierarchy, isStatic, memberKey, memberVars, simple, supertypes } from './signature.js';

const VISIBILITY_RANK: Record<string, number> = { public: 2, protected: 1 };
function visibility(mods: string[]): string {
  return mods.includes('public') ? 'public' : mods.includes('protected') ? 'protected' : 'package';
}

export function where(t: TypeDecl, m?: Member): string {
  return `${t.artifact}:${t.path}:${m?.line ?? t.line}`;
}

/** Can subclasses/implementers of `t` override (and therefore @Override) this member? */
export function overridable(t: TypeDecl, m: Member): boolean {
  if (m.kind !== 'method') return false;
  if (t.kind === 'enum' || t.kind === 'record' || t.kind === 'annotation') return false;
  if (t.modifiers.includes('final')) return false;
  return !m.modifiers.includes('static') && !m.modifiers.includes('final') && !m.modifiers.includes('private');
}

/** Must an implementer/subclass provide a body for this member? */
export function requiresImplementation(t: TypeDecl, m: Member): boolean {
  if (m.kind !== 'method') return false;
  if (t.kind === 'interface') return !m.modifiers.includes('default') && !m.modifiers.includes('static') && !m.modifiers.includes('private');
  if (t.kind === 'class') return m.modifiers.includes('abstract');
  return false;
}

const UNCHECKED = new Set([
  'java.lang.RuntimeException', 'java.lang.Error', 'java.lang.IllegalArgumentException', 'java.lang.IllegalStateException',
  'java.lang.NullPointerException', 'java.lang.UnsupportedOperationException', 'java.lang.IndexOutOfBoundsException',
  'java.lang.ArithmeticException', 'java.lang.ClassCastException', 'java.util.NoSuchElementException',
  'java.util.ConcurrentModificationException', 'java.io.UncheckedIOException',
]);

/** Unchecked exceptions don't break callers when added to `throws`; walk the inventory to find out. */
function isUnchecked(fqn: string, by: Map<string, TypeDecl>): boolean {
  if (UNCHECKED.has(fqn) || /^(java\.lang\.)?(RuntimeException|Error)$/.test(fqn)) return true;
  for (const t of hierarchy(fqn, by)) {
    if (supertypes(t).some((s) => UNCHECKED.has(s) || s === 'RuntimeException')) return true;
  }
  return false;
}

function sameDeprecation(x?: Deprecation, y?: Deprecation): boolean {
  return Boolean(x) === Boolean(y) && (!x || !y || x.forRemoval === y.forRemoval);
}

export function depText(d?: Deprecation): string {
  if (!d) return 'not deprecated';
  return `deprecated${d.forRemoval ? ' for removal' : ''}${d.since ? ` since ${d.since}` : ''}`;
}

export interface Ctx {
  a: Inventory;
  b: Inventory;
  byA: Map<string, TypeDecl>;
  byB: Map<string, TypeDecl>;
  /** a-FQN -> b-FQN for renamed/moved types; applied to a's signatures before keying. */
  typeMap: Map<string, string>;
}

export function mapTypeName(ctx: Ctx): (t: string) => string {
  return (t) => {
    const m = /^([^[]+)((?:\[\])*)$/.exec(t);
    if (!m) return t;
    const to = ctx.typeMap.get(m[1]);
    return to ? to + m[2] : t;
  };
}

const keyedCache = new WeakMap<TypeDecl, Map<string, Member>>();

export function keyedMembers(t: TypeDecl, by: Map<string, TypeDecl>, mapType?: (t: string) => string): Map<string, Member> {
  if (!mapType) {
    const hit = keyedCache.get(t);
    if (hit) return hit;
  }
  const out = new Map<string, Member>();
  if (!mapType) keyedCache.set(t, out);
  for (const m of t.members) {
    if (!m.modifiers.includes('public') && !m.modifiers.includes('protected') && t.kind !== 'interface' && t.kind !== 'annotation' && m.kind !== 'enumConstant') continue;
    const key = memberKey(t, m, by, mapType);
    if (!out.has(key)) out.set(key, m);
  }
  return out;
}

export function memberAspects(ctx: Ctx, ta: TypeDecl, ma: Member, tb: TypeDecl, mb: Member): Aspect[] {
  const aspects: Aspect[] = [];
  const mapType = mapTypeName(ctx);
  const implementable = overridable(ta, ma);
  const va = memberVars(ta, ma, ctx.byA);
  const vb = memberVars(tb, mb, ctx.byB);
  if (ma.kind === 'method' || ma.kind === 'annotationElement') {
    const ra = ma.type ?? 'void';
    const rb = mb.type ?? 'void';
    if (mapType(erase(ra, va)) !== erase(rb, vb)) {
      aspects.push({ aspect: 'return', from: ra, to: rb, breaksCaller: true, breaksImplementer: implementable });
    } else if (ra.replace(/\s+/g, '') !== rb.replace(/\s+/g, '') && mapType(ra) !== rb) {
      // Same erasure, different type arguments (Mono<Msg> -> Mono<Event>): still breaks code
      // that assigns the result to a parameterized type.
      aspects.push({ aspect: 'return', from: ra, to: rb, breaksCaller: true, breaksImplementer: implementable });
    }
  }
  if (ma.kind === 'field' && (ma.type ?? '') !== (mb.type ?? '')) {
    aspects.push({ aspect: 'fieldType', from: ma.type, to: mb.type, breaksCaller: true, breaksImplementer: false });
  }
  const pa = (ma.params ?? []).map((p) => p.type);
  const pb = (mb.params ?? []).map((p) => p.type);
  if (pa.join(',') !== pb.join(',')) {
    // Same erased key: only type arguments differ (List<Msg> -> List<? extends Msg>), or the
    // types were moved along with a renamed type. Widening is harmless; other changes may not be.
    const movedOnly = pa.map((p) => mapType(erase(p, va))).join(',') === pb.map((p) => erase(p, vb)).join(',') && pa.some((p, i) => erase(p, va) !== erase(pb[i], vb));
    aspects.push({
      aspect: 'params',
      from: pa.map(simple).join(', '),
      to: pb.map(simple).join(', '),
      // Only moved types: the type's own rename entry carries the fix (its import).
      breaksCaller: !movedOnly && pa.some((p, i) => !pb[i].includes('?') && p !== pb[i]),
      breaksImplementer: !movedOnly && implementable,
    });
  }
  const varA = (ma.params ?? []).some((p) => p.varargs);
  const varB = (mb.params ?? []).some((p) => p.varargs);
  if (varA !== varB) {
    aspects.push({ aspect: 'varargs', from: String(varA), to: String(varB), breaksCaller: varA && !varB, breaksImplementer: false });
  }
  if (isStatic(ma) !== isStatic(mb)) {
    aspects.push({ aspect: 'static', from: String(isStatic(ma)), to: String(isStatic(mb)), breaksCaller: true, breaksImplementer: true });
  }
  const absA = requiresImplementation(ta, ma);
  const absB = requiresImplementation(tb, mb);
  if (absA !== absB && ma.kind === 'method') {
    const aspect = ta.kind === 'interface' && tb.kind === 'interface' ? 'default' : 'abstract';
    aspects.push({
      aspect,
      from: aspect === 'default' ? String(!absA) : String(absA),
      to: aspect === 'default' ? String(!absB) : String(absB),
      breaksCaller: false,
      breaksImplementer: absB,
    });
  }
  const finA = ma.modifiers.includes('final');
  const finB = mb.modifiers.includes('final');
  if (finA !== finB && ma.kind === 'method') {
    aspects.push({ aspect: 'final', from: String(finA), to: String(finB), breaksCaller: false, breaksImplementer: finB && implementable });
  }
  if (ma.kind === 'field' && finA !== finB) {
    aspects.push({ aspect: 'final', from: String(finA), to: String(finB), breaksCaller: finB, breaksImplementer: false });
  }
  const visA = visibility(ma.modifiers);
  const visB = visibility(mb.modifiers);
  if (ta.kind !== 'interface' && ta.kind !== 'annotation' && visA !== visB) {
    const reduced = (VISIBILITY_RANK[visB] ?? 0) < (VISIBILITY_RANK[visA] ?? 0);
    aspects.push({ aspect: 'visibility', from: visA, to: visB, breaksCaller: reduced, breaksImplementer: reduced });
  }
  const thA = new Set((ma.throws ?? []).map((t) => mapType(erase(t, va))));
  const thB = (mb.throws ?? []).map((t) => erase(t, vb));
  const addedThrows = thB.filter((t) => !thA.has(t));
  const removedThrows = [...thA].filter((t) => !thB.includes(t));
  if (addedThrows.length || removedThrows.length) {
    const checkedAdded = addedThrows.filter((t) => !isUnchecked(t, ctx.byB));
    const checkedRemoved = removedThrows.filter((t) => !isUnchecked(t, ctx.byA));
    aspects.push({
      aspect: 'throws',
      from: [...thA].map(simple).join(', ') || '(none)',
      to: thB.map(simple).join(', ') || '(none)',
      // A new checked exception must be caught; a removed one makes `catch` of it unreachable.
      breaksCaller: checkedAdded.length > 0 || checkedRemoved.length > 0,
      breaksImplementer: false,
    });
  }
  const tpA = (ma.typeParams ?? []).length;
  const tpB = (mb.typeParams ?? []).length;
  if (tpA !== tpB) {
    aspects.push({ aspect: 'typeParams', from: String(tpA), to: String(tpB), breaksCaller: tpA > 0 && tpB > 0, breaksImplementer: implementable });
  }
  if (ma.kind === 'annotationElement' && (ma.default ?? null) !== (mb.default ?? null)) {
    aspects.push({
      aspect: 'annotationDefault',
      from: ma.default ?? '(none)',
      to: mb.default ?? '(none)',
      // Removing a default makes every use without the element fail; changing it only changes behaviour.
      breaksCaller: ma.default !== undefined && mb.default === undefined,
      breaksImplementer: false,
    });
  }
  if (!sameDeprecation(ma.deprecated, mb.deprecated)) {
    aspects.push({ aspect: 'deprecated', from: depText(ma.deprecated), to: depText(mb.deprecated), breaksCaller: false, breaksImplementer: false });
  }
  return aspects;
}

export function typeAspects(ctx: Ctx, ta: TypeDecl, tb: TypeDecl): Aspect[] {
  const aspects: Aspect[] = [];
  const mapType = mapTypeName(ctx);
  if (ta.kind !== tb.kind) aspects.push({ aspect: 'kind', from: ta.kind, to: tb.kind, breaksCaller: true, breaksImplementer: true });
  const extensible = (t: TypeDecl) => (t.kind === 'class' || t.kind === 'interface') && !t.modifiers.includes('final');
  for (const mod of ['final', 'sealed'] as const) {
    const x = ta.modifiers.includes(mod);
    const y = tb.modifiers.includes(mod);
    if (x !== y) aspects.push({ aspect: mod, from: String(x), to: String(y), breaksCaller: false, breaksImplementer: y && extensible(ta) });
  }
  const absA = ta.kind === 'class' && ta.modifiers.includes('abstract');
  const absB = tb.kind === 'class' && tb.modifiers.includes('abstract');
  if (ta.kind === tb.kind && absA !== absB) {
    aspects.push({ aspect: 'abstract', from: String(absA), to: String(absB), breaksCaller: absB, breaksImplementer: false });
  }
  const staticA = Boolean(ta.outer) && ta.modifiers.includes('static');
  const staticB = Boolean(tb.outer) && tb.modifiers.includes('static');
  if (ta.outer && tb.outer && staticA !== staticB && ta.kind === 'class') {
    aspects.push({ aspect: 'static', from: String(staticA), to: String(staticB), breaksCaller: true, breaksImplementer: true });
  }
  const visA = visibility(ta.modifiers);
  const visB = visibility(tb.modifiers);
  if (visA !== visB) {
    const reduced = (VISIBILITY_RANK[visB] ?? 0) < (VISIBILITY_RANK[visA] ?? 0);
    aspects.push({ aspect: 'visibility', from: visA, to: visB, breaksCaller: reduced, breaksImplementer: reduced });
  }
  if (ta.typeParams.length !== tb.typeParams.length) {
    aspects.push({
      aspect: 'typeParams',
      from: `<${ta.typeParams.map((p) => p.name).join(', ')}>`,
      to: `<${tb.typeParams.map((p) => p.name).join(', ')}>`,
      breaksCaller: ta.typeParams.length > 0,
      breaksImplementer: ta.typeParams.length > 0,
    });
  }
  const supA = supertypes(ta).map(mapType).filter((s) => s !== 'java.lang.Object' && s !== 'java.lang.Record' && !s.startsWith('java.lang.Enum'));
  const supB = supertypes(tb).filter((s) => s !== 'java.lang.Object' && s !== 'java.lang.Record' && !s.startsWith('java.lang.Enum'));
  const lost = supA.filter((s) => !supB.includes(s));
  const gained = supB.filter((s) => !supA.includes(s));
  if (lost.length || gained.length) {
    // Losing a supertype breaks callers that assign to it. Gaining an interface with abstract
    // methods breaks subclasses of an abstract class; callers are unaffected.
    const gainedAbstract = gained.some((g) => {
      const gt = ctx.byB.get(g);
      return gt?.kind === 'interface' && gt.members.some((m) => requiresImplementation(gt, m));
    });
    aspects.push({
      aspect: 'supertypes',
      from: supA.map(simple).join(', ') || '(none)',
      to: supB.map(simple).join(', ') || '(none)',
      breaksCaller: lost.length > 0,
      breaksImplementer: lost.length > 0 || (gainedAbstract && (tb.kind === 'interface' || tb.modifiers.includes('abstract'))),
    });
  }
  if (ta.kind === 'record' || tb.kind === 'record') {
    const ca = (ta.recordComponents ?? []).map((c) => `${simple(c.type)} ${c.name}`).join(', ');
    const cb = (tb.recordComponents ?? []).map((c) => `${simple(c.type)} ${c.name}`).join(', ');
    if (ca !== cb) aspects.push({ aspect: 'recordComponents', from: ca, to: cb, breaksCaller: true, breaksImplementer: false });
  }
  if (!sameDeprecation(ta.deprecated, tb.deprecated)) {
    aspects.push({ aspect: 'deprecated', from: depText(ta.deprecated), to: depText(tb.deprecated), breaksCaller: false, breaksImplementer: false });
  }
  if (ta.artifact !== tb.artifact) {
    // A type that moved to another artifact needs that artifact on the classpath.
    aspects.push({ aspect: 'artifact', from: ta.artifact, to: tb.artifact, breaksCaller: false, breaksImplementer: false });
  }
  return aspects;
}
