/**
 * Simple-name resolution across the whole inventory being built. Order (JLS 6.4/7.5, simplified):
 * type variables in scope; member types of the enclosing types, innermost first, including
 * member types inherited from supertypes declared in the inventory; single-type imports (and
 * single static imports of member types); the same package (any artifact); on-demand
 * (wildcard) imports, resolved only against types declared in the inventory or in the JDK
 * table; java.lang. Anything else stays as written.
 */
import type { RawImport, RawType, TNode, TypeExpr } from './syntax.js';
import { isJdkType } from './jdk-types.js';

export interface Scope {
  pkg: string;
  imports: RawImport[];
  /** FQNs of the enclosing types, innermost first (includes the type itself for its members). */
  types: string[];
  typeVars: ReadonlySet<string>;
}

interface Declared {
  raw: RawType;
  /** Scope in which the type's own header (extends/implements) is resolved. */
  headerScope: Scope;
}

export class Resolver {
  /** Every declared type of every parsed file, any visibility: fqn -> declaration. */
  private readonly declared = new Map<string, Declared>();
  private readonly nested = new Map<string, Set<string>>();
  private readonly supers = new Map<string, string[]>();
  private readonly computing = new Set<string>();

  declare(fqn: string, raw: RawType, headerScope: Scope): void {
    if (this.declared.has(fqn)) return; // duplicates across artifacts: first one is enough for names
    this.declared.set(fqn, { raw, headerScope });
    this.nested.set(fqn, new Set(raw.nested.map((n) => n.name)));
  }

  isKnown(fqn: string): boolean {
    return this.declared.has(fqn) || isJdkFqn(fqn);
  }

  /** Erased FQNs of the direct supertypes of a type declared in the inventory. */
  supertypes(fqn: string): string[] {
    const hit = this.supers.get(fqn);
    if (hit) return hit;
    const d = this.declared.get(fqn);
    if (!d || this.computing.has(fqn)) return [];
    this.computing.add(fqn);
    const out = [...d.raw.extends, ...d.raw.implements].map((t) => erase(this.render(t.node, d.headerScope)));
    this.computing.delete(fqn);
    this.supers.set(fqn, out);
    return out;
  }

  private memberType(owner: string, name: string, seen: Set<string>): string | undefined {
    if (seen.has(owner)) return undefined;
    seen.add(owner);
    if (this.nested.get(owner)?.has(name)) return `${owner}.${name}`;
    for (const s of this.supertypes(owner)) {
      const r = this.memberType(s, name, seen);
      if (r) return r;
    }
    return undefined;
  }

  /** Resolves a simple type name; undefined when it cannot be resolved. */
  resolveSimple(name: string, scope: Scope): string | undefined {
    if (scope.typeVars.has(name)) return name;
    for (const t of scope.types) {
      const r = this.memberType(t, name, new Set());
      if (r) return r;
    }
    for (const imp of scope.imports) {
      if (imp.wildcard) continue;
      const last = imp.path.slice(imp.path.lastIndexOf('.') + 1);
      if (last !== name) continue;
      if (!imp.isStatic) return imp.path;
      if (this.declared.has(imp.path)) return imp.path;
    }
    const same = scope.pkg ? `${scope.pkg}.${name}` : name;
    if (this.declared.has(same)) return same;
    for (const imp of scope.imports) {
      if (!imp.wildcard) continue;
      const cand = `${imp.path}.${name}`;
      if (this.declared.has(cand)) return cand;
      if (!imp.isStatic && isJdkType(imp.path, name)) return cand;
      // `import a.b.Outer.*;` of a type whose member types are inherited
      if (this.declared.has(imp.path)) {
        const r = this.memberType(imp.path, name, new Set());
        if (r) return r;
      }
    }
    if (isJdkType('java.lang', name)) return `java.lang.${name}`;
    return undefined;
  }

  /** Resolved FQN of a (possibly qualified) type name, plus how many of its parts it covers. */
  private resolveHead(names: string[], scope: Scope): { base: string; used: number } {
    const first = this.resolveSimple(names[0], scope);
    if (first) return { base: first, used: 1 };
    for (let i = names.length; i >= 2; i--) {
      const q = names.slice(0, i).join('.');
      if (this.isKnown(q)) return { base: q, used: i };
    }
    return { base: names.join('.'), used: names.length };
  }

  render(t: TNode, scope: Scope): string {
    switch (t.k) {
      case 'prim':
        return t.name;
      case 'raw':
        return t.text;
      case 'array':
        return this.render(t.el, scope) + '[]'.repeat(t.dims);
      case 'wild':
        return t.ext && t.bound ? `? ${t.ext} ${this.render(t.bound, scope)}` : '?';
      case 'ref': {
        const names = t.parts.map((p) => p.name);
        const { base, used } = this.resolveHead(names, scope);
        const args = (i: number) => {
          const a = t.parts[i].args;
          return a ? `<${a.map((x) => this.render(x, scope)).join(', ')}>` : '';
        };
        let out = base + args(used - 1);
        for (let i = used; i < t.parts.length; i++) out += `.${t.parts[i].name}${args(i)}`;
        return out;
      }
    }
  }

  type(e: TypeExpr, scope: Scope): string {
    return this.render(e.node, scope);
  }

  /** A (possibly qualified) type name written in a comment, e.g. a Javadoc @throws. */
  name(written: string, scope: Scope): string {
    return this.render({ k: 'ref', parts: written.split('.').map((name) => ({ name })) }, scope);
  }
}

function isJdkFqn(fqn: string): boolean {
  const i = fqn.lastIndexOf('.');
  return i > 0 && isJdkType(fqn.slice(0, i), fqn.slice(i + 1));
}

/** Drops type arguments: `java.util.Map<K, java.util.List<V>>[]` -> `java.util.Map[]`. */
export function erase(type: string): string {
  let out = '';
  let depth = 0;
  for (const ch of type) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (depth === 0) out += ch;
  }
  return out.trim();
}
