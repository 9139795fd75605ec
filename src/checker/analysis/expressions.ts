/**
 * Expression typing: literals, names, field access, casts, operators, lambdas against their
 * functional interface, method references; calls are resolved in calls.ts.
 */
import type { SyntaxNode as Node } from './syntax-tree.js';
import { asValueType, cls, type JType, shortName, substitute, typeToString, UNKNOWN } from '../jtype.js';
import { functionReturnsValue, functionThrowsNothing, jdkStaticField, lambdaParamsOf, receiverTypedParams } from '../external.js';
import { checkCastValue, checkComparison, checkLambdaReturn, checkJdkMethodRefReceiver, checkMethodRefReceiver, checkMethodRefResult, checkNarrowing, checkPlainAssignment, checkResultAssignment, checkVariableAssignment, decidedType } from '../rules/incompatible-result-type.js';
import { acceptsArity, binaryType, fullyKnown, mentionsAgentScope, promote } from '../expr-types.js';
import type { TypeDecl } from '../../inventory/schema.js';
import { reportDeprecatedMember } from '../rules/deprecated-for-removal.js';
import { reportUnknownType } from '../rules/unknown-type.js';
import { type FoundMember, knownJdkNames } from '../inventory-index.js';
import { reportMissingContainerField, reportMissingContainerMember, reportMissingDeclaredMember, reportMissingMember, reportPrivateAccess, reportProtectedAccess, reportUnresolvedVariable } from '../rules/unknown-member.js';
import { containerFields, containerMethods } from '../container-members.js';
import { checkUnresolvedTypeName } from '../rules/unresolved-type-name.js';
import { reportFailedStaticImportUse } from '../rules/imports.js';
import { checkIncomparable, checkInconvertible, reportInvalidMethodRef } from '../rules/inconvertible-cast.js';
import { checkVoidBlockLambda, reportValuelessArgument } from '../rules/void-block-lambda.js';
import { checkInstanceFieldInStatic, checkThisInStatic } from '../rules/static-context.js';
import { checkArrayAccess, checkBinaryOperands, checkCondition, checkEnumCaseLiteral, checkUnaryOperand } from '../rules/operand-types.js';
import { assignable } from '../applicability.js';
import { sourceParamTypes } from './method-signatures.js';
import { checkTypeVariableValue } from '../rules/type-variable-value.js';
import { Calls } from './calls.js';
import { type EVal, isAsName, NONE, Scope, type SourceClass, val, withDims, writtenVar } from './model.js';
import { EXPRESSIONS, field, kids, modifierKeywords } from './syntax.js';
import { OBJECT_METHOD_NAMES, variablePosition } from './scopes.js';
import { inferredLocalType } from './lombok.js';
import { checkDuplicateLabels } from '../rules/duplicate-members.js';
import { listedPackagePrefix, listedPackageType } from '../package-types.js';

export abstract class Expressions extends Calls {
  expr(node: Node, scope: Scope, expected?: JType): void {
    this.eval(node, scope, expected);
  }

  exprType(node: Node, scope: Scope, expected?: JType): JType {
    const v = this.eval(node, scope, expected);
    return v.k === 'val' ? v.t : UNKNOWN;
  }

  eval(node: Node, scope: Scope, expected?: JType): EVal {
    switch (node.type) {
      case 'identifier':
        return this.identifierValue(node, scope, expected);
      case 'this': {
        if (this.methodStack.length) checkThisInStatic(this, node, scope);
        const cc = scope.ctx.cls;
        if (!cc) return NONE;
        if (cc.src) return val(cls(cc.fqn));
        return cc.supers[0] ? val(cc.supers[0]) : NONE;
      }
      case 'super': {
        if (this.methodStack.length) checkThisInStatic(this, node, scope);
        const cc = scope.ctx.cls;
        return cc?.superclass ? val(cc.superclass) : NONE;
      }
      case 'parenthesized_expression': {
        const e = kids(node)[0];
        return e ? this.eval(e, scope, expected) : NONE;
      }
      case 'string_literal':
      case 'text_block':
        return val(cls('java.lang.String'));
      case 'character_literal':
        return val({ k: 'prim', name: 'char' });
      case 'true':
      case 'false':
        return val({ k: 'prim', name: 'boolean' });
      case 'decimal_integer_literal':
      case 'hex_integer_literal':
      case 'octal_integer_literal':
      case 'binary_integer_literal':
        return val({ k: 'prim', name: /[lL]$/.test(node.text) ? 'long' : 'int' });
      case 'decimal_floating_point_literal':
      case 'hex_floating_point_literal':
        return val({ k: 'prim', name: /[fF]$/.test(node.text) ? 'float' : 'double' });
      case 'null_literal':
        return NONE;
      case 'class_literal': {
        const t = kids(node)[0];
        const tt = t ? this.typeOf(t, scope.ctx, true) : UNKNOWN;
        return val(cls('java.lang.Class', [tt]));
      }
      case 'cast_expression':
        return this.castValue(node, scope);
      case 'ternary_expression':
        return this.ternaryValue(node, scope, expected);
      case 'assignment_expression':
        return this.assignmentValue(node, scope);
      case 'instanceof_expression':
        return this.instanceofValue(node, scope);
      case 'template_expression':
        // `x."TEXT"`, `STR."..."`: a string template, a preview of JDK 21 and 22 that was withdrawn;
        // no javac takes it without --enable-preview (a quote where a name belongs, to javac 17)
        this.report(node, 'AS000', `Java syntax error: ${JSON.stringify(node.text.slice(0, 40))} is a string template, which no Java release has (<identifier> expected)`, 'write a name after the dot, or a string on its own');
        return NONE;
      case 'array_access': {
        const a = field(node, 'array');
        const i = field(node, 'index');
        const at = a ? this.exprType(a, scope) : UNKNOWN;
        if (i) this.expr(i, scope);
        if (a) checkArrayAccess(this, a, this.writtenType(scope));
        return at.k === 'array' ? val(at.elem) : NONE;
      }
      case 'array_creation_expression':
        return this.arrayCreation(node, scope);
      case 'array_initializer': {
        const el = expected?.k === 'array' ? expected.elem : undefined;
        for (const c of kids(node)) this.expr(c, scope, el);
        return expected ? val(expected) : NONE;
      }
      case 'binary_expression':
        return this.binaryValue(node, scope);
      case 'unary_expression': {
        const o = field(node, 'operand');
        const ot = o ? this.exprType(o, scope) : UNKNOWN;
        const op = node.children.find((c) => !c.isNamed)?.type;
        if (o && op) checkUnaryOperand(this, node, op, o, this.writtenType(scope));
        if (op === '!') return val({ k: 'prim', name: 'boolean' });
        return ot.k === 'prim' ? val(promote(ot.name, 'int') ?? UNKNOWN) : NONE;
      }
      case 'field_access':
        return this.fieldAccess(node, scope);
      case 'method_invocation':
        return this.invoke(node, scope);
      case 'object_creation_expression':
        return this.creation(node, scope);
      case 'lambda_expression':
        this.lambda(node, scope, expected);
        return NONE;
      case 'method_reference':
        this.methodRef(node, scope, expected);
        return NONE;
      case 'switch_expression':
        return this.switchExpression(node, scope);
      default:
        for (const c of kids(node)) {
          if (EXPRESSIONS.has(c.type)) this.expr(c, scope);
          else this.stmt(c, scope);
        }
        return NONE;
    }
  }

  identifierValue(node: Node, scope: Scope, expected?: JType): EVal {
    const v = this.lookupVar(node.text, scope);
    if (v) {
      if (this.methodStack.length && variablePosition(node)) checkInstanceFieldInStatic(this, node, scope, this.sourceSuperclass);
      return val(v);
    }
    if (v === null) {
      const line = variablePosition(node) ? this.failedStaticImportOf(node.text) : undefined;
      if (line !== undefined && this.fieldNowhere(node.text, scope, true)) reportFailedStaticImportUse(this, node, node.text, false, line);
      return NONE;
    }
    const t = this.resolveSimple(node.text, scope.ctx);
    this.reportUnknownImportUse(node, scope.ctx, t);
    if (t?.k === 'class') {
      // a type's name where only a variable can be (`for (MsgRole r : MsgRole)`): javac looks for a variable of that name
      const nowhere = onlyValue(node) && this.packagesComplete ? this.fieldNowhere(node.text, scope, false, node, true) : undefined;
      if (nowhere) reportUnresolvedVariable(this, node, nowhere, expected, this.idx.type(t.fqn)?.kind === 'enum' ? `iterate over its constants: ${node.text}.values()` : undefined);
      return { k: 'type', fqn: t.fqn, t };
    }
    if (this.isPackagePrefix(node.text) || /^(java|javax|com|org|io|net|reactor)$/.test(node.text)) return { k: 'pkg', name: node.text };
    const lost = v === undefined && t === undefined && variablePosition(node) ? this.lostToMissingSuper(node.text, false, scope) : undefined;
    if (lost) {
      this.reportLostToMissingSuper(node, node.text, false, lost);
      return NONE;
    }
    if (v === undefined && this.packagesComplete && this.isQualifier(node) && !this.staticOnDemandField(node.text, scope)) checkUnresolvedTypeName(this, node, scope.ctx);
    else if (v === undefined && t === undefined && this.packagesComplete && variablePosition(node)) {
      const nowhere = this.fieldNowhere(node.text, scope, false, node);
      if (nowhere) reportUnresolvedVariable(this, node, nowhere, expected);
    }
    return NONE;
  }

  castValue(node: Node, scope: Scope): EVal {
    const tn = field(node, 'type');
    const v = field(node, 'value');
    const t = tn ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
    const extras = kids(node).filter((k) => k.id !== tn?.id && k.id !== v?.id);
    for (const extra of extras) this.typeOf(extra, scope.ctx, true);
    if (v) {
      const vt0 = this.exprType(v, scope, t);
      const vt = this.boundReceiver(vt0, scope.ctx) ?? vt0;
      // (a literal or a written variable of a JDK value class is checkCastValue's; anything else whose class is certain, checkInconvertible's)
      // (a primitive's type is certain where the declarations decide it: an AgentScope or JDK method's result, `msg.hashCode()`)
      const exact = this.exactClassReceiver(v, scope) || (vt.k === 'prim' && decidedType(this, v, this.writtenType(scope))?.k === 'prim');
      if (!checkCastValue(this, v, t, this.writtenType(scope)) && !extras.length) checkInconvertible(this, v, vt, t, 'cast', exact);
    }
    // `(Toolkit & AutoCloseable) o` is of an intersection type: the first type alone does not tell its members
    return extras.length ? NONE : val(t);
  }

  instanceofValue(node: Node, scope: Scope): EVal {
    const l = field(node, 'left');
    const lt0 = l ? this.exprType(l, scope) : UNKNOWN;
    // a type variable's value converts as its bound does (JLS 5.5)
    const lt = this.boundReceiver(lt0, scope.ctx) ?? lt0;
    const r = field(node, 'right');
    const n = field(node, 'name');
    // the left operand's type is certain: a declared variable or an exact result
    const exact = !!l && this.exactClassReceiver(l, scope);
    if (r) {
      if (r.type === 'record_pattern' || r.type === 'type_pattern') {
        const pt = this.pattern(r, scope);
        if (l && pt) checkInconvertible(this, l, lt, pt, 'instanceof', exact);
      } else {
        const t = this.typeOf(r, scope.ctx, true);
        if (n) this.bindPattern(scope, n.text, t);
        if (l) checkInconvertible(this, l, lt, t, 'instanceof', exact);
      }
    }
    const pat = kids(node).find((k) => k.type === 'record_pattern' || k.type === 'type_pattern');
    if (pat && pat.id !== r?.id) {
      const pt = this.pattern(pat, scope);
      if (l && pt) checkInconvertible(this, l, lt, pt, 'instanceof', exact);
    }
    return val({ k: 'prim', name: 'boolean' });
  }

  arrayCreation(node: Node, scope: Scope): EVal {
    const tn = field(node, 'type');
    const t = tn ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
    const dims = kids(node).filter((k) => k.type === 'dimensions_expr' || k.type === 'dimensions');
    let n = 0;
    for (const d of dims) {
      if (d.type === 'dimensions_expr') {
        n++;
        for (const e of kids(d)) this.expr(e, scope);
      } else n += (d.text.match(/\[/g) ?? []).length;
    }
    const at = withDims(t, n);
    const init = field(node, 'value');
    if (init) this.expr(init, scope, at);
    // `new X[] {..}` is exactly an X[] (AS013 judges its elements and where it is assigned)
    if (at.k === 'array' && fullyKnown(at)) {
      this.exactResults.set(node.id, at);
      if (init) checkResultAssignment(this, init, at, this.writtenType(scope));
    }
    return val(at);
  }

  binaryValue(node: Node, scope: Scope): EVal {
    const l = field(node, 'left');
    const r = field(node, 'right');
    const op = field(node, 'operator')?.type ?? node.children.find((c) => !c.isNamed)?.type;
    const lt = l ? this.exprType(l, scope) : UNKNOWN;
    const rt = r ? this.exprType(r, scope) : UNKNOWN;
    if (l && r && (op === '==' || op === '!=')) {
      const written = this.writtenType(scope);
      // (two reference types, one of AgentScope: `msg == MsgRole.USER`, judged as a cast between them)
      if (!checkComparison(this, node, l, r, written)) {
        const [x, y] = [decidedType(this, l, written), decidedType(this, r, written)];
        const library = (n: Node) => n.type === 'method_invocation' && this.exactResults.has(n.id) && !this.sourceCalls.has(n.id);
        // (else two plain values: `count == "3"`)
        if (!(x && y && checkIncomparable(this, node, x, y, library(l) || library(r)))) checkBinaryOperands(this, node, op, l, r, written);
      }
    }
    else if (l && r && op) checkBinaryOperands(this, node, op, l, r, this.writtenType(scope));
    return val(binaryType(op ?? '', lt, rt));
  }

  switchExpression(node: Node, scope: Scope): EVal {
    const c = field(node, 'condition');
    const ct = c ? this.exprType(c, scope) : UNKNOWN;
    // for a literal label: only a decided type (a written variable, an exact result) rules it out
    const decided = c ? decidedType(this, c, this.writtenType(scope)) : undefined;
    const b = field(node, 'body');
    if (b) {
      checkDuplicateLabels(this, b);
      for (const g of kids(b)) {
        const s = new Scope(scope, scope.ctx);
        for (const k of kids(g)) {
          if (k.type === 'switch_label') {
            for (const l of kids(k)) {
              if (l.type === 'record_pattern' || l.type === 'type_pattern' || l.type === 'pattern') {
                const pt = this.pattern(l, s);
                // `case Toolkit t` in a switch on an AgentEvent: javac reports it at the pattern
                if (pt) checkInconvertible(this, l, ct, pt, 'case');
              }
              else if (l.type !== 'identifier') {
                this.expr(l, s);
                if (decided) checkEnumCaseLiteral(this, l, decided);
              }
              else if (ct.k === 'class') this.enumLabel(l, ct);
            }
          } else this.stmt(k, s);
        }
      }
    }
    return NONE;
  }

  /** The condition of an `if` or a `?:`: evaluated, and judged as a boolean. */
  condition(c: Node | null, scope: Scope) {
    if (!c) return;
    this.expr(c, scope);
    checkCondition(this, c, this.writtenType(scope));
  }

  ternaryValue(node: Node, scope: Scope, expected?: JType): EVal {
    this.condition(field(node, 'condition'), scope);
    const a = field(node, 'consequence');
    const b = field(node, 'alternative');
    const ta = a ? this.exprType(a, scope, expected) : UNKNOWN;
    const tb = b ? this.exprType(b, scope, expected) : UNKNOWN;
    return ta.k === 'class' && tb.k === 'class' && ta.fqn === tb.fqn ? val(ta) : NONE;
  }

  assignmentValue(node: Node, scope: Scope): EVal {
    const l = field(node, 'left');
    const r = field(node, 'right');
    const lt = l ? this.exprType(l, scope) : UNKNOWN;
    if (r) this.expr(r, scope, lt);
    // `x = value`, `this.f = value`: an assignment context, judged as a declaration's initializer
    if (r && l && field(node, 'operator')?.text === '=' && (l.type !== 'identifier' || writtenVar(l.text, scope))) this.judgeAssigned(r, lt, scope);
    return val(lt);
  }

  /** `case NAME` in a switch on an AgentScope enum: NAME must be one of its constants (JLS 14.11.1). */
  enumLabel(label: Node, t: JType & { k: 'class' }) {
    const decl = this.idx.type(t.fqn);
    if (decl?.kind !== 'enum' || !this.mayJudgeQualified(decl.package)) return;
    const { found, hierarchy } = this.idx.findMembers(t, label.text, ['field', 'enumConstant']);
    if (!found.length && hierarchy.complete && !this.samePackage(hierarchy)) reportMissingMember(this, label, t, label.text, 'field', hierarchy);
  }

  /**
   * A pattern variable. The checker binds it for the rest of the enclosing scope, where javac's
   * scope of it is flow-dependent (JLS 6.3.1) and often shorter: where the name also denotes a field
   * or a variable of an enclosing scope, which a use after the statement means, it is bound as
   * unknown, and so is every later pattern variable of that name in the scope; elsewhere a later one
   * replaces an earlier one, as `else if (b instanceof X x)` chains need.
   */
  bindPattern(scope: Scope, name: string, t: JType) {
    const shadows = scope.patterns?.get(name) ?? this.lookupVar(name, scope) !== undefined;
    scope.vars.set(name, shadows ? UNKNOWN : t);
    (scope.patterns ??= new Map()).set(name, shadows);
    // `event instanceof RequireUserConfirmEvent confirm`: its type is written, as a local's is
    if (!shadows && t.k !== 'unknown') (scope.written ??= new Set()).add(name);
  }

  /** Binds a pattern's variables; returns a type pattern's type. */
  pattern(node: Node, scope: Scope): JType | undefined {
    if (node.type === 'pattern') {
      let t: JType | undefined;
      for (const k of kids(node)) t = this.pattern(k, scope);
      return t;
    }
    if (node.type === 'type_pattern') {
      const ks = kids(node).filter((k) => k.type !== 'modifiers');
      const tn = ks[0];
      const n = ks[ks.length - 1];
      if (!tn) return undefined;
      const t = this.typeOf(tn, scope.ctx, true);
      if (n && n.id !== tn.id && n.type === 'identifier') this.bindPattern(scope, n.text, t);
      return t;
    }
    if (node.type === 'record_pattern') {
      for (const k of kids(node)) {
        if (k.type === 'record_pattern_body') for (const p of kids(k)) this.pattern(p, scope);
        else if (k.type === 'record_pattern_component') {
          const ks = kids(k);
          if (ks.length === 2) {
            const t = ks[0].text === 'var' ? UNKNOWN : this.typeOf(ks[0], scope.ctx, true);
            this.bindPattern(scope, ks[1].text, t);
          } else for (const p of ks) this.pattern(p, scope);
        } else if (k.type !== 'identifier') this.typeOf(k, scope.ctx, true);
      }
    }
    return undefined;
  }


  /**
   * A value in an assignment context whose target's type is written (a local's or field's
   * declaration, `x = ..`, `this.f = ..`): an AgentScope call's result, a String/box/primitive, or
   * a variable of an AgentScope type that cannot be assigned to it (AS013).
   */
  judgeAssigned(value: Node, target: JType, scope: Scope) {
    const written = this.writtenType(scope);
    checkResultAssignment(this, value, target, written);
    checkNarrowing(this, value, target, written);
    checkPlainAssignment(this, value, target, written);
    this.judgeAssignedVariable(value, target, scope);
    checkTypeVariableValue(this, value, target, scope.ctx, written);
  }

  /** A variable assigned, alone, in parentheses or as a branch of a conditional (`c ? msg : "none"` where a String is declared). */
  private judgeAssignedVariable(value: Node, target: JType, scope: Scope) {
    if (value.type === 'identifier' && writtenVar(value.text, scope)) checkVariableAssignment(this, value, this.exprType(value, scope), target);
    else if (value.type === 'parenthesized_expression' && kids(value).length === 1) this.judgeAssignedVariable(kids(value)[0], target, scope);
    // a cast is of the type it names (`AbstractFilesystem fs = (Msg) spec.build()`), unless an intersection
    else if (value.type === 'cast_expression' && kids(value).length === 2) {
      const tn = field(value, 'type');
      if (tn) checkVariableAssignment(this, value, this.typeOf(tn, scope.ctx, false), target);
    } else if (value.type === 'ternary_expression' && target.k !== 'prim') {
      for (const b of [field(value, 'consequence'), field(value, 'alternative')]) if (b) this.judgeAssignedVariable(b, target, scope);
    }
  }

  /** Is `node` the qualifier of a call, field access or method reference (`X.m()`, `X.f`, `X::m`)? */
  isQualifier(node: Node): boolean {
    const p = node.parent;
    if (!p || !/^[A-Z]/.test(node.text)) return false;
    if (p.type === 'method_invocation' || p.type === 'field_access') return field(p, 'object')?.id === node.id;
    return p.type === 'method_reference' && kids(p)[0]?.id === node.id;
  }

  /** Could `name` be a field of a type imported with `import static T.*` (or can that not be told)? */
  staticOnDemandField(name: string, scope: Scope): boolean {
    for (const o of scope.ctx.unit.imports.staticOnDemand) {
      const t = this.resolveQualified(o);
      if (t?.k !== 'class' || !this.idx.type(t.fqn)) return true;
      const { found, hierarchy } = this.idx.findMembers(t, name, ['field', 'enumConstant']);
      if (found.length || !hierarchy.complete) return true;
    }
    return false;
  }

  /** An unknown package under a known io.agentscope package (`io.agentscope.core.mdoel`): javac's "package ... does not exist". */
  knownAgentScopePrefix(pkg: string): boolean {
    const parts = pkg.split('.');
    for (let i = parts.length - 1; i >= 2; i--) if (this.idx.packages.has(parts.slice(0, i).join('.'))) return true;
    return false;
  }

  fieldAccess(node: Node, scope: Scope): EVal {
    const obj = field(node, 'object');
    const nameNode = field(node, 'field');
    if (!obj || !nameNode) return NONE;
    const name = nameNode.text;
    if (nameNode.type === 'this') {
      // Outer.this
      const t = this.eval(obj, scope);
      return t.k === 'type' ? val(t.t) : NONE;
    }
    const own = obj.type === 'this' ? this.anonymousOwn(scope) : undefined;
    if (own?.anonFields?.has(name)) return val(own.anonFields.get(name)!);
    const lost = obj.type === 'this' || obj.type === 'super' ? this.lostOnReceiver(name, false, obj.type === 'super', scope) : undefined;
    if (lost) {
      this.reportLostToMissingSuper(nameNode, name, false, lost);
      return NONE;
    }
    const o = this.eval(obj, scope);
    if (o.k === 'pkg') {
      const q = `${o.name}.${name}`;
      if (this.hasType(q)) return { k: 'type', fqn: q, t: cls(q) };
      if (this.isPackagePrefix(q)) return { k: 'pkg', name: q };
      // a JDK (or Reactor) type written fully qualified: `java.util.Optional.of(..)`
      if (listedPackageType(o.name, name) && !this.srcPackages.has(o.name)) return { k: 'type', fqn: q, t: cls(q) };
      if (listedPackagePrefix(q)) return { k: 'pkg', name: q };
      if (isAsName(q) && /^[A-Z]/.test(name) && this.mayJudgeQualified(o.name) && (this.packageKnown(o.name) || this.knownAgentScopePrefix(o.name))) {
        // javac reports the missing class once; what is selected from it is not judged again
        reportUnknownType(this, node, q, o.name);
        return NONE;
      }
      return isAsName(o.name) || this.isPackagePrefix(o.name) ? { k: 'pkg', name: q } : NONE;
    }
    if (o.k === 'type') {
      if (name === 'length' || name === 'class') return NONE;
      const sc = this.srcByFqn.get(o.fqn);
      if (sc?.fieldNodes.has(name) && this.privateOutOfReach(sc, sc.fieldNodes.get(name)!.type.parent, scope)) {
        reportPrivateAccess(this, nameNode, sc, name, 'field');
        return NONE;
      }
      if (sc?.fieldNodes.has(name)) return val(this.ownField(node, o.t as JType & { k: 'class' }, name, true));
      const nested = this.memberType(o.fqn, name);
      const decl = this.idx.type(o.fqn);
      if (decl) {
        const { found, hierarchy, jdkHas } = this.idx.findMembers(o.t, name, ['field', 'enumConstant']);
        if (found.length) {
          this.onFieldResolved(node, found[0]);
          const t = asValueType(this.idx.memberType(found[0]));
          // a static field's type is what it declares (no type variable of a class reaches it)
          if (!sc) this.staticFieldTypes.set(node.id, t);
          return val(t);
        }
        if (nested) return { k: 'type', fqn: nested, t: cls(nested) };
        if (nested === undefined && hierarchy.complete && !jdkHas.length && !this.samePackage(hierarchy) && this.mayJudgeQualified(decl.package)) {
          reportMissingMember(this, nameNode, o.t as JType & { k: 'class' }, name, 'field', hierarchy);
        }
        return NONE;
      }
      if (nested) return { k: 'type', fqn: nested, t: cls(nested) };
      if (sc) return val(this.fieldOf(o.t as JType & { k: 'class' }, name) ?? UNKNOWN);
      // `System.out`: a PrintStream, exactly
      const jdk = jdkStaticField(o.fqn, name);
      if (jdk) this.exactFields.set(node.id, jdk);
      return jdk ? val(jdk) : NONE;
    }
    if (o.k === 'val') {
      const t = this.boundReceiver(o.t, scope.ctx) ?? o.t;
      if (t.k === 'array') return name === 'length' ? val({ k: 'prim', name: 'int' }) : NONE;
      if (t.k === 'prim') this.primitiveReceiver(obj, nameNode, scope);
      if (t.k !== 'class') return NONE;
      // `blocks.empty` on a List, `reply.getClass().simpleName`: a field the container type has not
      const fields = containerFields(t.fqn);
      if (fields && !fields.includes(name) && !this.srcByFqn.has(t.fqn) && this.exactClassReceiver(obj, scope)) {
        reportMissingContainerField(this, nameNode, t, name, containerMethods(t.fqn) ?? []);
        return NONE;
      }
      const decl = this.idx.type(t.fqn);
      const sc = this.srcByFqn.get(t.fqn);
      if (decl) {
        const { found, hierarchy } = this.idx.findMembers(t, name, ['field', 'enumConstant']);
        if (found.length) {
          this.onFieldResolved(node, found[0]);
          const f = found[0];
          if (f.member.modifiers.includes('protected') && isAsName(f.owner.package) && this.mayJudgeQualified(f.owner.package) && this.protectedOutOfReach(f.owner, scope)) {
            reportProtectedAccess(this, nameNode, f.owner.fqn, name, 'field');
          }
          return val(asValueType(this.idx.memberType(found[0])));
        }
        if (hierarchy.complete && !this.samePackage(hierarchy) && this.mayJudgeQualified(decl.package)) {
          reportMissingMember(this, nameNode, t, name, 'field', hierarchy);
        }
        if (!sc) return NONE;
      }
      if (sc?.fieldNodes.has(name) && obj.type !== 'this' && this.privateOutOfReach(sc, sc.fieldNodes.get(name)!.type.parent, scope)) {
        reportPrivateAccess(this, nameNode, sc, name, 'field');
        return NONE;
      }
      const r = sc?.fieldNodes.has(name) && (obj.type === 'this' || this.exactClassReceiver(obj, scope)) ? this.ownField(node, t, name, false) : this.fieldOf(t, name);
      // `request.usreId` on a record declared here, `error.message` on a Throwable
      if (r === undefined && (sc || !decl) && this.declaredMemberMissing(t, name, false, obj, scope)) {
        const methods = sc ? this.sourceMemberNames(sc, true) : knownJdkNames(t.fqn, true);
        reportMissingDeclaredMember(this, nameNode, t, name, false, sc ? this.sourceMemberNames(sc, false) : [], methods);
      }
      return r ? val(r) : NONE;
    }
    return NONE;
  }

  /**
   * The type of field `name` that source class `t` declares itself, read on a receiver whose class
   * is decided (or on the type, `exact`): its declared type, exact where it names no type variable.
   */
  ownField(node: Node, t: JType & { k: 'class' }, name: string, exact: boolean): JType {
    const r = this.fieldOf(t, name) ?? UNKNOWN;
    if ((exact || !t.args.length) && (r.k === 'class' || r.k === 'array') && fullyKnown(r)) this.exactFields.set(node.id, r);
    return r;
  }

  /**
   * `m.ifPresent(out::add)` with `out` a written `List<String>` and the elements Msgs: a bound
   * reference to a described method whose one parameter the receiver's type argument types
   * (`add(E)`), handed what that parameter cannot take. javac: "invalid method reference".
   */
  boundCollectionRef(node: Node, t: JType & { k: 'class' }, name: string, target: JType) {
    if (target.k !== 'class' || target.args.length < 1 || !['java.util.function.Consumer', 'java.util.function.Function', 'java.util.function.Predicate'].includes(target.fqn)) return;
    const want = receiverTypedParams(t, name, 1)[0];
    const e = target.args[0].k === 'wild' ? target.args[0].bound : target.args[0];
    if (want?.k !== 'value' || e?.k !== 'class' || !fullyKnown(e) || !(mentionsAgentScope(e) || mentionsAgentScope(want.t))) return;
    if (assignable({ k: 'type', t: e }, want.t, this.facts) === 'no') reportInvalidMethodRef(this, node, name, e, want.t, true);
  }

  lambda(node: Node, scope: Scope, target: JType | undefined) {
    const params = field(node, 'parameters');
    const body = field(node, 'body');
    if (target && functionThrowsNothing(target)) this.noThrowLambdas.add(node.id);
    const s = new Scope(scope, scope.ctx);
    const names: Node[] = [];
    // `(String a, int b) -> ..` declares its parameters' types (an argument so typed is pertinent to
    // applicability: javac reports a wrong return at the call, not judged here); `()` declares none
    let explicit = 0;
    if (params) {
      if (params.type === 'identifier') names.push(params);
      else if (params.type === 'inferred_parameters') names.push(...kids(params));
      else if (params.type === 'formal_parameters') {
        explicit = kids(params).filter((k) => k.type === 'formal_parameter' || k.type === 'spread_parameter').length;
        this.declareParams(params, s, true);
      }
    }
    let fnRet: JType | undefined;
    if (target && !explicit) {
      const sig = this.functionalSig(target, names.length);
      if (sig) {
        // on an exact target a parameter's type is as exact as a written one (exactLambdas); so is
        // a Throwable, which no inference gives (`onErrorResume(e -> ..)`, `doOnError(e -> ..)`)
        const exact = this.exactLambdas.has(node.id);
        names.forEach((n, i) => {
          const t = asValueType(sig.params[i] ?? UNKNOWN);
          s.vars.set(n.text, t);
          if (t.k === 'class' && fullyKnown(t) && (exact || t.fqn === 'java.lang.Throwable')) (s.written ??= new Set()).add(n.text);
        });
        fnRet = sig.ret;
      }
    }
    for (const n of names) if (!s.vars.has(n.text)) s.vars.set(n.text, UNKNOWN);
    if (!body) return;
    if (body.type === 'block') {
      if (fnRet && !(fnRet.k === 'prim' && fnRet.name === 'void')) checkVoidBlockLambda(this, node, body);
      const bs = new Scope(s, s.ctx, undefined, fnRet ?? UNKNOWN, true);
      bs.results = [];
      this.stmt(body, bs);
      // every `return` gives one decided type: the lambda's result, as an expression body's
      const [first, ...rest] = bs.results;
      if (first?.t && fullyKnown(first.t) && rest.every((r) => r.t && typeToString(r.t) === typeToString(first.t!))) {
        this.lambdaBodies.set(node.id, { t: first.t, body: first.node, scope: first.scope, decided: true });
      }
    } else {
      const t = this.exprType(body, s, fnRet);
      // (a string or boolean literal's type is certain too: `map(d -> "x")`)
      const literal = body.type === 'string_literal' || body.type === 'text_block' || body.type === 'binary_expression' ? decidedType(this, body) : undefined;
      const just = this.decidedJust(body, s) ?? literal;
      this.lambdaBodies.set(node.id, just ? { t: just, body, scope: s, decided: true } : { t, body, scope: s });
      if (fnRet) checkLambdaReturn(this, body, fnRet, this.writtenType(s));
      // `map(e -> print(e))` with a void print: an expression that gives no value where one is returned
      if (target && body.type === 'method_invocation' && (functionReturnsValue(target) || (fnRet && fnRet.k !== 'unknown' && !(fnRet.k === 'prim' && fnRet.name === 'void')))) {
        const r = decidedType(this, body, this.writtenType(s));
        if (r?.k === 'prim' && r.name === 'void') reportValuelessArgument(this, node, 'the lambda');
      }
    }
  }

  /** The functional interface's method's arity (up to 3) and signature, when `t` is one. */
  functionalArity(t: JType): { n: number; sig: { params: JType[]; ret?: JType } } | undefined {
    for (let n = 0; n <= 3; n++) {
      const sig = this.functionalSig(t, n);
      if (sig) return { n, sig };
    }
    return undefined;
  }

  /** Parameter and return types of a functional interface type whose method takes `arity` arguments. */
  functionalSig(t: JType, arity: number): { params: JType[]; ret?: JType } | undefined {
    if (t.k === 'wild') return t.bound ? this.functionalSig(t.bound, arity) : undefined;
    if (t.k !== 'class') return undefined;
    const ext = lambdaParamsOf(t);
    if (ext) return ext.params.length === arity ? ext : undefined;
    const decl = this.idx.type(t.fqn);
    if (!decl) {
      const sc = this.srcByFqn.get(t.fqn);
      return sc ? this.sourceFunctionalSig(sc, t, arity) : undefined;
    }
    const h = this.idx.hierarchy(this.nonWildcard(t, decl));
    if (!h.complete) return undefined;
    const abs = this.idx.abstractMethods(h).filter((a) => a.member && !['equals', 'hashCode', 'toString'].includes(a.name));
    const names = new Set(abs.map((a) => a.name));
    if (names.size !== 1 || !abs[0].member) return undefined;
    const f = { member: abs[0].member, owner: this.idx.type(abs[0].owner)!, subst: abs[0].subst ?? new Map() };
    const ps = this.idx.paramTypes(f);
    if (ps.length !== arity) return undefined;
    return { params: ps, ret: this.idx.memberType(f) };
  }

  /**
   * A functional interface the checked sources declare (`interface Action<T> { T run(Ctx ctx); }`),
   * extending none: its one abstract method's parameter types with the interface's type arguments
   * substituted, and its result where that is fully known. Undefined for anything else.
   */
  sourceFunctionalSig(sc: SourceClass, t: JType & { k: 'class' }, arity: number): { params: JType[]; ret?: JType } | undefined {
    if (sc.kind !== 'interface' || sc.generatedMembers || this.sourceSupers(sc).length || t.args.some((a) => a.k === 'wild')) return undefined;
    const abstract: Node[] = [];
    for (const [name, ms] of sc.methodNodes) {
      for (const m of ms) {
        if (m.type !== 'method_declaration' || field(m, 'body')) continue;
        const mods = modifierKeywords(m);
        if (!mods.has('static') && !mods.has('default') && !mods.has('private') && !['equals', 'hashCode', 'toString'].includes(name)) abstract.push(m);
      }
    }
    const m = abstract.length === 1 && !field(abstract[0], 'type_parameters') ? abstract[0] : undefined;
    if (!m) return undefined;
    const ctx = this.classTypeCtx(sc);
    const ps = sourceParamTypes(this, m, ctx);
    if (ps.length !== arity) return undefined;
    const bind = new Map(sc.typeParams.map((n, i) => [n, t.args[i] ?? UNKNOWN] as const));
    const tn = field(m, 'type');
    const ret = tn ? substitute(this.typeOf(tn, ctx, false), bind) : undefined;
    return { params: ps.map((p) => substitute(p, bind)), ...(ret && fullyKnown(ret) ? { ret } : {}) };
  }

  /**
   * The non-wildcard parameterization of a functional interface type (JLS 9.9): `? extends B` and
   * `? super B` become B, `?` the type parameter's bound when that names no type variable
   * (`SubAgentProvider<?>` -> `SubAgentProvider<Agent>`), else unknown.
   */
  nonWildcard(t: JType & { k: 'class' }, decl: TypeDecl): JType {
    if (!t.args.some((a) => a.k === 'wild')) return t;
    const args = t.args.map((a, i) => {
      if (a.k !== 'wild') return a;
      if (a.bound) return a.bound;
      const bound = decl.typeParams[i]?.bounds?.[0];
      const b = bound ? this.idx.parse(bound, new Set()) : cls('java.lang.Object');
      return b.k === 'class' && fullyKnown(b) ? b : UNKNOWN;
    });
    return { ...t, args };
  }

  methodRef(node: Node, scope: Scope, target?: JType) {
    const ks = kids(node);
    const lhs = ks[0];
    const nameNode = ks[ks.length - 1];
    if (!lhs) return;
    let recv: EVal;
    if (lhs.type === 'type_identifier' || lhs.type === 'scoped_type_identifier' || lhs.type === 'generic_type' || lhs.type === 'array_type') {
      const t = this.typeOf(lhs, scope.ctx, true);
      recv = t.k === 'class' ? { k: 'type', fqn: t.fqn, t } : NONE;
    } else recv = this.eval(lhs, scope);
    if (recv.k === 'type' && target && node.children.some((c) => c?.type === 'new')) {
      this.constructorRef(node, recv.t, target);
      return;
    }
    if (!nameNode || nameNode.id === lhs.id || nameNode.type !== 'identifier') return;
    const t = recv.k === 'type' || recv.k === 'val' ? recv.t : undefined;
    if (!t || t.k !== 'class') return;
    if (target) this.sourceMethodRef(node, t, nameNode.text, recv.k === 'type', target);
    if (target && recv.k === 'val' && this.exactLambdas.has(node.id) && this.exactReceiver(lhs, scope)) this.boundCollectionRef(node, t, nameNode.text, target);
    if (target && recv.k === 'type' && this.exactLambdas.has(node.id)) checkJdkMethodRefReceiver(this, node, t.fqn, nameNode.text, target);
    // `ToolEmitter e = chunks::adds` on a List: a method the container type (of a decided class) has
    // not; javac reports it where the reference starts
    const members = this.srcByFqn.has(t.fqn) ? undefined : containerMethods(t.fqn);
    if (target && members && !members.includes(nameNode.text) && (recv.k === 'type' || this.exactClassReceiver(lhs, scope)) && (mentionsAgentScope(t) || mentionsAgentScope(target))) {
      reportMissingContainerMember(this, node, t, nameNode.text, this.functionalArity(target)?.n ?? 1, members);
      return;
    }
    const decl = this.idx.type(t.fqn);
    if (!decl || this.srcByFqn.has(t.fqn)) return;
    const { found, hierarchy, jdkHas } = this.idx.findMembers(t, nameNode.text, ['method']);
    if (!found.length && !jdkHas.length && hierarchy.complete && !this.samePackage(hierarchy) && this.mayJudgeQualified(decl.package)) {
      reportMissingMember(this, nameNode, t, nameNode.text, 'method', hierarchy);
    }
    // every method of that name listed, the receiver's class decided (and its type arguments, where
    // one is generic), and the target exact: a bound reference takes none but them
    const receiverKnown = () => (hierarchy.types.some((h) => h.decl.typeParams.length) ? this.exactReceiver(lhs, scope) : this.exactClassReceiver(lhs, scope));
    if (target && recv.k === 'val' && found.length && !jdkHas.length && hierarchy.complete && !this.samePackage(hierarchy) && (this.exactLambdas.has(node.id) || writtenInitializer(node, scope)) && receiverKnown()) {
      this.boundMethodRef(node, found, nameNode.text, target);
    }
    // `map(Msg::hasContentBlocks)`, `filter(FileInfo::equals)`: a Type::m where no method m fits the
    // functional interface's arity, neither a static one of n parameters nor an instance one of
    // n - 1 (the first the receiver); Object's methods are all instance methods
    const n = target ? this.functionalArity(target)?.n : undefined;
    const objectArities = OBJECT_METHOD_NAMES.has(nameNode.text) ? jdkHas : [];
    if (n !== undefined && recv.k === 'type' && (found.length || objectArities.length) && jdkHas.length === objectArities.length && hierarchy.complete && !this.samePackage(hierarchy)) {
      const fits = (m: FoundMember['member']) => (m.modifiers.includes('static') ? acceptsArity(m, n) : n > 0 && acceptsArity(m, n - 1));
      if (!found.some((f) => fits(f.member)) && !objectArities.includes(n - 1)) {
        const declares = [...new Set([...found.map((f) => this.fmtSig(f)), ...objectArities.map((k) => `Object.${nameNode.text}(${k} parameter${k === 1 ? '' : 's'})`)])];
        this.report(node, 'AS013', `incompatible types: invalid method reference ${node.text}: no method ${nameNode.text} of ${shortName(t.fqn)} takes ${n === 0 ? 'no values' : `the ${n} value${n === 1 ? '' : 's'}`} the functional interface hands (AgentScope ${this.idx.version})`, `${this.idx.version} declares: ${declares.join('; ')}; write a lambda`, { type: found[0]?.owner.fqn ?? t.fqn, member: nameNode.text });
        return;
      }
    }
    if (found.length === 1) reportDeprecatedMember(this, nameNode, found[0]);
    // the one method of that name the arity lets the reference mean (`RuntimeContext::builder` for a
    // Supplier: builder(), not builder(RuntimeContext)) returns what the interface's method must
    const arityFits = (m: FoundMember['member']) => (recv.k !== 'type' ? acceptsArity(m, n!) : m.modifiers.includes('static') ? acceptsArity(m, n!) : n! > 0 && acceptsArity(m, n! - 1));
    const meant = found.length === 1 ? found[0] : n !== undefined && found.filter((f) => arityFits(f.member)).length === 1 ? found.find((f) => arityFits(f.member)) : undefined;
    if (meant && target && !jdkHas.length) checkMethodRefResult(this, node, meant, recv.k === 'type', target);
    if (found.length === 1 && target && recv.k === 'type' && this.exactLambdas.has(node.id)) checkMethodRefReceiver(this, node, found[0], target, jdkHas);
  }

  /**
   * `msgs.map(Msg::new)`: an AgentScope class none of whose constructors (public or protected, as
   * the inventory lists them) takes as many arguments as the functional interface's method hands
   * (javac: "incompatible parameter types in method reference"). A class without a listed
   * constructor has its default one.
   */
  constructorRef(node: Node, t: JType, target: JType) {
    const decl = t.k === 'class' ? this.idx.type(t.fqn) : undefined;
    if (!decl || decl.kind !== 'class' || this.srcByFqn.has(decl.fqn) || !this.mayJudgeQualified(decl.package)) return;
    const ctors = this.ctorCandidates(t);
    const n = this.functionalArity(target)?.n;
    if (!ctors.length || n === undefined || ctors.some((c) => acceptsArity(c.member, n))) return;
    this.report(node, 'AS013', `incompatible types: invalid constructor reference ${node.text}: no constructor of ${shortName(decl.fqn)} takes ${n} argument${n === 1 ? '' : 's'} in AgentScope ${this.idx.version}`, `${this.idx.version} declares: ${ctors.map((c) => this.fmtSig(c)).join('; ')}; write a lambda that builds one`, { type: decl.fqn, member: '<init>' });
  }

  /**
   * `events.doOnNext(Main::print)` with `static void print(Msg m)` while the stream hands AgentEvents:
   * no method of that name in the class (declared here, no supertype has one) takes what the
   * functional interface passes (javac: "incompatible types: invalid method reference"). Judged for
   * the class's own non-generic methods of the interface's arity, against AgentScope parameter
   * types; a `Type::m` that could name an instance method taking the rest is not judged.
   */
  sourceMethodRef(node: Node, t: JType & { k: 'class' }, name: string, viaType: boolean, target: JType) {
    const sc = this.srcByFqn.get(t.fqn);
    if (!sc || sc.generatedMembers || sc.typeParams.length || this.idx.type(t.fqn) || !this.onlyMethodNamed(sc, name)) return;
    const ms = sc.methodNodes.get(name) ?? [];
    if (!ms.length || ms.some((m) => m.type !== 'method_declaration' || field(m, 'type_parameters'))) return;
    // the functional interface's arity: the one its method has
    const fn = this.functionalArity(target);
    if (!fn) return;
    // every method of that name returns nothing, and the interface's method returns a value (`map(Main::print)`): javac rejects the call
    if (fn.sig.ret && !(fn.sig.ret.k === 'prim' && fn.sig.ret.name === 'void') && ms.every((m) => field(m, 'type')?.text === 'void') && reportValuelessArgument(this, node, node.text)) return;
    const ctx = this.classTypeCtx(sc);
    const params = ms.map((m) => sourceParamTypes(this, m, ctx));
    if (params.some((ps) => ps.some((p) => p.k === 'array'))) return;
    if (viaType && fn.n > 0 && params.some((ps) => ps.length === fn.n - 1)) return;
    const misfit = this.noneTakes(fn, params);
    if (misfit && (mentionsAgentScope(misfit.from) || mentionsAgentScope(misfit.to))) reportInvalidMethodRef(this, node, name, misfit.from, misfit.to);
  }

  /**
   * `Consumer<String> add = memory::addMessage` where addMessage takes a Msg: a bound reference to
   * an AgentScope method, `found` every method of that name the receiver's type has, none of them
   * of variable arity (javac: "incompatible types: invalid method reference").
   */
  boundMethodRef(node: Node, found: FoundMember[], name: string, target: JType) {
    const fn = this.functionalArity(target);
    // (an Object method of that name is no listed one)
    if (!fn || found.some((f) => f.member.params?.some((p) => p.varargs)) || containerMethods('java.lang.Object')?.includes(name)) return;
    if (!found.some((f) => (f.member.params?.length ?? 0) === fn.n)) {
      const owner = shortName(found[0].owner.fqn);
      this.report(node, 'AS013', `incompatible types: invalid method reference ${node.text}: no method ${name} of ${owner} takes ${fn.n} argument${fn.n === 1 ? '' : 's'} in AgentScope ${this.idx.version}`, `${this.idx.version} declares: ${found.map((f) => this.fmtSig(f)).join('; ')}; write a lambda that calls it`, { type: found[0].owner.fqn, member: name });
      return;
    }
    const misfit = this.noneTakes(fn, found.map((f) => this.idx.paramTypes(f)));
    if (misfit) reportInvalidMethodRef(this, node, name, misfit.from, misfit.to, true);
  }

  /**
   * The parameter a functional interface's method hands (each a class type, fully known) that a
   * method of its arity cannot take, where every one of `params` of that arity has one: what the
   * first is handed and takes there. Undefined where one may take them all, or none has the arity.
   */
  noneTakes({ n, sig }: { n: number; sig: { params: JType[] } }, params: JType[][]): { from: JType; to: JType } | undefined {
    if (!sig.params.every((p) => p.k === 'class' && fullyKnown(p))) return undefined;
    const same = params.filter((ps) => ps.length === n);
    const misfit = (ps: JType[]) => sig.params.findIndex((p, i) => assignable({ k: 'type', t: p }, ps[i], this.facts) === 'no');
    if (!same.length || same.some((ps) => misfit(ps) < 0)) return undefined;
    const i = misfit(same[0]);
    return { from: sig.params[i], to: same[0][i] };
  }

  // ---------------------------------------------------------------- semantic traps
}

/** Is `node` the initializer of a variable whose type is written (not `var`)? That type is then its exact target. */
function writtenInitializer(node: Node, scope: Scope): boolean {
  const d = node.parent;
  if (d?.type !== 'variable_declarator' || field(d, 'value')?.id !== node.id) return false;
  const decl = d.parent;
  return (decl?.type === 'local_variable_declaration' && !inferredLocalType(field(decl, 'type'), scope.ctx.unit)) || decl?.type === 'field_declaration';
}

/** A simple name where only a variable can be, never a type's name: a for-each's iterable, an initializer, an argument, a returned value, an operand of == or !=. */
function onlyValue(node: Node): boolean {
  const p = node.parent;
  if (!p) return false;
  if (p.type === 'argument_list' || p.type === 'return_statement') return true;
  if (p.type === 'binary_expression') return /^[!=]=$/.test(field(p, 'operator')?.type ?? p.children.find((c) => !c.isNamed)?.type ?? '');
  const f = ({ enhanced_for_statement: 'value', variable_declarator: 'value', assignment_expression: 'right' } as Record<string, string>)[p.type];
  return f !== undefined && field(p, f)?.id === node.id;
}
