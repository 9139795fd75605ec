/** Statements: local variables (declared and `var`), loops, try resources, catch, returns, `super(..)`. */
import type { SyntaxNode as Node } from './syntax-tree.js';
import { typeToString, UNKNOWN } from '../jtype.js';
import { elementType, fullyKnown } from '../expr-types.js';
import { checkLambdaReturn, checkLoopVariable, checkVarInitializer, checkVoidReturn } from '../rules/incompatible-result-type.js';
import { checkCondition, checkIterable, checkResource, checkThrowable, checkThrown } from '../rules/operand-types.js';
import { checkUnreportedException, checkUnreportedThrow } from '../rules/unreported-exception.js';
import { checkCatchClauses } from '../rules/catch-clauses.js';
import { checkJump } from '../rules/jump-targets.js';
import { checkStatementExpression } from '../rules/not-a-statement.js';
import { Expressions } from './expressions.js';
import { inferredLocalType } from './lombok.js';
import { Scope, withDims } from './model.js';
import { CLASS_DECLS, EXPRESSIONS, field, kids } from './syntax.js';

export abstract class Statements extends Expressions {
  stmt(node: Node, scope: Scope): void {
    switch (node.type) {
      case 'block':
      case 'constructor_body':
      case 'switch_block_statement_group':
      case 'switch_rule': {
        const s = node.type === 'block' || node.type === 'constructor_body' ? new Scope(scope, scope.ctx) : scope;
        for (const c of kids(node)) this.stmt(c, s);
        return;
      }
      case 'local_variable_declaration':
        return this.localVariables(node, scope);
      case 'local_class_declaration':
        return;
      case 'enhanced_for_statement':
        return this.forEachLoop(node, scope);
      case 'for_statement': {
        const s = new Scope(scope, scope.ctx);
        for (const c of kids(node)) this.stmt(c, s);
        const c = field(node, 'condition');
        if (c) checkCondition(this, c, this.writtenType(s));
        return;
      }
      case 'while_statement':
      case 'do_statement': {
        for (const c of kids(node)) this.stmt(c, scope);
        const c = field(node, 'condition');
        if (c) checkCondition(this, c, this.writtenType(scope));
        return;
      }
      case 'try_with_resources_statement':
      case 'try_statement':
        return this.tryStatement(node, scope);
      case 'resource_specification': {
        for (const c of kids(node)) this.stmt(c, scope);
        return;
      }
      case 'resource':
        return this.resource(node, scope);
      case 'catch_clause':
        return this.catchClause(node, scope);
      case 'if_statement': {
        this.condition(field(node, 'condition'), scope);
        const cons = field(node, 'consequence');
        const alt = field(node, 'alternative');
        if (cons) this.stmt(cons, scope);
        if (alt) this.stmt(alt, scope);
        return;
      }
      case 'return_statement':
        return this.returnStatement(node, scope);
      case 'expression_statement':
      case 'throw_statement':
      case 'yield_statement':
        if (node.type === 'expression_statement') checkStatementExpression(this, node);
        for (const c of kids(node)) this.expr(c, scope);
        if (node.type === 'throw_statement' && kids(node)[0]) {
          const thrown = kids(node)[0];
          checkThrown(this, thrown, this.writtenType(scope));
          // `throw new IOException(..)` where nothing catches or declares it
          const tn = thrown.type === 'object_creation_expression' && !kids(thrown).some((k) => k.type === 'class_body') ? field(thrown, 'type') : null;
          const t = tn ? this.typeOf(tn, scope.ctx, false) : undefined;
          if (t?.k === 'class') checkUnreportedThrow(this, node, t.fqn);
        }
        return;
      case 'break_statement':
      case 'continue_statement':
        checkJump(this, node);
        return;
      case 'explicit_constructor_invocation':
        return this.constructorCall(node, scope);
      default:
        if (CLASS_DECLS.has(node.type)) {
          this.visitClass(node, scope, undefined);
          return;
        }
        if (EXPRESSIONS.has(node.type)) {
          this.expr(node, scope);
          return;
        }
        for (const c of kids(node)) this.stmt(c, scope);
    }
  }

  localVariables(node: Node, scope: Scope): void {
    const tn = field(node, 'type');
    const mods = kids(node).find((k) => k.type === 'modifiers');
    if (mods) this.visitModifiers(mods, scope.ctx, scope);
    const isVar = inferredLocalType(tn, scope.ctx.unit);
    const declared = tn && !isVar ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
    for (const d of kids(node).filter((k) => k.type === 'variable_declarator')) {
      const n = field(d, 'name');
      const v = field(d, 'value');
      const dims = field(d, 'dimensions');
      const t = dims ? withDims(declared, (dims.text.match(/\[/g) ?? []).length) : declared;
      const vt = v ? this.exprType(v, scope, isVar ? undefined : t) : UNKNOWN;
      if (v && !isVar) this.judgeAssigned(v, t, scope);
      else if (v && n) checkVarInitializer(this, v, n);
      if (n) scope.vars.set(n.text, isVar ? vt : t);
      // a `var` initialized by an exact result has exactly that type (JLS 14.4.1)
      // (or by a variable whose type is written, `var m = msg;`: that type, no wildcard in it to capture)
      const alias = isVar && v?.type === 'identifier' && vt.k === 'class' && fullyKnown(vt) && !typeToString(vt).includes('?') && this.writtenType(scope)(v) !== undefined;
      const copied = isVar && v?.type === 'object_creation_expression' && this.exactContainers.has(v.id);
      const exact = alias || copied || (isVar && v?.type === 'method_invocation' && (this.exactResults.has(v.id) || this.exactChain.has(v.id) || this.exactContainers.has(v.id) || this.jdkResults.has(v.id)));
      if (n && (!isVar || exact)) (scope.written ??= new Set()).add(n.text);
      // its class alone: `var r = Mono.zip(a, b)` (a Mono), `var list = new ArrayList<Msg>()`
      else if (n && v && (this.erasedResults.has(v.id) || (v.type === 'object_creation_expression' && !kids(v).some((k) => k.type === 'class_body')))) (scope.classExact ??= new Set()).add(n.text);
    }
  }

  forEachLoop(node: Node, scope: Scope): void {
    const s = new Scope(scope, scope.ctx);
    const tn = field(node, 'type');
    const v = field(node, 'value');
    const vt = v ? this.exprType(v, s) : UNKNOWN;
    const isVar = inferredLocalType(tn, scope.ctx.unit);
    let t = tn && !isVar ? this.typeOf(tn, s.ctx, true) : UNKNOWN;
    if (v) checkIterable(this, v, this.writtenType(scope));
    if (isVar) t = elementType(vt);
    else if (v && tn) checkLoopVariable(this, v, withDims(t, (field(node, 'dimensions')?.text.match(/\[/g) ?? []).length), this.writtenType(scope));
    const n = field(node, 'name');
    if (n) s.vars.set(n.text, t);
    // its type written, or the element of an exactly typed iterable: exact, as a local's
    if (n && !field(node, 'dimensions') && (!isVar || (t.k === 'class' && fullyKnown(t) && this.exactReceiver(v, scope)))) (s.written ??= new Set()).add(n.text);
    const b = field(node, 'body');
    if (b) this.stmt(b, s);
  }

  tryStatement(node: Node, scope: Scope): void {
    // (what calls throw is noted only where a catch clause may ask: AS023)
    const catches = kids(node).some((k) => k.type === 'catch_clause');
    const s = node.type === 'try_statement' ? scope : new Scope(scope, scope.ctx);
    if (catches) this.inTry++;
    try {
      for (const c of kids(node)) this.stmt(c, s);
    } finally {
      if (catches) this.inTry--;
    }
    if (catches) checkCatchClauses(this, node, scope.ctx);
  }

  resource(node: Node, scope: Scope): void {
    const tn = field(node, 'type');
    const n = field(node, 'name');
    const v = field(node, 'value');
    const isVar = inferredLocalType(tn, scope.ctx.unit);
    const declared = tn && !isVar ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
    const vt = v ? this.exprType(v, scope, declared) : UNKNOWN;
    // a resource's declaration is a local's (JLS 14.20.3): its initializer in an assignment context
    if (v && tn && !isVar) this.judgeAssigned(v, declared, scope);
    if (n) scope.vars.set(n.text, isVar ? vt : declared);
    if (n && tn && !isVar) (scope.written ??= new Set()).add(n.text);
    if (tn && !isVar) checkResource(this, node, declared);
    if (!tn && !v) {
      for (const c of kids(node)) this.expr(c, scope);
      // `try (existing)`: a variable declared before the try
      const only = kids(node)[0];
      const t = only?.type === 'identifier' ? this.writtenType(scope)(only) : undefined;
      if (t) checkResource(this, node, t);
    }
  }

  catchClause(node: Node, scope: Scope): void {
    const s = new Scope(scope, scope.ctx);
    const p = kids(node).find((k) => k.type === 'catch_formal_parameter');
    if (p) {
      const ct = kids(p).find((k) => k.type === 'catch_type');
      const types = ct ? kids(ct).map((t) => this.typeOf(t, s.ctx, true)) : [];
      if (ct) kids(ct).forEach((t, i) => checkThrowable(this, t, types[i]));
      const n = field(p, 'name');
      if (n) s.vars.set(n.text, types.length === 1 ? types[0] : UNKNOWN);
      // (one type, written: the parameter's static type, as a local's declaration writes it)
      if (n && types.length === 1 && types[0].k === 'class') (s.written ??= new Set()).add(n.text);
    }
    const b = field(node, 'body');
    if (b) this.stmt(b, s);
  }

  returnStatement(node: Node, scope: Scope): void {
    const e = kids(node)[0];
    if (!e) return;
    const ret = this.findReturnType(scope);
    const v = this.eval(e, scope, ret);
    const lambdaBody = this.lambdaBodyScope(scope);
    const lambdaRet = lambdaBody?.returnType;
    lambdaBody?.results?.push({ node: e, scope, t: this.decidedResult(e, scope) });
    if (lambdaRet) checkLambdaReturn(this, e, lambdaRet, this.writtenType(scope));
    else if (ret?.k === 'prim' && ret.name === 'void') checkVoidReturn(this, e, v);
    // a method's return is an assignment context (JLS 14.17), judged as a local's initializer is
    else if (ret) this.judgeAssigned(e, ret, scope);
  }

  constructorCall(node: Node, scope: Scope): void {
    const args = field(node, 'arguments');
    const ctor = field(node, 'constructor');
    const obj = field(node, 'object');
    if (obj) this.expr(obj, scope);
    const cc = scope.ctx.cls;
    if (args && ctor?.type === 'super' && cc?.superclass?.k === 'class' && this.idx.type(cc.superclass.fqn)) {
      const chosen = this.checkCall(node, args, this.ctorCandidates(cc.superclass), cc.superclass, scope, 'constructor', true);
      // `super(path, loader)` of a constructor that declares IOException
      checkUnreportedException(this, node, chosen, this.lastCandidates);
    } else if (args) for (const a of kids(args)) this.expr(a, scope);
  }
}
