/**
 * Variables and fields in scope: locals and parameters of the lexical scopes, fields of the
 * enclosing classes and of their supertypes (source or inventory), static imports.
 */
import type { Node } from 'web-tree-sitter';
import type { FoundMember } from '../inventory-index.js';
import { cls, type JType, UNKNOWN } from '../jtype.js';
import { reportDeprecatedMember } from '../rules/deprecated-for-removal.js';
import { noteDontAsk } from '../rules/dont-ask-not-absolute.js';
import { noteAskBranch } from '../rules/resume-ask-with-text.js';
import { type ClassCtx, Scope, withDims } from './model.js';
import { TypeNames } from './type-names.js';

export abstract class Scopes extends TypeNames {
  lookupVar(name: string, scope: Scope): JType | undefined | null {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const v = s.vars.get(name);
      if (v) return v;
      if (s.classBoundary) {
        const r = this.inheritedField(s.classBoundary, name);
        if (r) return r;
        if (r === null) return null;
      }
    }
    const imp = scope.ctx.unit.imports;
    for (const owner of imp.staticSingle.get(name) ?? []) {
      const t = this.resolveQualified(owner);
      if (t?.k === 'class' && this.idx.type(t.fqn)) {
        const { found } = this.idx.findMembers(t, name, ['field', 'enumConstant']);
        if (found.length) {
          this.onFieldResolved(null, found[0]);
          return this.idx.memberType(found[0]) ?? UNKNOWN;
        }
      }
      return null;
    }
    return undefined;
  }

  /** A field inherited by a class from its supertypes: type, undefined = none, null = cannot tell. */
  inheritedField(cc: ClassCtx, name: string): JType | undefined | null {
    let unknown = false;
    const supers = cc.src && cc.supers.length === 0 ? this.sourceSupers(cc.src) : cc.supers;
    for (const s of supers) {
      if (s.k !== 'class') {
        unknown = true;
        continue;
      }
      if (this.isMissingImportedType(s)) continue;
      const r = this.fieldOf(s, name);
      if (r) return r;
      if (r === null) unknown = true;
    }
    return unknown ? null : undefined;
  }

  fieldOf(t: JType & { k: 'class' }, name: string, depth = 0): JType | undefined | null {
    if (depth > 8) return null;
    const sc = this.srcByFqn.get(t.fqn);
    if (sc) {
      const f = sc.fieldNodes.get(name);
      if (f) return f.dims === -1 ? cls(sc.fqn) : withDims(this.typeOf(f.type, this.classTypeCtx(sc), false), f.dims);
      let unknown = false;
      for (const s of this.sourceSupers(sc)) {
        if (s.k !== 'class') {
          unknown = true;
          continue;
        }
        const r = this.fieldOf(s, name, depth + 1);
        if (r) return r;
        if (r === null) unknown = true;
      }
      return unknown ? null : undefined;
    }
    if (this.idx.type(t.fqn)) {
      const { found, hierarchy } = this.idx.findMembers(t, name, ['field', 'enumConstant']);
      if (found.length) return this.idx.memberType(found[0]) ?? UNKNOWN;
      return hierarchy.complete ? undefined : null;
    }
    return this.idx.isJdkKnown(t.fqn) ? undefined : null;
  }

  isPackagePrefix(name: string): boolean {
    for (const p of this.idx.packages) if (p === name || p.startsWith(name + '.')) return true;
    for (const p of this.srcPackages) if (p === name || p.startsWith(name + '.')) return true;
    return false;
  }

  /** The anonymous class `this` denotes here, if it is one. */
  anonymousOwn(scope: Scope): ClassCtx | undefined {
    const cc = scope.ctx.cls;
    return cc && !cc.src ? cc : undefined;
  }

  /** A field or enum constant of an AgentScope type was resolved (`node`: where it is written, if in the code). */
  onFieldResolved(node: Node | null, f: FoundMember) {
    if (node) reportDeprecatedMember(this, node, f);
    if (!node) return;
    noteDontAsk(this, node, f);
    noteAskBranch(this, node, f);
  }

  findReturnType(scope: Scope): JType | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) if (s.returnType) return s.returnType;
    return undefined;
  }

  /** Inside a lambda's block body (not a class declared in it): its functional interface method's result type. */
  lambdaReturnType(scope: Scope): JType | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) if (s.returnType) return s.lambdaBody ? s.returnType : undefined;
    return undefined;
  }
}
