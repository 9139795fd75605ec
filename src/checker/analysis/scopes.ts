/**
 * Variables and fields in scope: locals and parameters of the lexical scopes, fields of the
 * enclosing classes and of their supertypes (source or inventory), static imports.
 */
import type { SyntaxNode as Node } from './syntax-tree.js';
import { enumSupplies, type FoundMember, inheritedBySubtypes, knownJdkHas } from '../inventory-index.js';
import { cls, type JType, UNKNOWN } from '../jtype.js';
import { reportDeprecatedMember } from '../rules/deprecated-for-removal.js';
import { noteDontAsk } from '../rules/dont-ask-not-absolute.js';
import { noteAskBranch } from '../rules/resume-ask-with-text.js';
import { checkFinalFieldWrite } from '../rules/operand-types.js';
import { type ClassCtx, type FileUnit, liveTree, Scope, type SourceClass, withDims } from './model.js';
import type { TypeDecl } from '../../inventory/schema.js';
import { field, hasModifier, kids } from './syntax.js';
import { JAVA_LANG_TYPES } from '../names.js';
import { TypeNames } from './type-names.js';
import { inferredLocalType, mayBeLombokField } from './lombok.js';

/** A member lost to a supertype whose import failed: the class, that supertype, and how the class names it. */
export interface LostMember {
  owner: string;
  sup: JType & { k: 'class' };
  verb: 'extends' | 'implements';
}

/** The methods of java.lang.Object: found in any class whose superclass is not erroneous. */
export const OBJECT_METHOD_NAMES = new Set(['equals', 'hashCode', 'toString', 'getClass', 'notify', 'notifyAll', 'wait', 'clone', 'finalize']);

/** Parents under which an identifier is a name javac looks up as a variable (not a declaration, label or type). */
const VALUE_PARENTS = new Set(['argument_list', 'binary_expression', 'unary_expression', 'parenthesized_expression', 'ternary_expression', 'return_statement', 'array_access', 'update_expression', 'cast_expression', 'throw_statement']);
/** ... and the fields of those parents that hold such a name. */
const VALUE_FIELDS: Record<string, string> = { method_invocation: 'object', variable_declarator: 'value', lambda_expression: 'body', instanceof_expression: 'left', enhanced_for_statement: 'value' };

/** Is the identifier `node` in a position where javac looks it up as a variable (`x.f` aside: `x` may be a package)? */
export function variablePosition(node: Node): boolean {
  const p = node.parent;
  if (!p) return false;
  if (VALUE_PARENTS.has(p.type)) return true;
  if (p.type === 'assignment_expression') return true;
  const f = VALUE_FIELDS[p.type];
  return f !== undefined && field(p, f)?.id === node.id;
}

/**
 * The identifiers of a file that occur somewhere other than a variable position (declared, a
 * method, a label, a type...), by name, a method's or constructor's parameter aside (its scope is
 * the body the scopes model, so the name is in scope there and nowhere else: `param` used in an
 * override whose parameter was dropped, while a helper below declares its own `param`), and the
 * member a call or field access selects (`.name(name)`: it declares nothing).
 */
const notOnlyUsed = new WeakMap<FileUnit, Map<string, Node[]>>();
function namesNotOnlyUsed(u: FileUnit): Map<string, Node[]> {
  let names = notOnlyUsed.get(u);
  if (!names) {
    notOnlyUsed.set(u, (names = new Map()));
    const stack: Node[] = [liveTree(u).rootNode];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.type === 'identifier' && !variablePosition(n) && !methodParameterName(n) && !selectedMember(n) && !packageOrImportSegment(n)) {
        const at = names.get(n.text);
        if (at) at.push(n);
        else names.set(n.text, [n]);
      }
      for (const c of kids(n)) stack.push(c);
    }
  }
  return names;
}

/** Nodes a local's declaration (or a pattern variable) is in scope within, at most: from the declaration to their end. */
const LOCAL_SCOPES = new Set(['block', 'constructor_body', 'switch_block', 'for_statement', 'class_body', 'program']);

/**
 * Where the variable declared by `d` may be in scope, for a name javac finds nowhere else: the node
 * within which, after `d`, it may be in scope, or undefined for anything but a local, a pattern
 * variable, or a lambda's, catch clause's, for-each's or resource's variable (a field, a label, a
 * method...: in scope anywhere, as far as this tells). A pattern variable's scope depends on flow
 * (JLS 6.3.1) but never reaches before it nor past the block around its statement.
 */
function localScope(d: Node): Node | undefined {
  const p = d.parent;
  if (!p) return undefined;
  const named = (owner: Node) => field(owner, 'name')?.id === d.id;
  if (p.type === 'variable_declarator' && named(p) && p.parent?.type === 'local_variable_declaration') {
    const c = p.parent.parent;
    const around = c?.type === 'switch_block_statement_group' ? c.parent : c;
    return around && LOCAL_SCOPES.has(around.type) ? around : undefined;
  }
  if ((p.type === 'instanceof_expression' && named(p)) || p.type === 'type_pattern' || p.type === 'record_pattern_component') {
    let c: Node | null = p;
    while (c && !LOCAL_SCOPES.has(c.type)) c = c.parent;
    return c ?? undefined;
  }
  if (p.type === 'lambda_expression' || p.type === 'inferred_parameters') return p.type === 'lambda_expression' ? p : (p.parent ?? undefined);
  if (p.type === 'formal_parameter' && named(p) && p.parent?.type === 'formal_parameters' && p.parent.parent?.type === 'lambda_expression') return p.parent.parent;
  if (p.type === 'catch_formal_parameter' && named(p)) return p.parent ?? undefined;
  if ((p.type === 'enhanced_for_statement' || p.type === 'resource') && named(p)) {
    const c = p.type === 'resource' ? p.parent?.parent : p;
    return c ?? undefined;
  }
  return undefined;
}

/** Does something of file `u` declare `name` so that it may be in scope at `at` (anywhere, without `at`)? */
function declaredInScope(u: FileUnit, name: string, at?: Node, typeAsValue = false): boolean {
  // (a type's name qualifying a member, `MsgRole.USER`, or naming an annotation declares no variable of it)
  const ds = typeAsValue ? namesNotOnlyUsed(u).get(name)?.filter((d) => !qualifierOrAnnotation(d)) : namesNotOnlyUsed(u).get(name);
  if (!ds?.length) return false;
  if (!at) return true;
  return ds.some((d) => {
    const c = localScope(d);
    return !c || (at.startIndex >= d.startIndex && at.endIndex <= c.endIndex);
  });
}

/** Is `n` the qualifier of a field access or a method reference (`MsgRole.USER`, `Msg::getName`), or an annotation's name? */
function qualifierOrAnnotation(n: Node): boolean {
  const p = n.parent;
  if (p?.type === 'field_access') return field(p, 'object')?.id === n.id;
  if (p?.type === 'method_reference') return kids(p)[0]?.id === n.id;
  return p?.type === 'marker_annotation' || p?.type === 'annotation';
}

/** Is `n` the member a call or field access selects (`builder.name(..)`, `this.name`, `Msg::getName`): it declares nothing. */
function selectedMember(n: Node): boolean {
  const p = n.parent;
  if (p?.type === 'method_invocation') return field(p, 'name')?.id === n.id;
  if (p?.type === 'field_access') return field(p, 'field')?.id === n.id;
  return p?.type === 'method_reference' && kids(p).length === 2 && kids(p)[1].id === n.id;
}

/**
 * Is `n` the name of a method's or constructor's formal parameter, or of a record's component (not
 * a lambda's or a catch parameter)? A component is a field of its record only, where no name is
 * judged (fieldNowhere), and a parameter is in scope in its own method only: neither declares the
 * name anywhere else.
 */
function methodParameterName(n: Node): boolean {
  const p = n.parent;
  if (p?.type !== 'formal_parameter' || field(p, 'name')?.id !== n.id) return false;
  const owner = p.parent?.parent?.type;
  return owner === 'method_declaration' || owner === 'constructor_declaration' || owner === 'record_declaration';
}

/** Is `n` a segment of the package declaration or of an import (`agent` of `io.agentscope.core.agent.Agent`): it declares no variable. */
function packageOrImportSegment(n: Node): boolean {
  let p = n.parent;
  while (p?.type === 'scoped_identifier') p = p.parent;
  return p?.type === 'import_declaration' || p?.type === 'package_declaration';
}

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

  /**
   * With `importUses`: a method (`call`) or variable `name` that javac finds nowhere from `scope`
   * because an enclosing class's supertype is a type whose import failed. javac gives such a
   * supertype no members (an erroneous superclass not even Object's), so what the class inherited
   * from it in the version the code was written for is "cannot find symbol". Returns that class and supertype;
   * undefined when the name may resolve or that cannot be told (an unknown, JDK or incomplete
   * supertype, an enum, record or interface, a static import, a variable name the file declares anywhere).
   */
  lostToMissingSuper(name: string, call: boolean, scope: Scope): LostMember | undefined {
    let root: LostMember | undefined;
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const cc = s.classBoundary;
      if (!cc) continue;
      // Lombok's members (lombok.ts) do not show in the source
      if (!cc.src || cc.src.kind !== 'class' || cc.src.generatedFields) return undefined;
      if (call && cc.methods.has(name)) return undefined;
      const missing = cc.superclass?.k === 'class' && this.isMissingImportedType(cc.superclass) ? cc.superclass : undefined;
      if (call && !missing && OBJECT_METHOD_NAMES.has(name)) return undefined;
      const supers = cc.supers.length === 0 ? this.sourceSupers(cc.src) : cc.supers;
      for (const sup of supers) if (sup !== cc.superclass && this.memberIn(sup, name, call, 0) !== 'no') return undefined;
      if (!missing && cc.superclass && cc.superclass.k === 'class' && cc.superclass.fqn !== 'java.lang.Object' && this.memberIn(cc.superclass, name, call, 0) !== 'no') return undefined;
      root ??= this.missingSupertype(cc);
    }
    if (!root) return undefined;
    const imp = scope.ctx.unit.imports;
    if (imp.staticSingle.has(name) || imp.staticOnDemand.length > 0) return undefined;
    // a variable: declared nowhere in the file (a binding form the scopes may not model is then no
    // risk), and not a name that may denote a type (`System.out`, an imported or same-package class)
    if (!call && (declaredInScope(scope.ctx.unit, name) || this.mayNameType(name, scope.ctx.unit))) return undefined;
    return root;
  }

  /**
   * An unqualified call `name(..)` that javac finds nowhere ("cannot find symbol"): no enclosing
   * class (named, local or anonymous) declares or inherits a method of that name, and no static
   * import may bring one. Told only where every enclosing class's supertypes are fully known (source
   * or inventory types down to Object); false whenever that cannot be told: an enum's or record's
   * implicit methods, Lombok's, a JDK or third-party supertype, a static import of a type the
   * inventory does not describe. Returns the innermost class, where the call is written.
   * `staticImportFailed`: the single-static import of `name` names no member (it brings nothing).
   */
  methodNowhere(name: string, scope: Scope, staticImportFailed = false): ClassCtx | undefined {
    if (OBJECT_METHOD_NAMES.has(name)) return undefined;
    let innermost: ClassCtx | undefined;
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const cc = s.classBoundary;
      if (!cc) continue;
      innermost ??= cc;
      if (cc.methods.has(name)) return undefined;
      if (cc.src && ((cc.src.kind !== 'class' && cc.src.kind !== 'interface') || cc.src.generatedMembers || cc.src.methodNodes.has(name))) return undefined;
      const supers = cc.src && cc.supers.length === 0 ? this.sourceSupers(cc.src) : cc.supers;
      for (const sup of cc.superclass && !supers.includes(cc.superclass) ? [...supers, cc.superclass] : supers) {
        if (sup.k === 'class' && sup.fqn === 'java.lang.Object') continue;
        if (this.memberIn(sup, name, true, 0, true) !== 'no') return undefined;
      }
    }
    const imp = scope.ctx.unit.imports;
    if (!innermost || (imp.staticSingle.has(name) && !staticImportFailed)) return undefined;
    for (const o of imp.staticOnDemand) {
      const t = this.resolveQualified(o);
      if (!t || t.k !== 'class' || !this.idx.type(t.fqn) || this.memberIn(t, name, true, 0) !== 'no') return undefined;
    }
    return innermost;
  }

  /**
   * A simple name in a variable position that javac finds nowhere ("cannot find symbol: variable"):
   * no local or parameter, no field an enclosing class (named or anonymous) declares or inherits, no
   * static import that may bring it, and nothing of that name declared in the file that may be in
   * scope at `at` (anywhere, without `at`: so a binding form the scopes may not model is no risk),
   * nor a name that may denote a type or a package. Told only where every enclosing class's supertypes are fully known, as for
   * methodNowhere; not in enums, records or Lombok classes (implicit members). Returns the innermost class.
   * `staticImportFailed` as for methodNowhere.
   */
  fieldNowhere(name: string, scope: Scope, staticImportFailed = false, at?: Node, typeAsValue = false): ClassCtx | undefined {
    // (Lombok's only field is a logger: lombok.ts)
    let innermost: ClassCtx | undefined;
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const cc = s.classBoundary;
      if (!cc) continue;
      innermost ??= cc;
      if (cc.src && ((cc.src.kind !== 'class' && cc.src.kind !== 'interface') || mayBeLombokField(name, cc.src) || cc.src.fieldNodes.has(name))) return undefined;
      if (!cc.src && cc.anonFields?.has(name)) return undefined;
      const supers = cc.src && cc.supers.length === 0 ? this.sourceSupers(cc.src) : cc.supers;
      for (const sup of cc.superclass && !supers.includes(cc.superclass) ? [...supers, cc.superclass] : supers) {
        if (sup.k === 'class' && sup.fqn === 'java.lang.Object') continue;
        if (this.memberIn(sup, name, false, 0) !== 'no') return undefined;
      }
    }
    const u = scope.ctx.unit;
    if (!innermost || (u.imports.staticSingle.has(name) && !staticImportFailed)) return undefined;
    for (const o of u.imports.staticOnDemand) {
      const t = this.resolveQualified(o);
      if (!t || t.k !== 'class' || !this.idx.type(t.fqn) || this.memberIn(t, name, false, 0) !== 'no') return undefined;
    }
    // (`typeAsValue`: the name is a type's, written where only a variable can be: `for (MsgRole r : MsgRole)`)
    if (declaredInScope(u, name, at, typeAsValue) || (!typeAsValue && (this.mayNameType(name, u) || this.isPackagePrefix(name)))) return undefined;
    return innermost;
  }

  /**
   * With `importUses`: `this.name` or `super.name` (a method with `call`, else a field) in a class
   * with a supertype whose import failed, that javac finds nowhere: an erroneous superclass makes
   * `super` memberless and leaves `this` only the class's own members and those of its fully known
   * other supertypes (no Object method); an erroneous interface contributes nothing.
   */
  lostOnReceiver(name: string, call: boolean, isSuper: boolean, scope: Scope): LostMember | undefined {
    const cc = scope.ctx.cls;
    if (!cc?.src || cc.src.kind !== 'class' || cc.src.generatedFields) return undefined;
    const lost = this.missingSupertype(cc);
    if (!lost) return undefined;
    const superclassMissing = lost.sup === cc.superclass;
    if (isSuper) return superclassMissing ? lost : undefined;
    if (call ? cc.methods.has(name) : cc.src.fieldNodes.has(name)) return undefined;
    if (call && !superclassMissing && OBJECT_METHOD_NAMES.has(name)) return undefined;
    for (const s of cc.supers) if (this.memberIn(s, name, call, 0) !== 'no') return undefined;
    return lost;
  }

  /** A supertype of a source class whose import failed (its superclass first), as reported. */
  private missingSupertype(cc: ClassCtx): LostMember | undefined {
    const sc = cc.superclass;
    if (sc?.k === 'class' && this.isMissingImportedType(sc)) return { owner: cc.fqn, sup: sc, verb: 'extends' };
    for (const s of cc.supers) if (s.k === 'class' && this.isMissingImportedType(s)) return { owner: cc.fqn, sup: s, verb: cc.src?.kind === 'interface' ? 'extends' : 'implements' };
    return undefined;
  }

  /** May the simple name `name` denote a type in file `u` (java.lang, imported, same package, declared, or type-shaped under an on-demand import)? */
  private mayNameType(name: string, u: FileUnit): boolean {
    if (!/^[A-Z]/.test(name)) return false;
    if (!/^[A-Z][A-Z0-9_]*$/.test(name) || JAVA_LANG_TYPES.has(name) || u.imports.single.has(name) || u.imports.onDemand.length > 0) return true;
    if (this.srcByPkg.get(u.pkg)?.has(name) || this.idx.byPackage.get(u.pkg)?.has(name)) return true;
    for (const sc of this.srcByFqn.values()) if (sc.name === name) return true;
    return false;
  }

  /**
   * Is the member declared by `decl` (a field's declaration, a method) of the source class `sc`
   * private, and `scope` outside the top-level class around `sc` (JLS 6.6.1)?
   */
  privateOutOfReach(sc: SourceClass, decl: Node | null, scope: Scope): boolean {
    if (!decl || !hasModifier(decl, 'private')) return false;
    // (a field of that name a supertype declares would be the one javac finds instead)
    if (decl.type === 'field_declaration' && !this.noFieldAbove(sc, decl, 0)) return false;
    let top = sc;
    while (top.outer) top = top.outer;
    let classes = 0;
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const cc = s.classBoundary;
      if (!cc) continue;
      classes++;
      if (cc.fqn === top.fqn || cc.fqn.startsWith(`${top.fqn}.`)) return false;
    }
    return classes > 0;
  }

  /** Do the supertypes of `sc`, all known, declare no field of the name `decl` declares? */
  private noFieldAbove(sc: SourceClass, decl: Node, depth: number): boolean {
    const names = kids(decl).filter((k) => k.type === 'variable_declarator').map((d) => field(d, 'name')?.text);
    for (const sup of this.sourceSupers(sc)) {
      if (sup.k !== 'class') return false;
      if (sup.fqn === 'java.lang.Object') continue;
      const above = this.srcByFqn.get(sup.fqn);
      if (!above || depth > 8 || names.some((n) => n && above.fieldNodes.has(n)) || !this.noFieldAbove(above, decl, depth + 1)) return false;
    }
    return true;
  }

  /**
   * Is a protected member of the AgentScope type `owner` out of reach from `scope` (JLS 6.6.2)? True
   * when the file is in another package and no enclosing class (named, local or anonymous) can be
   * a subclass of `owner`: each of its supertypes is Object, a known JDK type, or an inventory type
   * whose complete hierarchy lacks `owner`. Any other supertype (a project class) leaves it untold.
   */
  protectedOutOfReach(owner: TypeDecl, scope: Scope): boolean {
    if (scope.ctx.unit.pkg === owner.package) return false;
    let classes = 0;
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const cc = s.classBoundary;
      if (!cc) continue;
      classes++;
      if (cc.fqn === owner.fqn) return false;
      if (cc.supers.some((sup) => this.maySubclass(sup, owner.fqn, 0))) return false;
    }
    return classes > 0;
  }

  /** May `t` be `fqn` or a subtype of it: yes, or its hierarchy is not fully known (a project class's through its own supertypes)? */
  private maySubclass(t: JType, fqn: string, depth: number): boolean {
    if (t.k !== 'class' || t.fqn === fqn || depth > 8) return true;
    if (this.idx.type(t.fqn)) {
      const h = this.idx.hierarchy(t);
      return !h.complete || h.types.some((x) => x.decl.fqn === fqn);
    }
    const sc = this.srcByFqn.get(t.fqn);
    if (sc) return this.sourceSupers(sc).some((s) => this.maySubclass(s, fqn, depth + 1));
    return !this.idx.isJdkKnown(t.fqn) && t.fqn !== 'java.lang.Object';
  }

  /**
   * Has type `t` (with its supertypes) a method (`call`) or field `name`: 'unknown' when that cannot
   * be told. `inherited`: only what a subtype inherits, so no static method of an interface (JLS 8.4.8).
   */
  protected memberIn(t: JType, name: string, call: boolean, depth: number, inherited = false): 'yes' | 'no' | 'unknown' {
    if (depth > 8 || t.k !== 'class') return 'unknown';
    if (this.isMissingImportedType(t)) return 'no';
    const sc = this.srcByFqn.get(t.fqn);
    if (sc) {
      // Lombok's members do not show in the source
      if (sc.generatedMembers || (!call && sc.generatedFields)) return 'unknown';
      const staticOnly = (ms: Node[]) => ms.every((m) => hasModifier(m, 'static'));
      const ms = call ? sc.methodNodes.get(name) : undefined;
      if (ms && !(inherited && sc.kind === 'interface' && staticOnly(ms))) return 'yes';
      if (!call && sc.fieldNodes.has(name)) return 'yes';
      // an enum's implicit members and java.lang.Enum's; a record's are its components' accessors (methodNodes) and Object's
      if (sc.kind === 'enum' && call && enumSupplies(name)) return 'yes';
      if (sc.kind !== 'class' && sc.kind !== 'interface' && sc.kind !== 'enum' && sc.kind !== 'record') return 'unknown';
      for (const s of this.sourceSupers(sc)) {
        const r = this.memberIn(s, name, call, depth + 1, inherited);
        if (r !== 'no') return r;
      }
      return 'no';
    }
    if (!this.idx.type(t.fqn)) {
      const known = knownJdkHas(t.fqn, name, call);
      return known === undefined ? 'unknown' : known ? 'yes' : 'no';
    }
    const { found: all, hierarchy, jdkHas } = this.idx.findMembers(t, name, call ? ['method'] : ['field', 'enumConstant']);
    const found = inherited && call ? all.filter(inheritedBySubtypes) : all;
    if (found.length || jdkHas.length) return 'yes';
    // a JDK supertype other than Object: its members are not all described
    return hierarchy.complete && hierarchy.jdk.every((j) => j === 'java.lang.Object') ? 'no' : 'unknown';
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

  /**
   * Is the anonymous class created by `node` (body `body`, supertype `t`) a type of its own where it
   * matters: a `var` it initializes, or a receiver it is (`new X() { int n() {..} }.n()`), when its
   * body declares a field or a method? Members are then looked up on the anonymous class (javac),
   * which the checker does not model: such a value's type is left unknown.
   */
  anonymousTypeMatters(node: Node, body: Node, t: JType, unit: FileUnit): boolean {
    let at = node;
    while (at.parent?.type === 'parenthesized_expression') at = at.parent;
    const p = at.parent;
    const decl = p?.type === 'variable_declarator' && field(p, 'value')?.id === at.id ? p.parent : null;
    const isVar = decl?.type === 'local_variable_declaration' && inferredLocalType(field(decl, 'type'), unit);
    const isReceiver = (p?.type === 'method_invocation' || p?.type === 'field_access') && field(p, 'object')?.id === at.id;
    if (!isVar && !isReceiver) return false;
    if (t.k !== 'class') return false;
    // a field or any method of its own: a new member, an overload of the supertype's
    // (`Toolkit registerTool(String s)` beside Toolkit's), or an override with a covariant result
    return kids(body).some((m) => m.type === 'field_declaration' || m.type === 'method_declaration');
  }

  /** A field or enum constant of an AgentScope type was resolved (`node`: where it is written, if in the code). */
  onFieldResolved(node: Node | null, f: FoundMember) {
    if (node) reportDeprecatedMember(this, node, f);
    if (!node) return;
    checkFinalFieldWrite(this, node, f);
    noteDontAsk(this, node, f);
    noteAskBranch(this, node, f);
  }

  findReturnType(scope: Scope): JType | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) if (s.returnType) return s.returnType;
    return undefined;
  }

  /** The scope of the lambda block body a `return` here belongs to (not one of a class declared in it). */
  lambdaBodyScope(scope: Scope): Scope | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) if (s.returnType) return s.lambdaBody ? s : undefined;
    return undefined;
  }

  /** Inside a lambda's block body (not a class declared in it): its functional interface method's result type. */
  lambdaReturnType(scope: Scope): JType | undefined {
    return this.lambdaBodyScope(scope)?.returnType;
  }
}
