/**
 * Behaviour facts: what the method bodies of a version's sources say, for the semantic-trap rules
 * (schema.ts BehaviourFacts, docs/inventory.md "Behaviour facts"). Read from the same parse trees
 * as the declarations, while the extractor holds them; everything is copied out of the tree.
 *
 * Only forms whose meaning is plain from the text are read: a leading `if (cond) throw new X(..)`
 * whose condition compares one parameter with a number, null or an empty/blank string; the
 * `ToolResultState` a ToolResultBlock factory passes to the constructor (or the constructor's
 * default); `param.getType() == X.class` in the tool method invoker; a String parameter handed
 * straight to `ModelRegistry.resolve`.
 */
import type { Node } from 'web-tree-sitter';
import type { BehaviourFacts, Rejection, SourceAt } from '../schema.js';
import { collectFlowFacts, descendants, named } from './flow-facts.js';

const TOOL_RESULT_BLOCK = 'io.agentscope.core.message.ToolResultBlock';
const TOOL_RESULT_STATE = 'ToolResultState';
const MODEL_REGISTRY = 'ModelRegistry';
const INVOKER = 'ToolMethodInvoker';

type Facts = Required<Omit<BehaviourFacts, 'format' | 'version' | 'artifacts'>>;

const TYPE_DECLS = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration']);
const COMPARE = new Set(['<', '<=', '>', '>=', '==', '!=']);
const FLIP: Record<string, '<' | '<=' | '>' | '>=' | '==' | '!='> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

/** `java.util.List<String>` -> `List`, `String...` -> `String[]`: how params are compared with the inventory's `written`. */
export function erasedSimple(written: string): string {
  let t = written.replace(/\s+/g, '');
  let prev = '';
  while (prev !== t) {
    prev = t;
    t = t.replace(/<[^<>]*>/g, '');
  }
  t = t.replace(/\.\.\.$/, '[]').replace(/@[\w.]+/g, '');
  const dims = /(\[\])*$/.exec(t)?.[0] ?? '';
  const base = t.slice(0, t.length - dims.length);
  return base.slice(base.lastIndexOf('.') + 1) + dims;
}

function unparen(n: Node): Node {
  while (n.type === 'parenthesized_expression' && named(n).length === 1) n = named(n)[0];
  return n;
}

function numberOf(n: Node): number | undefined {
  n = unparen(n);
  if (n.type === 'unary_expression' && n.child(0)?.type === '-') {
    const v = numberOf(named(n)[0]);
    return v === undefined ? undefined : -v;
  }
  if (/^(decimal_integer_literal|decimal_floating_point_literal)$/.test(n.type)) {
    const v = Number(n.text.replace(/_/g, '').replace(/[lLfFdD]$/, ''));
    return Number.isFinite(v) ? v : undefined;
  }
  return undefined;
}

/** The rejections of a condition, by parameter name; undefined when it is not only about parameters. */
function rejections(cond: Node, params: Set<string>): Map<string, Rejection[]> | undefined {
  const c = unparen(cond);
  if (c.type === 'binary_expression') {
    const op = c.childForFieldName('operator')?.type ?? '';
    const l = c.childForFieldName('left');
    const r = c.childForFieldName('right');
    if (!l || !r) return undefined;
    if (op === '||') {
      const a = rejections(l, params);
      const b = rejections(r, params);
      if (!a || !b) return undefined;
      for (const [k, v] of b) a.set(k, [...(a.get(k) ?? []), ...v]);
      return a;
    }
    if (!COMPARE.has(op)) return undefined;
    const lu = unparen(l);
    const ru = unparen(r);
    const param = (n: Node) => (n.type === 'identifier' && params.has(n.text) ? n.text : undefined);
    if (param(lu) && ru.type === 'null_literal' && op === '==') return new Map([[lu.text, [{ kind: 'null' }]]]);
    if (param(ru) && lu.type === 'null_literal' && op === '==') return new Map([[ru.text, [{ kind: 'null' }]]]);
    const o = op as '<' | '<=' | '>' | '>=' | '==' | '!=';
    if (param(lu) && numberOf(ru) !== undefined) return new Map([[lu.text, [{ kind: 'compare', op: o, value: numberOf(ru)! }]]]);
    if (param(ru) && numberOf(lu) !== undefined) return new Map([[ru.text, [{ kind: 'compare', op: FLIP[o], value: numberOf(lu)! }]]]);
    return undefined;
  }
  if (c.type === 'method_invocation') {
    const name = c.childForFieldName('name')?.text;
    const args = c.childForFieldName('arguments');
    if (args && named(args).length) return undefined;
    let obj = c.childForFieldName('object');
    let blank = name === 'isBlank';
    // `p.trim().isEmpty()`: blank
    if (name === 'isEmpty' && obj?.type === 'method_invocation' && obj.childForFieldName('name')?.text === 'trim' && !named(obj.childForFieldName('arguments')!).length) {
      obj = obj.childForFieldName('object');
      blank = true;
    }
    if ((name === 'isEmpty' || name === 'isBlank') && obj?.type === 'identifier' && params.has(obj.text)) return new Map([[obj.text, [{ kind: blank ? 'blank' : 'empty' }]]]);
  }
  return undefined;
}

/** Does `n` mention one of `names` as an identifier? */
function mentions(n: Node, names: Set<string>): boolean {
  if (n.type === 'identifier' && names.has(n.text)) return true;
  return named(n).some((k) => mentions(k, names));
}

/** `throw new X(..)`, alone or as the only statement of a block: X. */
function thrownBy(stmt: Node | null): string | undefined {
  if (!stmt) return undefined;
  if (stmt.type === 'block') {
    const body = named(stmt).filter((k) => k.type !== 'line_comment' && k.type !== 'block_comment');
    return body.length === 1 ? thrownBy(body[0]) : undefined;
  }
  if (stmt.type !== 'throw_statement') return undefined;
  const e = named(stmt)[0];
  if (e?.type !== 'object_creation_expression') return undefined;
  const t = e.childForFieldName('type')?.text ?? '';
  return t.slice(t.lastIndexOf('.') + 1) || undefined;
}

interface Ctx {
  artifact: string;
  path: string;
  pkg: string;
  imports: Map<string, string>;
  types: string[];
}

export class FactsCollector {
  readonly facts: Facts = { toolResultStates: [], preconditions: [], stateChecks: [], injectedToolParams: [], modelIdParams: [], publishers: [], resumeFacts: [], permissionFacts: [], toolNameFacts: [], resultFacts: [] };
  /** ToolResultBlock's constructor default state, and the factories that pass none, until the file is done. */
  private pendingDefault: { factory: string; params: string[] }[] = [];
  private defaultState: { state: string; at: SourceAt } | undefined;

  /** One parsed file of `artifact`. */
  visit(root: Node, artifact: string, path: string) {
    const pkg = named(root).find((n) => n.type === 'package_declaration');
    const imports = new Map<string, string>();
    for (const n of named(root)) {
      if (n.type !== 'import_declaration' || /\bstatic\b|\*/.test(n.text)) continue;
      const q = n.text.replace(/^import\s+/, '').replace(/;\s*$/, '').replace(/\s+/g, '');
      imports.set(q.slice(q.lastIndexOf('.') + 1), q);
    }
    const ctx: Ctx = { artifact, path, pkg: pkg ? named(pkg).find((k) => k.type !== 'annotation' && k.type !== 'marker_annotation')?.text.replace(/\s+/g, '') ?? '' : '', imports, types: [] };
    this.pendingDefault = [];
    this.defaultState = undefined;
    for (const n of named(root)) if (TYPE_DECLS.has(n.type)) this.type(n, ctx);
    const dflt = this.defaultState as { state: string; at: SourceAt } | undefined;
    if (dflt) for (const p of this.pendingDefault) this.facts.toolResultStates.push({ factory: p.factory, params: p.params, state: dflt.state, explicit: false, at: dflt.at });
  }

  private at(ctx: Ctx, n: Node): SourceAt {
    return { artifact: ctx.artifact, path: ctx.path, line: n.startPosition.row + 1 };
  }

  private type(n: Node, outer: Ctx) {
    const name = n.childForFieldName('name')?.text;
    if (!name) return;
    const fqn = outer.types.length ? `${outer.types[outer.types.length - 1]}.${name}` : outer.pkg ? `${outer.pkg}.${name}` : name;
    const ctx: Ctx = { ...outer, types: [...outer.types, fqn] };
    const body = n.childForFieldName('body');
    if (!body) return;
    const recordParams = n.type === 'record_declaration' ? n.childForFieldName('parameters') : null;
    const members = body.type === 'enum_body' ? named(body).flatMap((k) => (k.type === 'enum_body_declarations' ? named(k) : [k])) : named(body);
    for (const m of members) {
      if (TYPE_DECLS.has(m.type)) this.type(m, ctx);
      else if (m.type === 'method_declaration' || m.type === 'constructor_declaration' || m.type === 'compact_constructor_declaration') this.member(m, ctx, fqn, n.type === 'interface_declaration', recordParams);
    }
    if (name === INVOKER) this.injected(body, ctx);
    collectFlowFacts(n, fqn, (x) => this.at(ctx, x), this.facts);
  }

  private member(m: Node, ctx: Ctx, owner: string, inInterface: boolean, recordParams: Node | null) {
    const mods = named(m).find((k) => k.type === 'modifiers')?.text ?? '';
    const visible = /\b(public|protected)\b/.test(mods) || (inInterface && !/\bprivate\b/.test(mods));
    if (!visible) return;
    const body = m.childForFieldName('body');
    if (!body) return;
    const name = m.type === 'method_declaration' ? m.childForFieldName('name')!.text : '<init>';
    const paramsNode = m.type === 'compact_constructor_declaration' ? recordParams : m.childForFieldName('parameters');
    const ps = paramsNode ? named(paramsNode).filter((p) => p.type === 'formal_parameter' || p.type === 'spread_parameter') : [];
    const pnames = ps.map((p) => p.childForFieldName('name')?.text ?? named(p).find((k) => k.type === 'variable_declarator')?.childForFieldName('name')?.text ?? '');
    const ptypes = ps.map((p) => {
      const t = p.childForFieldName('type') ?? named(p).find((k) => k.type !== 'modifiers');
      return erasedSimple((t?.text ?? '') + (p.type === 'spread_parameter' ? '...' : ''));
    });
    this.leadingChecks(body, ctx, owner, name, ptypes, pnames);
    if (owner === TOOL_RESULT_BLOCK) this.toolResultState(m, body, ctx, name, ptypes);
    this.modelIds(body, ctx, owner, name, ptypes, pnames);
    if (m.type === 'method_declaration' && /^(Mono|Flux)$/.test(erasedSimple(m.childForFieldName('type')?.text ?? ''))) {
      const stmts = named(body).filter((s) => s.type !== 'line_comment' && s.type !== 'block_comment');
      this.facts.publishers.push({ type: owner, member: name, params: ptypes, lazy: stmts.length === 1 && stmts[0].type === 'return_statement', at: this.at(ctx, m) });
    }
  }

  private leadingChecks(body: Node, ctx: Ctx, owner: string, member: string, params: string[], pnames: string[]) {
    const pset = new Set(pnames.filter(Boolean));
    for (const s of named(body)) {
      if (s.type === 'line_comment' || s.type === 'block_comment' || s.type === 'explicit_constructor_invocation') continue;
      if (s.type === 'expression_statement') {
        // Objects.requireNonNull(p, ..)
        const e = named(s)[0];
        const args = e?.type === 'method_invocation' && /^(Objects\.)?requireNonNull$/.test(`${e.childForFieldName('object')?.text ?? ''}${e.childForFieldName('object') ? '.' : ''}${e.childForFieldName('name')?.text}`) ? named(e.childForFieldName('arguments')!) : undefined;
        const p = args?.[0];
        if (p?.type === 'identifier' && pset.has(p.text)) {
          this.facts.preconditions.push({ type: owner, member, params, index: pnames.indexOf(p.text), param: p.text, rejects: [{ kind: 'null' }], exception: 'NullPointerException', at: this.at(ctx, s) });
          continue;
        }
        break;
      }
      if (s.type !== 'if_statement' || s.childForFieldName('alternative')) break;
      const exception = thrownBy(s.childForFieldName('consequence'));
      const cond = s.childForFieldName('condition');
      if (!exception || !cond) break;
      const rej = rejections(cond, pset);
      if (rej) {
        for (const [param, rejects] of rej) this.facts.preconditions.push({ type: owner, member, params, index: pnames.indexOf(param), param, rejects, exception, at: this.at(ctx, s) });
      } else if (!mentions(cond, pset) && !/\(/.test(unparen(cond).text.replace(/\b(isEmpty|isBlank|size|length)\(\)/g, ''))) {
        // on the object's own state only (fields, `this.x.isEmpty()`), nothing the caller passes
        this.facts.stateChecks.push({ type: owner, member, params, exception, condition: unparen(cond).text.replace(/\s+/g, ' '), at: this.at(ctx, s) });
      }
    }
  }

  private toolResultState(m: Node, body: Node, ctx: Ctx, name: string, params: string[]) {
    if (m.type === 'method_declaration') {
      const mods = named(m).find((k) => k.type === 'modifiers')?.text ?? '';
      if (!/\bstatic\b/.test(mods) || erasedSimple(m.childForFieldName('type')?.text ?? '') !== 'ToolResultBlock') return;
      const creation = descendants(body).find((d) => d.type === 'object_creation_expression' && erasedSimple(d.childForFieldName('type')?.text ?? '') === 'ToolResultBlock');
      if (!creation) return;
      const state = named(creation.childForFieldName('arguments')!)
        .map(unparen)
        .find((a) => a.type === 'field_access' && a.childForFieldName('object')?.text === TOOL_RESULT_STATE);
      if (state) this.facts.toolResultStates.push({ factory: name, params, state: state.childForFieldName('field')!.text, explicit: true, at: this.at(ctx, state) });
      else this.pendingDefault.push({ factory: name, params });
      return;
    }
    // a constructor: `this.state = state != null ? state : ToolResultState.RUNNING`
    for (const d of descendants(body)) {
      if (d.type !== 'assignment_expression' || d.childForFieldName('left')?.text.replace(/\s+/g, '') !== 'this.state') continue;
      const consts = descendants(d.childForFieldName('right')!).filter((x) => x.type === 'field_access' && x.childForFieldName('object')?.text === TOOL_RESULT_STATE);
      const last = consts[consts.length - 1];
      if (last) this.defaultState = { state: last.childForFieldName('field')!.text, at: this.at(ctx, last) };
    }
  }

  private modelIds(body: Node, ctx: Ctx, owner: string, member: string, params: string[], pnames: string[]) {
    const inRegistry = owner.endsWith(`.${MODEL_REGISTRY}`);
    if (inRegistry && member === 'resolve' && params[0] === 'String') {
      this.facts.modelIdParams.push({ type: owner, member, params, index: 0, at: this.at(ctx, body) });
      return;
    }
    for (const d of descendants(body)) {
      if (d.type !== 'method_invocation' || d.childForFieldName('name')?.text !== 'resolve') continue;
      const obj = d.childForFieldName('object')?.text;
      if (obj !== MODEL_REGISTRY && !(inRegistry && !obj)) continue;
      const first = named(d.childForFieldName('arguments')!)[0];
      const i = first?.type === 'identifier' ? pnames.indexOf(first.text) : -1;
      if (i >= 0 && params[i] === 'String') {
        this.facts.modelIdParams.push({ type: owner, member, params, index: i, at: this.at(ctx, d) });
        return;
      }
    }
  }

  /** `param.getType() == X.class` in the invoker's body: X is injected. */
  private injected(body: Node, ctx: Ctx) {
    for (const d of descendants(body)) {
      if (d.type !== 'binary_expression' || d.childForFieldName('operator')?.type !== '==') continue;
      const l = d.childForFieldName('left');
      const r = d.childForFieldName('right');
      if (l?.type !== 'method_invocation' || l.childForFieldName('name')?.text !== 'getType' || r?.type !== 'class_literal') continue;
      const simple = named(r)[0]?.text ?? '';
      const fqn = simple.includes('.') ? simple : ctx.imports.get(simple) ?? (ctx.pkg ? `${ctx.pkg}.${simple}` : simple);
      if (!this.facts.injectedToolParams.some((x) => x.type === fqn)) this.facts.injectedToolParams.push({ type: fqn, at: this.at(ctx, d) });
    }
  }
}

/** The facts about declarations the inventory has (public types and members), sorted; ready to save. */
export function finishFacts(facts: Facts, version: string, artifacts: string[], has: (type: string, member: string, params: string[]) => boolean): BehaviourFacts {
  const key = (x: { at: SourceAt }) => `${x.at.artifact}\0${x.at.path}\0${String(x.at.line).padStart(8, '0')}`;
  const byAt = <T extends { at: SourceAt }>(list: T[]) => list.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    format: 1,
    version,
    artifacts,
    toolResultStates: byAt(facts.toolResultStates.filter((f) => has(TOOL_RESULT_BLOCK, f.factory, f.params))),
    preconditions: byAt(facts.preconditions.filter((f) => has(f.type, f.member, f.params))),
    stateChecks: byAt(facts.stateChecks.filter((f) => has(f.type, f.member, f.params))),
    injectedToolParams: byAt(facts.injectedToolParams),
    modelIdParams: byAt(facts.modelIdParams.filter((f) => has(f.type, f.member, f.params))),
    publishers: byAt(facts.publishers.filter((f) => has(f.type, f.member, f.params))),
    // the framework's own flow: read from package-private classes and private methods too
    resumeFacts: byAt(facts.resumeFacts),
    permissionFacts: byAt(facts.permissionFacts),
    toolNameFacts: byAt(facts.toolNameFacts),
    resultFacts: byAt(facts.resultFacts),
  };
}
