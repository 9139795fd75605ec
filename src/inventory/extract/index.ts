/**
 * The extractor: `-sources.jar` bytes of one version's artifacts -> an Inventory.
 *
 * Every .java file is parsed with tree-sitter-java; a file whose tree has an error is
 * rejected as a whole (listed in ArtifactInfo.rejectedFiles). Output is deterministic:
 * artifacts by artifactId, types by fqn, members in source order followed by the
 * compiler-generated ones, objects built with a fixed key order.
 */
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { INVENTORY_FORMAT, type ArtifactInfo, type BehaviourFacts, type PackagePrivate, type Deprecation, type Inventory, type Member, type Param, type TypeDecl, type TypeParam, type TypeRef } from '../schema.js';
import { javaParser } from './parser.js';
import { erase, Resolver, type Scope } from './resolve.js';
import { walkUnit, type RawAnnotation, type RawMember, type RawParam, type RawType, type RawTypeParam, type TypeExpr, type ParsedFile } from './syntax.js';
import type { DocInfo } from './javadoc.js';
import { structuredJavadoc } from './javadoc-tags.js';
import { deriveProviders } from '../providers.js';
import { erasedSimple, FactsCollector, finishFacts } from './facts.js';
import { annotationArguments } from './annotation-args.js';

export interface SourcesJar {
  artifactId: string;
  /** The -sources.jar bytes. */
  bytes: Uint8Array;
}

export interface ExtractOptions {
  groupId: string;
  version: string;
  /** Artifacts that re-package others (the `agentscope` all-in-one jar): never preferred as owner. */
  umbrella?: string[];
  /** Also collect what same-package code may use (package-private types and members) into `packagePrivate`. */
  packagePrivate?: boolean;
}

const DEFAULT_UMBRELLA = ['agentscope', 'agentscope-all'];

;

export interface ExtractResult {
  inventory: Inventory;
  files: ParsedFile[];
  members: number;
  rejected: number;
  packagePrivate?: PackagePrivate;
  /** What the method bodies say (facts.ts), about the inventory's declarations. */
  facts: BehaviourFacts;
}

const MODIFIER_ORDER = ['public', 'protected', 'private', 'abstract', 'static', 'final', 'sealed', 'non-sealed', 'transient', 'volatile', 'synchronized', 'native', 'strictfp', 'default'];

function sortMods(mods: Iterable<string>): string[] {
  const set = new Set(mods);
  return [...set].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
function rank(m: string): number {
  const i = MODIFIER_ORDER.indexOf(m);
  return i < 0 ? 99 : i;
}

function sha1Hex(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

function annotationNames(list: RawAnnotation[]): string[] {
  return list.map((a) => a.name);
}

/**
 * The element types an annotation type's `@Target` names (`@Target({ElementType.METHOD, TYPE})` ->
 * METHOD, TYPE), as written; undefined for other types and for annotation types without @Target.
 */
function annotationTargets(t: RawType): string[] | undefined {
  if (t.kind !== 'annotation') return undefined;
  const target = t.annotations.find((a) => a.name === 'Target' || a.name === 'java.lang.annotation.Target');
  if (!target) return undefined;
  const list = (target.args.value ?? '').trim().replace(/^\{/, '').replace(/\}$/, '');
  return list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => e.slice(e.lastIndexOf('.') + 1));
}

function unquote(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(v.trim());
  return m ? m[1] : v.trim();
}

function deprecation(annotations: RawAnnotation[], doc: DocInfo | undefined): Deprecation | undefined {
  const ann = annotations.find((a) => a.name === 'Deprecated' || a.name === 'java.lang.Deprecated');
  if (!ann && doc?.deprecatedNote === undefined) return undefined;
  const d: Deprecation = { forRemoval: ann?.args.forRemoval?.trim() === 'true' };
  const since = unquote(ann?.args.since);
  if (since) d.since = since;
  if (doc?.deprecatedNote) d.note = doc.deprecatedNote;
  return d;
}

interface Candidate {
  decl: TypeDecl;
  artifactId: string;
}

/** Owner choice for an FQN found in several artifacts (see docs/inventory.md). */
export function chooseOwner(fqn: string, artifactIds: string[], umbrella: string[] = DEFAULT_UMBRELLA): string {
  const pkgWords = new Set(fqn.toLowerCase().split(/[.\-_]/));
  const shares = (a: string) => a.toLowerCase().split('-').some((w) => w !== 'agentscope' && w !== 'extensions' && pkgWords.has(w));
  return [...artifactIds].sort((a, b) => {
    const ua = umbrella.includes(a) ? 1 : 0;
    const ub = umbrella.includes(b) ? 1 : 0;
    if (ua !== ub) return ua - ub;
    const sa = shares(a) ? 0 : 1;
    const sb = shares(b) ? 0 : 1;
    if (sa !== sb) return sa - sb;
    if (a.length !== b.length) return b.length - a.length;
    return a < b ? -1 : a > b ? 1 : 0;
  })[0];
}

export async function extractInventory(jars: SourcesJar[], opts: ExtractOptions): Promise<ExtractResult> {
  const parser = await javaParser();
  const umbrella = opts.umbrella ?? DEFAULT_UMBRELLA;
  const sorted = [...jars].sort((a, b) => (a.artifactId < b.artifactId ? -1 : a.artifactId > b.artifactId ? 1 : 0));
  const files: ParsedFile[] = [];
  const services: { artifactId: string; path: string; text: string }[] = [];
  const infos = new Map<string, ArtifactInfo>();
  const collector = new FactsCollector();

  for (const jar of sorted) {
    const entries = unzipSync(jar.bytes, {
      filter: (f) => f.name.endsWith('.java') || f.name.startsWith('META-INF/services/'),
    });
    const javaPaths = Object.keys(entries).filter((p) => p.endsWith('.java')).sort();
    const rejected: string[] = [];
    for (const path of javaPaths) {
      const source = strFromU8(entries[path]);
      const tree = parser.parse(source);
      if (!tree) {
        rejected.push(path);
        continue;
      }
      try {
        if (tree.rootNode.hasError) {
          rejected.push(path);
          continue;
        }
        files.push({ artifactId: jar.artifactId, path, source, unit: walkUnit(tree.rootNode) });
        collector.visit(tree.rootNode, jar.artifactId, path);
      } finally {
        tree.delete();
      }
    }
    for (const p of Object.keys(entries).sort()) {
      if (p.startsWith('META-INF/services/') && !p.endsWith('/')) services.push({ artifactId: jar.artifactId, path: p, text: strFromU8(entries[p]) });
    }
    const info: ArtifactInfo = { artifactId: jar.artifactId, sha1: sha1Hex(jar.bytes), javaFiles: javaPaths.length, types: 0 };
    if (rejected.length) info.rejectedFiles = rejected;
    infos.set(jar.artifactId, info);
  }

  // Pass 1: declare every type (any visibility) so names resolve across files and artifacts.
  const resolver = new Resolver();
  const scopeOf = (f: ParsedFile, types: string[], vars: Iterable<string>): Scope => ({ pkg: f.unit.pkg, imports: f.unit.imports, types, typeVars: new Set(vars) });
  const declareAll = (f: ParsedFile, t: RawType, outer: string | undefined, outerScope: string[], outerVars: string[]) => {
    const fqn = outer ? `${outer}.${t.name}` : f.unit.pkg ? `${f.unit.pkg}.${t.name}` : t.name;
    const vars = [...outerVars, ...t.typeParams.map((p) => p.name)];
    resolver.declare(fqn, t, scopeOf(f, outerScope, vars));
    for (const n of t.nested) declareAll(f, n, fqn, [fqn, ...outerScope], vars);
  };
  for (const f of files) for (const t of f.unit.types) declareAll(f, t, undefined, [], []);

  // Pass 2: build the public/protected declarations.
  const candidates = new Map<string, Candidate[]>();
  // with opts.packagePrivate: what only same-package code sees, split off before the inventory is counted
  const packageOnlyTypes = new Set<TypeDecl>();
  const packageOnlyMembers = new Set<Member>();
  let memberCount = 0;
  const add = (c: Candidate) => {
    const list = candidates.get(c.decl.fqn) ?? [];
    list.push(c);
    candidates.set(c.decl.fqn, list);
  };

  for (const f of files) {
    const build = (t: RawType, outer: TypeDecl | undefined, outerRaw: RawType | undefined, outerScope: string[], outerVars: string[]) => {
      const pkg = f.unit.pkg;
      const fqn = outer ? `${outer.fqn}.${t.name}` : pkg ? `${pkg}.${t.name}` : t.name;
      const inInterface = outerRaw !== undefined && (outerRaw.kind === 'interface' || outerRaw.kind === 'annotation');
      const mods = new Set(t.modifiers);
      if (inInterface) {
        mods.add('public');
        mods.add('static');
      }
      if (outer && t.kind !== 'class') mods.add('static');
      if (t.kind === 'record') mods.add('final');
      const visible = !mods.has('private') && (mods.has('public') || (outer !== undefined && mods.has('protected')));
      const packageOnly = !visible || (outer !== undefined && packageOnlyTypes.has(outer));
      if (mods.has('private') || (packageOnly && !opts.packagePrivate)) return; // and so are all types nested in it
      const vars = [...outerVars, ...t.typeParams.map((p) => p.name)];
      const header = scopeOf(f, outerScope, vars);
      const inner = scopeOf(f, [fqn, ...outerScope], vars);
      const typeRef = (e: TypeExpr): TypeRef => ({ written: e.written, resolved: resolver.type(e, header) });
      const decl: TypeDecl = {
        fqn,
        binaryName: outer ? `${outer.binaryName}$${t.name}` : fqn,
        name: t.name,
        package: pkg,
        ...(outer ? { outer: outer.fqn } : {}),
        kind: t.kind,
        modifiers: sortMods(mods),
        typeParams: typeParams(t.typeParams, header),
        extends: t.extends.map(typeRef),
        implements: t.implements.map(typeRef),
        ...(t.permits ? { permits: t.permits.map(typeRef) } : {}),
        ...(t.annotations.length ? { annotations: annotationNames(t.annotations) } : {}),
        ...optional('annotationArgs', annotationArguments(t.annotations)),
        ...optional('targets', annotationTargets(t)),
        ...(t.recordComponents ? { recordComponents: t.recordComponents.map((p) => param(p, inner)) } : {}),
        ...(t.doc?.summary ? { doc: t.doc.summary } : {}),
        ...optional('javadoc', structuredJavadoc(t.doc?.tags, (n) => resolver.name(n, inner))),
        ...optional('deprecated', deprecation(t.annotations, t.doc)),
        artifact: f.artifactId,
        path: f.path,
        line: t.line,
        members: [],
      };
      if (packageOnly) packageOnlyTypes.add(decl);
      decl.members = members(t, decl, inner);
      add({ decl, artifactId: f.artifactId });
      for (const n of t.nested) build(n, decl, t, [fqn, ...outerScope], vars);
    };
    for (const t of f.unit.types) build(t, undefined, undefined, [], []);
  }

  function typeParams(list: RawTypeParam[], scope: Scope): TypeParam[] {
    return list.map((p) => ({ name: p.name, bounds: p.bounds.map((b) => resolver.type(b, scope)) }));
  }

  function param(p: RawParam, scope: Scope): Param {
    const out: Param = { name: p.name, type: resolver.type(p.type, scope), written: p.type.written };
    if (p.varargs) out.varargs = true;
    if (p.annotations.length) out.annotations = annotationNames(p.annotations);
    const args = annotationArguments(p.annotations);
    if (args) out.annotationArgs = args;
    return out;
  }

  function members(t: RawType, decl: TypeDecl, scope: Scope): Member[] {
    const out: Member[] = [];
    const iface = t.kind === 'interface' || t.kind === 'annotation';
    const typeAccess = decl.modifiers.includes('public') ? 'public' : decl.modifiers.includes('protected') ? 'protected' : undefined;
    for (const m of t.members) {
      const mods = new Set(m.modifiers);
      if (m.kind === 'enumConstant') {
        mods.add('public').add('static').add('final');
      } else if (iface) {
        if (mods.has('private')) continue;
        mods.add('public');
        if (m.kind === 'field') mods.add('static').add('final');
        if (m.kind === 'annotationElement') mods.add('abstract');
        if (m.kind === 'method' && !m.hasBody && !mods.has('default') && !mods.has('static')) mods.add('abstract');
      } else if (!mods.has('public') && !mods.has('protected')) {
        if (!opts.packagePrivate || mods.has('private')) continue;
      }
      const methodScope: Scope = m.typeParams.length ? { ...scope, typeVars: new Set([...scope.typeVars, ...m.typeParams.map((p) => p.name)]) } : scope;
      const built = member(m, mods, methodScope, t);
      if (!built.modifiers.includes('public') && !built.modifiers.includes('protected')) packageOnlyMembers.add(built);
      out.push(built);
    }
    // Compiler-generated members.
    const hasCtor = t.members.some((m) => m.kind === 'constructor' || m.kind === 'compactConstructor');
    if (t.kind === 'class' && !hasCtor && typeAccess) {
      out.push({ kind: 'constructor', name: t.name, modifiers: [typeAccess], params: [], generated: 'default-constructor', line: t.line });
    } else if (t.kind === 'class' && !hasCtor && packageOnlyTypes.has(decl)) {
      out.push({ kind: 'constructor', name: t.name, modifiers: [], params: [], generated: 'default-constructor', line: t.line });
    }
    if (t.kind === 'record' && t.recordComponents) {
      const comps = t.recordComponents;
      const compTypes = comps.map((c) => erase(resolver.type(c.type, scope)));
      const canonicalDeclared = t.members.some(
        (m) =>
          m.kind === 'compactConstructor' ||
          (m.kind === 'constructor' && m.params.length === comps.length && m.params.every((p, i) => erase(resolver.type(p.type, scope)) === compTypes[i])),
      );
      if (!canonicalDeclared && (typeAccess || packageOnlyTypes.has(decl))) {
        out.push({ kind: 'constructor', name: t.name, modifiers: typeAccess ? [typeAccess] : [], params: comps.map((c) => param(c, scope)), generated: 'record-constructor', line: t.line });
      }
      for (const c of comps) {
        const declared = t.members.some((m) => m.kind === 'method' && m.name === c.name && m.params.length === 0);
        if (!declared) {
          out.push({ kind: 'method', name: c.name, modifiers: ['public'], params: [], type: resolver.type(c.type, scope), generated: 'record-accessor', line: c.line });
        }
      }
    }
    if (t.kind === 'enum') {
      out.push({ kind: 'method', name: 'values', modifiers: ['public', 'static'], params: [], type: `${decl.fqn}[]`, generated: 'enum-values', line: t.line });
      out.push({
        kind: 'method',
        name: 'valueOf',
        modifiers: ['public', 'static'],
        params: [{ name: 'name', type: 'java.lang.String', written: 'String' }],
        type: decl.fqn,
        generated: 'enum-valueOf',
        line: t.line,
      });
    }
    return out;
  }

  function member(m: RawMember, mods: Set<string>, scope: Scope, owner: RawType): Member {
    const kind = m.kind === 'compactConstructor' ? 'constructor' : m.kind;
    const out: Member = { kind, name: m.name, modifiers: sortMods(mods) } as Member;
    if (m.typeParams.length) out.typeParams = typeParams(m.typeParams, scope);
    if (m.kind === 'compactConstructor') out.params = (owner.recordComponents ?? []).map((c) => param(c, scope));
    else if (m.kind === 'constructor' || m.kind === 'method') out.params = m.params.map((p) => param(p, scope));
    if (m.kind === 'enumConstant') out.type = scope.types[0];
    else if (m.type) out.type = resolver.type(m.type, scope);
    if (m.throws.length) out.throws = m.throws.map((e) => resolver.type(e, scope));
    if (m.annotations.length) out.annotations = annotationNames(m.annotations);
    const args = annotationArguments(m.annotations);
    if (args) out.annotationArgs = args;
    if (m.default !== undefined) out.default = m.default;
    if (m.doc?.summary) out.doc = m.doc.summary;
    const javadoc = structuredJavadoc(m.doc?.tags, (n) => resolver.name(n, scope));
    if (javadoc) out.javadoc = javadoc;
    const dep = deprecation(m.annotations, m.doc);
    if (dep) out.deprecated = dep;
    out.line = m.line;
    return out;
  }

  // De-duplicate: one owner per FQN.
  let duplicatesResolved = 0;
  const types: TypeDecl[] = [];
  for (const [fqn, list] of candidates) {
    const owners = [...new Set(list.map((c) => c.artifactId))];
    if (owners.length > 1 && !packageOnlyTypes.has(list[0].decl)) duplicatesResolved++;
    const owner = owners.length > 1 ? chooseOwner(fqn, owners, umbrella) : owners[0];
    const mine = list.filter((c) => c.artifactId === owner).sort((a, b) => (a.decl.path < b.decl.path ? -1 : a.decl.path > b.decl.path ? 1 : 0));
    types.push(mine[0].decl);
  }
  types.sort((a, b) => (a.fqn < b.fqn ? -1 : a.fqn > b.fqn ? 1 : 0));
  const packagePrivate = opts.packagePrivate ? splitPackagePrivate(types, packageOnlyTypes, packageOnlyMembers, opts.version, [...infos.values()].map((i) => i.sha1)) : undefined;
  for (const t of types) {
    infos.get(t.artifact)!.types++;
    memberCount += t.members.length;
  }

  const providers = deriveProviders(services, files, resolver);
  const rejected = [...infos.values()].reduce((n, i) => n + (i.rejectedFiles?.length ?? 0), 0);
  const inventory: Inventory = {
    format: INVENTORY_FORMAT,
    groupId: opts.groupId,
    version: opts.version,
    artifacts: [...infos.values()],
    types,
    duplicatesResolved,
    providers,
  };
  const byFqn = new Map(types.map((t) => [t.fqn, t]));
  const declares = (type: string, member: string, params: string[]) =>
    byFqn.get(type)?.members.some(
      (m) => (member === '<init>' ? m.kind === 'constructor' : m.kind === 'method' && m.name === member) && (m.params ?? []).map((p) => erasedSimple(p.written)).join() === params.join(),
    ) ?? false;
  const facts = finishFacts(collector.facts, opts.version, inventory.artifacts.map((a) => a.sha1), declares);
  return { inventory, files, members: memberCount, rejected, ...(packagePrivate ? { packagePrivate } : {}), facts };
}

/**
 * Moves what only same-package code may use out of `types` (in place), so the inventory stays
 * exactly what it is without `packagePrivate`: package-private types go whole, package-private
 * members of the other types go by type.
 */
function splitPackagePrivate(types: TypeDecl[], packageOnlyTypes: Set<TypeDecl>, packageOnlyMembers: Set<Member>, version: string, artifacts: string[]): PackagePrivate {
  const data: PackagePrivate = { format: INVENTORY_FORMAT, version, artifacts, types: [], members: [] };
  const pub: TypeDecl[] = [];
  for (const t of types) {
    if (packageOnlyTypes.has(t)) {
      data.types.push(t);
      continue;
    }
    const hidden = t.members.filter((m) => packageOnlyMembers.has(m));
    if (hidden.length) {
      data.members.push({ fqn: t.fqn, members: hidden });
      t.members = t.members.filter((m) => !packageOnlyMembers.has(m));
    }
    pub.push(t);
  }
  types.splice(0, types.length, ...pub);
  return data;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

;
