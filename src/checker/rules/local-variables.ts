/**
 * AS022 local-variables: what javac certainly rejects about local variables, read from the syntax
 * tree of one class body at a time, with scopes tracked here (JLS 6.3, 6.4):
 * - a local, for or for-each variable, catch parameter, resource or lambda parameter declared while
 *   a local or parameter of the same name of the same method is in scope: "variable x is already
 *   defined in method m(..)", at the second declaration's name;
 * - a local or parameter, declared with a value (a parameter, a for-each variable, a catch
 *   parameter), assigned or incremented somewhere and referenced from a lambda declared inside its
 *   scope, or any local assigned in a lambda declared inside its scope: "local variables referenced
 *   from a lambda expression must be final or effectively final", at the reference;
 * - a `final` local with a value or a `final` parameter assigned, a `final` field of the class with
 *   an initializer assigned, a blank `final` instance field assigned in a method (a blank static one
 *   outside the static initializers): "cannot assign a value to final variable x";
 * - `var` where javac cannot use it: a local whose initializer has no type of its own, or none
 *   ("cannot infer type for local variable x"); a field's, result's or parameter's type, a compound
 *   declaration, brackets ("'var' is not allowed ...", javac's parser).
 * Pattern bindings (whose scope follows the flow, JLS 6.3.1) make their name unknown in the whole
 * body: nothing is said of it. Class bodies inside a body (local, anonymous) are judged as their own
 * classes. An assignment in a branch a constant condition may switch off (`if (DEBUG)`) does not
 * count against effective finality (javac's flow analysis ignores it).
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { AnalyzerBase } from '../analysis/base.js';
import { annotationNames, CLASS_DECLS, field, kids, LITERAL_TYPES, modifierKeywords } from '../analysis/syntax.js';

interface Decl {
  name: string;
  node: Node;
  /** Declared with a value: an initializer, or a parameter (of a method, lambda, catch, for-each). */
  valued: boolean;
  /** Declared `final`. */
  final: boolean;
  /** Final without the modifier (a resource, a multi-catch parameter): assigning it is another error. */
  implicit: boolean;
  /** A parameter (of a method, constructor, lambda or catch clause), a for-each variable, or another local. */
  kind: 'param' | 'foreach' | 'local' | 'field';
  /** How many lambdas and inner classes enclose the declaration. */
  depth: number;
  /** How many inner classes enclose the declaration (0: the member's own, judged here). */
  classDepth: number;
  /**
   * The assignments and increments of it, whether a constant condition may switch each off, and
   * whether an inner class makes it (javac's flow does not count those against effective finality).
   */
  assigns: { node: Node; dead: boolean; inClass: boolean }[];
}

interface FieldAssign {
  node: Node;
  name: string;
  viaThis: boolean;
  member: Member;
}

interface Member {
  kind: 'method' | 'constructor' | 'initializer' | 'static initializer' | 'field';
  static: boolean;
  label: string;
}

/** A final field of the class: static or not, declared with an initializer or not. */
interface FinalField {
  static: boolean;
  init: boolean;
}


/** JDK interfaces without fields: an anonymous or local class of them inherits no name a method's variable could hide behind. */
const FIELDLESS = new Set([
  'Object', 'Runnable', 'Callable', 'Comparator', 'Iterator', 'Iterable', 'AutoCloseable', 'Closeable', 'Supplier', 'Consumer', 'BiConsumer', 'Function', 'BiFunction',
  'Predicate', 'BiPredicate', 'UnaryOperator', 'BinaryOperator', 'IntFunction', 'IntPredicate', 'IntConsumer', 'IntSupplier', 'IntUnaryOperator',
  'IntBinaryOperator', 'ToIntFunction', 'LongFunction', 'LongSupplier', 'ToLongFunction', 'DoubleFunction', 'DoubleSupplier', 'ToDoubleFunction',
  'BooleanSupplier', 'ObjIntConsumer',
]);

/** Whether type `t` (`Runnable`, `Supplier<String>`, `java.util.function.Supplier<T>`) is one of FIELDLESS. */
function fieldless(t: Node): boolean {
  const base = t.type === 'generic_type' ? kids(t)[0] : t;
  if (!base || (base.type !== 'type_identifier' && base.type !== 'scoped_type_identifier')) return false;
  return FIELDLESS.has(base.text.slice(base.text.lastIndexOf('.') + 1).trim());
}

/** The interfaces a class declaration implements. */
function superInterfaces(n: Node): Node[] {
  const si = field(n, 'interfaces') ?? kids(n).find((k) => k.type === 'super_interfaces');
  const list = si ? kids(si).find((k) => k.type === 'type_list') : undefined;
  return list ? kids(list) : [];
}

/** Identifiers that are not names of variables where they stand, by parent type and field (or '' for any). */
function notReference(n: Node): boolean {
  const p = n.parent;
  if (!p) return true;
  switch (p.type) {
    case 'method_invocation':
      return n.fieldName === 'name';
    case 'field_access':
      return n.fieldName === 'field';
    case 'method_reference':
      return kids(p)[0]?.id !== n.id;
    case 'labeled_statement':
    case 'break_statement':
    case 'continue_statement':
    case 'switch_label':
    case 'element_value_pair':
      return true;
    case 'instanceof_expression':
      return n.fieldName === 'name';
    default:
      return false;
  }
}

class Walker {
  private scopes: Map<string, Decl>[] = [];
  /** Where each inner class's scopes start: a declaration there clashes with nothing before. */
  private barriers: number[] = [];
  /** The lambdas and inner classes the walk is in, innermost last. */
  private boundaries: ('lambda expression' | 'inner class')[] = [];
  readonly decls: Decl[] = [];
  readonly captures: { ref: Node; decl: Decl; assign: boolean; from: string }[] = [];

  private get depth() {
    return this.boundaries.length;
  }

  private get classDepth() {
    return this.barriers.length;
  }

  constructor(
    private readonly a: AnalyzerBase,
    private readonly member: Member,
    /** Names pattern bindings of the member take: unknown. */
    private readonly unknown: Set<string>,
    private readonly fieldAssigns: FieldAssign[],
  ) {}

  private lookup(name: string): Decl | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const d = this.scopes[i].get(name);
      if (d) return d;
    }
    return undefined;
  }

  push() {
    this.scopes.push(new Map());
  }

  pop() {
    this.scopes.pop();
  }

  declare(nameNode: Node | null, valued: boolean, final: boolean, kind: Decl['kind'], implicit = false) {
    if (!nameNode || nameNode.type !== 'identifier') return;
    const name = nameNode.text;
    if (name === '_') return;
    const top = this.scopes[this.scopes.length - 1];
    if (!top) return;
    if (!this.classDepth && this.lookup(name) && !this.unknown.has(name)) {
      this.a.report(nameNode, 'AS022', `variable ${name} is already defined in ${this.member.label}`, `rename this ${name}, or reuse the one declared before (a variable's scope runs to the end of its block)`);
    }
    const d: Decl = { name, node: nameNode, valued, final, implicit, kind, depth: this.depth, classDepth: this.classDepth, assigns: [] };
    this.decls.push(d);
    top.set(name, d);
  }

  /** Declares the parameters of a method, constructor or lambda (`formal_parameters`, `inferred_parameters`, one identifier). */
  params(ps: Node | null) {
    if (!ps) return;
    if (ps.type === 'identifier') return this.declare(ps, true, false, 'param');
    for (const p of kids(ps)) {
      if (p.type === 'identifier') this.declare(p, true, false, 'param');
      else if (p.type === 'formal_parameter') this.declare(field(p, 'name'), true, modifierKeywords(p).has('final'), 'param');
      else if (p.type === 'spread_parameter') {
        const d = kids(p).find((k) => k.type === 'variable_declarator');
        this.declare(d ? field(d, 'name') : null, true, modifierKeywords(p).has('final'), 'param');
      }
    }
  }

  visit(n: Node) {
    if ((CLASS_DECLS.has(n.type) && n.type !== 'class_declaration') || n.type === 'class_body' || n.type === 'modifiers' || n.type === 'annotation' || n.type === 'marker_annotation') return;
    switch (n.type) {
      case 'block':
      case 'switch_block':
        this.push();
        for (const k of kids(n)) this.visit(k);
        this.pop();
        return;
      case 'local_variable_declaration': {
        if (field(n, 'type')?.text === 'var') checkVarDeclaration(this.a, n);
        const final = modifierKeywords(n).has('final');
        for (const k of kids(n)) {
          if (k.type !== 'variable_declarator') {
            this.visit(k);
            continue;
          }
          const v = field(k, 'value');
          this.declare(field(k, 'name'), !!v, final, 'local');
          if (v) this.visit(v);
        }
        return;
      }
      case 'for_statement':
        this.push();
        for (const k of kids(n)) this.visit(k);
        this.pop();
        return;
      case 'enhanced_for_statement': {
        const v = field(n, 'value');
        if (v) this.visit(v);
        this.push();
        this.declare(field(n, 'name'), true, modifierKeywords(n).has('final'), 'foreach');
        const b = field(n, 'body');
        if (b) this.visit(b);
        this.pop();
        return;
      }
      case 'try_with_resources_statement':
        this.push();
        for (const k of kids(n)) {
          if (k.type === 'resource_specification') {
            for (const r of kids(k)) {
              const name = field(r, 'name');
              const v = field(r, 'value');
              if (v) this.visit(v);
              if (name) this.declare(name, true, true, 'local', true);
              else for (const x of kids(r)) this.visit(x);
            }
          } else if (k.fieldName === 'body') this.visit(k);
        }
        this.pop();
        for (const k of kids(n)) if (k.type === 'catch_clause' || k.type === 'finally_clause') this.visit(k);
        return;
      case 'catch_clause': {
        this.push();
        const p = kids(n).find((k) => k.type === 'catch_formal_parameter');
        if (p) {
          const types = kids(p).find((k) => k.type === 'catch_type');
          const multi = !!types && kids(types).length > 1;
          this.declare(field(p, 'name'), true, multi || modifierKeywords(p).has('final'), 'param', multi);
        }
        const b = field(n, 'body');
        if (b) this.visit(b);
        this.pop();
        return;
      }
      case 'lambda_expression': {
        this.boundaries.push('lambda expression');
        this.push();
        this.params(field(n, 'parameters'));
        const b = field(n, 'body');
        if (b) this.visit(b);
        this.pop();
        this.boundaries.pop();
        return;
      }
      case 'class_declaration': {
        const b = field(n, 'body');
        if (b && !field(n, 'superclass') && superInterfaces(n).every(fieldless)) this.innerClass(b);
        return;
      }
      case 'object_creation_expression': {
        for (const k of kids(n)) if (k.type !== 'class_body') this.visit(k);
        const b = field(n, 'body') ?? kids(n).find((k) => k.type === 'class_body');
        const t = field(n, 'type');
        if (b && t && fieldless(t)) this.innerClass(b);
        return;
      }
      case 'type_pattern':
      case 'record_pattern':
      case 'pattern':
        return;
      case 'assignment_expression': {
        const l = field(n, 'left');
        if (l) this.target(l);
        const r = field(n, 'right');
        if (r) this.visit(r);
        return;
      }
      case 'update_expression': {
        const x = kids(n)[0];
        if (x) this.target(x);
        return;
      }
      case 'identifier':
        if (!notReference(n)) this.reference(n);
        return;
      default:
        for (const k of kids(n)) this.visit(k);
    }
  }

  /**
   * The body of a local or anonymous class whose supertypes declare no fields: its fields hide the
   * method's variables, its members start their own scopes, and a method's variable referenced
   * there is captured (javac: "referenced from an inner class"). Its static members are skipped.
   */
  private innerClass(body: Node) {
    this.boundaries.push('inner class');
    this.barriers.push(this.scopes.length);
    this.push();
    const members = kids(body);
    for (const m of members) {
      if (m.type !== 'field_declaration') continue;
      for (const d of kids(m).filter((k) => k.type === 'variable_declarator')) {
        const n = field(d, 'name');
        if (n) this.scopes[this.scopes.length - 1].set(n.text, { name: n.text, node: n, valued: true, final: false, implicit: false, kind: 'field', depth: this.depth, classDepth: this.classDepth, assigns: [] });
      }
    }
    for (const m of members) {
      if (modifierKeywords(m).has('static')) continue;
      if (m.type === 'field_declaration') {
        for (const d of kids(m).filter((k) => k.type === 'variable_declarator')) {
          const v = field(d, 'value');
          if (v) this.visit(v);
        }
      } else if (m.type === 'method_declaration' || m.type === 'constructor_declaration' || m.type === 'block') {
        this.push();
        if (m.type !== 'block') this.params(field(m, 'parameters'));
        const b = m.type === 'block' ? m : field(m, 'body');
        if (b) this.visit(b);
        this.pop();
      }
    }
    this.pop();
    this.barriers.pop();
    this.boundaries.pop();
  }

  private reference(n: Node, assign = false): Decl | undefined {
    if (this.unknown.has(n.text)) return undefined;
    const d = this.lookup(n.text);
    if (d && d.depth < this.depth) this.captures.push({ ref: n, decl: d, assign, from: this.boundaries[this.boundaries.length - 1] });
    return d;
  }

  /** The variable assigned or incremented. */
  private target(l: Node) {
    while (l.type === 'parenthesized_expression' && kids(l).length === 1) l = kids(l)[0];
    if (l.type === 'identifier') {
      if (this.unknown.has(l.text)) return;
      const d = this.reference(l, true);
      if (d) d.assigns.push({ node: l, dead: this.mayBeDead(l, d.node), inClass: d.classDepth < this.classDepth });
      else if (!this.classDepth) this.fieldAssigns.push({ node: l, name: l.text, viaThis: false, member: this.member });
      return;
    }
    if (l.type === 'field_access' && field(l, 'object')?.type === 'this') {
      if (this.classDepth) return;
      const f = field(l, 'field');
      if (f) this.fieldAssigns.push({ node: f, name: f.text, viaThis: true, member: this.member });
      return;
    }
    this.visit(l);
  }

  /**
   * Whether a condition that may be a constant expression guards `n` inside the scope of `decl`
   * (javac's flow takes a constant false branch for dead: an assignment there keeps a variable
   * declared before it effectively final).
   */
  private mayBeDead(n: Node, decl: Node): boolean {
    for (let c = n, p = n.parent; p; c = p, p = p.parent) {
      if (CLASS_DECLS.has(p.type) || p.type === 'class_body') return false;
      if (p.startIndex <= decl.startIndex && decl.endIndex <= p.endIndex) return false;
      let cond: Node | null = null;
      if (p.type === 'if_statement' || p.type === 'ternary_expression') cond = c.fieldName === 'condition' ? null : field(p, 'condition');
      else if (p.type === 'while_statement' || p.type === 'for_statement') cond = c.fieldName === 'body' ? field(p, 'condition') : null;
      else if (p.type === 'binary_expression' && (field(p, 'operator')?.text === '&&' || field(p, 'operator')?.text === '||') && c.fieldName === 'right') cond = field(p, 'left');
      if (cond && this.mayBeConstant(cond)) return true;
    }
    return false;
  }

  private mayBeConstant(e: Node): boolean {
    if (LITERAL_TYPES.has(e.type) || e.type === 'null_literal' || e.type === 'field_access') return true;
    if (e.type === 'identifier') {
      const d = this.lookup(e.text);
      return !d || (d.final && d.node.startIndex < e.startIndex) || d.node.startIndex > e.startIndex;
    }
    if (['parenthesized_expression', 'unary_expression', 'binary_expression', 'ternary_expression', 'cast_expression'].includes(e.type)) {
      return kids(e).every((k) => k.type.endsWith('_type') || k.type === 'type_identifier' || this.mayBeConstant(k));
    }
    return false;
  }
}

function reportVarNotAllowed(a: AnalyzerBase, type: Node) {
  a.report(type, 'AS022', `'var' is not allowed here: it types local variables only`, 'write the type');
}

/** What each initializer of a `var` local cannot give it a type for (javac: "cannot infer type for local variable x"). */
const NO_TYPE: Record<string, string> = {
  null_literal: "variable initializer is 'null'",
  lambda_expression: 'lambda expression needs an explicit target-type',
  method_reference: 'method reference needs an explicit target-type',
  array_initializer: 'array initializer needs an explicit target-type',
};

/** A `var` local declaration: one variable, no brackets, an initializer that has a type of its own (JLS 14.4). */
function checkVarDeclaration(a: AnalyzerBase, decl: Node) {
  const ds = kids(decl).filter((k) => k.type === 'variable_declarator');
  if (ds.length > 1) {
    a.report(ds[1], 'AS022', `'var' is not allowed in a compound declaration`, 'declare each variable on its own, or write the type');
    return;
  }
  const d = ds[0];
  const name = d && field(d, 'name');
  if (!d || !name) return;
  if (field(d, 'dimensions')) {
    a.report(d, 'AS022', `'var' is not allowed as an element type of an array`, 'write var without brackets, or the array type');
    return;
  }
  const v = field(d, 'value');
  const why = !v ? "cannot use 'var' on variable without initializer" : NO_TYPE[v.type];
  if (why) a.report(name, 'AS022', `cannot infer type for local variable ${name.text} (${why})`, `write the type of ${name.text}`);
}

/**
 * The findings of AS022 javac makes in its flow phase (a capture that is not effectively final, a
 * final parameter or for-each variable assigned): like AS017's, they stand only where no other
 * error is reported (index.ts, flowAfterAttribution).
 */
export const FLOW_MESSAGES = /^(local variables referenced from (a lambda expression|an inner class)|final parameter \S+ may not be assigned|variable \S+ might already have been assigned)/;

/** The names pattern bindings below `root` take (and any identifier of a pattern). */
function patternNames(root: Node): Set<string> {
  const out = new Set<string>();
  // (a pattern is written after `instanceof` or `case`: most bodies have neither, and are not walked)
  const text = root.text;
  if (!text.includes('instanceof') && !text.includes('case')) return out;
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'instanceof_expression') {
      const name = field(n, 'name');
      if (name) out.add(name.text);
    }
    if (n.type === 'type_pattern' || n.type === 'record_pattern' || n.type === 'record_pattern_component') {
      const s = [n];
      while (s.length) {
        const x = s.pop()!;
        if (x.type === 'identifier') out.add(x.text);
        s.push(...kids(x));
      }
      continue;
    }
    stack.push(...kids(n));
  }
  return out;
}

function className(body: Node): string {
  return (body.parent && field(body.parent, 'name')?.text) ?? 'the anonymous class';
}

/**
 * Judges the local variables of the methods, constructors, initializers and field initializers of
 * a class body (`class_body`, `enum_body`, `interface_body`), and the assignments of its final fields.
 */
export function checkLocalVariables(a: AnalyzerBase, body: Node) {
  const decl = body.parent;
  const isRecord = decl?.type === 'record_declaration';
  const members: Node[] = [];
  for (const m of kids(body)) {
    if (m.type === 'enum_body_declarations') members.push(...kids(m));
    else members.push(m);
  }
  const finals = new Map<string, FinalField>();
  if (body.type !== 'interface_body') {
    for (const m of members) {
      if (m.type !== 'field_declaration') continue;
      const mods = modifierKeywords(m);
      // Lombok's @Builder.Default moves the initializer out of the field: the constructors may assign it
      if (annotationNames(m).includes('Default')) continue;
      for (const d of kids(m).filter((k) => k.type === 'variable_declarator')) {
        const n = field(d, 'name');
        if (n && mods.has('final')) finals.set(n.text, { static: mods.has('static'), init: !!field(d, 'value') });
      }
    }
  }
  const cname = className(body);
  const fieldAssigns: FieldAssign[] = [];
  for (const m of members) {
    if (m.hasError) continue;
    const mods = modifierKeywords(m);
    let member: Member;
    let params: Node | null = null;
    let roots: Node[];
    const name = field(m, 'name')?.text ?? '';
    switch (m.type) {
      case 'method_declaration':
        member = { kind: 'method', static: mods.has('static'), label: `method ${name}(..)` };
        params = field(m, 'parameters');
        roots = [field(m, 'body')].filter((x): x is Node => !!x);
        break;
      case 'constructor_declaration':
      case 'compact_constructor_declaration':
        member = { kind: 'constructor', static: false, label: `constructor ${name}(..)` };
        params = field(m, 'parameters');
        roots = [field(m, 'body')].filter((x): x is Node => !!x);
        break;
      case 'block':
        member = { kind: 'initializer', static: false, label: `instance initializer of class ${cname}` };
        roots = [m];
        break;
      case 'static_initializer':
        member = { kind: 'static initializer', static: true, label: `static initializer of class ${cname}` };
        roots = kids(m).filter((k) => k.type === 'block');
        break;
      case 'field_declaration':
        member = { kind: 'field', static: mods.has('static'), label: `class ${cname}` };
        roots = kids(m).filter((k) => k.type === 'variable_declarator').map((d) => field(d, 'value')).filter((x): x is Node => !!x);
        break;
      default:
        continue;
    }
    // `var` types locals only: not a field, a method's result or a method's parameter
    const varType = m.type === 'field_declaration' || m.type === 'method_declaration' ? field(m, 'type') : null;
    if (varType?.text === 'var') reportVarNotAllowed(a, varType);
    for (const p of params ? kids(params) : []) if (p.type === 'formal_parameter' && field(p, 'type')?.text === 'var') reportVarNotAllowed(a, field(p, 'type')!);
    const unknown = new Set<string>();
    for (const r of roots) for (const x of patternNames(r)) unknown.add(x);
    // a compact constructor's parameters: the record's components, declared nowhere here
    if (m.type === 'compact_constructor_declaration' || isRecord) {
      const ps = decl ? field(decl, 'parameters') : null;
      for (const p of ps ? kids(ps) : []) {
        const n = field(p, 'name') ?? kids(p).find((k) => k.type === 'variable_declarator')?.childForFieldName('name');
        if (n) unknown.add(n.text);
      }
    }
    const w = new Walker(a, member, unknown, fieldAssigns);
    w.push();
    w.params(params);
    for (const r of roots) w.visit(r);
    w.pop();
    for (const d of w.decls) {
      if (!d.final || d.implicit || !d.valued || d.classDepth) continue;
      // (javac's flow phase finds a final parameter or for-each variable assigned, attribution a final local)
      const message = d.kind === 'param' ? `final parameter ${d.name} may not be assigned` : d.kind === 'foreach' ? `variable ${d.name} might already have been assigned` : `cannot assign a value to final variable ${d.name}`;
      for (const x of d.assigns) a.report(x.node, 'AS022', message, `drop final from ${d.name}, or assign a new local instead`);
    }
    for (const { ref, decl: d, assign, from } of w.captures) {
      // (an inner class's own variables: judged with that class)
      if (d.classDepth || d.kind === 'field') continue;
      // assigned in the lambda: javac reports it however the variable was declared, in dead code too
      if (d.final || (!assign && (!d.valued || !d.assigns.some((x) => !x.dead && !x.inClass)))) continue;
      const where = from === 'inner class' ? 'an inner class' : 'a lambda expression';
      a.report(ref, 'AS022', `local variables referenced from ${where} must be final or effectively final: ${d.name} is assigned ${assign ? `in the ${from === 'inner class' ? 'class' : 'lambda'}` : 'after its declaration'}`, assign ? `${where} cannot assign ${d.name}: hold it in an AtomicReference (or an array of one) and set that` : `copy ${d.name} into a final local before ${where === 'a lambda expression' ? 'the lambda' : 'the class'} and use that, or hold it in an AtomicReference`);
    }
  }
  for (const x of fieldAssigns) {
    const f = finals.get(x.name);
    if (!f) continue;
    const m = x.member;
    // an instance field in a static context: another error
    if (!f.static && m.static) continue;
    if (f.static && x.viaThis) continue;
    const blankOk = f.static ? m.kind === 'static initializer' || m.kind === 'field' : m.kind !== 'method';
    if (!f.init && blankOk) continue;
    a.report(x.node, 'AS022', `cannot assign a value to final variable ${x.name}`, f.init ? `drop final from ${x.name}, or drop the assignment (it has its value where it is declared)` : `drop final from ${x.name}, or assign it in ${f.static ? 'a static initializer' : 'the constructors'} only`);
  }
}
