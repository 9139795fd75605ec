import type { Inventory, Member, PackagePrivate, TypeDecl } from '../inventory/schema.js';
import { typeListing, type TypeListing } from '../inventory/store.js';
import { cls, parseTypeString, substitute, type JType, UNKNOWN } from './jtype.js';

/**
 * JDK supertypes whose public members we know completely, so a hierarchy that ends in
 * them is still "complete" for the purpose of saying "no such method".
 */
const KNOWN_JDK_MEMBERS: Record<string, { methods: [string, number][]; fields?: string[]; supers?: string[] }> = {
  'java.lang.Object': {
    methods: [['equals', 1], ['hashCode', 0], ['toString', 0], ['getClass', 0], ['notify', 0], ['notifyAll', 0], ['wait', 0], ['wait', 1], ['wait', 2], ['clone', 0], ['finalize', 0]],
  },
  'java.lang.Enum': {
    methods: [['name', 0], ['ordinal', 0], ['compareTo', 1], ['getDeclaringClass', 0], ['describeConstable', 0]],
    supers: ['java.lang.Comparable', 'java.io.Serializable'],
  },
  'java.lang.Record': { methods: [] },
  // the exception classes AgentScope exceptions extend: user subclasses are then judged too
  'java.lang.Throwable': {
    methods: [['getMessage', 0], ['getLocalizedMessage', 0], ['getCause', 0], ['initCause', 1], ['printStackTrace', 0], ['printStackTrace', 1], ['fillInStackTrace', 0], ['getStackTrace', 0], ['setStackTrace', 1], ['addSuppressed', 1], ['getSuppressed', 0]],
    supers: ['java.io.Serializable'],
  },
  'java.lang.Exception': { methods: [], supers: ['java.lang.Throwable'] },
  'java.lang.RuntimeException': { methods: [], supers: ['java.lang.Exception'] },
  'java.lang.IllegalStateException': { methods: [], supers: ['java.lang.RuntimeException'] },
  'java.lang.IllegalArgumentException': { methods: [], supers: ['java.lang.RuntimeException'] },
  'java.lang.AutoCloseable': { methods: [['close', 0]] },
  'java.io.Closeable': { methods: [['close', 0]], supers: ['java.lang.AutoCloseable'] },
  'java.lang.Comparable': { methods: [['compareTo', 1]] },
  'java.io.Serializable': { methods: [] },
  'java.lang.Cloneable': { methods: [] },
  'java.lang.Runnable': { methods: [['run', 0]] },
  'java.util.concurrent.Callable': { methods: [['call', 0]] },
  // the functional interfaces AgentScope interfaces extend (AguiAgentRegistryCustomizer is a Consumer), as in every JDK since 8
  'java.util.function.Consumer': { methods: [['accept', 1], ['andThen', 1]] },
  'java.util.function.BiConsumer': { methods: [['accept', 2], ['andThen', 1]] },
  'java.util.function.Function': { methods: [['apply', 1], ['andThen', 1], ['compose', 1], ['identity', 0]] },
  'java.util.function.BiFunction': { methods: [['apply', 2], ['andThen', 1]] },
  'java.util.function.Supplier': { methods: [['get', 0]] },
  'java.util.function.Predicate': { methods: [['test', 1], ['and', 1], ['or', 1], ['negate', 0], ['isEqual', 1], ['not', 1]] },
  'java.util.function.BiPredicate': { methods: [['test', 2], ['and', 1], ['or', 1], ['negate', 0]] },
  'java.util.function.UnaryOperator': { methods: [['identity', 0]], supers: ['java.util.function.Function'] },
  'java.util.function.BinaryOperator': { methods: [['minBy', 1], ['maxBy', 1]], supers: ['java.util.function.BiFunction'] },
  // the life-cycle callbacks application classes implement (one method each, no fields, no member
  // types): names in such a class's body still resolve through the imports
  'org.springframework.beans.factory.InitializingBean': { methods: [['afterPropertiesSet', 0]] },
  'org.springframework.beans.factory.DisposableBean': { methods: [['destroy', 0]] },
  'org.springframework.boot.CommandLineRunner': { methods: [['run', 1]] },
  'org.springframework.boot.ApplicationRunner': { methods: [['run', 1]] },
};

/** Does the JDK type `fqn` (one whose members are known) have a method `name` with `arity` parameters? (Final ones too: an `@Override` of one is javac's "cannot override", which AS004 leaves alone.) */
export function knownJdkMethod(fqn: string, name: string, arity: number): boolean {
  return KNOWN_JDK_MEMBERS[fqn]?.methods.some(([n, ar]) => n === name && ar === arity) ?? false;
}

/**
 * Has the JDK type `fqn`, one whose public members are all listed here, a method (`call`) or a
 * field `name`, declared or inherited? Undefined for a type not listed (nothing can be told).
 */
export function knownJdkHas(fqn: string, name: string, call: boolean, depth = 0): boolean | undefined {
  const k = KNOWN_JDK_MEMBERS[fqn];
  if (!k || depth > 8) return undefined;
  if (call ? k.methods.some(([n]) => n === name) : k.fields?.includes(name)) return true;
  // Enum's static valueOf(Class<T>, String), which its list leaves to the enums' own valueOf(String)
  if (call && fqn === 'java.lang.Enum' && name === 'valueOf') return true;
  for (const s of k.supers ?? []) if (knownJdkHas(s, name, call, depth + 1) !== false) return true;
  // Object's members are every class's and interface's
  return fqn !== 'java.lang.Object' && call && knownJdkHas('java.lang.Object', name, true) ? true : false;
}

/** The method (`call`) or field names of a JDK type whose members are all listed, inherited ones too, for a did-you-mean. */
export function knownJdkNames(fqn: string, call: boolean, depth = 0): string[] {
  const k = KNOWN_JDK_MEMBERS[fqn];
  if (!k || depth > 8) return [];
  const own = call ? k.methods.map(([n]) => n) : (k.fields ?? []);
  return [...new Set([...own, ...(k.supers ?? []).flatMap((s) => knownJdkNames(s, call, depth + 1))])];
}

/** Can java.lang.Enum, or the values()/valueOf(String) every enum has implicitly, supply an enum's method `name`? */
/**
 * The result of a java.lang.Object or java.lang.Enum method no class can change (final, or a
 * String or primitive result an override keeps): `role.name()` is a String whatever the enum.
 */
export function fixedJdkResult(name: string, n: number, isEnum: boolean): JType | undefined {
  if (n === 0 && (name === 'toString' || (isEnum && name === 'name'))) return cls('java.lang.String');
  if (n === 0 && (name === 'hashCode' || (isEnum && name === 'ordinal'))) return { k: 'prim', name: 'int' };
  if (n === 1 && name === 'equals') return { k: 'prim', name: 'boolean' };
  return undefined;
}

export function enumSupplies(name: string): boolean {
  return ENUM_METHOD_NAMES.includes(name);
}

/** The methods every enum has without declaring them: values(), valueOf(String) and java.lang.Enum's. */
export const ENUM_METHOD_NAMES: readonly string[] = ['values', 'valueOf', ...KNOWN_JDK_MEMBERS['java.lang.Enum'].methods.map(([n]) => n)];

/** Abstract JDK methods a concrete subclass must implement (for AS005). */
const JDK_ABSTRACT: Record<string, [string, number][]> = {
  'java.lang.AutoCloseable': [['close', 0]],
  'java.io.Closeable': [['close', 0]],
  'java.lang.Comparable': [['compareTo', 1]],
  'java.lang.Runnable': [['run', 0]],
  'java.util.function.Consumer': [['accept', 1]],
  'java.util.function.BiConsumer': [['accept', 2]],
  'java.util.function.Function': [['apply', 1]],
  'java.util.function.BiFunction': [['apply', 2]],
  'java.util.function.Supplier': [['get', 0]],
  'java.util.function.Predicate': [['test', 1]],
  'java.util.function.BiPredicate': [['test', 2]],
};

/** Might a method the JDK type `fqn` declares (not one of its abstract ones) implement an abstract method `name` of `arity` parameters? */
export function jdkMayImplement(fqn: string, name: string, arity: number): boolean {
  return knownJdkMethod(fqn, name, arity) && !(JDK_ABSTRACT[fqn] ?? []).some(([n, ar]) => n === name && ar === arity);
}

export interface FoundMember {
  member: Member;
  owner: TypeDecl;
  /** Type-variable bindings from the receiver down to the owner. */
  subst: Map<string, JType>;
}

/** Does a subtype inherit `f`? Not an interface's static method (JLS 8.4.8). */
export function inheritedBySubtypes(f: FoundMember): boolean {
  return !(f.owner.kind === 'interface' && f.member.modifiers.includes('static'));
}

export interface Hierarchy {
  /** Inventory types in the hierarchy (including the start), with bindings. */
  types: { decl: TypeDecl; subst: Map<string, JType> }[];
  /** JDK supertypes with fully known members. */
  jdk: string[];
  /** False when some ancestor is neither an inventory type nor a known JDK type. */
  complete: boolean;
}

/** A map whose values are made on first `get`: iterating it makes every value. */
abstract class MapMadeOnGet<V> extends Map<string, V> {
  override forEach(fn: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const k of [...this.keys()]) fn.call(thisArg, this.get(k)!, k, this);
  }

  override values(): MapIterator<V> {
    return [...this.keys()].map((k) => this.get(k)!)[Symbol.iterator]();
  }

  override entries(): MapIterator<[string, V]> {
    return [...this.keys()].map((k): [string, V] => [k, this.get(k)!])[Symbol.iterator]();
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}

/**
 * A map to types that holds each type's position in its listing until the type is first asked for:
 * building an index then parses no type (store.ts typeListing), and a check parses the few it reads.
 */
class TypeMap extends MapMadeOnGet<TypeDecl> {
  private readonly at = new Map<string, number>();

  constructor(private readonly listing: TypeListing) {
    super();
  }

  put(key: string, i: number): void {
    this.at.set(key, i);
    super.set(key, i as unknown as TypeDecl);
  }

  /** The position in the listing of the type `key`. */
  position(key: string): number | undefined {
    return this.at.get(key);
  }

  override get(key: string): TypeDecl | undefined {
    const v = super.get(key) as TypeDecl | number | undefined;
    if (typeof v !== 'number') return v;
    const t = this.listing.decl(v);
    super.set(key, t);
    return t;
  }
}

/** The same for lists of types (types by simple name). */
class TypeListMap extends MapMadeOnGet<TypeDecl[]> {
  private readonly positions = new Map<string, number[]>();

  constructor(private readonly listing: TypeListing) {
    super();
  }

  add(key: string, i: number): void {
    const list = this.positions.get(key);
    if (list) list.push(i);
    else {
      this.positions.set(key, [i]);
      super.set(key, undefined as unknown as TypeDecl[]);
    }
  }

  override get(key: string): TypeDecl[] | undefined {
    const v = super.get(key);
    if (v !== undefined || !this.positions.has(key)) return v;
    const list = this.positions.get(key)!.map((i) => this.listing.decl(i));
    super.set(key, list);
    return list;
  }
}

/** A listing of types already in memory (an inventory built or parsed whole). */
function listingOf(types: readonly TypeDecl[]): TypeListing {
  return {
    fqn: types.map((t) => t.fqn),
    name: types.map((t) => t.name),
    pkg: types.map((t) => t.package),
    outer: types.map((t) => t.outer),
    artifact: types.map((t) => t.artifact),
    decl: (i) => types[i],
  };
}

/** `inv` with the types at `positions` of `listing` (read when `types` is first asked for). */
function withTypes(inv: Inventory, listing: TypeListing, positions: readonly number[]): Inventory {
  const { types: _types, ...rest } = Object.getOwnPropertyDescriptors(inv);
  const out = Object.defineProperties({}, rest) as Inventory;
  const settle = (types: TypeDecl[]) => {
    Object.defineProperty(out, 'types', { value: types, writable: true, enumerable: true, configurable: true });
    return types;
  };
  Object.defineProperty(out, 'types', { enumerable: true, configurable: true, get: () => settle(positions.map((i) => listing.decl(i))), set: settle });
  return out;
}

export class InventoryIndex {
  readonly byFqn: Map<string, TypeDecl>;
  readonly packages = new Set<string>();
  /** package -> simple (top-level) name -> decl */
  readonly byPackage = new Map<string, Map<string, TypeDecl>>();
  /** outer fqn -> simple name -> nested decl */
  readonly nested = new Map<string, Map<string, TypeDecl>>();
  readonly simpleNames: Map<string, TypeDecl[]>;
  private hierarchyCache = new Map<string, Hierarchy>();
  private parsedTypes = new Map<string, JType>();
  /** The types of this index: positions in `listing` (all of it when undefined). */
  private readonly listing: TypeListing;
  private readonly positions?: readonly number[];

  constructor(
    readonly inventory: Inventory,
    /** The package-private supplement is merged in: code in an AgentScope package can be judged too. */
    readonly packagePrivateKnown = false,
    /** Only these types of this listing (restrictTo, without): `inventory` holds the same. */
    part?: { listing: TypeListing; positions: readonly number[] },
  ) {
    const listing = part?.listing ?? typeListing(inventory) ?? listingOf(inventory.types);
    this.listing = listing;
    this.positions = part?.positions;
    const byFqn = new TypeMap(listing);
    const simpleNames = new TypeListMap(listing);
    this.byFqn = byFqn;
    this.simpleNames = simpleNames;
    const { fqn, name, pkg, outer } = listing;
    const add = (i: number) => {
      byFqn.put(fqn[i], i);
      this.packages.add(pkg[i]);
      const o = outer[i];
      const group = o ? this.nested : this.byPackage;
      const key = o ?? pkg[i];
      let m = group.get(key) as TypeMap | undefined;
      if (!m) group.set(key, (m = new TypeMap(listing)));
      m.put(name[i], i);
      simpleNames.add(name[i], i);
    };
    if (part) for (const i of part.positions) add(i);
    else for (let i = 0; i < fqn.length; i++) add(i);
    // parent packages exist too (io.agentscope.core has sub-packages)
    for (const p of [...this.packages]) {
      const parts = p.split('.');
      for (let i = 1; i < parts.length; i++) this.packages.add(parts.slice(0, i).join('.'));
    }
  }

  /** The positions in the listing of the types of this index that `keep` keeps. */
  private kept(keep: (i: number) => boolean): number[] {
    const out: number[] = [];
    if (this.positions) {
      for (const i of this.positions) if (keep(i)) out.push(i);
    } else for (let i = 0; i < this.listing.fqn.length; i++) if (keep(i)) out.push(i);
    return out;
  }

  /** A new index of the types `keep` keeps (this one, cached for the inventory, is not changed). */
  private narrowed(keep: (i: number) => boolean): InventoryIndex {
    const positions = this.kept(keep);
    return new InventoryIndex(withTypes(this.inventory, this.listing, positions), this.packagePrivateKnown, { listing: this.listing, positions });
  }

  /**
   * This index without the types `hidden` and the types nested in them (a new index: this one,
   * cached for the inventory, is not changed). The checked sources declare those types themselves.
   */
  without(hidden: ReadonlySet<string>): InventoryIndex {
    const { fqn, outer } = this.listing;
    const byFqn = this.byFqn as TypeMap;
    const gone = (i: number): boolean => {
      if (hidden.has(fqn[i])) return true;
      const o = outer[i];
      if (o === undefined) return false;
      const at = byFqn.position(o);
      return at === undefined ? hidden.has(o) : gone(at);
    };
    const idx = this.narrowed((i) => !gone(i));
    idx.outside = this.outside;
    return idx;
  }

  /**
   * Project context (project.ts): what a file of a Maven module sees, only the types of the
   * io.agentscope artifacts on its classpath; `outside` then names the artifact of what is left out.
   */
  restrictTo(artifacts: ReadonlySet<string>, pom: string, anyScope: ReadonlySet<string> = artifacts, unlisted: ReadonlySet<string> = new Set()): InventoryIndex {
    const { artifact } = this.listing;
    const idx = this.narrowed((i) => artifacts.has(artifact[i]));
    const byFqn = this.byFqn as TypeMap;
    const { byPackage } = this;
    idx.outside = {
      pom,
      anyScope,
      unlisted,
      artifactOf(name: string): string | undefined {
        const t = byFqn.position(name);
        if (t !== undefined) return artifacts.has(artifact[t]) ? undefined : artifact[t];
        // a package (or one with only sub-packages, io.agentscope.harness): left out when none of its types is visible
        const below = [...byPackage.entries()].filter(([pkg]) => pkg === name || pkg.startsWith(`${name}.`)).flatMap(([, types]) => [...types.keys()].map((k) => artifact[(types as TypeMap).position(k)!]));
        if (!below.length || below.some((a) => artifacts.has(a))) return undefined;
        return below[0];
      },
    };
    return idx;
  }

  /**
   * Set on a restricted index (restrictTo): the module's pom, the artifact of a type or package left
   * out, and the io.agentscope jars on the classpath whose types no inventory lists (ArtifactView.unlisted).
   */
  outside?: { pom: string; anyScope: ReadonlySet<string>; unlisted: ReadonlySet<string>; artifactOf(name: string): string | undefined };

  get version(): string {
    return this.inventory.version;
  }

  type(fqn: string): TypeDecl | undefined {
    return this.byFqn.get(fqn);
  }

  /** Type variables visible inside a member of `decl` (its own, and outer ones for inner classes). */
  typeVarsOf(decl: TypeDecl, member?: Member): Set<string> {
    const s = new Set<string>();
    let d: TypeDecl | undefined = decl;
    while (d) {
      for (const p of d.typeParams) s.add(p.name);
      d = d.outer ? this.byFqn.get(d.outer) : undefined;
    }
    for (const p of member?.typeParams ?? []) s.add(p.name);
    return s;
  }

  parse(text: string, vars: Set<string>): JType {
    const key = `${[...vars].join(',')}|${text}`;
    let t = this.parsedTypes.get(key);
    if (!t) {
      t = parseTypeString(text, vars);
      this.parsedTypes.set(key, t);
    }
    return t;
  }

  /** Declared supertypes of a decl as JTypes (with implicit Object/Enum/Record). */
  directSupers(decl: TypeDecl): JType[] {
    const vars = this.typeVarsOf(decl);
    const out = [...decl.extends, ...decl.implements].map((r) => this.parse(r.resolved, vars));
    if (decl.kind === 'enum') out.push(cls('java.lang.Enum', [cls(decl.fqn)]));
    else if (decl.kind === 'record') out.push(cls('java.lang.Record'));
    else if (decl.kind === 'annotation') out.push(cls('java.lang.annotation.Annotation'));
    if (decl.kind === 'class' && decl.extends.length === 0) out.push(cls('java.lang.Object'));
    if (decl.kind === 'interface') out.push(cls('java.lang.Object'));
    return out;
  }

  /** Walks supertypes breadth-first with type-argument substitution. */
  hierarchy(start: JType): Hierarchy {
    if (start.k !== 'class') return { types: [], jdk: [], complete: false };
    const cacheKey = start.args.length === 0 ? start.fqn : undefined;
    if (cacheKey) {
      const hit = this.hierarchyCache.get(cacheKey);
      if (hit) return hit;
    }
    const res: Hierarchy = { types: [], jdk: [], complete: true };
    const seen = new Set<string>();
    const queue: { t: JType & { k: 'class' }; subst: Map<string, JType> }[] = [{ t: start, subst: new Map() }];
    while (queue.length) {
      const { t, subst } = queue.shift()!;
      if (seen.has(t.fqn)) continue;
      seen.add(t.fqn);
      const decl = this.byFqn.get(t.fqn);
      if (decl) {
        const bind = new Map<string, JType>();
        decl.typeParams.forEach((p, i) => {
          const a = t.args[i];
          if (a) bind.set(p.name, substitute(a, subst));
        });
        res.types.push({ decl, subst: bind });
        for (const s of this.directSupers(decl)) {
          if (s.k === 'class') queue.push({ t: s, subst: bind });
          else res.complete = false;
        }
      } else if (KNOWN_JDK_MEMBERS[t.fqn]) {
        res.jdk.push(t.fqn);
        for (const s of KNOWN_JDK_MEMBERS[t.fqn].supers ?? []) queue.push({ t: cls(s) as JType & { k: 'class' }, subst: new Map() });
      } else if (t.fqn === 'java.lang.annotation.Annotation') {
        res.jdk.push(t.fqn);
      } else {
        res.complete = false;
      }
    }
    if (!seen.has('java.lang.Object')) res.jdk.push('java.lang.Object');
    if (cacheKey) this.hierarchyCache.set(cacheKey, res);
    return res;
  }

  /** All members named `name` (of the given kinds) visible on a type, nearest first. */
  findMembers(start: JType, name: string, kinds: Member['kind'][]): { found: FoundMember[]; hierarchy: Hierarchy; jdkHas: number[] } {
    const h = this.hierarchy(start);
    const found: FoundMember[] = [];
    for (const { decl, subst } of h.types) {
      for (const m of this.membersNamed(decl, name)) {
        // an annotation's elements are its methods: `tool.name()` on a Tool instance
        if (kinds.includes(m.kind) || (m.kind === 'annotationElement' && kinds.includes('method'))) found.push({ member: m, owner: decl, subst });
      }
    }
    const jdkHas: number[] = [];
    for (const j of h.jdk) {
      for (const [n, arity] of KNOWN_JDK_MEMBERS[j]?.methods ?? []) if (n === name) jdkHas.push(arity);
    }
    // enums: values() / valueOf(String) are implicit (the extractor marks them generated, but be safe)
    if (h.types[0]?.decl.kind === 'enum' && kinds.includes('method')) {
      if (name === 'values') jdkHas.push(0);
      // valueOf(String), and java.lang.Enum's static valueOf(Class<T>, String), inherited
      if (name === 'valueOf') {
        if (!found.some((f) => f.member.params?.length === 1)) jdkHas.push(1);
        jdkHas.push(2);
      }
    }
    // every interface/class type: `length` etc. never applies; arrays are not class types.
    return { found, hierarchy: h, jdkHas };
  }

  /** A type's own members called `name` (indexed per type on first use: lookups are the hot path). */
  private byName = new Map<TypeDecl, Map<string, Member[]>>();
  private membersNamed(decl: TypeDecl, name: string): Member[] {
    let m = this.byName.get(decl);
    if (!m) {
      m = new Map();
      for (const member of decl.members) {
        const list = m.get(member.name);
        if (list) list.push(member);
        else m.set(member.name, [member]);
      }
      this.byName.set(decl, m);
    }
    return m.get(name) ?? [];
  }

  /** Names of members of a type and its known supertypes, for "did you mean". */
  memberNames(start: JType, kinds: Member['kind'][]): string[] {
    const h = this.hierarchy(start);
    const out = new Set<string>();
    for (const { decl } of h.types) for (const m of decl.members) if (kinds.includes(m.kind)) out.add(m.name);
    return [...out];
  }

  /** Nested type `name` of `outer` or of its supertypes (member types are inherited). */
  /** By outer type, then name: asked for every simple type name in every class, no key string is built. */
  private nestedCache = new Map<string, Map<string, TypeDecl | undefined | null>>();
  nestedType(outerFqn: string, name: string): TypeDecl | undefined | null {
    let byName = this.nestedCache.get(outerFqn);
    if (!byName) this.nestedCache.set(outerFqn, (byName = new Map()));
    if (byName.has(name)) return byName.get(name);
    const r = this.nestedTypeUncached(outerFqn, name);
    byName.set(name, r);
    return r;
  }
  private nestedTypeUncached(outerFqn: string, name: string): TypeDecl | undefined | null {
    const h = this.hierarchy(cls(outerFqn));
    for (const { decl } of h.types) {
      const n = this.nested.get(decl.fqn)?.get(name);
      if (n) return n;
    }
    return h.complete ? undefined : null;
  }

  /** Abstract methods a concrete subtype must implement: [owner, member] (JDK ones as pseudo members). */
  abstractMethods(h: Hierarchy): { owner: string; name: string; arity: number; member?: Member; subst?: Map<string, JType> }[] {
    const out: { owner: string; name: string; arity: number; member?: Member; subst?: Map<string, JType> }[] = [];
    for (const { decl, subst } of h.types) {
      for (const m of decl.members) {
        if (m.kind !== 'method') continue;
        const isAbstract =
          m.modifiers.includes('abstract') ||
          (decl.kind === 'interface' && !m.modifiers.includes('default') && !m.modifiers.includes('static') && !m.modifiers.includes('private'));
        if (isAbstract) out.push({ owner: decl.fqn, name: m.name, arity: m.params?.length ?? 0, member: m, subst });
      }
    }
    for (const j of h.jdk) for (const [name, arity] of JDK_ABSTRACT[j] ?? []) out.push({ owner: j, name, arity });
    return out;
  }

  /** Concrete methods (non-abstract) visible in the hierarchy, by name. */
  concreteMethods(h: Hierarchy): { owner: TypeDecl; member: Member; subst: Map<string, JType> }[] {
    const out: { owner: TypeDecl; member: Member; subst: Map<string, JType> }[] = [];
    for (const { decl, subst } of h.types) {
      for (const m of decl.members) {
        if (m.kind !== 'method' || m.modifiers.includes('abstract') || m.modifiers.includes('static')) continue;
        if (decl.kind === 'interface' && !m.modifiers.includes('default')) continue;
        out.push({ owner: decl, member: m, subst });
      }
    }
    return out;
  }

  isJdkKnown(fqn: string): boolean {
    return fqn in KNOWN_JDK_MEMBERS;
  }

  memberType(f: FoundMember): JType {
    if (!f.member.type) return UNKNOWN;
    return substitute(this.signature(f).type, f.subst);
  }

  paramTypes(f: FoundMember): JType[] {
    return this.signature(f).params.map((t) => substitute(t, f.subst));
  }

  private signatures = new WeakMap<Member, { owner: TypeDecl; type: JType; params: JType[] }>();
  /**
   * A member's declared type and parameter types, before substitution: parsed once per member and
   * owner (the type variables in scope are the owner's and the member's), asked for every
   * candidate of every call. Shared: not to be changed.
   */
  signature(f: FoundMember): { readonly type: JType; readonly params: readonly JType[] } {
    const hit = this.signatures.get(f.member);
    if (hit && hit.owner === f.owner) return hit;
    const vars = this.typeVarsOf(f.owner, f.member);
    const sig = { owner: f.owner, type: f.member.type ? this.parse(f.member.type, vars) : UNKNOWN, params: (f.member.params ?? []).map((p) => this.parse(p.type, vars)) };
    this.signatures.set(f.member, sig);
    return sig;
  }
}

const indexCache = new WeakMap<Inventory, InventoryIndex>();
const withPackagePrivateCache = new WeakMap<Inventory, InventoryIndex>();
/** The index of an inventory; with its package-private supplement (store.ts loadPackagePrivate) merged in when given. */
export function indexInventory(inv: Inventory, packagePrivate?: PackagePrivate): InventoryIndex {
  const cache = packagePrivate ? withPackagePrivateCache : indexCache;
  let idx = cache.get(inv);
  if (!idx) cache.set(inv, (idx = packagePrivate ? new InventoryIndex(withPackagePrivate(inv, packagePrivate), true) : new InventoryIndex(inv)));
  return idx;
}

/** The inventory plus what same-package code may use (new objects; `inv` itself is not changed). */
function withPackagePrivate(inv: Inventory, pp: PackagePrivate): Inventory {
  const extra = new Map(pp.members.map((m) => [m.fqn, m.members]));
  const types = inv.types.map((t) => (extra.has(t.fqn) ? { ...t, members: [...t.members, ...extra.get(t.fqn)!] } : t));
  return { ...inv, types: [...types, ...pp.types] };
}
