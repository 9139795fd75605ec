/**
 * Names to types, as javac resolves them (JLS 6.5): simple names through type variables, the
 * member types of the enclosing classes and their supertypes, imports, the package and
 * java.lang; qualified names through the longest known type prefix; source type nodes to JType.
 */
import type { SyntaxNode as Node } from './syntax-tree.js';
import { cls, type JType, shortName, UNKNOWN } from '../jtype.js';
import { packageTypes } from '../package-types.js';
import { describedExternalType } from '../external.js';
import { JAVA_LANG_TYPES } from '../names.js';
import { checkUnresolvedTypeName } from '../rules/unresolved-type-name.js';
import { reportUnknownNested, reportUnknownType } from '../rules/unknown-type.js';
import { reportDeprecatedType } from '../rules/deprecated-for-removal.js';
import { checkTypeArgumentCount } from '../rules/wrong-arity.js';
import { AnalyzerBase } from './base.js';
import { type ClassCtx, isAsName, type SourceClass, type TypeCtx } from './model.js';
import { field, kids } from './syntax.js';

export abstract class TypeNames extends AnalyzerBase {
  /** Member type `name` of type `fqn` (inherited too): fqn, undefined = certainly none, null = cannot tell. */
  memberType(fqn: string, name: string, depth = 0): string | undefined | null {
    if (depth > 8) return null;
    const sc = this.srcByFqn.get(fqn);
    if (sc) {
      const n = sc.nested.get(name);
      // a private member type is not inherited (JLS 8.5), and it hides the ones its class inherits
      // (WeakHashMap's private Entry hides Map.Entry from WeakHashMap's subclasses)
      if (n) return depth === 0 || !isPrivate(this.srcByFqn.get(n)) ? n : undefined;
    }
    const decl = this.idx.type(fqn);
    if (decl) {
      const r = this.idx.nestedType(fqn, name);
      if (r) return r.fqn;
      if (!sc) return r;
    }
    if (sc) {
      let unknown = false;
      for (const s of this.sourceSupers(sc)) {
        if (s.k !== 'class') {
          unknown = true;
          continue;
        }
        const r = this.memberType(s.fqn, name, depth + 1);
        if (r) return r;
        if (r === null) unknown = true;
      }
      return unknown ? null : undefined;
    }
    // `Map.Entry<String, Msg>`: a JDK member type the checker describes (external.ts)
    if (describedExternalType(cls(`${fqn}.${name}`))) return `${fqn}.${name}`;
    return this.idx.isJdkKnown(fqn) || fqn === 'java.lang.Object' ? undefined : null;
  }

  private supersCache = new Map<string, JType[]>();

  /** The caches of names hold what one view of the inventory resolves: a file that sees another view starts them afresh. */
  override useInventoryFor(path: string) {
    const before = this.idx;
    super.useInventoryFor(path);
    if (this.idx === before) return;
    this.supersCache.clear();
    this.qualifiedCache.clear();
  }

  /** The superclass of `sc` where the sources declare it (an arrow function: rules are handed it). */
  sourceSuperclass = (sc: SourceClass): SourceClass | undefined => {
    const n = field(sc.node, 'superclass');
    const t = n ? this.sourceSupers(sc)[0] : undefined;
    return t?.k === 'class' ? this.srcByFqn.get(t.fqn) : undefined;
  };

  sourceSupers(sc: SourceClass): JType[] {
    const hit = this.supersCache.get(sc.fqn);
    if (hit) return hit;
    this.supersCache.set(sc.fqn, []); // cycle guard
    const ctx = this.classTypeCtx(sc);
    const out: JType[] = [];
    for (const n of this.superNodes(sc.node)) out.push(this.typeOf(n, ctx, false));
    this.supersCache.set(sc.fqn, out);
    return out;
  }

  superNodes(node: Node): Node[] {
    const out: Node[] = [];
    const sup = field(node, 'superclass');
    if (sup) out.push(...kids(sup));
    const ifs = field(node, 'interfaces') ?? kids(node).find((k) => k.type === 'extends_interfaces') ?? null;
    if (ifs) for (const l of kids(ifs)) out.push(...(l.type === 'type_list' ? kids(l) : [l]));
    return out;
  }

  classTypeCtx(sc: SourceClass): TypeCtx {
    const chain: SourceClass[] = [];
    for (let s: SourceClass | undefined = sc; s; s = s.outer) chain.unshift(s);
    let cc: ClassCtx | undefined;
    const vars = new Set<string>();
    const unit = sc.unit;
    for (const s of chain) {
      for (const t of s.typeParams) vars.add(t);
      cc = { fqn: s.fqn, src: s, supers: [], outer: cc, methods: s.methodNodes, ctx: { unit, cls: cc, typeVars: new Set(vars) } };
    }
    return { unit, cls: cc, typeVars: vars };
  }

  /** Resolves a simple type name as javac does; undefined when it cannot be told. */
  resolveSimple(name: string, ctx: TypeCtx): JType | undefined {
    if (ctx.typeVars.has(name)) return { k: 'tv', name };
    let uncertain = false;
    for (let c = ctx.cls; c; c = c.outer) {
      if (c.fqn.endsWith('.' + name) && this.hasType(c.fqn) && (c.src?.name === name)) return cls(c.fqn);
      if (c.src) {
        const r = this.memberType(c.fqn, name);
        if (r) return cls(r);
        if (r === null) uncertain = true;
      } else {
        for (const s of c.supers) {
          if (s.k !== 'class') {
            uncertain = true;
            continue;
          }
          const r = this.memberType(s.fqn, name);
          if (r) return cls(r);
          if (r === null) uncertain = true;
        }
      }
    }
    const u = ctx.unit;
    const single = u.imports.single.get(name);
    if (single) return this.resolveQualified(single) ?? cls(single);
    const samePkg = this.srcByPkg.get(u.pkg)?.get(name) ?? this.idx.byPackage.get(u.pkg)?.get(name);
    if (samePkg) return cls(samePkg.fqn);
    if (uncertain) return undefined;
    let hit: string | undefined;
    for (const p of u.imports.onDemand) {
      const src = this.srcByPkg.get(p)?.get(name);
      // a package-private class of another package is not imported (JLS 7.5.2): `import java.io.*` brings no java.io.FileSystem
      const t = this.idx.byPackage.get(p)?.get(name) ?? (src && !isPackagePrivate(src) ? src : undefined);
      if (t) {
        hit = t.fqn;
        break;
      }
      if (this.hasType(p)) {
        const r = this.memberType(p, name);
        if (r) {
          hit = r;
          break;
        }
      }
    }
    if (hit) return cls(hit);
    const jdk = jdkOnDemand(name, u.imports.onDemand);
    if (jdk) return cls(jdk);
    for (const p of u.imports.staticSingle.get(name) ?? []) {
      const r = this.memberType(p, name);
      if (r) return cls(r);
    }
    for (const p of u.imports.staticOnDemand) {
      const r = this.hasType(p) ? this.memberType(p, name) : undefined;
      if (r) return cls(r);
    }
    if (JAVA_LANG_TYPES.has(name)) return cls(`java.lang.${name}`);
    return undefined;
  }

  /** io.agentscope.core.ReActAgent.Builder -> the longest known type prefix plus nested names. */
  private qualifiedCache = new Map<string, JType | undefined>();
  resolveQualified(q: string): JType | undefined {
    if (this.qualifiedCache.has(q)) return this.qualifiedCache.get(q);
    const r = this.resolveQualifiedUncached(q);
    this.qualifiedCache.set(q, r);
    return r;
  }
  resolveQualifiedUncached(q: string): JType | undefined {
    const parts = q.split('.');
    for (let i = parts.length; i >= 1; i--) {
      const head = parts.slice(0, i).join('.');
      if (!this.hasType(head)) continue;
      let fqn = head;
      for (const p of parts.slice(i)) {
        const r = this.memberType(fqn, p);
        if (!r) return undefined;
        fqn = r;
      }
      return cls(fqn);
    }
    return undefined;
  }

  /** Source type node -> JType; reports AS001 for io.agentscope names that do not exist when `report`. */
  typeOf(node: Node, ctx: TypeCtx, report: boolean): JType {
    switch (node.type) {
      case 'integral_type':
      case 'floating_point_type':
      case 'boolean_type':
      case 'void_type':
        return { k: 'prim', name: node.text };
      case 'type_identifier': {
        const r = this.resolveSimple(node.text, ctx);
        if (r?.k === 'class' && report) reportDeprecatedType(this, node, r.fqn);
        if (report) this.reportUnknownImportUse(node, ctx, r);
        if (!r && report) checkUnresolvedTypeName(this, node, ctx);
        return r ?? UNKNOWN;
      }
      case 'scoped_type_identifier': {
        const t = this.scopedType(node, ctx, report);
        if (t.k === 'class' && report) reportDeprecatedType(this, node, t.fqn);
        return t;
      }
      case 'generic_type': {
        const [base, targs] = kids(node);
        const b = base ? this.typeOf(base, ctx, report) : UNKNOWN;
        const args = targs ? kids(targs).map((a) => this.typeOf(a, ctx, report)) : [];
        if (b.k !== 'class') return b;
        // `<>` (a diamond) has no type argument nodes: nothing to count. A wrong count makes the
        // type erroneous, as in javac: compatible with anything, nothing about it reported again
        if (args.length && checkTypeArgumentCount(this, node, b.fqn, args.length, report)) return UNKNOWN;
        return { k: 'class', fqn: b.fqn, args };
      }
      case 'array_type': {
        const el = field(node, 'element');
        const dims = field(node, 'dimensions');
        let t = el ? this.typeOf(el, ctx, report) : UNKNOWN;
        const n = dims ? (dims.text.match(/\[/g) ?? []).length : 1;
        for (let i = 0; i < n; i++) t = { k: 'array', elem: t };
        return t;
      }
      case 'wildcard': {
        const ks = kids(node).filter((k) => k.type !== 'annotation' && k.type !== 'marker_annotation');
        const sup = node.children.some((c) => c?.type === 'super');
        const b = ks.length ? this.typeOf(ks[ks.length - 1], ctx, report) : undefined;
        return b ? { k: 'wild', bound: b, sup } : { k: 'wild' };
      }
      case 'annotated_type': {
        const ks = kids(node).filter((k) => k.type !== 'annotation' && k.type !== 'marker_annotation');
        return ks.length ? this.typeOf(ks[ks.length - 1], ctx, report) : UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  scopedType(node: Node, ctx: TypeCtx, report: boolean): JType {
    const parts: Node[] = [];
    let cur: Node | null = node;
    while (cur && cur.type === 'scoped_type_identifier') {
      const ks: Node[] = kids(cur).filter((k) => k.type !== 'annotation' && k.type !== 'marker_annotation');
      parts.unshift(ks[ks.length - 1]);
      cur = ks[0] ?? null;
    }
    if (!cur) return UNKNOWN;
    if (cur.type === 'generic_type') {
      const base = this.typeOf(cur, ctx, report);
      return this.nestedChain(base, parts, report);
    }
    parts.unshift(cur);
    const first = parts[0].text;
    const head = this.resolveSimple(first, ctx);
    if (report) this.reportUnknownImportUse(parts[0], ctx, head);
    if (head) return this.nestedChain(head, parts.slice(1), report);
    // package-qualified
    const names = parts.map((p) => p.text);
    for (let i = names.length; i >= 1; i--) {
      const q = names.slice(0, i).join('.');
      if (this.hasType(q)) return this.nestedChain(cls(q), parts.slice(i), report);
    }
    // `reactor.core.publisher.Flux<T>` written out: a third-party type, taken as named (as an import of it would be)
    const at = names.findIndex((x) => /^[A-Z]/.test(x));
    if (at > 0 && names.slice(0, at).every((x) => /^[a-z_][\w$]*$/.test(x)) && !isAsName(names.slice(0, at).join('.'))) {
      return this.nestedChain(cls(names.slice(0, at + 1).join('.')), parts.slice(at + 1), report);
    }
    // `HarnesAgent.Builder`: a capitalised first name that is no type and no known package is a
    // misspelled type (javac: "package HarnesAgent does not exist")
    if (report && /^[A-Z]/.test(first) && !this.packageKnown(first)) {
      checkUnresolvedTypeName(this, parts[0], ctx);
      return UNKNOWN;
    }
    const q = names.join('.');
    // a JDK type written fully qualified (`java.util.function.Supplier<T>`) is the type its import names
    if (/^javax?\.[a-z][\w]*(\.[a-z][\w]*)*\.[A-Z]\w*$/.test(q)) return cls(q);
    if (report && isAsName(q)) {
      // longest known package prefix
      let pkgEnd = 0;
      for (let i = 1; i < names.length; i++) if (this.packageKnown(names.slice(0, i).join('.'))) pkgEnd = i;
      const pkg = names.slice(0, Math.max(pkgEnd, names.length - 1)).join('.');
      if ((pkgEnd > 0 || this.idx.outside?.artifactOf(q)) && this.mayJudgeQualified(pkg)) reportUnknownType(this, node, q, pkg);
    }
    return UNKNOWN;
  }

  nestedChain(base: JType, rest: Node[], report: boolean): JType {
    let t = base;
    for (const p of rest) {
      if (t.k !== 'class') return UNKNOWN;
      const r = this.memberType(t.fqn, p.text);
      if (r) {
        t = cls(r);
        continue;
      }
      const outer = t.fqn;
      if (r === undefined && report && this.idx.type(outer) && this.mayJudgeQualified(this.idx.type(outer)!.package)) {
        reportUnknownNested(this, p, outer, p.text, shortName(outer));
      }
      return UNKNOWN;
    }
    return t;
  }
}


/**
 * `name` through the on-demand imports of JDK packages (and of Reactor's publishers) (`import java.util.*;`, jdk-types.ts): the
 * type when exactly one of them has it and java.lang does not. Code javac compiles cannot name a
 * type two on-demand imports give, so a third-party package imported on demand beside it does not
 * have `name`; the declarations that take precedence (member types, single imports, the package)
 * were looked at first.
 */
function jdkOnDemand(name: string, onDemand: readonly string[]): string | undefined {
  const jdkTypes = packageTypes();
  let found: string | undefined;
  for (const p of onDemand) {
    if (!jdkTypes.get(p)?.has(name)) continue;
    if (found) return undefined;
    found = `${p}.${name}`;
  }
  return found && !JAVA_LANG_TYPES.has(name) ? found : undefined;
}

/** The class's modifiers as written (annotations included), '' without any. */
function modifiersOf(sc: SourceClass): string {
  return kids(sc.node).find((k) => k.type === 'modifiers')?.text ?? '';
}

/** Is the top-level class declared without `public` (package access)? */
function isPackagePrivate(sc: SourceClass): boolean {
  return !/\bpublic\b/.test(modifiersOf(sc));
}

/** Is the class declared `private`? */
function isPrivate(sc: SourceClass | undefined): boolean {
  return !!sc && /\bprivate\b/.test(modifiersOf(sc));
}
