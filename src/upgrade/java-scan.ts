/**
 * The upgrade's own scan of a user's Java sources: which lines stop compiling when the
 * project moves from inventory `a` to inventory `b`, and which of them have a certain,
 * mechanical fix (moved type -> rewrite the import; confident method rename -> rewrite the
 * call's name).
 *
 * It parses with tree-sitter-java and infers the static type of receiver expressions as far
 * as the inventories allow (variables with declared types, `new T(..)`, static calls on
 * AgentScope types, chained calls through declared return types). Like javac, it reports
 * nothing on an expression whose type is already erroneous (a removed type or an
 * unresolvable call), so one mistake yields one finding.
 */
import type { Node } from 'web-tree-sitter';
import { javaParser } from '../inventory/extract/parser.js';
import type { Inventory, Member, TypeDecl } from '../inventory/schema.js';
import type { Change, InventoryDiff } from '../diff/diff.js';
import { indexDiff } from '../diff/diff.js';
import { erase, hierarchy, indexTypes, memberVars } from '../diff/signature.js';

const parser = javaParser;

type IssueKind =
  | 'moved-type' | 'removed-type' | 'removed-package' | 'missing-member' | 'renamed-member' | 'wrong-arity'
  | 'annotation-element' | 'missing-implementation' | 'override-nothing';

/** A textual replacement in one file; offsets are UTF-16 indices into the original text. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface ScanIssue {
  file: string;
  /** 1-based line and column where javac reports the problem. */
  line: number;
  col: number;
  kind: IssueKind;
  message: string;
  /** The source line, trimmed, for the report. */
  source: string;
  /** What to do; present when known (mechanical or not). */
  fix?: string;
  /** The mechanical edit, only when it is certain. */
  edit?: Edit;
  change?: Change;
}

export interface ScanContext {
  a: Inventory;
  b: Inventory;
  diff: InventoryDiff;
  /** Renames with at least this confidence are applied mechanically (default 0.8). */
  renameConfidence?: number;
}

interface Prepared {
  byA: Map<string, TypeDecl>;
  byB: Map<string, TypeDecl>;
  typeMap: Map<string, Change>;
  memberChanges: Map<string, Change[]>;
  pkgsA: Set<string>;
  pkgsB: Set<string>;
  renameConfidence: number;
}

const prepared = new WeakMap<InventoryDiff, Prepared>();
function prepare(ctx: ScanContext): Prepared {
  let p = prepared.get(ctx.diff);
  if (!p) {
    const idx = indexDiff(ctx.diff);
    const typeMap = new Map<string, Change>();
    for (const [fqn, c] of idx.typeChange) if (c.change === 'renamed') typeMap.set(fqn, c);
    p = {
      byA: indexTypes(ctx.a),
      byB: indexTypes(ctx.b),
      typeMap,
      memberChanges: idx.memberChanges,
      pkgsA: new Set(ctx.a.types.map((t) => t.package)),
      pkgsB: new Set(ctx.b.types.map((t) => t.package)),
      renameConfidence: ctx.renameConfidence ?? 0.8,
    };
    prepared.set(ctx.diff, p);
  }
  return p;
}

/** The type of an expression in the target version: a known FQN, erroneous, or unknown. */
type T = { fqn: string } | 'ERR' | undefined;
const ERR = 'ERR' as const;

function kids(n: Node): Node[] {
  return n.namedChildren.filter((c): c is Node => c !== null);
}

function argCount(args: Node | null): number {
  return args ? kids(args).filter((c) => c.type !== 'line_comment' && c.type !== 'block_comment').length : 0;
}

function arityOk(m: Member, n: number): boolean {
  const ps = m.params ?? [];
  const varargs = ps.length > 0 && ps[ps.length - 1].varargs;
  return varargs ? n >= ps.length - 1 : n === ps.length;
}

/** Per-file state. */
class FileScan {
  readonly issues: ScanIssue[] = [];
  /** simple name -> FQN as written in the import (old names). */
  private imports = new Map<string, { fqn: string; node: Node }>();
  private wildcards: { pkg: string; node: Node }[] = [];
  private vars = new Map<string, Node>();
  private types = new Map<number, T>();
  private pkg = '';
  readonly usedTypes = new Set<string>();
  private lines: string[];

  constructor(readonly file: string, readonly text: string, readonly ctx: ScanContext, readonly p: Prepared) {
    this.lines = text.split('\n');
  }

  private issue(node: Node, kind: IssueKind, message: string, extra: Partial<ScanIssue> = {}, at?: Node): void {
    const pos = (at ?? node).startPosition;
    if (this.issues.some((i) => i.line === pos.row + 1 && i.kind === kind && i.message === message)) return;
    this.issues.push({ file: this.file, line: pos.row + 1, col: pos.column + 1, kind, message, source: (this.lines[pos.row] ?? '').trim(), ...extra });
  }

  /** Maps an old FQN to the target version: same FQN, the renamed/moved FQN, or removed. */
  private toB(fqn: string): { fqn?: string; change?: Change; removed?: boolean } {
    if (this.p.byB.has(fqn)) return { fqn };
    const moved = this.p.typeMap.get(fqn);
    if (moved?.to) return { fqn: moved.to, change: moved };
    if (this.p.byA.has(fqn)) return { removed: true };
    return {};
  }

  /** Resolves a type name as written (simple, nested or qualified) to an old-or-new FQN. */
  private resolveName(written: string): string | undefined {
    const name = written.replace(/<.*$/s, '').replace(/\s+/g, '');
    const [head, ...rest] = name.split('.');
    if (/^[a-z]/.test(head)) {
      // Qualified: the longest prefix that is a known type, the rest are nested names.
      const parts = name.split('.');
      for (let i = parts.length; i > 0; i--) {
        const cand = parts.slice(0, i).join('.');
        if (this.p.byA.has(cand) || this.p.byB.has(cand)) return [cand, ...parts.slice(i)].join('.');
      }
      return undefined;
    }
    let base: string | undefined = this.imports.get(head)?.fqn;
    if (!base) {
      for (const w of this.wildcards) {
        const cand = `${w.pkg}.${head}`;
        if (this.p.byA.has(cand) || this.p.byB.has(cand)) {
          base = cand;
          break;
        }
      }
    }
    if (!base && this.pkg) {
      const cand = `${this.pkg}.${head}`;
      if (this.p.byA.has(cand) || this.p.byB.has(cand)) base = cand;
    }
    return base ? [base, ...rest].join('.') : undefined;
  }

  /** Type of a type node / name in the target version. */
  private typeFromName(written: string): T {
    const fqn = this.resolveName(written);
    if (!fqn) return undefined;
    // Nested names: map the outermost known type then append.
    const r = this.toB(fqn);
    if (r.removed) return ERR;
    if (r.fqn) {
      this.usedTypes.add(r.fqn);
      return { fqn: r.fqn };
    }
    return undefined;
  }

  run(root: Node): void {
    for (const c of kids(root)) {
      if (c.type === 'package_declaration') this.pkg = kids(c).find((k) => k.type === 'scoped_identifier' || k.type === 'identifier')?.text ?? '';
      if (c.type === 'import_declaration') this.importDecl(c);
    }
    this.collectVars(root);
    this.walk(root);
  }

  private importDecl(node: Node): void {
    const isStatic = node.children.some((c) => c?.type === 'static');
    const star = node.children.some((c) => c?.type === 'asterisk');
    const nameNode = kids(node).find((k) => k.type === 'scoped_identifier' || k.type === 'identifier');
    if (!nameNode) return;
    const name = nameNode.text;
    if (!name.startsWith('io.agentscope.')) return;
    if (star && !isStatic) {
      this.wildcards.push({ pkg: name, node });
      if (this.p.pkgsA.has(name) && !this.p.pkgsB.has(name) && !this.p.byB.has(name)) {
        this.issue(node, 'removed-package', `package ${name} does not exist in ${this.ctx.b.version}`, {
          fix: 'remove this wildcard import; import the types it provided from their new packages',
        });
      }
      return;
    }
    if (isStatic) {
      const owner = star ? name : name.slice(0, name.lastIndexOf('.'));
      const member = star ? undefined : name.slice(name.lastIndexOf('.') + 1);
      const r = this.toB(owner);
      if (r.removed) this.issue(node, 'removed-type', `${owner} was removed in ${this.ctx.b.version}`, { change: this.p.typeMap.get(owner) }, nameNode);
      else if (r.fqn && member && !this.findMembers(r.fqn, member).length) {
        this.issue(node, 'missing-member', `${owner}.${member} does not exist in ${this.ctx.b.version}`, { change: this.memberChange(owner, member) }, nameNode);
      }
      return;
    }
    const simpleName = name.slice(name.lastIndexOf('.') + 1);
    this.imports.set(simpleName, { fqn: name, node });
    const r = this.toB(name);
    if (r.change && r.fqn) {
      this.issue(node, 'moved-type', `${name} moved to ${r.fqn} in ${this.ctx.b.version}`, {
        change: r.change,
        fix: `import ${r.fqn};`,
        edit: { start: nameNode.startIndex, end: nameNode.endIndex, text: r.fqn },
      }, nameNode);
    } else if (r.removed) {
      this.issue(node, 'removed-type', `${name} was removed in ${this.ctx.b.version}`, { change: this.typeChange(name) }, nameNode);
    } else if (!r.fqn && !this.p.byA.has(name) && !this.p.pkgsA.has(name.slice(0, name.lastIndexOf('.')))) {
      // Not an AgentScope type in either version (maybe an unpulled extension): leave it alone.
    }
  }

  private typeChange(fqn: string): Change | undefined {
    return this.ctx.diff.changes.find((c) => c.scope === 'type' && c.type === fqn);
  }

  private memberChange(ownerOld: string, name: string): Change | undefined {
    for (const t of hierarchy(ownerOld, this.p.byA)) {
      const cs = this.p.memberChanges.get(`${t.fqn}#${name}`);
      if (cs?.length) return cs.find((c) => c.change === 'renamed') ?? cs.find((c) => c.change === 'removed') ?? cs[0];
    }
    return undefined;
  }

  private collectVars(root: Node): void {
    for (const d of root.descendantsOfType(['local_variable_declaration', 'field_declaration', 'formal_parameter', 'catch_formal_parameter', 'enhanced_for_statement', 'resource'])) {
      if (!d) continue;
      if (d.type === 'formal_parameter' || d.type === 'catch_formal_parameter' || d.type === 'resource' || d.type === 'enhanced_for_statement') {
        const n = d.childForFieldName('name');
        if (n) this.vars.set(n.text, d);
        continue;
      }
      for (const decl of kids(d).filter((k) => k.type === 'variable_declarator')) {
        const n = decl.childForFieldName('name');
        if (n) this.vars.set(n.text, d);
      }
    }
  }

  private varType(name: string): T {
    const d = this.vars.get(name);
    if (!d) return undefined;
    const typeNode = d.childForFieldName('type') ?? kids(d).find((k) => /type/.test(k.type));
    if (!typeNode) return undefined;
    if (typeNode.text === 'var') {
      const decl = kids(d).find((k) => k.type === 'variable_declarator' && k.childForFieldName('name')?.text === name);
      const init = decl?.childForFieldName('value');
      return init ? this.typeOf(init) : undefined;
    }
    return this.typeFromName(typeNode.text);
  }

  /** Methods named `name` visible on `fqnB` (target inventory), including inherited ones. */
  private findMembers(fqnB: string, name: string, kind: Member['kind'] = 'method'): { t: TypeDecl; m: Member }[] {
    const out: { t: TypeDecl; m: Member }[] = [];
    for (const t of hierarchy(fqnB, this.p.byB)) {
      for (const m of t.members) if (m.name === name && m.kind === kind) out.push({ t, m });
    }
    return out;
  }

  /** Is the type fully known (all supertypes in the inventory or java.lang.Object)? Otherwise a missing member may be inherited from outside. */
  private closed(fqnB: string): boolean {
    for (const t of hierarchy(fqnB, this.p.byB)) {
      for (const s of [...t.extends, ...t.implements]) {
        const e = erase(s.resolved);
        if (!this.p.byB.has(e) && e !== 'java.lang.Object' && e !== 'java.lang.Record' && !e.startsWith('java.lang.Enum')) return false;
      }
    }
    return true;
  }

  private oldFqnOf(fqnB: string): string {
    for (const [from, c] of this.p.typeMap) if (c.to === fqnB) return from;
    return fqnB;
  }

  private returnType(t: TypeDecl, m: Member): T {
    if (!m.type || m.type === 'void') return undefined;
    const e = erase(m.type, memberVars(t, m, this.p.byB));
    if (this.p.byB.has(e)) {
      this.usedTypes.add(e);
      return { fqn: e };
    }
    return undefined;
  }

  /** Checks one call and returns its type in the target version. */
  private call(node: Node, receiver: T, isStaticRef: boolean): T {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return undefined;
    const argsNode = node.childForFieldName('arguments');
    const argTypes = argsNode ? kids(argsNode).map((a) => this.typeOf(a)) : [];
    if (receiver === ERR || argTypes.includes(ERR)) return ERR;
    if (!receiver) return undefined;
    const name = nameNode.text;
    const n = argCount(argsNode);
    const cands = this.findMembers(receiver.fqn, name);
    const dot = node.children.find((c) => c?.type === '.') ?? nameNode;
    const oldOwner = this.oldFqnOf(receiver.fqn);
    if (!cands.length) {
      if (!this.closed(receiver.fqn)) return undefined;
      const change = this.memberChange(oldOwner, name);
      if (change?.change === 'renamed' && change.to) {
        const newName = change.to.slice(0, change.to.indexOf('('));
        const certain = (change.confidence ?? 0) >= this.p.renameConfidence && !change.aspects.some((x) => x.breaksCaller);
        this.issue(node, 'renamed-member', `${simpleOf(receiver.fqn)}.${name}(..) is renamed to ${newName}(..) in ${this.ctx.b.version}`, {
          change,
          fix: `call .${newName}(..) instead`,
          edit: certain ? { start: nameNode.startIndex, end: nameNode.endIndex, text: newName } : undefined,
        }, dot);
        const renamed = this.findMembers(receiver.fqn, newName).filter((c) => arityOk(c.m, n));
        return certain && renamed.length ? this.returnType(renamed[0].t, renamed[0].m) : ERR;
      }
      this.issue(node, 'missing-member', `${simpleOf(receiver.fqn)} has no method ${name}(..) in ${this.ctx.b.version}${change ? '' : ''}`, {
        change,
        fix: change?.note ? change.note : undefined,
      }, dot);
      return ERR;
    }
    const fit = cands.filter((c) => arityOk(c.m, n) && (!isStaticRef || c.m.modifiers.includes('static')));
    if (!fit.length) {
      if (isStaticRef && cands.some((c) => arityOk(c.m, n))) {
        this.issue(node, 'missing-member', `${simpleOf(receiver.fqn)}.${name}(..) is no longer static in ${this.ctx.b.version}`, { change: this.memberChange(oldOwner, name) }, dot);
      } else {
        const arities = [...new Set(cands.map((c) => (c.m.params ?? []).length))].sort();
        this.issue(node, 'wrong-arity', `${simpleOf(receiver.fqn)}.${name} takes ${arities.join(' or ')} argument(s) in ${this.ctx.b.version}, called with ${n}`, { change: this.memberChange(oldOwner, name) }, dot);
      }
      return ERR;
    }
    const rts = new Set(fit.map((c) => JSON.stringify(this.returnType(c.t, c.m) ?? null)));
    return rts.size === 1 ? this.returnType(fit[0].t, fit[0].m) : undefined;
  }

  /** Type of an expression in the target version (memoised: every node is checked once). */
  typeOf(node: Node): T {
    if (this.types.has(node.id)) return this.types.get(node.id);
    this.types.set(node.id, undefined);
    let t: T;
    switch (node.type) {
      case 'parenthesized_expression':
        t = kids(node)[0] ? this.typeOf(kids(node)[0]) : undefined;
        break;
      case 'cast_expression':
        t = this.typeFromName(node.childForFieldName('type')?.text ?? '');
        break;
      case 'identifier':
        t = this.vars.has(node.text) ? this.varType(node.text) : undefined;
        break;
      case 'object_creation_expression': {
        const typeNode = node.childForFieldName('type');
        const argsNode = node.childForFieldName('arguments');
        const argTypes = argsNode ? kids(argsNode).map((a) => this.typeOf(a)) : [];
        t = typeNode ? this.typeFromName(typeNode.text) : undefined;
        const body = kids(node).some((k) => k.type === 'class_body');
        if (t && t !== ERR && !body && !argTypes.includes(ERR)) {
          const decl = this.p.byB.get(t.fqn)!;
          const ctors = decl.members.filter((m) => m.kind === 'constructor');
          const n = argCount(argsNode);
          if (decl.kind === 'class' && ctors.length && !ctors.some((c) => arityOk(c, n))) {
            this.issue(node, 'wrong-arity', `no constructor ${decl.name}(${n} argument(s)) in ${this.ctx.b.version}`, { change: this.memberChange(this.oldFqnOf(t.fqn), '<init>') });
            t = ERR;
          }
        }
        break;
      }
      case 'method_invocation': {
        const obj = node.childForFieldName('object');
        if (!obj) {
          if (node.childForFieldName('arguments')) kids(node.childForFieldName('arguments')!).forEach((a) => this.typeOf(a));
          t = undefined;
          break;
        }
        let receiver: T;
        let isStaticRef = false;
        if ((obj.type === 'identifier' && !this.vars.has(obj.text)) || (obj.type === 'field_access' && /^[\w.]+$/.test(obj.text) && !this.vars.has(obj.text.split('.')[0]))) {
          receiver = this.typeFromName(obj.text);
          isStaticRef = receiver !== undefined;
          if (receiver === undefined && obj.type === 'field_access') receiver = this.typeOf(obj);
        } else {
          receiver = this.typeOf(obj);
        }
        t = this.call(node, receiver, isStaticRef);
        break;
      }
      default:
        t = undefined;
    }
    this.types.set(node.id, t);
    return t;
  }

  private walk(root: Node): void {
    const stack: Node[] = [root];
    while (stack.length) {
      const n = stack.pop()!;
      switch (n.type) {
        case 'import_declaration':
        case 'package_declaration':
          continue;
        case 'method_invocation':
        case 'object_creation_expression':
          this.typeOf(n);
          break;
        case 'type_identifier':
        case 'scoped_type_identifier':
          this.typeUse(n);
          if (n.type === 'scoped_type_identifier') continue;
          break;
        case 'annotation':
        case 'marker_annotation':
          this.annotation(n);
          break;
        case 'class_declaration':
          this.implementer(n);
          break;
      }
      for (let i = n.namedChildCount - 1; i >= 0; i--) {
        const c = n.namedChild(i);
        if (c) stack.push(c);
      }
    }
    // Static references through identifiers (`OpenAIChatModel.builder()`) of removed types.
    for (const inv of root.descendantsOfType('method_invocation')) {
      const obj = inv?.childForFieldName('object');
      if (obj?.type === 'identifier' && !this.vars.has(obj.text) && this.typeFromName(obj.text) === ERR) this.removedUse(obj);
    }
  }

  private removedUse(n: Node): void {
    const fqn = this.resolveName(n.text)!;
    this.issue(n, 'removed-type', `${fqn} was removed in ${this.ctx.b.version}`, { change: this.typeChange(fqn), fix: this.typeChange(fqn)?.note });
  }

  private typeUse(n: Node): void {
    const text = n.text;
    if (n.parent?.type === 'scoped_type_identifier') return;
    const t = this.typeFromName(text);
    if (t === ERR) this.removedUse(n);
    else if (/^[a-z]/.test(text)) {
      // Fully qualified use of a moved type: rewrite it in place.
      const fqn = this.resolveName(text);
      const r = fqn ? this.toB(fqn) : {};
      if (fqn && r.change && r.fqn) {
        this.issue(n, 'moved-type', `${fqn} moved to ${r.fqn} in ${this.ctx.b.version}`, { change: r.change, fix: r.fqn, edit: { start: n.startIndex, end: n.endIndex, text: r.fqn } });
      }
    }
  }

  private annotation(n: Node): void {
    const nameNode = n.childForFieldName('name');
    if (!nameNode) return;
    const t = this.typeFromName(nameNode.text);
    if (t === ERR) {
      this.removedUse(nameNode);
      return;
    }
    if (!t) return;
    const decl = this.p.byB.get(t.fqn);
    if (!decl || decl.kind !== 'annotation') return;
    const args = n.childForFieldName('arguments');
    const given = new Set<string>();
    for (const pair of args ? kids(args).filter((k) => k.type === 'element_value_pair') : []) {
      const key = pair.childForFieldName('key')?.text ?? '';
      given.add(key);
      if (!decl.members.some((m) => m.kind === 'annotationElement' && m.name === key)) {
        const change = this.memberChange(this.oldFqnOf(t.fqn), key);
        this.issue(pair, 'annotation-element', `@${decl.name} has no element ${key} in ${this.ctx.b.version}`, { change, fix: change?.change === 'renamed' ? `use ${change.to}` : undefined });
      }
    }
    const single = args && kids(args).length === 1 && kids(args)[0].type !== 'element_value_pair';
    if (single) given.add('value');
    const required = decl.members.filter((m) => m.kind === 'annotationElement' && m.default === undefined && !given.has(m.name));
    if (required.length) {
      this.issue(n, 'annotation-element', `@${decl.name} requires ${required.map((m) => m.name).join(', ')} in ${this.ctx.b.version}`, {
        change: this.memberChange(this.oldFqnOf(t.fqn), required[0].name),
      });
    }
  }

  /** A user class extending/implementing AgentScope types: new abstract methods it lacks, @Override of removed ones. */
  private implementer(n: Node): void {
    const supers: string[] = [];
    const sc = n.childForFieldName('superclass');
    const si = n.childForFieldName('interfaces');
    for (const part of [sc, si]) {
      if (!part) continue;
      for (const tn of part.descendantsOfType(['type_identifier', 'scoped_type_identifier'])) {
        if (!tn || tn.parent?.type === 'scoped_type_identifier' || tn.parent?.type === 'type_arguments') continue;
        const t = this.typeFromName(tn.text);
        if (t && t !== ERR) supers.push(t.fqn);
      }
    }
    if (!supers.length) return;
    const body = n.childForFieldName('body');
    const declared = new Map<string, Node>();
    for (const m of body ? kids(body).filter((k) => k.type === 'method_declaration') : []) {
      const params = m.childForFieldName('parameters');
      declared.set(`${m.childForFieldName('name')?.text}/${params ? kids(params).filter((k) => /parameter/.test(k.type)).length : 0}`, m);
    }
    const isAbstract = n.children.some((c) => c?.type === 'modifiers' && /\babstract\b/.test(c.text));
    const nameNode = n.childForFieldName('name') ?? n;
    if (!isAbstract) {
      const needed = new Map<string, { t: TypeDecl; m: Member }>();
      const implemented = new Set<string>();
      for (const s of supers) {
        for (const t of hierarchy(s, this.p.byB)) {
          for (const m of t.members) {
            if (m.kind !== 'method') continue;
            const k = `${m.name}/${(m.params ?? []).length}`;
            const abstract = t.kind === 'interface' ? !m.modifiers.some((x) => x === 'default' || x === 'static' || x === 'private') : m.modifiers.includes('abstract');
            if (abstract) {
              if (!needed.has(k)) needed.set(k, { t, m });
            } else implemented.add(k);
          }
        }
      }
      for (const [k, { t, m }] of needed) {
        if (declared.has(k) || implemented.has(k)) continue;
        const change = this.memberChange(this.oldFqnOf(t.fqn), m.name);
        this.issue(n, 'missing-implementation', `must implement ${t.name}.${m.name}(${(m.params ?? []).length} arg(s)), abstract in ${this.ctx.b.version}`, { change }, nameNode);
      }
    }
    for (const [k, m] of declared) {
      const mods = kids(m).find((c) => c.type === 'modifiers');
      const override = mods && kids(mods).find((a) => a.type === 'marker_annotation' && a.text === '@Override');
      if (!override) continue;
      const [name, arity] = k.split('/');
      let found = false;
      for (const s of supers) {
        for (const t of hierarchy(s, this.p.byB)) if (t.members.some((x) => x.kind === 'method' && x.name === name && (x.params ?? []).length === Number(arity))) found = true;
      }
      if (!found && supers.every((s) => this.closed(s))) {
        const change = supers.map((s) => this.memberChange(this.oldFqnOf(s), name)).find(Boolean);
        this.issue(m, 'override-nothing', `${name}(..) overrides nothing in ${this.ctx.b.version}`, { change, fix: change?.change === 'renamed' ? `rename to ${change.to}` : undefined }, override);
      }
    }
  }
}

function simpleOf(fqn: string): string {
  return fqn.slice(fqn.lastIndexOf('.') + 1);
}

export interface FileScanResult {
  file: string;
  issues: ScanIssue[];
  /** AgentScope types (target FQNs) the file uses; drives dependency additions. */
  usedTypes: string[];
}

export async function scanJava(file: string, text: string, ctx: ScanContext): Promise<FileScanResult> {
  const p = prepare(ctx);
  const tree = (await parser()).parse(text);
  if (!tree) throw new Error(`cannot parse ${file}`);
  const scan = new FileScan(file, text, ctx, p);
  try {
    scan.run(tree.rootNode);
  } finally {
    tree.delete();
  }
  scan.issues.sort((x, y) => x.line - y.line || x.col - y.col);
  return { file, issues: scan.issues, usedTypes: [...scan.usedTypes].sort() };
}

/** Applies non-overlapping edits to a text (later edits first, so offsets stay valid). */
export function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((x, y) => y.start - x.start);
  let out = text;
  let lastStart = Infinity;
  for (const e of sorted) {
    if (e.end > lastStart) continue; // overlapping: keep the first one only
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    lastStart = e.start;
  }
  return out;
}

;
