import type { Node, Tree } from 'web-tree-sitter';
import type { Member, TypeDecl } from '../inventory/schema.js';
import { suggest } from '../core/suggest.js';
import { curatedFor, hasApi, trapEnabled } from './curated.js';
import { type FoundMember, type Hierarchy, InventoryIndex } from './inventory-index.js';
import { asValueType, cls, erasure, type JType, parseTypeString, shortName, substitute, typeToString, UNKNOWN } from './jtype.js';
import { externalMethod, lambdaParamsOf } from './external.js';
import { annotationProblems } from './annotations.js';
import { JAVA_LANG_TYPES, resemblingTypes } from './names.js';
import { argInfo, binaryType, describeArity, elementType, fullyKnown, genericArgsDiffer, isFunctional, promote, shortType, simpleErasure, STATIC_ONLY_CLASSES } from './expr-types.js';
import { type ArgInfo, applicable, assignable, describeArg, simple as simpleType, type TypeFacts, type Verdict } from './applicability.js';
import { type Finding, RULES, type RuleId } from './rules.js';

const AS_ROOT = 'io.agentscope';

/**
 * Node facts cached by node id. Each web-tree-sitter accessor is a call into WebAssembly that
 * builds fresh Node objects, and the analyzer asks the same questions of a node many times.
 */
const kidsCache = new Map<number, Node[]>();
const fieldCache = new Map<number, Map<string, Node | null>>();

/** Named children without comments (tree-sitter keeps comments as named "extra" nodes). */
function kids(n: Node): Node[] {
  let k = kidsCache.get(n.id);
  if (!k) {
    k = [];
    for (const c of n.namedChildren) {
      if (c === null) continue;
      const t = c.type;
      if (t !== 'line_comment' && t !== 'block_comment') k.push(c);
    }
    kidsCache.set(n.id, k);
  }
  return k;
}
/** Node ids are only unique while their trees live: call when the trees are deleted. */
export function clearNodeCaches(): void {
  kidsCache.clear();
  fieldCache.clear();
}
function field(n: Node, name: string): Node | null {
  let byName = fieldCache.get(n.id);
  if (!byName) fieldCache.set(n.id, (byName = new Map()));
  let f = byName.get(name);
  if (f === undefined) byName.set(name, (f = n.childForFieldName(name)));
  return f;
}

interface ImportInfo {
  single: Map<string, string>;
  staticSingle: Map<string, string[]>;
  staticOnDemand: string[];
  onDemand: string[];
}

interface SourceClass {
  fqn: string;
  name: string;
  pkg: string;
  kind: string;
  node: Node;
  unit: FileUnit;
  outer?: SourceClass;
  typeParams: string[];
  fieldNodes: Map<string, { type: Node; dims: number }>;
  methodNodes: Map<string, Node[]>;
  nested: Map<string, string>;
  hasCtor: boolean;
}

interface FileUnit {
  path: string;
  content: string;
  tree: Tree;
  pkg: string;
  imports: ImportInfo;
  classes: SourceClass[];
}

interface ClassCtx {
  fqn: string;
  src?: SourceClass;
  supers: JType[];
  superclass?: JType;
  outer?: ClassCtx;
  /** Methods declared in the body (named or anonymous class). */
  methods: Map<string, Node[]>;
  /** Fields declared in an anonymous class body: `this.count` there is not a member of the supertype. */
  anonFields?: Map<string, JType>;
  ctx: TypeCtx;
}

interface TypeCtx {
  unit: FileUnit;
  cls?: ClassCtx;
  typeVars: Set<string>;
}

class Scope {
  vars = new Map<string, JType>();
  constructor(
    readonly parent: Scope | undefined,
    readonly ctx: TypeCtx,
    readonly classBoundary?: ClassCtx,
    /** Return type of the enclosing method, when known (for lambdas in return position). */
    readonly returnType?: JType,
  ) {}
}

type EVal = { k: 'val'; t: JType } | { k: 'type'; fqn: string; t: JType } | { k: 'pkg'; name: string } | { k: 'none' };
const NONE: EVal = { k: 'none' };
const val = (t: JType): EVal => ({ k: 'val', t });

const EXPRESSIONS = new Set([
  'identifier', 'field_access', 'method_invocation', 'object_creation_expression', 'this', 'super', 'parenthesized_expression',
  'cast_expression', 'ternary_expression', 'lambda_expression', 'method_reference', 'string_literal', 'character_literal',
  'decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal', 'binary_integer_literal', 'decimal_floating_point_literal',
  'hex_floating_point_literal', 'true', 'false', 'null_literal', 'class_literal', 'array_access', 'array_creation_expression',
  'array_initializer', 'assignment_expression', 'binary_expression', 'unary_expression', 'update_expression', 'instanceof_expression',
  'switch_expression', 'text_block',
]);

const CLASS_DECLS = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);

export interface AnalyzeOptions {
  /** Rules to run; default all. */
  rules?: ReadonlySet<RuleId>;
}

/**
 * The checker proper: pass 1 collects the declarations of every file (so a project's own
 * types resolve), pass 2 types expressions and reports. Every "not found" is reported only
 * when the lookup was complete (known receiver type, fully known supertypes, no chance of a
 * package-private member the inventory cannot show).
 */
/** How much the run could judge: for precision reports ("0 errors out of N judged references"). */
export interface CheckStats {
  /** Method/field/constructor references whose receiver resolved to an inventory type. */
  resolved: number;
  /** Of those, references the checker was entitled to judge (complete hierarchy, other package). */
  judged: number;
  /** Method calls whose receiver type stayed unknown (skipped). */
  unknownReceiver: number;
}

export class Analyzer {
  readonly findings: Finding[] = [];
  readonly stats: CheckStats = { resolved: 0, judged: 0, unknownReceiver: 0 };
  private seen = new Set<string>();
  private srcByFqn = new Map<string, SourceClass>();
  private srcByPkg = new Map<string, Map<string, SourceClass>>();
  private srcPackages = new Set<string>();
  private classOfNode = new Map<number, SourceClass>();
  private unit!: FileUnit;
  private traps: Record<'AS101' | 'AS102' | 'AS103' | 'AS104', boolean>;
  private askBranches: Node[] = [];
  private mcpRegs = new Map<string, { node: Node; method: Node | null; key: string }[]>();
  private methodStack: Node[] = [];

  /** What applicability needs to know about types (applicability.ts). */
  private readonly facts: TypeFacts = {
    isInventory: (fqn) => this.idx.type(fqn) !== undefined,
    isSource: (fqn) => this.srcByFqn.has(fqn),
    inventorySupers: (fqn) => {
      const h = this.idx.hierarchy(cls(fqn));
      return h.complete ? new Set([...h.types.map((t) => t.decl.fqn), ...h.jdk]) : undefined;
    },
    lambdaFits: (t, arity) => this.lambdaFits(t, arity),
  };

  private lambdaFits(t: JType & { k: 'class' }, arity: number): Verdict {
    const ext = lambdaParamsOf(t);
    if (ext) return ext.params.length === arity ? 'yes' : 'no';
    const decl = this.idx.type(t.fqn);
    if (!decl) return 'maybe';
    if (decl.kind !== 'interface') return 'no';
    const h = this.idx.hierarchy(t);
    if (!h.complete) return 'maybe';
    const abs = this.idx.abstractMethods(h).filter((a) => !['equals', 'hashCode', 'toString'].includes(a.name));
    if (new Set(abs.map((a) => a.name)).size !== 1 || abs.some((a) => !a.member)) return abs.length === 0 ? 'no' : 'maybe';
    return abs.every((a) => (a.member!.params ?? []).length === arity) ? 'yes' : 'no';
  }

  constructor(readonly idx: InventoryIndex, private options: AnalyzeOptions = {}) {
    this.traps = {
      AS101: trapEnabled(idx, 'AS101'),
      AS102: trapEnabled(idx, 'AS102'),
      AS103: trapEnabled(idx, 'AS103'),
      AS104: trapEnabled(idx, 'AS104'),
    };
  }

  // ---------------------------------------------------------------- reporting

  private report(node: Node, rule: RuleId, message: string, suggestion?: string) {
    if (this.options.rules && !this.options.rules.has(rule)) return;
    const line = node.startPosition.row + 1;
    const col = node.startPosition.column + 1;
    const key = `${this.unit.path}:${line}:${col}:${rule}:${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push({
      file: this.unit.path,
      line,
      col,
      endLine: node.endPosition.row + 1,
      endCol: node.endPosition.column + 1,
      rule,
      severity: RULES[rule].severity,
      message,
      suggestion: suggestion || `see docs/checker.md#${rule.toLowerCase()} (${RULES[rule].name})`,
    });
  }

  // ---------------------------------------------------------------- pass 1

  addFile(path: string, content: string, tree: Tree): FileUnit | undefined {
    const root = tree.rootNode;
    const unit: FileUnit = {
      path,
      content,
      tree,
      pkg: '',
      imports: { single: new Map(), staticSingle: new Map(), staticOnDemand: [], onDemand: [] },
      classes: [],
    };
    for (const c of kids(root)) {
      if (c.type === 'package_declaration') {
        const n = kids(c).find((k) => k.type === 'scoped_identifier' || k.type === 'identifier');
        if (n) unit.pkg = n.text.replace(/\s+/g, '');
      } else if (c.type === 'import_declaration') {
        const isStatic = c.children.some((k) => k?.type === 'static');
        const star = c.children.some((k) => k?.type === 'asterisk');
        const n = kids(c).find((k) => k.type === 'scoped_identifier' || k.type === 'identifier');
        if (!n) continue;
        const name = n.text.replace(/\s+/g, '');
        if (isStatic && star) unit.imports.staticOnDemand.push(name);
        else if (isStatic) {
          const i = name.lastIndexOf('.');
          const list = unit.imports.staticSingle.get(name.slice(i + 1)) ?? [];
          list.push(name.slice(0, i));
          unit.imports.staticSingle.set(name.slice(i + 1), list);
        } else if (star) unit.imports.onDemand.push(name);
        else unit.imports.single.set(name.slice(name.lastIndexOf('.') + 1), name);
      } else if (CLASS_DECLS.has(c.type)) {
        this.collectClass(c, unit, undefined);
      }
    }
    this.srcPackages.add(unit.pkg);
    return unit;
  }

  private collectClass(node: Node, unit: FileUnit, outer: SourceClass | undefined): void {
    const nameNode = field(node, 'name');
    if (!nameNode) return;
    const name = nameNode.text;
    const fqn = outer ? `${outer.fqn}.${name}` : unit.pkg ? `${unit.pkg}.${name}` : name;
    const sc: SourceClass = {
      fqn,
      name,
      pkg: unit.pkg,
      kind: node.type.replace('_declaration', '').replace('annotation_type', 'annotation'),
      node,
      unit,
      outer,
      typeParams: [],
      fieldNodes: new Map(),
      methodNodes: new Map(),
      nested: new Map(),
      hasCtor: false,
    };
    const tps = field(node, 'type_parameters');
    if (tps) for (const tp of kids(tps)) sc.typeParams.push(kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text ?? '');
    if (node.type === 'record_declaration') {
      const params = field(node, 'parameters');
      for (const p of params ? kids(params) : []) {
        const t = field(p, 'type');
        const n = field(p, 'name');
        if (t && n) {
          sc.fieldNodes.set(n.text, { type: t, dims: 0 });
          const list = sc.methodNodes.get(n.text) ?? [];
          list.push(p);
          sc.methodNodes.set(n.text, list);
        }
      }
    }
    unit.classes.push(sc);
    this.srcByFqn.set(fqn, sc);
    this.classOfNode.set(node.id, sc);
    if (!outer) {
      let m = this.srcByPkg.get(unit.pkg);
      if (!m) this.srcByPkg.set(unit.pkg, (m = new Map()));
      m.set(name, sc);
    } else outer.nested.set(name, fqn);
    const body = field(node, 'body');
    if (!body) return;
    this.collectBody(body, sc, unit);
  }

  private collectBody(body: Node, sc: SourceClass, unit: FileUnit) {
    for (const m of kids(body)) {
      if (m.type === 'enum_body_declarations') {
        this.collectBody(m, sc, unit);
      } else if (m.type === 'enum_constant') {
        const n = field(m, 'name');
        if (n) sc.fieldNodes.set(n.text, { type: sc.node, dims: -1 });
      } else if (m.type === 'field_declaration' || m.type === 'constant_declaration') {
        const t = field(m, 'type');
        for (const d of kids(m).filter((k) => k.type === 'variable_declarator')) {
          const n = field(d, 'name');
          const dn = field(d, 'dimensions');
          if (t && n) sc.fieldNodes.set(n.text, { type: t, dims: dn ? (dn.text.match(/\[/g) ?? []).length : 0 });
        }
      } else if (m.type === 'method_declaration' || m.type === 'annotation_type_element_declaration') {
        const n = field(m, 'name');
        if (n) {
          const list = sc.methodNodes.get(n.text) ?? [];
          list.push(m);
          sc.methodNodes.set(n.text, list);
        }
      } else if (m.type === 'constructor_declaration' || m.type === 'compact_constructor_declaration') {
        sc.hasCtor = true;
      } else if (CLASS_DECLS.has(m.type)) {
        this.collectClass(m, unit, sc);
      }
    }
  }

  // ---------------------------------------------------------------- names

  private isAsName(q: string): boolean {
    return q === AS_ROOT || q.startsWith(AS_ROOT + '.');
  }

  /** Is a package known (inventory, or declared by the checked sources)? */
  private packageKnown(p: string): boolean {
    if (this.idx.packages.has(p) || this.srcPackages.has(p)) return true;
    for (const s of this.srcPackages) if (s.startsWith(p + '.')) return true;
    return false;
  }

  /**
   * May we call a missing io.agentscope qualified name an error? Only when its package is
   * one the inventory has types in, or when the file is not itself inside io.agentscope
   * (library, test or example code may use packages the inventory does not describe).
   */
  private mayJudgeQualified(pkg: string): boolean {
    if (this.idx.byPackage.has(pkg)) return true;
    if (this.srcPackages.has(pkg)) return false;
    if (this.isAsName(this.unit.pkg)) return false;
    return this.isAsName(pkg);
  }

  private hasType(fqn: string): boolean {
    return this.idx.byFqn.has(fqn) || this.srcByFqn.has(fqn);
  }

  /** Member type `name` of type `fqn` (inherited too): fqn, undefined = certainly none, null = cannot tell. */
  private memberType(fqn: string, name: string, depth = 0): string | undefined | null {
    if (depth > 8) return null;
    const sc = this.srcByFqn.get(fqn);
    if (sc) {
      const n = sc.nested.get(name);
      if (n) return n;
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
    return this.idx.isJdkKnown(fqn) || fqn === 'java.lang.Object' ? undefined : null;
  }

  private supersCache = new Map<string, JType[]>();
  private sourceSupers(sc: SourceClass): JType[] {
    const hit = this.supersCache.get(sc.fqn);
    if (hit) return hit;
    this.supersCache.set(sc.fqn, []); // cycle guard
    const ctx = this.classTypeCtx(sc);
    const out: JType[] = [];
    for (const n of this.superNodes(sc.node)) out.push(this.typeOf(n, ctx, false));
    this.supersCache.set(sc.fqn, out);
    return out;
  }

  private superNodes(node: Node): Node[] {
    const out: Node[] = [];
    const sup = field(node, 'superclass');
    if (sup) out.push(...kids(sup));
    const ifs = field(node, 'interfaces') ?? kids(node).find((k) => k.type === 'extends_interfaces') ?? null;
    if (ifs) for (const l of kids(ifs)) out.push(...(l.type === 'type_list' ? kids(l) : [l]));
    return out;
  }

  private classTypeCtx(sc: SourceClass): TypeCtx {
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
  private resolveSimple(name: string, ctx: TypeCtx): JType | undefined {
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
      const t = this.idx.byPackage.get(p)?.get(name) ?? this.srcByPkg.get(p)?.get(name);
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

  /**
   * AS011: a simple type name javac cannot resolve (not a type variable, not a member type of an
   * enclosing class, not imported, not in the package, not in java.lang) that resembles an
   * AgentScope type. Only when every place it could come from is fully known.
   */
  private checkUnresolvedSimple(node: Node, ctx: TypeCtx) {
    const name = node.text;
    if (name === 'var' || ctx.typeVars.has(name) || JAVA_LANG_TYPES.has(name)) return;
    const u = ctx.unit;
    if (this.isAsName(u.pkg)) return; // library code may name package-private types the inventory does not list
    const near = resemblingTypes(name, this.idx.simpleNames.keys());
    if (!near.length) return;
    // declared anywhere in the checked sources (local classes, type parameters of generic methods included)?
    if (this.declaredTypeNames(u).has(name)) return;
    for (const sc of this.srcByFqn.values()) if (sc.name === name) return;
    for (let c = ctx.cls; c; c = c.outer) {
      const owners = c.src ? [cls(c.fqn)] : c.supers;
      for (const o of owners) if (o.k !== 'class' || this.memberType(o.fqn, name) !== undefined) return;
    }
    if (u.imports.single.has(name) || this.srcByPkg.get(u.pkg)?.has(name) || this.idx.byPackage.get(u.pkg)?.has(name)) return;
    for (const p of u.imports.onDemand) {
      if (this.idx.byPackage.has(p)) continue; // an inventory package: its public types are known
      if (this.hasType(p) && this.memberType(p, name) === undefined) continue;
      return; // a JDK or third-party package: could hold anything
    }
    for (const p of [...(u.imports.staticSingle.get(name) ?? []), ...u.imports.staticOnDemand]) {
      if (STATIC_ONLY_CLASSES.has(p)) continue; // assertion/mocking classes with no member types
      if (!this.hasType(p) || this.memberType(p, name) !== undefined) return;
    }
    const fqns = near.flatMap((n) => (this.idx.simpleNames.get(n) ?? []).map((d) => d.fqn)).slice(0, 5);
    const exact = near.includes(name);
    this.report(
      node,
      'AS011',
      exact ? `${name} is not imported: it resolves to nothing in this file (AgentScope ${this.idx.version} has ${fqns.join(', ')})` : `cannot find type ${name}: not imported, not in package ${u.pkg || '(default)'}, not in java.lang`,
      exact ? `import ${fqns[0]};` : `did you mean ${fqns.join(', ')}?`,
    );
  }

  /** Every type and type-parameter name declared anywhere in a file (local classes, generic methods of anonymous classes too). */
  private declaredNames = new Map<FileUnit, Set<string>>();
  private declaredTypeNames(u: FileUnit): Set<string> {
    let names = this.declaredNames.get(u);
    if (names) return names;
    names = new Set();
    const stack: Node[] = [u.tree.rootNode];
    while (stack.length) {
      const n = stack.pop()!;
      if (CLASS_DECLS.has(n.type) || n.type === 'type_parameter') {
        const id = n.type === 'type_parameter' ? kids(n).find((k) => k.type === 'type_identifier' || k.type === 'identifier') : field(n, 'name');
        if (id) names.add(id.text);
      }
      for (const c of kids(n)) stack.push(c);
    }
    this.declaredNames.set(u, names);
    return names;
  }

  /** io.agentscope.core.ReActAgent.Builder -> the longest known type prefix plus nested names. */
  private qualifiedCache = new Map<string, JType | undefined>();
  private resolveQualified(q: string): JType | undefined {
    if (this.qualifiedCache.has(q)) return this.qualifiedCache.get(q);
    const r = this.resolveQualifiedUncached(q);
    this.qualifiedCache.set(q, r);
    return r;
  }
  private resolveQualifiedUncached(q: string): JType | undefined {
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
        if (r?.k === 'class' && report) this.checkTypeUse(node, r.fqn);
        if (!r && report) this.checkUnresolvedSimple(node, ctx);
        return r ?? UNKNOWN;
      }
      case 'scoped_type_identifier': {
        const t = this.scopedType(node, ctx, report);
        if (t.k === 'class' && report) this.checkTypeUse(node, t.fqn);
        return t;
      }
      case 'generic_type': {
        const [base, targs] = kids(node);
        const b = base ? this.typeOf(base, ctx, report) : UNKNOWN;
        if (b.k !== 'class') return b;
        const args = targs ? kids(targs).map((a) => this.typeOf(a, ctx, report)) : [];
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

  private scopedType(node: Node, ctx: TypeCtx, report: boolean): JType {
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
    if (head) return this.nestedChain(head, parts.slice(1), report);
    // package-qualified
    const names = parts.map((p) => p.text);
    for (let i = names.length; i >= 1; i--) {
      const q = names.slice(0, i).join('.');
      if (this.hasType(q)) return this.nestedChain(cls(q), parts.slice(i), report);
    }
    const q = names.join('.');
    if (report && this.isAsName(q)) {
      // longest known package prefix
      let pkgEnd = 0;
      for (let i = 1; i < names.length; i++) if (this.packageKnown(names.slice(0, i).join('.'))) pkgEnd = i;
      const pkg = names.slice(0, Math.max(pkgEnd, names.length - 1)).join('.');
      if (pkgEnd > 0 && this.mayJudgeQualified(pkg)) this.reportUnknownType(node, q, pkg);
    }
    return UNKNOWN;
  }

  private nestedChain(base: JType, rest: Node[], report: boolean): JType {
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
        const names = this.idx.nested.get(outer);
        const near = suggest(p.text, names ? [...names.keys()] : []);
        this.report(p, 'AS001', `${shortName(outer)} has no nested type ${p.text} in AgentScope ${this.idx.version}`, near.length ? `did you mean ${near.map((n) => `${shortName(outer)}.${n}`).join(', ')}?` : undefined);
      }
      return UNKNOWN;
    }
    return t;
  }

  private reportUnknownType(node: Node, q: string, pkg: string) {
    const simple = q.slice(q.lastIndexOf('.') + 1);
    const inPkg = this.idx.byPackage.get(pkg);
    if (!inPkg) {
      const near = suggest(pkg, [...this.idx.byPackage.keys()]);
      const elsewhere = (this.idx.simpleNames.get(simple) ?? []).map((d) => d.fqn);
      const hint = elsewhere.length
        ? `${simple} is ${elsewhere.join(' or ')}`
        : near.length
          ? `did you mean package ${near.join(', ')}?`
          : `no artifact of AgentScope ${this.idx.version} in the inventory provides it; check the artifact and version in pom.xml`;
      this.report(node, 'AS001', `package ${pkg} does not exist in AgentScope ${this.idx.version} (${this.idx.inventory.artifacts.map((a) => a.artifactId).join(', ')})`, hint);
      return;
    }
    const elsewhere = (this.idx.simpleNames.get(simple) ?? []).map((d) => d.fqn);
    const near = suggest(simple, this.idx.simpleNames.keys()).flatMap((n) => (this.idx.simpleNames.get(n) ?? []).map((d) => d.fqn));
    const cands = [...new Set([...elsewhere, ...near])].slice(0, 5);
    this.report(node, 'AS001', `type ${q} does not exist in AgentScope ${this.idx.version}`, cands.length ? `did you mean ${cands.join(', ')}?` : `see \`agentscope api\` for the types of ${pkg}`);
  }

  private checkTypeUse(node: Node, fqn: string) {
    const d = this.idx.type(fqn);
    if (d?.deprecated?.forRemoval) {
      this.report(node, 'AS006', `${shortName(fqn)} is deprecated for removal in AgentScope ${this.idx.version}`, d.deprecated.note);
    }
  }

  // ---------------------------------------------------------------- pass 2

  analyzeFile(unit: FileUnit) {
    this.unit = unit;
    this.askBranches = [];
    this.mcpRegs = new Map();
    const root = unit.tree.rootNode;
    const fileCtx: TypeCtx = { unit, typeVars: new Set() };
    const topLevel = new Set(unit.classes.filter((c) => !c.outer).map((c) => c.name));
    for (const c of kids(root)) {
      if (c.type === 'import_declaration') this.checkImportClash(c, unit, topLevel);
      if (c.type === 'import_declaration') this.checkImport(c);
      else if (CLASS_DECLS.has(c.type)) this.visitClass(c, new Scope(undefined, fileCtx), undefined);
    }
    this.flushMcp();
  }

  /** AS012: `import a.b.Tool;` beside a top-level `class Tool` of the same file (javac reports it at the import). */
  private checkImportClash(node: Node, unit: FileUnit, topLevel: Set<string>) {
    if (node.children.some((k) => k?.type === 'static' || k?.type === 'asterisk')) return;
    const n = kids(node).find((k) => k.type === 'scoped_identifier');
    if (!n) return;
    const q = n.text.replace(/\s+/g, '');
    const simple = q.slice(q.lastIndexOf('.') + 1);
    if (!topLevel.has(simple) || q === (unit.pkg ? `${unit.pkg}.${simple}` : simple)) return;
    this.report(node, 'AS012', `${simple} is already defined in this compilation unit: the file declares a type ${simple} and imports ${q}`, `rename the class, or drop the import and write ${q} in full where it is meant`);
  }

  private checkImport(node: Node) {
    const isStatic = node.children.some((k) => k?.type === 'static');
    const star = node.children.some((k) => k?.type === 'asterisk');
    const n = kids(node).find((k) => k.type === 'scoped_identifier' || k.type === 'identifier');
    if (!n) return;
    const q = n.text.replace(/\s+/g, '');
    if (!this.isAsName(q)) return;
    const parts = q.split('.');
    if (star && !isStatic) {
      if (this.packageKnown(q) || this.hasType(q)) return;
      let pkgEnd = 0;
      for (let i = 1; i < parts.length; i++) if (this.packageKnown(parts.slice(0, i).join('.'))) pkgEnd = i;
      if (pkgEnd >= 2 && (this.idx.byPackage.has(parts.slice(0, pkgEnd).join('.')) || !this.isAsName(this.unit.pkg)) && !this.srcPackages.has(q)) {
        const near = suggest(q, [...this.idx.byPackage.keys()]);
        this.report(n, 'AS001', `package ${q} does not exist in AgentScope ${this.idx.version}`, near.length ? `did you mean ${near.join(', ')}?` : undefined);
      }
      return;
    }
    const typeName = isStatic && !star ? parts.slice(0, -1).join('.') : q;
    const t = this.resolveQualified(typeName);
    if (!t || t.k !== 'class') {
      const tparts = typeName.split('.');
      // the type part: find the longest known package, then report
      let pkgEnd = 0;
      for (let i = 1; i < tparts.length; i++) if (this.packageKnown(tparts.slice(0, i).join('.'))) pkgEnd = i;
      if (pkgEnd === 0) return;
      // an inventory type followed by an unknown nested name
      for (let i = tparts.length - 1; i > pkgEnd; i--) {
        const outer = tparts.slice(0, i).join('.');
        if (this.hasType(outer)) {
          if (this.idx.type(outer) && this.idx.nestedType(outer, tparts[i]) === undefined && this.mayJudgeQualified(this.idx.type(outer)!.package)) {
            const names = this.idx.nested.get(outer);
            const near = suggest(tparts[i], names ? [...names.keys()] : []);
            this.report(n, 'AS001', `${shortName(outer)} has no nested type ${tparts[i]} in AgentScope ${this.idx.version}`, near.length ? `did you mean ${near.map((x) => `${outer}.${x}`).join(', ')}?` : undefined);
          }
          return;
        }
      }
      const pkg = tparts.slice(0, Math.max(pkgEnd, tparts.length - 1)).join('.');
      if (this.mayJudgeQualified(pkg)) this.reportUnknownType(n, typeName, pkg);
      return;
    }
    this.checkTypeUse(n, t.fqn);
    if (isStatic && !star) {
      const member = parts[parts.length - 1];
      const decl = this.idx.type(t.fqn);
      if (!decl || this.srcByFqn.has(t.fqn) || !this.mayJudgeQualified(decl.package) || decl.package === this.unit.pkg) return;
      const { found, hierarchy, jdkHas } = this.idx.findMembers(t, member, ['method', 'field', 'enumConstant']);
      const nested = this.idx.nestedType(t.fqn, member);
      if (found.length || jdkHas.length || nested || !hierarchy.complete || nested === null) return;
      this.reportMissingMember(n, t, member, 'member', hierarchy);
    }
  }

  private reportMissingMember(node: Node, t: JType & { k: 'class' }, name: string, what: 'method' | 'field' | 'member', h: Hierarchy) {
    const types = h.types.map((x) => x.decl.fqn);
    const cur = curatedFor(this.idx, types, name);
    const kinds: Member['kind'][] = what === 'method' ? ['method'] : what === 'field' ? ['field', 'enumConstant'] : ['method', 'field', 'enumConstant'];
    const near = suggest(name, this.idx.memberNames(t, kinds));
    const parts: string[] = [];
    if (cur) parts.push(/^(not|this) /.test(cur.instead) ? cur.instead : `use ${cur.instead}`);
    if (near.length) parts.push(`did you mean ${near.map((n) => (what === 'method' ? `${n}()` : n)).join(', ')}?`);
    if (!parts.length) parts.push(`see \`agentscope api ${shortName(t.fqn)}\` for what ${this.idx.version} declares`);
    const label = what === 'method' ? `method ${name}()` : what === 'field' ? `field or constant ${name}` : `member ${name}`;
    this.report(node, 'AS002', `${shortName(t.fqn)} has no ${label} in AgentScope ${this.idx.version}`, parts.join('; ') || undefined);
  }

  // ---------------------------------------------------------------- classes

  private visitClass(node: Node, outerScope: Scope, anonymousSuper: JType | undefined, anonBody?: Node) {
    const sc = anonBody ? undefined : this.classOfNode.get(node.id);
    const outerCls = outerScope.ctx.cls;
    const typeVars = new Set(outerScope.ctx.typeVars);
    if (sc?.outer === undefined && sc && !anonBody) {
      // top-level or local: keep enclosing method type vars for local classes only
    }
    for (const t of sc?.typeParams ?? []) typeVars.add(t);
    const body = anonBody ?? field(node, 'body');
    const methods = sc?.methodNodes ?? new Map<string, Node[]>();
    if (anonBody) {
      for (const m of kids(anonBody)) {
        if (m.type !== 'method_declaration') continue;
        const n = field(m, 'name');
        if (!n) continue;
        const list = methods.get(n.text) ?? [];
        list.push(m);
        methods.set(n.text, list);
      }
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
    // type parameter bounds
    const tps = sc ? field(node, 'type_parameters') : null;
    if (tps) for (const tp of kids(tps)) for (const b of kids(tp).filter((k) => k.type === 'type_bound')) for (const bt of kids(b)) this.typeOf(bt, ctx, true);
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
        if (supNode && n.parent?.id === supNode.id) cc.superclass = t;
      }
      if (node.type === 'enum_declaration') cc.supers.push(cls('java.lang.Enum', [cls(cc.fqn)]));
      if (node.type === 'record_declaration') cc.supers.push(cls('java.lang.Record'));
      if (!cc.superclass && node.type === 'class_declaration') cc.superclass = cls('java.lang.Object');
    }
    // annotations on the class
    const mods = kids(node).find((k) => k.type === 'modifiers');
    if (mods) this.visitModifiers(mods, ctx, outerScope);

    const scope = new Scope(outerScope, ctx, cc);
    // fields of this class are visible everywhere in the body
    if (sc) for (const [name, f] of sc.fieldNodes) scope.vars.set(name, f.dims === -1 ? cls(sc.fqn) : this.withDims(this.typeOf(f.type, ctx, false), f.dims));
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
          (cc.anonFields ??= new Map()).set(n.text, ft);
        }
      }
    }

    this.checkOverridesAndAbstracts(node, cc, ctx, !!anonBody);

    if (!body) return;
    this.visitClassBody(body, scope, cc);
  }

  private withDims(t: JType, dims: number): JType {
    for (let i = 0; i < dims; i++) t = { k: 'array', elem: t };
    return t;
  }

  private visitClassBody(body: Node, scope: Scope, cc: ClassCtx) {
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
            if (v) this.expr(v, scope, t);
          }
          break;
        }
        case 'method_declaration':
        case 'constructor_declaration':
        case 'compact_constructor_declaration':
        case 'annotation_type_element_declaration':
          this.visitMethod(m, scope, cc);
          break;
        case 'static_initializer':
        case 'block':
          this.stmt(m, new Scope(scope, scope.ctx));
          break;
        default:
          if (CLASS_DECLS.has(m.type)) this.visitClass(m, scope, undefined);
          else this.stmt(m, scope);
      }
    }
  }

  private visitModifiers(mods: Node, ctx: TypeCtx, scope: Scope) {
    for (const a of kids(mods)) {
      if (a.type !== 'annotation' && a.type !== 'marker_annotation') continue;
      const n = field(a, 'name');
      if (n && n.type === 'scoped_identifier' && this.isAsName(n.text)) {
        const t = this.resolveQualified(n.text);
        if (!t) {
          const parts = n.text.split('.');
          const pkg = parts.slice(0, -1).join('.');
          if (this.packageKnown(pkg) && this.mayJudgeQualified(pkg)) this.reportUnknownType(n, n.text, pkg);
        }
      }
      const args = field(a, 'arguments');
      if (args) for (const v of kids(args)) this.expr(v.type === 'element_value_pair' ? field(v, 'value') ?? v : v, scope);
      if (!n) continue;
      const t = n.type === 'identifier' ? this.resolveSimple(n.text, ctx) : this.resolveQualified(n.text.replace(/\s+/g, ''));
      if (!t && n.type === 'identifier') this.checkUnresolvedSimple(n, ctx);
      const decl = t?.k === 'class' ? this.idx.type(t.fqn) : undefined;
      if (!decl || decl.kind !== 'annotation' || this.srcByFqn.has(decl.fqn) || decl.package === this.unit.pkg || !this.mayJudgeQualified(decl.package)) continue;
      const problems = annotationProblems(a, decl, (v) => this.exprType(v, scope), (fqn) => this.idx.type(fqn)?.kind === 'enum');
      for (const p of problems) this.report(p.node, 'AS010', `${p.message} (AgentScope ${this.idx.version})`, p.suggestion);
    }
  }

  private annotationNames(node: Node): string[] {
    const mods = kids(node).find((k) => k.type === 'modifiers');
    if (!mods) return [];
    return kids(mods)
      .filter((a) => a.type === 'annotation' || a.type === 'marker_annotation')
      .map((a) => field(a, 'name')?.text ?? '')
      .map((t) => t.slice(t.lastIndexOf('.') + 1));
  }

  private visitMethod(m: Node, classScope: Scope, cc: ClassCtx) {
    const typeVars = new Set(classScope.ctx.typeVars);
    const tps = field(m, 'type_parameters');
    if (tps) for (const tp of kids(tps)) typeVars.add(kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text ?? '');
    const ctx: TypeCtx = { unit: this.unit, cls: cc, typeVars };
    if (tps) for (const tp of kids(tps)) for (const b of kids(tp).filter((k) => k.type === 'type_bound')) for (const bt of kids(b)) this.typeOf(bt, ctx, true);
    const retNode = field(m, 'type');
    const ret = retNode ? this.typeOf(retNode, ctx, true) : undefined;
    const scope = new Scope(classScope, ctx, undefined, ret);
    const mods = kids(m).find((k) => k.type === 'modifiers');
    if (mods) this.visitModifiers(mods, ctx, classScope);
    const params = field(m, 'parameters');
    if (params) this.declareParams(params, scope, true);
    for (const th of kids(m).filter((k) => k.type === 'throws')) for (const t of kids(th)) this.typeOf(t, ctx, true);
    const dv = field(m, 'value');
    if (dv) this.expr(dv, scope);
    const body = field(m, 'body');
    this.methodStack.push(m);
    if (body) this.stmt(body, scope);
    this.methodStack.pop();
  }

  private declareParams(params: Node, scope: Scope, report: boolean): JType[] {
    const out: JType[] = [];
    for (const p of kids(params)) {
      if (p.type === 'formal_parameter' || p.type === 'spread_parameter' || p.type === 'receiver_parameter') {
        const mods = kids(p).find((k) => k.type === 'modifiers');
        if (mods) this.visitModifiers(mods, scope.ctx, scope);
        const tn = field(p, 'type') ?? kids(p).find((k) => k.type !== 'modifiers' && k.type !== 'variable_declarator' && k.type !== 'identifier') ?? null;
        let t = tn ? this.typeOf(tn, scope.ctx, report) : UNKNOWN;
        if (p.type === 'spread_parameter') t = { k: 'array', elem: t };
        const dims = field(p, 'dimensions');
        if (dims) t = this.withDims(t, (dims.text.match(/\[/g) ?? []).length);
        const nameNode = field(p, 'name') ?? kids(p).find((k) => k.type === 'variable_declarator')?.childForFieldName('name') ?? kids(p).find((k) => k.type === 'identifier') ?? null;
        if (nameNode) scope.vars.set(nameNode.text, t);
        out.push(t);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- AS004 / AS005

  private sourceParamTypes(m: Node, ctx: TypeCtx): JType[] {
    const typeVars = new Set(ctx.typeVars);
    const tps = field(m, 'type_parameters');
    if (tps) for (const tp of kids(tps)) typeVars.add(kids(tp).find((k) => k.type === 'type_identifier' || k.type === 'identifier')?.text ?? '');
    const c2: TypeCtx = { ...ctx, typeVars };
    const params = field(m, 'parameters');
    const out: JType[] = [];
    for (const p of params ? kids(params) : []) {
      if (p.type !== 'formal_parameter' && p.type !== 'spread_parameter') continue;
      const tn = field(p, 'type') ?? kids(p).find((k) => k.type !== 'modifiers' && k.type !== 'variable_declarator' && k.type !== 'identifier') ?? null;
      let t = tn ? this.typeOf(tn, c2, false) : UNKNOWN;
      if (p.type === 'spread_parameter') t = { k: 'array', elem: t };
      out.push(t);
    }
    return out;
  }

  private sameParams(src: JType[], inv: JType[]): boolean {
    if (src.length !== inv.length) return false;
    return src.every((s, i) => {
      const a = simpleErasure(s);
      const b = simpleErasure(inv[i]);
      return a === undefined || b === undefined || a === b;
    });
  }

  private fmtSig(f: FoundMember): string {
    const ps = this.idx.paramTypes(f).map((p) => shortType(p));
    return `${f.member.kind === 'constructor' ? shortName(f.owner.fqn) : f.member.name}(${ps.join(', ')})`;
  }

  private checkOverridesAndAbstracts(node: Node, cc: ClassCtx, ctx: TypeCtx, anonymous: boolean) {
    if (node.type === 'interface_declaration' || node.type === 'annotation_type_declaration') {
      // @Override inside interfaces still must override; handled below with the same logic
    }
    const supers = cc.supers.filter((s) => !(s.k === 'class' && s.fqn === 'java.lang.Object'));
    if (supers.length === 0) return;
    // every direct supertype must be an inventory type (not redeclared by the sources) or a known JDK type
    let anyAs = false;
    const hs: Hierarchy[] = [];
    for (const s of supers) {
      if (s.k !== 'class') return;
      if (this.idx.type(s.fqn)) {
        anyAs = true;
        hs.push(this.idx.hierarchy(s));
      } else if (this.idx.isJdkKnown(s.fqn)) hs.push(this.idx.hierarchy(s));
      else return;
    }
    if (!anyAs || hs.some((h) => !h.complete)) return;
    const merged: Hierarchy = { types: [], jdk: [], complete: true };
    const seenT = new Set<string>();
    for (const h of hs) {
      for (const t of h.types) if (!seenT.has(t.decl.fqn)) (seenT.add(t.decl.fqn), merged.types.push(t));
      for (const j of h.jdk) if (!merged.jdk.includes(j)) merged.jdk.push(j);
    }
    const samePkg = merged.types.some((t) => t.decl.package === this.unit.pkg);
    const body = anonymous ? (field(node, 'body') ?? kids(node).find((k) => k.type === 'class_body')) : field(node, 'body');
    const methodDecls = body ? kids(body).filter((k) => k.type === 'method_declaration') : [];
    const enumBodyDecls = body ? kids(body).find((k) => k.type === 'enum_body_declarations') : undefined;
    if (enumBodyDecls) methodDecls.push(...kids(enumBodyDecls).filter((k) => k.type === 'method_declaration'));

    const objectMethods: [string, number][] = [['equals', 1], ['hashCode', 0], ['toString', 0], ['clone', 0], ['finalize', 0]];
    const jdkMethods = (name: string, arity: number) =>
      objectMethods.some(([n, a]) => n === name && a === arity) ||
      merged.jdk.some((j) => (j === 'java.lang.AutoCloseable' || j === 'java.io.Closeable' ? name === 'close' && arity === 0 : j === 'java.lang.Comparable' ? name === 'compareTo' && arity === 1 : j === 'java.lang.Runnable' ? name === 'run' && arity === 0 : false));

    // AS004
    if (!samePkg) {
      for (const m of methodDecls) {
        if (!this.annotationNames(m).includes('Override')) continue;
        const nameNode = field(m, 'name');
        if (!nameNode) continue;
        const name = nameNode.text;
        if (this.hasAnnotationFromSource(m)) continue;
        const ps = this.sourceParamTypes(m, ctx);
        if (jdkMethods(name, ps.length)) continue;
        const cands: FoundMember[] = [];
        for (const { decl, subst } of merged.types) for (const mem of decl.members) if (mem.kind === 'method' && mem.name === name && !mem.modifiers.includes('static') && !mem.modifiers.includes('private')) cands.push({ member: mem, owner: decl, subst });
        if (cands.some((c) => this.sameParams(ps, this.idx.paramTypes(c)))) continue;
        const supersTxt = supers.map((s) => shortType(s)).join(', ');
        const sug = cands.length
          ? `the ${this.idx.version} signature${cands.length > 1 ? 's are' : ' is'} ${cands.map((c) => `${shortName(c.owner.fqn)}.${this.fmtSig(c)}`).join('; ')}`
          : (() => {
              const cur = curatedFor(this.idx, merged.types.map((t) => t.decl.fqn), name);
              const near = suggest(name, merged.types.flatMap((t) => t.decl.members.filter((x) => x.kind === 'method').map((x) => x.name)));
              return [cur ? cur.instead : '', near.length ? `did you mean ${near.join(', ')}?` : ''].filter(Boolean).join('; ') || undefined;
            })();
        const overrideAnn =
          kids(kids(m).find((k) => k.type === 'modifiers') ?? m).find((a) => (a.type === 'marker_annotation' || a.type === 'annotation') && /(^|\.)Override$/.test(field(a, 'name')?.text ?? '')) ?? nameNode;
        this.report(overrideAnn, 'AS004', `${name}(${ps.map(shortType).join(', ')}) is annotated @Override but overrides nothing in ${supersTxt} (AgentScope ${this.idx.version})`, sug);
      }
    }

    // AS005
    const isConcrete =
      anonymous ||
      node.type === 'record_declaration' ||
      (node.type === 'class_declaration' && !(kids(node).find((k) => k.type === 'modifiers')?.text ?? '').split(/\s+/).includes('abstract'));
    if (!isConcrete || node.type === 'enum_declaration') return;
    const own = methodDecls.map((m) => ({ name: field(m, 'name')?.text ?? '', ps: this.sourceParamTypes(m, ctx), abstract: (kids(m).find((k) => k.type === 'modifiers')?.text ?? '').includes('abstract') }));
    if (node.type === 'record_declaration') {
      const params = field(node, 'parameters');
      for (const p of params ? kids(params) : []) {
        const n = field(p, 'name');
        if (n) own.push({ name: n.text, ps: [], abstract: false });
      }
    }
    const concrete = this.idx.concreteMethods(merged);
    const missing: string[] = [];
    const seenSig = new Set<string>();
    for (const a of this.idx.abstractMethods(merged)) {
      if (objectMethods.some(([n, ar]) => n === a.name && ar === a.arity)) continue;
      const aps = a.member ? this.idx.paramTypes({ member: a.member, owner: this.idx.type(a.owner)!, subst: a.subst ?? new Map() }) : undefined;
      const matches = (name: string, ps: JType[]) => name === a.name && (aps ? this.sameParams(ps, aps) : ps.length === a.arity);
      if (own.some((o) => !o.abstract && matches(o.name, o.ps))) continue;
      if (concrete.some((c) => matches(c.member.name, this.idx.paramTypes(c)))) continue;
      const sig = a.member ? `${shortName(a.owner)}.${this.fmtSig({ member: a.member, owner: this.idx.type(a.owner)!, subst: a.subst ?? new Map() })}` : `${a.owner}.${a.name}`;
      if (!seenSig.has(sig)) (seenSig.add(sig), missing.push(sig));
    }
    if (missing.length) {
      const at = anonymous ? node : (field(node, 'name') ?? node);
      const who = anonymous ? `anonymous ${supers.map(shortType).join(', ')}` : `class ${field(node, 'name')?.text}`;
      this.report(at, 'AS005', `${who} does not implement abstract method${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (AgentScope ${this.idx.version})`, `implement ${missing.join(', ')}, or declare the class abstract`);
    }
  }

  /** True when an annotation name is not resolvable (e.g. Lombok-like processors could generate). */
  private hasAnnotationFromSource(_m: Node): boolean {
    return false;
  }

  // ---------------------------------------------------------------- statements

  private stmt(node: Node, scope: Scope): void {
    switch (node.type) {
      case 'block':
      case 'constructor_body':
      case 'switch_block_statement_group':
      case 'switch_rule': {
        const s = node.type === 'block' || node.type === 'constructor_body' ? new Scope(scope, scope.ctx) : scope;
        for (const c of kids(node)) this.stmt(c, s);
        return;
      }
      case 'local_variable_declaration': {
        const tn = field(node, 'type');
        const mods = kids(node).find((k) => k.type === 'modifiers');
        if (mods) this.visitModifiers(mods, scope.ctx, scope);
        const isVar = tn?.type === 'type_identifier' && tn.text === 'var';
        const declared = tn && !isVar ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
        for (const d of kids(node).filter((k) => k.type === 'variable_declarator')) {
          const n = field(d, 'name');
          const v = field(d, 'value');
          const dims = field(d, 'dimensions');
          const t = dims ? this.withDims(declared, (dims.text.match(/\[/g) ?? []).length) : declared;
          const vt = v ? this.exprType(v, scope, isVar ? undefined : t) : UNKNOWN;
          if (v && !isVar) this.checkResultAssignment(v, t);
          if (n) scope.vars.set(n.text, isVar ? vt : t);
        }
        return;
      }
      case 'local_class_declaration':
        return;
      case 'enhanced_for_statement': {
        const s = new Scope(scope, scope.ctx);
        const tn = field(node, 'type');
        const v = field(node, 'value');
        const vt = v ? this.exprType(v, s) : UNKNOWN;
        const isVar = tn?.type === 'type_identifier' && tn.text === 'var';
        let t = tn && !isVar ? this.typeOf(tn, s.ctx, true) : UNKNOWN;
        if (isVar) t = elementType(vt);
        const n = field(node, 'name');
        if (n) s.vars.set(n.text, t);
        const b = field(node, 'body');
        if (b) this.stmt(b, s);
        return;
      }
      case 'for_statement': {
        const s = new Scope(scope, scope.ctx);
        for (const c of kids(node)) this.stmt(c, s);
        return;
      }
      case 'try_with_resources_statement': {
        const s = new Scope(scope, scope.ctx);
        for (const c of kids(node)) this.stmt(c, s);
        return;
      }
      case 'resource_specification': {
        for (const c of kids(node)) this.stmt(c, scope);
        return;
      }
      case 'resource': {
        const tn = field(node, 'type');
        const n = field(node, 'name');
        const v = field(node, 'value');
        const isVar = tn?.type === 'type_identifier' && tn.text === 'var';
        const declared = tn && !isVar ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
        const vt = v ? this.exprType(v, scope, declared) : UNKNOWN;
        if (n) scope.vars.set(n.text, isVar ? vt : declared);
        if (!tn && !v) for (const c of kids(node)) this.expr(c, scope);
        return;
      }
      case 'catch_clause': {
        const s = new Scope(scope, scope.ctx);
        const p = kids(node).find((k) => k.type === 'catch_formal_parameter');
        if (p) {
          const ct = kids(p).find((k) => k.type === 'catch_type');
          const types = ct ? kids(ct).map((t) => this.typeOf(t, s.ctx, true)) : [];
          const n = field(p, 'name');
          if (n) s.vars.set(n.text, types.length === 1 ? types[0] : UNKNOWN);
        }
        const b = field(node, 'body');
        if (b) this.stmt(b, s);
        return;
      }
      case 'if_statement': {
        const c = field(node, 'condition');
        if (c) this.expr(c, scope);
        const cons = field(node, 'consequence');
        const alt = field(node, 'alternative');
        if (cons) this.stmt(cons, scope);
        if (alt) this.stmt(alt, scope);
        return;
      }
      case 'return_statement': {
        const e = kids(node)[0];
        if (e) this.expr(e, scope, this.findReturnType(scope));
        return;
      }
      case 'expression_statement':
      case 'throw_statement':
      case 'yield_statement':
        for (const c of kids(node)) this.expr(c, scope);
        return;
      case 'explicit_constructor_invocation': {
        const args = field(node, 'arguments');
        const ctor = field(node, 'constructor');
        const obj = field(node, 'object');
        if (obj) this.expr(obj, scope);
        const cc = scope.ctx.cls;
        if (args && ctor?.type === 'super' && cc?.superclass?.k === 'class' && this.idx.type(cc.superclass.fqn)) {
          this.checkCall(node, args, this.ctorCandidates(cc.superclass), cc.superclass, scope, 'constructor', true);
        } else if (args) for (const a of kids(args)) this.expr(a, scope);
        return;
      }
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

  private findReturnType(scope: Scope): JType | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) if (s.returnType) return s.returnType;
    return undefined;
  }

  // ---------------------------------------------------------------- expressions

  private expr(node: Node, scope: Scope, expected?: JType): void {
    this.eval(node, scope, expected);
  }

  private exprType(node: Node, scope: Scope, expected?: JType): JType {
    const v = this.eval(node, scope, expected);
    return v.k === 'val' ? v.t : UNKNOWN;
  }

  private lookupVar(name: string, scope: Scope): JType | undefined | null {
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
  private inheritedField(cc: ClassCtx, name: string): JType | undefined | null {
    let unknown = false;
    const supers = cc.src && cc.supers.length === 0 ? this.sourceSupers(cc.src) : cc.supers;
    for (const s of supers) {
      if (s.k !== 'class') {
        unknown = true;
        continue;
      }
      const r = this.fieldOf(s, name);
      if (r) return r;
      if (r === null) unknown = true;
    }
    return unknown ? null : undefined;
  }

  private fieldOf(t: JType & { k: 'class' }, name: string, depth = 0): JType | undefined | null {
    if (depth > 8) return null;
    const sc = this.srcByFqn.get(t.fqn);
    if (sc) {
      const f = sc.fieldNodes.get(name);
      if (f) return f.dims === -1 ? cls(sc.fqn) : this.withDims(this.typeOf(f.type, this.classTypeCtx(sc), false), f.dims);
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

  private isPackagePrefix(name: string): boolean {
    for (const p of this.idx.packages) if (p === name || p.startsWith(name + '.')) return true;
    for (const p of this.srcPackages) if (p === name || p.startsWith(name + '.')) return true;
    return false;
  }

  private eval(node: Node, scope: Scope, expected?: JType): EVal {
    switch (node.type) {
      case 'identifier': {
        const v = this.lookupVar(node.text, scope);
        if (v) return val(v);
        if (v === null) return NONE;
        const t = this.resolveSimple(node.text, scope.ctx);
        if (t?.k === 'class') return { k: 'type', fqn: t.fqn, t };
        if (this.isPackagePrefix(node.text) || /^(java|javax|com|org|io|net|reactor)$/.test(node.text)) return { k: 'pkg', name: node.text };
        return NONE;
      }
      case 'this': {
        const cc = scope.ctx.cls;
        if (!cc) return NONE;
        if (cc.src) return val(cls(cc.fqn));
        return cc.supers[0] ? val(cc.supers[0]) : NONE;
      }
      case 'super': {
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
      case 'cast_expression': {
        const tn = field(node, 'type');
        const v = field(node, 'value');
        const t = tn ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
        for (const extra of kids(node).filter((k) => k.id !== tn?.id && k.id !== v?.id)) this.typeOf(extra, scope.ctx, true);
        if (v) this.expr(v, scope, t);
        return val(t);
      }
      case 'ternary_expression': {
        const c = field(node, 'condition');
        if (c) this.expr(c, scope);
        const a = field(node, 'consequence');
        const b = field(node, 'alternative');
        const ta = a ? this.exprType(a, scope, expected) : UNKNOWN;
        const tb = b ? this.exprType(b, scope, expected) : UNKNOWN;
        return ta.k === 'class' && tb.k === 'class' && ta.fqn === tb.fqn ? val(ta) : NONE;
      }
      case 'assignment_expression': {
        const l = field(node, 'left');
        const r = field(node, 'right');
        const lt = l ? this.exprType(l, scope) : UNKNOWN;
        if (r) this.expr(r, scope, lt);
        return val(lt);
      }
      case 'instanceof_expression': {
        const l = field(node, 'left');
        if (l) this.expr(l, scope);
        const r = field(node, 'right');
        const n = field(node, 'name');
        if (r) {
          if (r.type === 'record_pattern' || r.type === 'type_pattern') this.pattern(r, scope);
          else {
            const t = this.typeOf(r, scope.ctx, true);
            if (n) scope.vars.set(n.text, t);
          }
        }
        const pat = kids(node).find((k) => k.type === 'record_pattern' || k.type === 'type_pattern');
        if (pat && pat.id !== r?.id) this.pattern(pat, scope);
        return val({ k: 'prim', name: 'boolean' });
      }
      case 'array_access': {
        const a = field(node, 'array');
        const i = field(node, 'index');
        const at = a ? this.exprType(a, scope) : UNKNOWN;
        if (i) this.expr(i, scope);
        return at.k === 'array' ? val(at.elem) : NONE;
      }
      case 'array_creation_expression': {
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
        const at = this.withDims(t, n);
        const init = field(node, 'value');
        if (init) this.expr(init, scope, at);
        return val(at);
      }
      case 'array_initializer': {
        const el = expected?.k === 'array' ? expected.elem : undefined;
        for (const c of kids(node)) this.expr(c, scope, el);
        return expected ? val(expected) : NONE;
      }
      case 'binary_expression': {
        const l = field(node, 'left');
        const r = field(node, 'right');
        const op = field(node, 'operator')?.type ?? node.children.find((c) => c && !c.isNamed)?.type;
        const lt = l ? this.exprType(l, scope) : UNKNOWN;
        const rt = r ? this.exprType(r, scope) : UNKNOWN;
        return val(binaryType(op ?? '', lt, rt));
      }
      case 'unary_expression': {
        const o = field(node, 'operand');
        const ot = o ? this.exprType(o, scope) : UNKNOWN;
        const op = node.children.find((c) => c && !c.isNamed)?.type;
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
        this.methodRef(node, scope);
        return NONE;
      case 'switch_expression': {
        const c = field(node, 'condition');
        if (c) this.expr(c, scope);
        const b = field(node, 'body');
        if (b) {
          for (const g of kids(b)) {
            const s = new Scope(scope, scope.ctx);
            for (const k of kids(g)) {
              if (k.type === 'switch_label') {
                for (const l of kids(k)) {
                  if (l.type === 'record_pattern' || l.type === 'type_pattern' || l.type === 'pattern') this.pattern(l, s);
                  else if (l.type !== 'identifier') this.expr(l, s);
                  else if (c) {
                    /* enum constant labels: not judged */
                  }
                }
              } else this.stmt(k, s);
            }
          }
        }
        return NONE;
      }
      default:
        for (const c of kids(node)) {
          if (EXPRESSIONS.has(c.type)) this.expr(c, scope);
          else this.stmt(c, scope);
        }
        return NONE;
    }
  }

  private pattern(node: Node, scope: Scope) {
    if (node.type === 'pattern') {
      for (const k of kids(node)) this.pattern(k, scope);
      return;
    }
    if (node.type === 'type_pattern') {
      const ks = kids(node).filter((k) => k.type !== 'modifiers');
      const tn = ks[0];
      const n = ks[ks.length - 1];
      if (tn) {
        const t = this.typeOf(tn, scope.ctx, true);
        if (n && n.id !== tn.id && n.type === 'identifier') scope.vars.set(n.text, t);
      }
      return;
    }
    if (node.type === 'record_pattern') {
      for (const k of kids(node)) {
        if (k.type === 'record_pattern_body') for (const p of kids(k)) this.pattern(p, scope);
        else if (k.type === 'record_pattern_component') {
          const ks = kids(k);
          if (ks.length === 2) {
            const t = ks[0].text === 'var' ? UNKNOWN : this.typeOf(ks[0], scope.ctx, true);
            scope.vars.set(ks[1].text, t);
          } else for (const p of ks) this.pattern(p, scope);
        } else if (k.type !== 'identifier') this.typeOf(k, scope.ctx, true);
      }
    }
  }

  // -- member access

  /** The anonymous class `this` denotes here, if it is one. */
  private anonymousOwn(scope: Scope): ClassCtx | undefined {
    const cc = scope.ctx.cls;
    return cc && !cc.src ? cc : undefined;
  }

  private fieldAccess(node: Node, scope: Scope): EVal {
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
    const o = this.eval(obj, scope);
    if (o.k === 'pkg') {
      const q = `${o.name}.${name}`;
      if (this.hasType(q)) return { k: 'type', fqn: q, t: cls(q) };
      if (this.isPackagePrefix(q)) return { k: 'pkg', name: q };
      if (this.isAsName(q) && this.packageKnown(o.name) && this.mayJudgeQualified(o.name) && /^[A-Z]/.test(name)) this.reportUnknownType(node, q, o.name);
      return this.isAsName(o.name) || this.isPackagePrefix(o.name) ? { k: 'pkg', name: q } : NONE;
    }
    if (o.k === 'type') {
      if (name === 'length' || name === 'class') return NONE;
      const sc = this.srcByFqn.get(o.fqn);
      if (sc?.fieldNodes.has(name)) return val(this.fieldOf(o.t as JType & { k: 'class' }, name) ?? UNKNOWN);
      const nested = this.memberType(o.fqn, name);
      const decl = this.idx.type(o.fqn);
      if (decl) {
        const { found, hierarchy, jdkHas } = this.idx.findMembers(o.t, name, ['field', 'enumConstant']);
        if (found.length) {
          this.onFieldResolved(node, found[0]);
          return val(asValueType(this.idx.memberType(found[0])));
        }
        if (nested) return { k: 'type', fqn: nested, t: cls(nested) };
        if (nested === undefined && hierarchy.complete && !jdkHas.length && !this.samePackage(hierarchy) && this.mayJudgeQualified(decl.package)) {
          this.reportMissingMember(nameNode, o.t as JType & { k: 'class' }, name, 'field', hierarchy);
        }
        return NONE;
      }
      if (nested) return { k: 'type', fqn: nested, t: cls(nested) };
      if (sc) return val(this.fieldOf(o.t as JType & { k: 'class' }, name) ?? UNKNOWN);
      return NONE;
    }
    if (o.k === 'val') {
      const t = o.t;
      if (t.k === 'array') return name === 'length' ? val({ k: 'prim', name: 'int' }) : NONE;
      if (t.k !== 'class') return NONE;
      const decl = this.idx.type(t.fqn);
      const sc = this.srcByFqn.get(t.fqn);
      if (decl) {
        const { found, hierarchy } = this.idx.findMembers(t, name, ['field', 'enumConstant']);
        if (found.length) {
          this.onFieldResolved(node, found[0]);
          return val(asValueType(this.idx.memberType(found[0])));
        }
        if (hierarchy.complete && !this.samePackage(hierarchy) && this.mayJudgeQualified(decl.package)) {
          this.reportMissingMember(nameNode, t, name, 'field', hierarchy);
        }
        if (!sc) return NONE;
      }
      const r = this.fieldOf(t, name);
      return r ? val(r) : NONE;
    }
    return NONE;
  }

  private samePackage(h: Hierarchy): boolean {
    const p = this.unit.pkg;
    return h.types.some((t) => t.decl.package === p);
  }

  private onFieldResolved(node: Node | null, f: FoundMember) {
    if (node && f.member.deprecated?.forRemoval) {
      this.report(node, 'AS006', `${shortName(f.owner.fqn)}.${f.member.name} is deprecated for removal in AgentScope ${this.idx.version}`, f.member.deprecated.note);
    }
    if (!node) return;
    if (this.traps.AS103 && f.owner.fqn === 'io.agentscope.core.permission.PermissionMode' && f.member.name === 'DONT_ASK') {
      this.report(
        node,
        'AS103',
        'PermissionMode.DONT_ASK only turns the engine\'s final default ASK into DENY; an explicit ask rule (addAskRule) or a tool\'s safety ASK still pauses the call for confirmation',
        'for unattended runs also give explicit rules: PermissionContextState.builder().addDenyRule(tool, rule) / addAllowRule(tool, rule) for every tool that may ask, and handle GenerateReason.PERMISSION_ASKING',
      );
    }
    if (this.traps.AS102 && f.owner.fqn === 'io.agentscope.core.message.GenerateReason' && f.member.name === 'PERMISSION_ASKING') {
      // remember the if-branch guarded by this comparison
      let p: Node | null = node.parent;
      let child: Node = node;
      while (p && p.type !== 'method_declaration' && p.type !== 'lambda_expression' && p.type !== 'class_body') {
        if (p.type === 'if_statement' && field(p, 'condition')?.id === child.id) {
          const cons = field(p, 'consequence');
          if (cons) this.askBranches.push(cons);
          break;
        }
        child = p;
        p = p.parent;
      }
    }
  }

  // -- calls

  private ctorCandidates(t: JType): FoundMember[] {
    if (t.k !== 'class') return [];
    const decl = this.idx.type(t.fqn);
    if (!decl) return [];
    const subst = new Map<string, JType>();
    decl.typeParams.forEach((p, i) => t.args[i] && subst.set(p.name, t.args[i]));
    return decl.members.filter((m) => m.kind === 'constructor').map((m) => ({ member: m, owner: decl, subst }));
  }

  private accepts(m: Member, n: number): boolean {
    const ps = m.params ?? [];
    const va = ps.length > 0 && ps[ps.length - 1].varargs;
    return va ? n >= ps.length - 1 : n === ps.length;
  }

  /**
   * Types the arguments, picks the overloads that fit, reports AS003 when `judge` and none
   * accepts the argument count, and returns the chosen candidate (if one).
   */
  private checkCall(
    at: Node,
    argsNode: Node,
    cands: FoundMember[],
    recv: JType,
    scope: Scope,
    what: 'constructor' | 'method',
    judge: boolean,
    extraArities: number[] = [],
  ): FoundMember | undefined {
    const args = kids(argsNode);
    const n = args.length;
    const fitting = cands.filter((c) => this.accepts(c.member, n));
    // type the non-lambda arguments first
    const argTypes: (JType | undefined)[] = args.map((a) => (isFunctional(a) ? undefined : this.exprType(a, scope)));
    let chosen: FoundMember | undefined;
    // JLS 15.12.2: keep the overloads the argument types may fit; `no` only when certain
    const infos = args.map((a, i) => argInfo(a, argTypes[i]));
    let narrowed = fitting.filter((c) => applicable({ params: this.idx.paramTypes(c), varargs: c.member.params?.[c.member.params.length - 1]?.varargs === true }, infos, this.facts) !== 'no');
    if (judge && fitting.length > 0 && narrowed.length === 0 && extraArities.length === 0) {
      const owner = shortName(cands[0].owner.fqn);
      const name = what === 'constructor' ? `new ${owner}` : `${owner}.${cands[0].member.name}`;
      const found = infos.map(describeArg).join(', ');
      const sigs = [...new Set(fitting.map((c) => (what === 'constructor' ? this.fmtSig(c) : `${owner}.${this.fmtSig(c)}`)))];
      this.report(at, 'AS007', `${name}(${found}): no overload of AgentScope ${this.idx.version} accepts these argument types`, `${this.idx.version} declares: ${sigs.join('; ')}`);
    }
    if (narrowed.length === 0) narrowed = fitting;
    if (narrowed.length === 1) chosen = narrowed[0];
    else if (narrowed.length > 1) {
      // an override and the method it overrides (same parameters): the first found is the most derived
      const sig = (c: FoundMember) => this.idx.paramTypes(c).map((t) => erasure(t) ?? '?').join(',');
      if (new Set(narrowed.map(sig)).size === 1 && !sig(narrowed[0]).includes('?')) chosen = narrowed[0];
    }
    // lambdas / method refs with a target when all remaining candidates agree
    args.forEach((a, i) => {
      if (!isFunctional(a)) return;
      let target: JType | undefined;
      for (const c of narrowed) {
        const ps = this.idx.paramTypes(c);
        let p = ps[Math.min(i, ps.length - 1)];
        if (p && p.k === 'array' && c.member.params?.[c.member.params.length - 1]?.varargs && i >= ps.length - 1) p = p.elem;
        if (!p) continue;
        if (target === undefined) target = p;
        else if (typeToString(target) !== typeToString(p)) target = UNKNOWN;
      }
      this.expr(a, scope, target && target.k !== 'unknown' ? target : undefined);
    });
    if (judge && fitting.length === 0 && !extraArities.includes(n) && (cands.length > 0 || extraArities.length > 0)) {
      const owner = shortName(cands[0]?.owner.fqn ?? (recv.k === 'class' ? recv.fqn : '?'));
      const sigs = cands.map((c) => (what === 'constructor' ? this.fmtSig(c) : `${owner}.${this.fmtSig(c)}`));
      const name = what === 'constructor' ? `new ${owner}(…)` : `${owner}.${cands[0]?.member.name ?? ''}(…)`;
      const counts = [...new Set(cands.map((c) => describeArity(c.member)).concat(extraArities.map(String)))].sort().join(' or ');
      this.report(at, 'AS003', `${name} takes ${counts} argument${counts === '1' ? '' : 's'}, not ${n} (AgentScope ${this.idx.version})`, `${this.idx.version} declares: ${sigs.join('; ')}`);
    }
    if (chosen?.member.deprecated?.forRemoval) {
      this.report(at, 'AS006', `${shortName(chosen.owner.fqn)}.${chosen.member.kind === 'constructor' ? '<init>' : chosen.member.name} is deprecated for removal in AgentScope ${this.idx.version}`, chosen.member.deprecated.note);
    }
    (chosen as { argTypes?: (JType | undefined)[] } | undefined) && (this.lastArgTypes = argTypes);
    this.lastArgTypes = argTypes;
    return chosen;
  }
  private lastArgTypes: (JType | undefined)[] = [];
  /** Result types of AgentScope calls that the inventory alone decides (no inference), by call node id. */
  private exactResults = new Map<number, JType>();

  /**
   * Is the result type of a call decided by the declaration and the arguments alone? Yes without
   * method type parameters; with them, only when each one the return type mentions is pinned by an
   * argument in a type-argument position (`Class<T>`, `List<T>`: equality constraints target typing cannot change).
   */
  private resultIsExact(f: FoundMember, argTypes: (JType | undefined)[]): boolean {
    const tps = f.member.typeParams ?? [];
    if (!tps.length) return true;
    const vars = this.idx.typeVarsOf(f.owner, f.member);
    const ret = this.idx.parse(f.member.type ?? '', vars);
    const pinned = new Set<string>();
    (f.member.params ?? []).forEach((p, i) => {
      const pt = this.idx.parse(p.type, vars);
      const at = argTypes[i];
      if (pt.k !== 'class' || at?.k !== 'class' || pt.fqn !== at.fqn) return;
      pt.args.forEach((x, j) => x.k === 'tv' && at.args[j] && fullyKnown(at.args[j]) && pinned.add(x.name));
    });
    const mentioned = (t: JType): boolean => (t.k === 'tv' ? tps.some((p) => p.name === t.name) && !pinned.has(t.name) : t.k === 'class' ? t.args.some(mentioned) : t.k === 'array' ? mentioned(t.elem) : t.k === 'wild' ? !!t.bound && mentioned(t.bound) : false);
    return !mentioned(ret);
  }

  /** AS013: `Flux<String> x = agent.stream(..)` where the call returns `Flux<Event>`. */
  private checkResultAssignment(value: Node, declared: JType) {
    const actual = value.type === 'method_invocation' ? this.exactResults.get(value.id) : undefined;
    if (!actual || declared.k !== 'class' || !declared.fqn.includes('.')) return;
    const bad = assignable({ k: 'type', t: actual }, declared, this.facts) === 'no' || genericArgsDiffer(declared, actual);
    if (!bad) return;
    this.report(value, 'AS013', `the call returns ${simpleType(actual)} in AgentScope ${this.idx.version}, which cannot be assigned to ${simpleType(declared)}`, `declare the variable as ${simpleType(actual)} (or var)`);
  }

  private inferMethodTypeArgs(f: FoundMember, retT: JType, argTypes: (JType | undefined)[]): JType {
    const tps = f.member.typeParams ?? [];
    if (!tps.length) return retT;
    const names = new Set(tps.map((t) => t.name));
    const bind = new Map<string, JType>();
    const vars = this.idx.typeVarsOf(f.owner, f.member);
    const ps = (f.member.params ?? []).map((p) => this.idx.parse(p.type, vars));
    const unify = (p: JType, a: JType | undefined) => {
      if (!a || a.k === 'unknown') return;
      if (p.k === 'tv' && names.has(p.name) && !bind.has(p.name) && a.k === 'class') bind.set(p.name, a);
      else if (p.k === 'class' && a.k === 'class' && p.fqn === a.fqn) p.args.forEach((x, i) => unify(x, a.args[i]));
      else if (p.k === 'wild' && p.bound) unify(p.bound, a);
      else if (p.k === 'array' && a.k === 'array') unify(p.elem, a.elem);
    };
    ps.forEach((p, i) => unify(p, argTypes[i]));
    for (const n of names) if (!bind.has(n)) bind.set(n, UNKNOWN);
    return substitute(retT, bind);
  }

  private invoke(node: Node, scope: Scope): EVal {
    const objNode = field(node, 'object');
    const nameNode = field(node, 'name');
    const argsNode = field(node, 'arguments');
    if (!nameNode || !argsNode) return NONE;
    const name = nameNode.text;
    const typeArgs = field(node, 'type_arguments');
    if (typeArgs) for (const t of kids(typeArgs)) this.typeOf(t, scope.ctx, true);

    let recv: EVal;
    if (!objNode) return this.unqualifiedCall(node, name, argsNode, scope);
    if (objNode.type === 'this' && this.anonymousOwn(scope)?.methods.has(name)) {
      // a method of the anonymous class's own body, not of its supertype
      for (const a of kids(argsNode)) this.expr(a, scope);
      return NONE;
    }
    recv = this.eval(objNode, scope);
    if (objNode.type === 'super' && recv.k === 'val') {
      // super.m(..): look it up on the superclass, but never judge (interfaces' defaults, Outer.super...)
      return this.callOn(node, nameNode, argsNode, recv.t, scope, false, false);
    }
    if (recv.k === 'type') return this.callOn(node, nameNode, argsNode, recv.t, scope, true, true);
    if (recv.k === 'val') return this.callOn(node, nameNode, argsNode, recv.t, scope, false, true);
    this.stats.unknownReceiver++;
    for (const a of kids(argsNode)) this.expr(a, scope);
    return NONE;
  }

  private callOn(node: Node, nameNode: Node, argsNode: Node, t: JType, scope: Scope, isStatic: boolean, judge: boolean): EVal {
    const name = nameNode.text;
    if (t.k !== 'class') {
      if (t.k === 'unknown') this.stats.unknownReceiver++;
      for (const a of kids(argsNode)) this.expr(a, scope);
      return t.k === 'array' && name === 'clone' ? val(t) : NONE;
    }
    const decl = this.idx.type(t.fqn);
    const sc = this.srcByFqn.get(t.fqn);
    if (decl) {
      const { found, hierarchy, jdkHas } = this.idx.findMembers(t, name, ['method']);
      // the inventory is the truth for its own types, even when the checked sources declare them too
      const srcHas = false;
      const canJudge = judge && hierarchy.complete && !this.samePackage(hierarchy) && this.mayJudgeQualified(decl.package);
      this.stats.resolved++;
      if (canJudge) this.stats.judged++;
      if (!found.length && !jdkHas.length) {
        if (canJudge && !srcHas) this.reportMissingMember(nameNode, t, name, 'method', hierarchy);
        if (sc) return this.srcCall(sc, t, name, argsNode, scope);
        for (const a of kids(argsNode)) this.expr(a, scope);
        return NONE;
      }
      if (canJudge && isStatic && found.length > 0 && jdkHas.length === 0 && !found.some((f) => f.member.modifiers.includes('static'))) {
        // JLS 15.12.3: TypeName.m(..) must name a static method
        this.report(nameNode, 'AS008', `${shortName(found[0].owner.fqn)}.${name}(…) is an instance method: it cannot be called through the type name ${shortName(t.fqn)}`, `call it on an instance, e.g. a ${shortName(t.fqn)} variable`);
      }
      const chosen = this.checkCall(nameNode, argsNode, found, t, scope, 'method', canJudge && !srcHas, jdkHas);
      if (canJudge && !isStatic && chosen?.member.modifiers.includes('static') && found.every((f) => f.member.modifiers.includes('static'))) {
        this.report(nameNode, 'AS009', `${shortName(chosen.owner.fqn)}.${name}(…) is static: calling it through an instance hides that (javac -Xlint:static)`, `call ${shortName(chosen.owner.fqn)}.${name}(…)`);
      }
      this.trapsOnCall(node, t, decl, name, isStatic, chosen);
      if (!chosen) {
        // all fitting overloads agree on the return type?
        const n = kids(argsNode).length;
        const fit = found.filter((c) => this.accepts(c.member, n));
        const rets = new Set(fit.map((c) => typeToString(this.idx.memberType(c))));
        if (fit.length && rets.size === 1 && !(fit[0].member.typeParams?.length)) return val(asValueType(this.idx.memberType(fit[0])));
        if (!fit.length && jdkHas.length && name === 'getClass') return val(cls('java.lang.Class', [t]));
        if (!fit.length && name === 'values' && decl.kind === 'enum') return val({ k: 'array', elem: cls(decl.fqn) });
        if (!fit.length && name === 'valueOf' && decl.kind === 'enum') return val(cls(decl.fqn));
        return NONE;
      }
      const rt = this.inferMethodTypeArgs(chosen, this.idx.memberType(chosen), this.lastArgTypes);
      if (canJudge && this.resultIsExact(chosen, this.lastArgTypes)) this.exactResults.set(node.id, asValueType(rt));
      return val(asValueType(rt));
    }
    if (sc) {
      const inherited = this.srcHasMethod(sc, name) ? undefined : this.soleInventorySuper(sc);
      if (inherited) return this.callOn(node, nameNode, argsNode, inherited, scope, isStatic, judge);
      return this.srcCall(sc, t, name, argsNode, scope);
    }
    // third-party / JDK receivers: only a few well-known generic methods are followed
    const ext = externalMethod(t, name, kids(argsNode).length);
    const args = kids(argsNode);
    args.forEach((a, i) => this.expr(a, scope, ext?.params[Math.min(i, ext.params.length - 1)]));
    return ext ? val(asValueType(ext.ret)) : NONE;
  }

  /**
   * The one AgentScope type a project class inherits all of its non-source methods from (`class
   * TestAgent extends AgentBase`): a call of a method the project classes do not declare is then
   * judged on that type. Undefined when any supertype is unknown or more than one inventory type is reached.
   */
  private soleInventorySuper(sc: SourceClass): (JType & { k: 'class' }) | undefined {
    const found: (JType & { k: 'class' })[] = [];
    const walk = (c: SourceClass, depth: number): boolean => {
      if (depth > 8) return false;
      for (const s of this.sourceSupers(c)) {
        if (s.k !== 'class') return false;
        const src = this.srcByFqn.get(s.fqn);
        if (src && !this.idx.type(s.fqn)) {
          if (!walk(src, depth + 1)) return false;
        } else if (this.idx.type(s.fqn)) found.push(s);
        else if (s.fqn !== 'java.lang.Object') return false;
      }
      return true;
    };
    if (!walk(sc, 0)) return undefined;
    const distinct = [...new Map(found.map((f) => [f.fqn, f])).values()];
    return distinct.length === 1 ? distinct[0] : undefined;
  }

  private srcHasMethod(sc: SourceClass, name: string, depth = 0): boolean {
    if (sc.methodNodes.has(name)) return true;
    if (depth > 8) return true;
    for (const s of this.sourceSupers(sc)) {
      if (s.k !== 'class') return true;
      const ss = this.srcByFqn.get(s.fqn);
      if (ss && this.srcHasMethod(ss, name, depth + 1)) return true;
    }
    return false;
  }

  /** A call on a type declared by the checked sources: never judged, typed when we can. */
  private srcCall(sc: SourceClass, t: JType & { k: 'class' }, name: string, argsNode: Node, scope: Scope): EVal {
    const args = kids(argsNode);
    const ms = (sc.methodNodes.get(name) ?? []).filter((m) => m.type === 'method_declaration' || m.type === 'formal_parameter');
    const fit = ms.filter((m) => {
      if (m.type === 'formal_parameter') return args.length === 0;
      const ps = field(m, 'parameters');
      const list = ps ? kids(ps).filter((p) => p.type === 'formal_parameter' || p.type === 'spread_parameter') : [];
      const va = list.some((p) => p.type === 'spread_parameter');
      return va ? args.length >= list.length - 1 : args.length === list.length;
    });
    for (const a of args) this.expr(a, scope);
    if (fit.length === 1) {
      const ctx = this.classTypeCtx(sc);
      const m = fit[0];
      const tps = m.type === 'method_declaration' ? field(m, 'type_parameters') : null;
      if (tps) return NONE;
      const tn = field(m, 'type');
      const rt = tn ? this.typeOf(tn, ctx, false) : UNKNOWN;
      const bind = new Map<string, JType>();
      sc.typeParams.forEach((p, i) => bind.set(p, t.args[i] ?? UNKNOWN));
      return val(asValueType(substitute(rt, bind)));
    }
    if (ms.length === 0) {
      // inherited from an inventory supertype?
      for (const s of this.sourceSupers(sc)) {
        if (s.k === 'class' && this.idx.type(s.fqn)) {
          const { found } = this.idx.findMembers(s, name, ['method']);
          const f = found.filter((c) => this.accepts(c.member, args.length));
          if (f.length === 1) return val(asValueType(this.inferMethodTypeArgs(f[0], this.idx.memberType(f[0]), [])));
        }
      }
    }
    return NONE;
  }

  private unqualifiedCall(node: Node, name: string, argsNode: Node, scope: Scope): EVal {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const cc = s.classBoundary;
      if (!cc) continue;
      if (cc.methods.has(name)) {
        if (cc.src) return this.srcCall(cc.src, cls(cc.fqn) as JType & { k: 'class' }, name, argsNode, scope);
        for (const a of kids(argsNode)) this.expr(a, scope);
        return NONE;
      }
      const supers = cc.src && cc.supers.length === 0 ? this.sourceSupers(cc.src) : cc.supers;
      for (const sup of supers) {
        if (sup.k !== 'class') continue;
        if (this.idx.type(sup.fqn)) {
          const { found } = this.idx.findMembers(sup, name, ['method']);
          if (found.length) return this.callOn(node, field(node, 'name')!, argsNode, sup, scope, false, false);
        } else if (this.srcByFqn.has(sup.fqn) && this.srcHasMethod(this.srcByFqn.get(sup.fqn)!, name)) {
          return this.srcCall(this.srcByFqn.get(sup.fqn)!, sup, name, argsNode, scope);
        }
      }
    }
    const imp = scope.ctx.unit.imports;
    const owners = [...(imp.staticSingle.get(name) ?? []), ...imp.staticOnDemand];
    for (const o of owners) {
      const t = this.resolveQualified(o);
      if (t?.k === 'class' && this.idx.type(t.fqn)) {
        const { found } = this.idx.findMembers(t, name, ['method']);
        if (found.length) return this.callOn(node, field(node, 'name')!, argsNode, t, scope, true, false);
      }
    }
    for (const a of kids(argsNode)) this.expr(a, scope);
    return NONE;
  }

  private creation(node: Node, scope: Scope): EVal {
    const tn = field(node, 'type');
    const argsNode = field(node, 'arguments');
    const outerObj = kids(node)[0]?.type !== tn?.type && kids(node)[0]?.id !== tn?.id ? kids(node)[0] : undefined;
    if (outerObj && EXPRESSIONS.has(outerObj.type)) this.expr(outerObj, scope);
    const typeArgs = field(node, 'type_arguments');
    if (typeArgs) for (const t of kids(typeArgs)) this.typeOf(t, scope.ctx, true);
    const t = tn ? this.typeOf(tn, scope.ctx, true) : UNKNOWN;
    const body = kids(node).find((k) => k.type === 'class_body');
    const decl = t.k === 'class' ? this.idx.type(t.fqn) : undefined;
    if (argsNode) {
      if (decl && !outerObj) {
        const cands = this.ctorCandidates(t);
        const h = this.idx.hierarchy(t);
        const judge = !this.samePackage(h) && this.mayJudgeQualified(decl.package) && decl.kind !== 'interface' && cands.length > 0;
        const extra = decl.kind === 'interface' ? [0] : [];
        if (decl.kind === 'interface' && kids(argsNode).length > 0 && !this.samePackage(h) && this.mayJudgeQualified(decl.package)) {
          this.report(argsNode, 'AS003', `${shortName(decl.fqn)} is an interface: an anonymous implementation takes no constructor arguments`, undefined);
        }
        this.checkCall(tn!, argsNode, cands, t, scope, 'constructor', judge, extra);
      } else {
        for (const a of kids(argsNode)) this.expr(a, scope);
      }
    }
    if (body) this.visitClass(node, scope, t, body);
    return val(t);
  }

  private lambda(node: Node, scope: Scope, target: JType | undefined) {
    const params = field(node, 'parameters');
    const body = field(node, 'body');
    const s = new Scope(scope, scope.ctx);
    const names: Node[] = [];
    let explicit = false;
    if (params) {
      if (params.type === 'identifier') names.push(params);
      else if (params.type === 'inferred_parameters') names.push(...kids(params));
      else if (params.type === 'formal_parameters') {
        explicit = true;
        this.declareParams(params, s, true);
      }
    }
    let fnRet: JType | undefined;
    if (target && !explicit) {
      const sig = this.functionalSig(target, names.length);
      if (sig) {
        names.forEach((n, i) => s.vars.set(n.text, asValueType(sig.params[i] ?? UNKNOWN)));
        fnRet = sig.ret;
      }
    }
    for (const n of names) if (!s.vars.has(n.text)) s.vars.set(n.text, UNKNOWN);
    if (!body) return;
    if (body.type === 'block') {
      const bs = new Scope(s, s.ctx, undefined, fnRet ?? UNKNOWN);
      this.stmt(body, bs);
    } else this.expr(body, s, fnRet);
  }

  /** Parameter and return types of a functional interface type. */
  private functionalSig(t: JType, arity: number): { params: JType[]; ret?: JType } | undefined {
    if (t.k === 'wild') return t.bound ? this.functionalSig(t.bound, arity) : undefined;
    if (t.k !== 'class') return undefined;
    const ext = lambdaParamsOf(t);
    if (ext) return ext.params.length === arity ? ext : undefined;
    if (!this.idx.type(t.fqn)) return undefined;
    const h = this.idx.hierarchy(t);
    if (!h.complete) return undefined;
    const abs = this.idx.abstractMethods(h).filter((a) => a.member && !['equals', 'hashCode', 'toString'].includes(a.name));
    const names = new Set(abs.map((a) => a.name));
    if (names.size !== 1 || !abs[0].member) return undefined;
    const f = { member: abs[0].member, owner: this.idx.type(abs[0].owner)!, subst: abs[0].subst ?? new Map() };
    const ps = this.idx.paramTypes(f);
    if (ps.length !== arity) return undefined;
    return { params: ps, ret: this.idx.memberType(f) };
  }

  private methodRef(node: Node, scope: Scope) {
    const ks = kids(node);
    const lhs = ks[0];
    const nameNode = ks[ks.length - 1];
    if (!lhs) return;
    let recv: EVal;
    if (lhs.type === 'type_identifier' || lhs.type === 'scoped_type_identifier' || lhs.type === 'generic_type' || lhs.type === 'array_type') {
      const t = this.typeOf(lhs, scope.ctx, true);
      recv = t.k === 'class' ? { k: 'type', fqn: t.fqn, t } : NONE;
    } else recv = this.eval(lhs, scope);
    if (!nameNode || nameNode.id === lhs.id || nameNode.type !== 'identifier') return;
    const t = recv.k === 'type' || recv.k === 'val' ? recv.t : undefined;
    if (!t || t.k !== 'class') return;
    const decl = this.idx.type(t.fqn);
    if (!decl || this.srcByFqn.has(t.fqn)) return;
    const { found, hierarchy, jdkHas } = this.idx.findMembers(t, nameNode.text, ['method']);
    if (!found.length && !jdkHas.length && hierarchy.complete && !this.samePackage(hierarchy) && this.mayJudgeQualified(decl.package)) {
      this.reportMissingMember(nameNode, t, nameNode.text, 'method', hierarchy);
    }
    if (found.length === 1 && found[0].member.deprecated?.forRemoval) {
      this.report(nameNode, 'AS006', `${shortName(found[0].owner.fqn)}.${found[0].member.name} is deprecated for removal in AgentScope ${this.idx.version}`, found[0].member.deprecated.note);
    }
  }

  // ---------------------------------------------------------------- semantic traps

  private trapsOnCall(node: Node, t: JType & { k: 'class' }, decl: TypeDecl, name: string, isStatic: boolean, chosen: FoundMember | undefined) {
    const owner = chosen?.owner.fqn ?? decl.fqn;
    // AS101: tool returns ToolResultBlock.text/error without a state
    if (this.traps.AS101 && isStatic && owner === 'io.agentscope.core.message.ToolResultBlock' && (name === 'text' || name === 'error')) {
      const parent = node.parent;
      const chainedState = parent?.type === 'method_invocation' && field(parent, 'object')?.id === node.id && field(parent, 'name')?.text === 'withState';
      if (!chainedState && this.inToolReturn(node)) {
        const state = name === 'text' ? 'SUCCESS' : 'ERROR';
        this.report(
          node,
          'AS101',
          name === 'text'
            ? 'ToolResultBlock.text(..) returned from a tool keeps the default state RUNNING; say that the tool finished'
            : 'ToolResultBlock.error(..) returned from a tool keeps the default state RUNNING, so the result is not marked as a failure',
          `ToolResultBlock.${name}(..).withState(ToolResultState.${state})`,
        );
      }
    }
    // AS102: resuming an ASK pause with text
    if (this.traps.AS102 && (name === 'call' || name === 'stream' || name === 'streamEvents') && this.isAgentType(t)) {
      const branch = this.askBranches.find((b) => b.startIndex <= node.startIndex && node.endIndex <= b.endIndex);
      if (branch && !/ConfirmResult|METADATA_CONFIRM_RESULTS/.test(branch.text)) {
        const args = kids(field(node, 'arguments')!);
        const textArg = args.some((a) => this.isTextMessage(a));
        if (textArg) {
          const ctorArities = this.ctorCandidates(cls('io.agentscope.core.event.ConfirmResult')).map((c) => this.fmtSig(c));
          this.report(
            node,
            'AS102',
            'this resumes a PERMISSION_ASKING pause with a text message; the agent does not read "yes"/"approve" text, it waits for ConfirmResult decisions',
            `send a Msg whose metadata maps Msg.METADATA_CONFIRM_RESULTS to a List<ConfirmResult>, one per pending ToolUseBlock (${ctorArities.join(' / ')})`,
          );
        }
      }
    }
    // AS104: MCP registrations
    if (this.traps.AS104) {
      if (owner === 'io.agentscope.core.tool.Toolkit' && name === 'registerMcpClient') {
        const o = field(node, 'object');
        this.addMcpReg(o?.text ?? '', node, this.chainNames(node));
      } else if (owner === 'io.agentscope.core.tool.Toolkit.ToolRegistration' && name === 'mcpClient') {
        // walk down to `<toolkit>.registration()`
        let o = field(node, 'object');
        while (o && o.type === 'method_invocation' && field(o, 'name')?.text !== 'registration') o = field(o, 'object');
        const root = o && o.type === 'method_invocation' ? field(o, 'object')?.text ?? '' : '';
        this.addMcpReg(root, node, [...this.chainNames(node), ...this.chainBelow(node)]);
      }
    }
  }

  /** Method names called on the result of `node` (a fluent chain going up). */
  private chainNames(node: Node): string[] {
    const out: string[] = [];
    let cur: Node = node;
    while (cur.parent?.type === 'method_invocation' && field(cur.parent, 'object')?.id === cur.id) {
      cur = cur.parent;
      out.push(field(cur, 'name')?.text ?? '');
    }
    return out;
  }

  private chainBelow(node: Node): string[] {
    const out: string[] = [];
    let o = field(node, 'object');
    while (o && o.type === 'method_invocation') {
      out.push(field(o, 'name')?.text ?? '');
      o = field(o, 'object');
    }
    return out;
  }

  private addMcpReg(receiver: string, node: Node, chain: string[]) {
    const hasPrefixApi = hasApi(this.idx, { type: 'io.agentscope.core.tool.Toolkit.ToolRegistration', member: 'mcpToolNamePrefix' });
    const separated = chain.includes('enableTools') || chain.includes('disableTools') || (hasPrefixApi && chain.includes('mcpToolNamePrefix'));
    if (separated) return;
    const method = this.methodStack[this.methodStack.length - 1] ?? null;
    const key = `${method?.id ?? 'class'}|${receiver.replace(/^this\./, '')}`;
    const list = this.mcpRegs.get(key) ?? [];
    list.push({ node, method, key });
    this.mcpRegs.set(key, list);
  }

  private flushMcp() {
    const hasPrefixApi = hasApi(this.idx, { type: 'io.agentscope.core.tool.Toolkit.ToolRegistration', member: 'mcpToolNamePrefix' });
    for (const list of this.mcpRegs.values()) {
      if (list.length < 2) continue;
      for (const r of list.slice(1)) {
        this.report(
          r.node,
          'AS104',
          `a second MCP server is registered into the same Toolkit with nothing keeping the tool names apart; remote tools keep their own names${hasPrefixApi ? '' : ` (AgentScope ${this.idx.version} has no MCP tool-name prefix)`}, so two servers exposing the same tool name collide and the later registration replaces the earlier`,
          hasPrefixApi
            ? 'toolkit.registration().mcpClient(client).mcpToolNamePrefix("mcp__<server>__").apply()'
            : 'toolkit.registration().mcpClient(client).enableTools(List.of(...)).apply() (or .disableTools(...)) so the servers expose disjoint tool names, or use one Toolkit per server',
        );
      }
    }
  }

  private isAgentType(t: JType & { k: 'class' }): boolean {
    const h = this.idx.hierarchy(t);
    return h.types.some((x) => x.decl.fqn === 'io.agentscope.core.agent.Agent' || x.decl.fqn === 'io.agentscope.core.agent.CallableAgent' || x.decl.fqn === 'io.agentscope.core.ReActAgent');
  }

  private isTextMessage(a: Node): boolean {
    if (a.type === 'string_literal' || a.type === 'text_block') return true;
    if (a.type === 'object_creation_expression') {
      const tn = field(a, 'type');
      const args = field(a, 'arguments');
      if (!tn || !args) return false;
      const t = this.typeOf(tn, { unit: this.unit, typeVars: new Set(), cls: undefined }, false);
      const isMsg = t.k === 'class' && this.idx.type(t.fqn) && this.idx.hierarchy(t).types.some((x) => x.decl.fqn === 'io.agentscope.core.message.Msg');
      return Boolean(isMsg) && kids(args).some((x) => x.type === 'string_literal' || x.type === 'text_block' || x.type === 'binary_expression');
    }
    if (a.type === 'method_invocation') {
      const n = field(a, 'name')?.text;
      if (n === 'of' || n === 'singletonList' || n === 'asList') return kids(field(a, 'arguments')!).some((x) => this.isTextMessage(x));
      // Msg.builder()...textContent("...")...build()
      return /\.textContent\s*\(/.test(a.text) && !/METADATA_CONFIRM_RESULTS/.test(a.text);
    }
    return false;
  }

  private inToolReturn(node: Node): boolean {
    let p: Node | null = node.parent;
    let inReturn = false;
    let lambdaBody = false;
    while (p) {
      if (p.type === 'return_statement') inReturn = true;
      if (p.type === 'lambda_expression' && !inReturn) lambdaBody = true;
      if (p.type === 'method_declaration') {
        if (!inReturn && !lambdaBody) return false;
        if (!inReturn) return false;
        const ann = this.annotationNames(p);
        if (ann.includes('Tool')) return true;
        const rt = field(p, 'type')?.text ?? '';
        const name = field(p, 'name')?.text ?? '';
        return /\bToolResultBlock\b/.test(rt) && (name === 'callAsync' || name === 'call' || ann.includes('Override'));
      }
      if (p.type === 'class_body' || p.type === 'program') return false;
      p = p.parent;
    }
    return false;
  }
}

export { parseTypeString };
