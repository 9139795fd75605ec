/**
 * Declarations: class headers (supertypes, type parameters) and bodies, fields, methods,
 * parameters and the annotations on them.
 */
import type { SyntaxNode as Node } from './syntax-tree.js';
import { cls, type JType, UNKNOWN } from '../jtype.js';
import { ENUM_METHOD_NAMES } from '../inventory-index.js';
import type { TypeDecl } from '../../inventory/schema.js';
import { checkAnnotationElements } from '../rules/annotation-element.js';
import { reportNotAnnotation } from '../rules/not-an-annotation.js';
import { checkAnnotationTarget } from '../rules/annotation-target.js';
import { reportUnknownType } from '../rules/unknown-type.js';
import { checkUnresolvedTypeName } from '../rules/unresolved-type-name.js';
import { checkOverridesAndAbstracts } from './overrides.js';
import { type ClassCtx, isAsName, Scope, type TypeCtx, withDims } from './model.js';
import { Statements } from './statements.js';
import { CLASS_DECLS, field, kids, recordComponent } from './syntax.js';
import { onMethod } from '../rules/traps.js';
import { checkSupertypeKind } from '../rules/supertype-kind.js';
import { checkConcreteClass, checkMethodModifiers } from '../rules/method-modifiers.js';
import { checkFlow } from '../rules/flow.js';
import { checkImplicitSuper } from '../rules/implicit-super.js';
import { checkLocalVariables } from '../rules/local-variables.js';
import { checkDuplicateMembers } from '../rules/duplicate-members.js';

export abstract class Declarations extends Statements {
  visitClass(node: Node, outerScope: Scope, anonymousSuper: JType | undefined, anonBody?: Node) {
    const sc = anonBody ? undefined : this.classOfNode.get(node.id);
    const outerCls = outerScope.ctx.cls;
    const typeVars = new Set(outerScope.ctx.typeVars);
    if (sc?.outer === undefined && sc && !anonBody) {
      // top-level or local: keep enclosing method type vars for local classes only
    }
    for (const t of sc?.typeParams ?? []) typeVars.add(t);
    const body = anonBody ?? field(node, 'body');
    const methods = sc?.methodNodes ?? new Map<string, Node[]>();
    // an anonymous class's methods, or a local class's (pass 1 collects only member classes)
    const ownBody = anonBody ?? (sc ? null : field(node, 'body'));
    if (ownBody) {
      for (const m of kids(ownBody)) {
        if (m.type !== 'method_declaration') continue;
        const n = field(m, 'name');
        if (!n) continue;
        const list = methods.get(n.text) ?? [];
        list.push(m);
        methods.set(n.text, list);
      }
      // a local record's accessors, a local enum's implicit methods: named, with no declaration to read
      const params = !anonBody && node.type === 'record_declaration' ? field(node, 'parameters') : null;
      for (const p of params ? kids(params) : []) {
        const c = recordComponent(p);
        if (c) methods.set(c.name.text, methods.get(c.name.text) ?? []);
      }
      if (!anonBody && node.type === 'enum_declaration') for (const n of ENUM_METHOD_NAMES) methods.set(n, methods.get(n) ?? []);
    }
    const cc: ClassCtx = {
      fqn: sc?.fqn ?? '<anonymous>',
      src: sc,
      supers: [],
      outer: outerCls,
      methods,
      ctx: undefined as unknown as TypeCtx,
    };
    const ctx: TypeCtx = { unit: this.unit, cls: cc, typeVars };
    cc.ctx = ctx;
    ctx.tvBounds = this.typeVarBounds(sc ? field(node, 'type_parameters') : null, ctx, outerScope.ctx);
    if (anonymousSuper) {
      cc.supers = [anonymousSuper];
      const d = anonymousSuper.k === 'class' ? this.idx.type(anonymousSuper.fqn) : undefined;
      cc.superclass = d?.kind === 'interface' ? cls('java.lang.Object') : anonymousSuper;
    } else {
      const supNode = field(node, 'superclass');
      // extends/implements are outside the class body: its own (and inherited) member types are not in scope there (JLS 6.3)
      const superCtx: TypeCtx = { unit: this.unit, cls: cc.outer, typeVars };
      for (const n of this.superNodes(node)) {
        const t = this.typeOf(n, superCtx, true);
        cc.supers.push(t);
        const isSuperclass = !!supNode && n.parent?.id === supNode.id;
        if (isSuperclass) cc.superclass = t;
        checkSupertypeKind(this, n, t, isSuperclass);
      }
      if (node.type === 'enum_declaration') cc.supers.push(cls('java.lang.Enum', [cls(cc.fqn)]));
      if (node.type === 'record_declaration') cc.supers.push(cls('java.lang.Record'));
      if (!cc.superclass && node.type === 'class_declaration') cc.superclass = cls('java.lang.Object');
      checkImplicitSuper(this, node, cc);
    }
    // annotations on the class
    const mods = kids(node).find((k) => k.type === 'modifiers');
    if (mods) this.visitModifiers(mods, ctx, outerScope);

    const scope = new Scope(outerScope, ctx, cc);
    // fields of this class are visible everywhere in the body
    if (sc)
      for (const [name, f] of sc.fieldNodes) {
        scope.vars.set(name, f.dims === -1 ? cls(sc.fqn) : withDims(this.typeOf(f.type, ctx, false), f.dims));
        (scope.written ??= new Set()).add(name);
      }
    // a local class, record, enum or interface (no source class of its own): its fields and
    // components hide the enclosing method's variables and the outer classes' fields
    if (!sc && !anonBody) {
      for (const m of body ? kids(body) : []) {
        if (m.type === 'field_declaration' || m.type === 'constant_declaration') {
          const t = field(m, 'type');
          for (const d of kids(m).filter((k) => k.type === 'variable_declarator')) {
            const n = field(d, 'name');
            if (n) scope.vars.set(n.text, t ? this.typeOf(t, ctx, false) : UNKNOWN);
          }
        } else if (m.type === 'enum_body_declarations') {
          for (const f of kids(m).filter((k) => k.type === 'field_declaration')) for (const d of kids(f).filter((k) => k.type === 'variable_declarator')) {
            const n = field(d, 'name');
            if (n) scope.vars.set(n.text, UNKNOWN);
          }
        } else if (m.type === 'enum_constant') {
          const n = field(m, 'name');
          if (n) scope.vars.set(n.text, UNKNOWN);
        }
      }
      const params = node.type === 'record_declaration' ? field(node, 'parameters') : null;
      for (const p of params ? kids(params) : []) {
        const n = field(p, 'name');
        if (n) scope.vars.set(n.text, UNKNOWN);
      }
    }
    if (node.type === 'record_declaration') {
      const params = field(node, 'parameters');
      for (const p of params ? kids(params) : []) {
        const t = field(p, 'type');
        if (t) this.typeOf(t, ctx, true);
        const pm = kids(p).find((k) => k.type === 'modifiers');
        if (pm) this.visitModifiers(pm, ctx, scope);
      }
    }
    if (anonBody) {
      for (const m of kids(anonBody)) {
        if (m.type !== 'field_declaration') continue;
        const t = field(m, 'type');
        for (const d of kids(m).filter((k) => k.type === 'variable_declarator')) {
          const n = field(d, 'name');
          if (!t || !n) continue;
          const ft = this.typeOf(t, ctx, false);
          scope.vars.set(n.text, ft);
          (scope.written ??= new Set()).add(n.text);
          (cc.anonFields ??= new Map()).set(n.text, ft);
        }
      }
    }

    checkOverridesAndAbstracts(this, node, cc, ctx, !!anonBody);

    if (!body) return;
    this.visitClassBody(body, scope, cc);
  }

  visitClassBody(body: Node, scope: Scope, cc: ClassCtx) {
    let abstractMethod: Node | undefined;
    // (an enum's declarations after its constants: judged with the enum's body)
    if (body.type !== 'enum_body_declarations') {
      checkLocalVariables(this, body);
      checkDuplicateMembers(this, body);
    }
    for (const m of kids(body)) {
      switch (m.type) {
        case 'enum_body_declarations':
          this.visitClassBody(m, scope, cc);
          break;
        case 'enum_constant': {
          const args = field(m, 'arguments');
          const enumType = cls(cc.fqn);
          if (args) this.checkCall(m, args, this.ctorCandidates(enumType), enumType, scope, 'constructor', true);
          const b = field(m, 'body');
          if (b) this.visitClass(m, scope, enumType, b);
          break;
        }
        case 'field_declaration':
        case 'constant_declaration': {
          const mods = kids(m).find((k) => k.type === 'modifiers');
          if (mods) this.visitModifiers(mods, scope.ctx, scope);
          const tn = field(m, 'type');
          const t = tn ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
          for (const d of kids(m).filter((k) => k.type === 'variable_declarator')) {
            const v = field(d, 'value');
            const dims = field(d, 'dimensions');
            const ft = dims ? withDims(t, (dims.text.match(/\[/g) ?? []).length) : t;
            if (v) this.expr(v, scope, ft);
            // a field's initializer is an assignment context too
            if (v && tn && tn.text !== 'var') this.judgeAssigned(v, ft, scope);
          }
          break;
        }
        case 'method_declaration':
          if (checkMethodModifiers(this, m)) abstractMethod ??= m;
          this.visitMethod(m, scope, cc);
          checkFlow(this, m);
          break;
        case 'constructor_declaration':
          this.visitMethod(m, scope, cc);
          checkFlow(this, m);
          break;
        case 'compact_constructor_declaration':
        case 'annotation_type_element_declaration':
          this.visitMethod(m, scope, cc);
          break;
        case 'static_initializer':
        case 'block':
          this.stmt(m, new Scope(scope, scope.ctx));
          checkFlow(this, m);
          break;
        default:
          if (CLASS_DECLS.has(m.type)) this.visitClass(m, scope, undefined);
          else this.stmt(m, scope);
      }
    }
    if (abstractMethod) checkConcreteClass(this, body, abstractMethod);
  }

  visitModifiers(mods: Node, ctx: TypeCtx, scope: Scope) {
    for (const a of kids(mods)) {
      if (a.type !== 'annotation' && a.type !== 'marker_annotation') continue;
      const n = field(a, 'name');
      if (n && n.type === 'scoped_identifier' && isAsName(n.text)) {
        const t = this.resolveQualified(n.text);
        if (!t) {
          const parts = n.text.split('.');
          const pkg = parts.slice(0, -1).join('.');
          if (this.packageKnown(pkg) && this.mayJudgeQualified(pkg)) reportUnknownType(this, n, n.text, pkg);
        }
      }
      const args = field(a, 'arguments');
      if (args) for (const v of kids(args)) this.expr(v.type === 'element_value_pair' ? field(v, 'value') ?? v : v, scope);
      if (!n) continue;
      const t = n.type === 'identifier' ? this.resolveSimple(n.text, ctx) : this.resolveQualified(n.text.replace(/\s+/g, ''));
      if (n.type === 'identifier') this.reportUnknownImportUse(n, ctx, t);
      if (!t && n.type === 'identifier') checkUnresolvedTypeName(this, n, ctx);
      const decl = t?.k === 'class' ? this.annotationNamed(t.fqn) : undefined;
      if (!decl) continue;
      if (decl.kind !== 'annotation') {
        reportNotAnnotation(this, a, decl, mods);
        continue;
      }
      checkAnnotationElements(this, a, decl, scope);
      checkAnnotationTarget(this, a, decl, mods);
    }
  }

  /** The inventory type an annotation names (`fqn`), when its uses here are judged: AS010 and AS014 for an annotation type, AS013 for any other. */
  annotationNamed(fqn: string): TypeDecl | undefined {
    const decl = this.idx.type(fqn);
    if (!decl || this.srcByFqn.has(decl.fqn) || !this.knowsPackage(decl.package) || !this.mayJudgeQualified(decl.package)) return undefined;
    return decl;
  }

  visitMethod(m: Node, classScope: Scope, cc: ClassCtx) {
    const typeVars = new Set(classScope.ctx.typeVars);
    const tps = field(m, 'type_parameters');
    if (tps) for (const tp of kids(tps)) typeVars.add(kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text ?? '');
    const ctx: TypeCtx = { unit: this.unit, cls: cc, typeVars };
    ctx.tvBounds = this.typeVarBounds(tps, ctx, classScope.ctx);
    const retNode = field(m, 'type');
    const ret = retNode ? this.typeOf(retNode, ctx, true) : undefined;
    const scope = new Scope(classScope, ctx, undefined, ret);
    const mods = kids(m).find((k) => k.type === 'modifiers');
    if (mods) this.visitModifiers(mods, ctx, classScope);
    const params = field(m, 'parameters');
    if (params) this.declareParams(params, scope, true);
    onMethod(this, m, ctx, ret);
    for (const th of kids(m).filter((k) => k.type === 'throws')) for (const t of kids(th)) this.typeOf(t, ctx, true);
    const dv = field(m, 'value');
    if (dv) this.expr(dv, scope);
    const body = field(m, 'body');
    this.methodStack.push(m);
    if (body) this.stmt(body, scope);
    this.methodStack.pop();
  }

  /**
   * The bounds of the type variables in `ctx`: the enclosing declarations' (`outer`), and those
   * `tps` declares, read in `ctx` (Object where none is written). A name the enclosing declarations
   * declare too is one of two variables: its bounds are not known.
   */
  private typeVarBounds(tps: Node | null, ctx: TypeCtx, outer: TypeCtx): Map<string, JType[] | undefined> {
    const out = new Map(outer.tvBounds);
    for (const tp of tps ? kids(tps) : []) {
      const name = kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text;
      const bounds = kids(tp).filter((k) => k.type === 'type_bound').flatMap((b) => kids(b).map((bt) => this.typeOf(bt, ctx, true)));
      if (name) out.set(name, outer.typeVars.has(name) ? undefined : bounds.length ? bounds : [cls('java.lang.Object')]);
    }
    return out;
  }

  declareParams(params: Node, scope: Scope, report: boolean): JType[] {
    const out: JType[] = [];
    for (const p of kids(params)) {
      if (p.type === 'formal_parameter' || p.type === 'spread_parameter' || p.type === 'receiver_parameter') {
        const mods = kids(p).find((k) => k.type === 'modifiers');
        if (mods) this.visitModifiers(mods, scope.ctx, scope);
        const tn = field(p, 'type') ?? kids(p).find((k) => k.type !== 'modifiers' && k.type !== 'variable_declarator' && k.type !== 'identifier') ?? null;
        let t = tn ? this.typeOf(tn, scope.ctx, report) : UNKNOWN;
        if (p.type === 'spread_parameter') t = { k: 'array', elem: t };
        const dims = field(p, 'dimensions');
        if (dims) t = withDims(t, (dims.text.match(/\[/g) ?? []).length);
        const nameNode = field(p, 'name') ?? kids(p).find((k) => k.type === 'variable_declarator')?.childForFieldName('name') ?? kids(p).find((k) => k.type === 'identifier') ?? null;
        if (nameNode) scope.vars.set(nameNode.text, t);
        if (nameNode && tn?.text !== 'var') (scope.written ??= new Set()).add(nameNode.text);
        out.push(t);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- AS004 / AS005
}
