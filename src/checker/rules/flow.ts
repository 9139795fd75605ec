/**
 * AS021 flow: the certain part of javac's flow analysis of a method, constructor or initializer
 * body, on the syntax tree alone (JLS 14.22 reachability, 16 definite assignment):
 * - a statement after one that certainly cannot complete normally: "unreachable statement";
 * - a method with a result whose body certainly can complete normally: "missing return
 *   statement", at the body's closing brace;
 * - a local declared without a value whose first use is certainly a reachable read: "variable x
 *   might not have been initialized";
 * - and, found by javac's attribution: `return;` in a method with a result ("incompatible types:
 *   missing return value"), `return e;` in a void method or a constructor ("unexpected return value").
 * Whatever is not certain (a switch, a labeled statement, a loop on a condition that may be a
 * constant, a break that may leave a loop) is 'unknown' and reports nothing. A lambda's block is
 * judged for unreachable statements (javac's flow phase analyses it with the method); nested class
 * bodies are not judged here (a nested class's methods are judged as methods).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { Finding } from '../rules.js';
import { field, javacPosition, kids, LITERAL_TYPES, modifierKeywords } from '../analysis/syntax.js';
import { returnsValue } from './void-block-lambda.js';

type Completes = 'yes' | 'no' | 'unknown';

/** The findings of this rule that javac's flow phase makes (the others are attribution's). */
export function flowPhaseFinding(f: Finding): boolean {
  return f.rule === 'AS021' && !f.message.startsWith('incompatible types') && !f.message.startsWith('lambda body');
}

const SIMPLE_STATEMENTS = new Set([
  'expression_statement', 'local_variable_declaration', 'assert_statement', 'explicit_constructor_invocation',
  'class_declaration', 'record_declaration', 'interface_declaration', 'enum_declaration',
]);
const JUMPS = new Set(['return_statement', 'throw_statement', 'break_statement', 'continue_statement', 'yield_statement']);
const LOOPS_AND_SWITCHES = new Set(['while_statement', 'for_statement', 'enhanced_for_statement', 'do_statement', 'switch_expression', 'switch_statement']);
const CLASS_BODIES = new Set(['class_body', 'interface_body', 'enum_body', 'annotation_type_body']);

/** Judges member `m` of a class body: a method, a constructor or an initializer block. */
export function checkFlow(a: AnalyzerBase, m: Node) {
  const body = m.type === 'static_initializer' ? kids(m).find((k) => k.type === 'block') : m.type === 'block' ? m : field(m, 'body');
  if (!body || body.hasError || (body.type !== 'block' && body.type !== 'constructor_body')) return;
  const method = m.type === 'method_declaration';
  const ret = method ? field(m, 'type') : null;
  const valued = !!ret && ret.type !== 'void_type';
  const params = new Set<string>();
  const ps = field(m, 'parameters');
  if (ps) for (const p of kids(ps)) {
    const n = field(p, 'name') ?? kids(p).find((k) => k.type === 'variable_declarator')?.childForFieldName('name');
    if (n) params.add(n.text);
  }
  const uninitialized: Node[] = [];
  const returns: Node[] = [];
  const lambdaBlocks: Node[] = [];
  const names = variableNames(body, params, uninitialized, returns, lambdaBlocks);
  if (method || m.type === 'constructor_declaration') checkReturns(a, body, returns, valued, m);
  const report: Report = (n, message, suggestion) => a.report(n, 'AS021', message, suggestion);
  const completes = new Flow(names, report).block(body);
  // `forEach(s -> { return; log(s); })`: each lambda's block has its own reachability
  for (const l of lambdaBlocks) checkLambdaBlock(a, l, names, report);
  if (valued && completes === 'yes' && !modifierKeywords(m).has('abstract') && !modifierKeywords(m).has('native')) {
    const name = field(m, 'name')?.text ?? '';
    if (body.text.endsWith('}')) a.report(closingBrace(body), 'AS021', `missing return statement: ${name}(..) returns ${ret!.text}, and its body can end without a return`, `end ${name}(..) with a return of a ${ret!.text}, or throw`);
  }
  checkLocals(a, body, names, uninitialized);
}

/**
 * A lambda's block: a statement after one that cannot complete normally is unreachable (the flow
 * phase's error), except in a lambda that returns a value, whose body can then complete normally
 * as javac sees it; so can one whose end is reachable: "lambda body is neither value nor void
 * compatible" (or, for a target that returns a value, "bad return type"), an attribution error at the lambda.
 */
function checkLambdaBlock(a: AnalyzerBase, block: Node, names: ReadonlySet<string>, report: Report) {
  const valued = kids(block).some(returnsValue);
  let unreachable = false;
  const completes = new Flow(names, valued ? () => (unreachable = true) : report).block(block);
  const lambda = block.parent;
  if (!valued || !lambda) return;
  if (unreachable) a.report(lambda, 'AS021', 'lambda body is neither value nor void compatible: it returns a value, and a statement after a return or throw is unreachable', 'remove the statements after the return, or move them before it');
  // `x -> { if (ok) return x; }`: a value on one path, none at the end
  else if (completes === 'yes') a.report(lambda, 'AS021', 'lambda body is neither value nor void compatible: it returns a value on one path and can end without one', 'return a value at the end too (or throw), or return none at all');
}

/** Where the body's closing brace is, as a node to report at (the tree keeps no punctuation). */
function closingBrace(body: Node): Node {
  const end = body.endPosition;
  return { startPosition: { row: end.row, column: end.column - 1 }, endPosition: end } as Node;
}

// ---------------------------------------------------------------- returns

/** The `return` statements of the body (`returns`, as variableNames found them) that return from method `m`, not from a lambda. */
function checkReturns(a: AnalyzerBase, body: Node, returns: Node[], valued: boolean, m: Node) {
  const name = field(m, 'name')?.text ?? '';
  const ctor = m.type === 'constructor_declaration';
  for (const n of returns) {
    if (!returnsFromBody(n, body)) continue;
    const e = kids(n)[0];
    if (valued && !e) a.report(n, 'AS021', `incompatible types: missing return value: ${name}(..) returns ${field(m, 'type')?.text ?? 'a value'}`, `return a value from ${name}(..)`);
    else if (!valued && e) a.report(javacPosition(e), 'AS021', `incompatible types: unexpected return value: ${ctor ? `constructor ${name}` : `${name}(..) is void`}`, ctor ? 'drop the value: a constructor returns nothing' : `drop the value, or declare ${name}(..) with a result`);
  }
}

/** Does `ret` return from the method whose body is `body`: not from a lambda, nor out of a switch expression? */
function returnsFromBody(ret: Node, body: Node): boolean {
  for (let p = ret.parent; p && p.id !== body.id; p = p.parent) if (p.type === 'lambda_expression' || (p.type === 'switch_expression' && !isStatement(p))) return false;
  return true;
}

/** A switch written as a statement (tree-sitter names both switch_expression). */
function isStatement(sw: Node): boolean {
  const p = sw.parent;
  return !!p && (p.type === 'block' || p.type === 'constructor_body' || p.type === 'switch_block_statement_group' || p.type === 'labeled_statement' || p.type === 'switch_rule');
}

// ---------------------------------------------------------------- reachability

type Report = (n: Node, message: string, suggestion: string) => void;

class Flow {
  /** `names`: the names that are certainly no constant variable. */
  constructor(
    private readonly names: ReadonlySet<string>,
    private readonly report: Report = () => {},
  ) {}

  /** A block's statements in order: the first one after one that cannot complete normally is unreachable. */
  block(b: Node): Completes {
    return this.sequence(kids(b));
  }

  sequence(stmts: Node[]): Completes {
    let state: Completes = 'yes';
    for (const s of stmts) {
      if (state === 'no') {
        this.report(s, `unreachable statement: the statement before it cannot complete normally`, 'remove it, or move it before the return, throw, break or continue');
        // javac goes on in recovery: nothing after it is reported, the block's end is not judged
        return 'unknown';
      }
      const r = this.stmt(s);
      state = state === 'yes' ? r : 'unknown';
    }
    return state;
  }

  stmt(s: Node): Completes {
    if (SIMPLE_STATEMENTS.has(s.type)) return 'yes';
    if (JUMPS.has(s.type)) return 'no';
    switch (s.type) {
      case 'block':
        return this.block(s);
      case 'if_statement': {
        const then = field(s, 'consequence');
        const other = field(s, 'alternative');
        const t = then ? this.stmt(then) : 'unknown';
        if (!other) return 'yes';
        const e = this.stmt(other);
        if (t === 'yes' || e === 'yes') return 'yes';
        return t === 'no' && e === 'no' ? 'no' : 'unknown';
      }
      case 'while_statement':
      case 'for_statement': {
        const body = field(s, 'body');
        if (body) this.stmt(body);
        const cond = field(s, 'condition');
        const forever = s.type === 'for_statement' ? !cond || isTrue(cond) : !!cond && isTrue(cond);
        if (forever) return body ? loopBreaks(body) : 'no';
        return cond && !mayBeConstant(cond, this.names) ? 'yes' : 'unknown';
      }
      case 'enhanced_for_statement': {
        const body = field(s, 'body');
        if (body) this.stmt(body);
        return 'yes';
      }
      case 'do_statement':
      case 'labeled_statement': {
        const body = s.type === 'do_statement' ? field(s, 'body') : kids(s).find((k) => k.type !== 'identifier');
        if (body) this.stmt(body);
        return 'unknown';
      }
      case 'synchronized_statement': {
        const body = field(s, 'body');
        return body ? this.stmt(body) : 'unknown';
      }
      case 'switch_expression':
      case 'switch_statement':
        this.switchBody(field(s, 'body'));
        return 'unknown';
      case 'try_statement':
      case 'try_with_resources_statement': {
        const body = field(s, 'body');
        let r: Completes = body ? this.stmt(body) : 'unknown';
        let fin: Completes = 'yes';
        for (const k of kids(s)) {
          if (k.type === 'catch_clause') {
            const cb = field(k, 'body');
            r = or(r, cb ? this.stmt(cb) : 'unknown');
          } else if (k.type === 'finally_clause') {
            const fb = kids(k).find((x) => x.type === 'block');
            fin = fb ? this.stmt(fb) : 'unknown';
          }
        }
        if (fin === 'no') return 'no';
        if (fin === 'yes') return r;
        return r === 'no' ? 'no' : 'unknown';
      }
      default:
        return 'unknown';
    }
  }

  /** A switch's groups (each reachable through its labels) and rules, for the unreachable statements inside. */
  private switchBody(b: Node | null) {
    if (!b) return;
    for (const g of kids(b)) {
      if (g.type === 'switch_block_statement_group') this.sequence(kids(g).filter((k) => k.type !== 'switch_label'));
      else if (g.type === 'switch_rule') {
        const body = kids(g).find((k) => k.type !== 'switch_label');
        if (body && (body.type === 'block' || body.type === 'throw_statement')) this.stmt(body);
      }
    }
  }
}

function or(x: Completes, y: Completes): Completes {
  if (x === 'yes' || y === 'yes') return 'yes';
  return x === 'no' && y === 'no' ? 'no' : 'unknown';
}

/** The literal `true`, in parentheses or not. */
function isTrue(cond: Node): boolean {
  return cond.text.replace(/[\s()]/g, '') === 'true';
}

/**
 * Whether a `while (true)` or `for (;;)` around `body` can complete normally (JLS 14.22: a
 * reachable break exits it): 'no' without a break that leaves it; 'yes' with an unlabeled one
 * outside a nested loop, switch and try with a finally clause (a break that is itself unreachable
 * is javac's error already); 'unknown' with a labeled one, or one a finally clause may intercept.
 */
function loopBreaks(body: Node): Completes {
  let plain = false;
  const stack: [Node, boolean, boolean][] = [[body, false, false]];
  while (stack.length) {
    const [n, nested, finallyAround] = stack.pop()!;
    if (n.type === 'break_statement') {
      if (kids(n).some((k) => k.type === 'identifier') || (!nested && finallyAround)) return 'unknown';
      if (!nested) plain = true;
      continue;
    }
    if (CLASS_BODIES.has(n.type) || n.type === 'lambda_expression') continue;
    const inner = nested || LOOPS_AND_SWITCHES.has(n.type);
    const fin = finallyAround || ((n.type === 'try_statement' || n.type === 'try_with_resources_statement') && kids(n).some((k) => k.type === 'finally_clause'));
    for (const c of kids(n)) stack.push([c, inner, fin]);
  }
  return plain ? 'yes' : 'no';
}

/**
 * Whether `e` may be a constant expression (JLS 15.29), or hold one that decides a boolean
 * (`debug && ..`): literals, names (a constant variable, `Type.NAME`), operators, casts, over
 * nothing else. A method parameter (`params`) is never a constant; nor is a call, `this`, an
 * assignment, an array access, `instanceof`.
 */
function mayBeConstant(e: Node, names: ReadonlySet<string>): boolean {
  if (LITERAL_TYPES.has(e.type)) return true;
  switch (e.type) {
    case 'identifier':
      return !names.has(e.text);
    case 'field_access': {
      const o = field(e, 'object');
      return !!o && (o.type === 'identifier' || o.type === 'field_access');
    }
    case 'parenthesized_expression':
    case 'unary_expression':
      return kids(e).some((k) => mayBeConstant(k, names));
    case 'cast_expression': {
      const v = field(e, 'value');
      return !!v && mayBeConstant(v, names);
    }
    case 'ternary_expression':
      return kids(e).some((k) => mayBeConstant(k, names));
    case 'binary_expression': {
      const op = field(e, 'operator')?.text;
      const l = field(e, 'left');
      const r = field(e, 'right');
      if (!l || !r) return true;
      // `a && false` is no constant, but its `false` decides what is assigned when it is true
      return op === '&&' || op === '||' ? mayBeConstant(l, names) || mayBeConstant(r, names) : mayBeConstant(l, names) && mayBeConstant(r, names);
    }
    default:
      return false;
  }
}

/**
 * The names in `body` that are certainly no constant variable: the method's parameters, and the
 * variables the body declares none of which is `final` (a lambda's, a catch's, a for-each's, a
 * pattern's, a local's without the modifier). The declarations of locals without a value go to
 * `uninitialized` on the way (checkLocals reads them), the `return` statements to `returns` (checkReturns),
 * the lambdas' block bodies to `lambdaBlocks`.
 */
function variableNames(body: Node, params: ReadonlySet<string>, uninitialized: Node[], returns: Node[], lambdaBlocks: Node[]): Set<string> {
  const plain = new Set(params);
  const final = new Set<string>();
  const stack = [body];
  while (stack.length) {
    const n = stack.pop()!;
    if (CLASS_BODIES.has(n.type)) continue;
    if (n.type === 'return_statement') returns.push(n);
    if (n.type === 'local_variable_declaration') {
      const into = modifierKeywords(n).has('final') ? final : plain;
      let valueless = false;
      for (const d of kids(n)) if (d.type === 'variable_declarator') {
        const name = field(d, 'name');
        if (name) into.add(name.text);
        if (!field(d, 'value')) valueless = true;
      }
      if (valueless) uninitialized.push(n);
    } else if (n.type === 'formal_parameter' || n.type === 'catch_formal_parameter' || n.type === 'enhanced_for_statement') {
      const name = field(n, 'name');
      if (name) plain.add(name.text);
    } else if (n.type === 'inferred_parameters') {
      for (const k of kids(n)) if (k.type === 'identifier') plain.add(k.text);
    } else if (n.type === 'lambda_expression') {
      const p = field(n, 'parameters');
      if (p?.type === 'identifier') plain.add(p.text);
      const b = field(n, 'body');
      if (b?.type === 'block' && !b.hasError) lambdaBlocks.push(b);
    }
    for (const c of kids(n)) stack.push(c);
  }
  for (const f of final) plain.delete(f);
  return plain;
}

// ---------------------------------------------------------------- definite assignment

/**
 * Each local of the body declared without a value (`uninitialized`: the declarations of such locals,
 * as variableNames found them), whose first use after its declaration is a read; not in a lambda.
 */
function checkLocals(a: AnalyzerBase, body: Node, params: ReadonlySet<string>, uninitialized: Node[]) {
  for (const n of uninitialized) {
    if (!(n.parent?.type === 'block' || n.parent?.type === 'constructor_body' || n.parent?.type === 'switch_block_statement_group')) continue;
    if (field(n, 'type')?.text === 'var' || inLambda(n, body)) continue;
    for (const d of kids(n)) if (d.type === 'variable_declarator' && !field(d, 'value')) checkLocal(a, body, n, d, params);
  }
}

function inLambda(n: Node, body: Node): boolean {
  for (let p = n.parent; p && p.id !== body.id; p = p.parent) if (p.type === 'lambda_expression') return true;
  return false;
}

function checkLocal(a: AnalyzerBase, body: Node, decl: Node, d: Node, params: ReadonlySet<string>) {
  const name = field(d, 'name');
  if (!name) return;
  const x = name.text;
  // the scope: the rest of the declaration, then of its block (a switch group's: of the switch block)
  const container = decl.parent!.type === 'switch_block_statement_group' ? decl.parent!.parent! : decl.parent!;
  const use = firstUse(container, x, d.endIndex);
  if (!use) return;
  let read: Node | undefined = use;
  const assign = use.parent;
  if (assign?.type === 'assignment_expression' && assign.childForFieldName('left') === use && field(assign, 'operator')?.text === '=') {
    const rhs = assign.childForFieldName('right');
    const inRhs = rhs ? firstUse(rhs, x, rhs.startIndex - 1) : undefined;
    read = inRhs && certainRead(inRhs) ? inRhs : undefined;
  } else if (!certainRead(use)) read = undefined;
  if (!read || !reachableRead(read, body, params)) return;
  a.report(read, 'AS021', `variable ${x} might not have been initialized: it is read before any value is assigned to it`, `give ${x} a value where it is declared, or assign it on every path before this read`);
}

/**
 * The first identifier naming `x` in `root` after position `after`, in the text's order, outside
 * nested class bodies; undefined when there is none, or when a class body that names it comes first.
 */
function firstUse(root: Node, x: string, after: number): Node | undefined {
  let found: Node | undefined;
  let blocked = false;
  const visit = (n: Node) => {
    if (found || blocked || n.endIndex <= after) return;
    if (CLASS_BODIES.has(n.type)) {
      if (n.startIndex > after && mentions(n, x)) blocked = true;
      return;
    }
    if (n.type === 'identifier' && n.text === x && n.startIndex > after) {
      found = n;
      return;
    }
    for (const c of n.children) visit(c);
  };
  visit(root);
  return blocked ? undefined : found;
}

function mentions(n: Node, x: string): boolean {
  if (n.type === 'identifier') return n.text === x;
  return n.children.some((c) => mentions(c, x));
}

/** Parents where an identifier is certainly an expression naming the variable, evaluated (by its field, when one matters). */
const READ_PARENTS = new Set([
  'binary_expression', 'unary_expression', 'update_expression', 'parenthesized_expression', 'argument_list', 'return_statement',
  'array_access', 'ternary_expression', 'array_initializer', 'throw_statement', 'yield_statement', 'assert_statement',
  'expression_statement',
]);

/** Whether identifier `id` is certainly a read of the variable (not a name of a member, a label, a declaration). */
function certainRead(id: Node): boolean {
  const p = id.parent;
  if (!p) return false;
  const f = id.fieldName;
  if (READ_PARENTS.has(p.type)) return true;
  switch (p.type) {
    case 'method_invocation':
    case 'field_access':
      return f === 'object';
    case 'variable_declarator':
      return f === 'value';
    case 'cast_expression':
      return f === 'value';
    case 'instanceof_expression':
      return f === 'left';
    case 'enhanced_for_statement':
      return f === 'value';
    case 'lambda_expression':
      return f === 'body';
    case 'assignment_expression':
      return f === 'right' || (f === 'left' && field(p, 'operator')?.text !== '=');
    case 'method_reference':
      return p.children[0] === id;
    default:
      return false;
  }
}

/**
 * Whether javac takes the read as reachable, where a local never assigned before is not
 * definitely assigned: every statement before it, from the body down, completes normally, and no
 * condition it depends on may be a constant (after a constant false, or code that cannot be
 * reached, every variable counts as assigned).
 */
function reachableRead(read: Node, body: Node, params: ReadonlySet<string>): boolean {
  const flow = new Flow(params);
  let c = read;
  for (let p = read.parent; p; c = p, p = p.parent) {
    const f = c.fieldName;
    switch (p.type) {
      case 'block':
      case 'constructor_body':
      case 'switch_block_statement_group':
        for (const s of kids(p)) {
          if (s === c) break;
          if (s.type === 'switch_label') continue;
          if (flow.stmt(s) !== 'yes') return false;
        }
        break;
      case 'if_statement':
      case 'ternary_expression':
        if (f !== 'condition' && mayBeConstant(field(p, 'condition')!, params)) return false;
        break;
      case 'while_statement':
      case 'for_statement': {
        const cond = field(p, 'condition');
        if (f === 'update') return false;
        if (f === 'body' && cond && !isTrue(cond) && mayBeConstant(cond, params)) return false;
        break;
      }
      case 'do_statement':
        if (f !== 'body') return false;
        break;
      case 'assert_statement': {
        // the message is evaluated when the condition is false: after a constant true, never
        const cond = kids(p)[0];
        if (c !== cond && cond && mayBeConstant(cond, params)) return false;
        break;
      }
      case 'binary_expression': {
        const op = field(p, 'operator')?.text;
        if ((op === '&&' || op === '||') && f === 'right' && mayBeConstant(field(p, 'left')!, params)) return false;
        break;
      }
      case 'switch_label':
      case 'guard':
      case 'ERROR':
        return false;
      default:
        if (CLASS_BODIES.has(p.type)) return false;
    }
    if (p === body) return true;
  }
  return false;
}
