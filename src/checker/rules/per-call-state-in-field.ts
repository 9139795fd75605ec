/**
 * AS113 per-call-state-in-field: per-call state written into an instance field of an object the
 * framework shares across calls. Judged: the hooks of a middleware (an implementation, `@Override`
 * written or not, of a MiddlewareBase method that takes parameters: onAgent, onReasoning, onActing, onModelCall,
 * onSystemPrompt) and of a tool (an implementation of an AgentTool/ToolBase method that takes
 * parameters: callAsync, checkPermissions, ..), and `@Tool` methods. Per-call state: a value read
 * from the method's parameters (the agent, the RuntimeContext with its session and user, the input
 * and its messages, the tool call), from a local computed from them, or from a lambda parameter
 * inside the method (what the call's publisher emits). One agent keeps one middleware instance, and a
 * Toolkit one tool object, for all its calls: concurrent calls overwrite each other's value and a
 * later call reads an earlier one's. Only plain `field = value` of a non-static field the class
 * declares itself; counters (`+=`) and collections (`map.put(..)`) are not judged.
 */
import type { SyntaxNode as Node } from '../analysis/syntax-tree.js';
import type { Member, TypeDecl } from '../../inventory/schema.js';
import { type JType, shortName } from '../jtype.js';
import type { AnalyzerBase } from '../analysis/base.js';
import type { SourceClass, TypeCtx } from '../analysis/model.js';
import { field, hasModifier, kids } from '../analysis/syntax.js';
import { HOOK_TYPES, isHook } from '../premises.js';

const [MIDDLEWARE, AGENT_TOOL] = HOOK_TYPES;
const TOOL = 'io.agentscope.core.tool.Tool';

/** The inventory types above a class of the checked sources (through its source superclasses). */
function inventorySupers(a: AnalyzerBase, supers: JType[], out: TypeDecl[], depth = 0): TypeDecl[] {
  for (const t of supers) {
    if (t.k !== 'class' || depth > 8) continue;
    const sc = a.srcByFqn.get(t.fqn);
    if (sc && !a.idx.type(t.fqn)) inventorySupers(a, a.sourceSupers(sc), out, depth + 1);
    else for (const h of a.idx.hierarchy(t).types) out.push(h.decl);
  }
  return out;
}

/** What the method is a hook of, with the declaration that makes it one; undefined when it is none. */
function hookOf(a: AnalyzerBase, m: Node, ctx: TypeCtx, params: Node[]): { what: string; decl: TypeDecl; line: number } | undefined {
  const name = field(m, 'name')?.text ?? '';
  const mods = kids(m).find((k) => k.type === 'modifiers');
  const anns = mods ? kids(mods).filter((k) => k.type === 'annotation' || k.type === 'marker_annotation') : [];
  const annotated = (fqn: string) =>
    anns.some((x) => {
      const n = field(x, 'name')?.text ?? '';
      if (n.includes('.')) return n.replace(/\s+/g, '') === fqn;
      const t = a.resolveSimple(n, ctx);
      return t?.k === 'class' && t.fqn === fqn;
    });
  const tool = a.idx.type(TOOL);
  if (tool && annotated(TOOL)) return { what: 'tool', decl: tool, line: tool.line };
  if (hasModifier(m, 'static')) return undefined;
  const decls = inventorySupers(a, ctx.cls?.supers ?? [], []);
  const kind = decls.some((d) => d.fqn === MIDDLEWARE) ? 'middleware' : decls.some((d) => d.fqn === AGENT_TOOL) ? 'tool' : undefined;
  if (!kind) return undefined;
  const fits = (x: Member) => isHook(x) && x.name === name && (x.params ?? []).length === params.length;
  for (const d of decls.filter((x) => HOOK_TYPES.includes(x.fqn))) {
    const hook = d.members.find(fits);
    if (hook) return { what: kind, decl: d, line: hook.line };
  }
  return undefined;
}

/** Identifiers of `n` that name variables (not a field after a dot, not a method name). */
function variablesIn(n: Node, out: Node[] = []): Node[] {
  if (n.type === 'identifier') {
    const p = n.parent;
    const member = p && ((p.type === 'field_access' && field(p, 'field')?.id === n.id) || (p.type === 'method_invocation' && field(p, 'name')?.id === n.id));
    if (!member) out.push(n);
  }
  if (n.type !== 'class_body') for (const k of kids(n)) variablesIn(k, out);
  return out;
}

function walk(n: Node, visit: (n: Node) => void) {
  visit(n);
  if (n.type !== 'class_body') for (const k of kids(n)) walk(k, visit);
}

/** The names a lambda declares. */
function lambdaParams(l: Node): string[] {
  const p = field(l, 'parameters');
  if (!p) return [];
  if (p.type === 'identifier') return [p.text];
  return kids(p).map((k) => (k.type === 'identifier' ? k.text : (field(k, 'name')?.text ?? ''))).filter(Boolean);
}

/** The instance field `name` the class declares itself, when it is neither static nor final. */
function ownInstanceField(sc: SourceClass, name: string): boolean {
  const f = sc.fieldNodes.get(name);
  const decl = f?.type.parent;
  if (decl?.type !== 'field_declaration') return false;
  return !hasModifier(decl, 'static') && !hasModifier(decl, 'final');
}

/** Does `n` read the field `name` (`name`, `this.name`)? */
function readsField(n: Node, name: string): boolean {
  if (n.type === 'identifier' && n.text === name) return n.parent?.type !== 'field_access' || field(n.parent, 'object')?.id === n.id || field(n.parent, 'object')?.type === 'this';
  return kids(n).some((k) => readsField(k, name));
}

/** Is the assignment `n` of field `name` guarded by `name == null` (a lazy initialisation, done once)? */
function initialisesOnce(n: Node, name: string): boolean {
  for (let p = n.parent; p && p.type !== 'method_declaration' && p.type !== 'lambda_expression'; p = p.parent) {
    const cond = p.type === 'if_statement' ? field(p, 'condition') : null;
    if (cond && new RegExp(`\\b${name}\\s*==\\s*null\\b|\\bnull\\s*==\\s*(this\\s*\\.\\s*)?${name}\\b`).test(cond.text)) return true;
  }
  return false;
}

export function checkPerCallStateInField(a: AnalyzerBase, m: Node, ctx: TypeCtx) {
  const sc = ctx.cls?.src;
  const body = field(m, 'body');
  const paramsNode = field(m, 'parameters');
  if (!sc || !body || !paramsNode || !a.premises.known) return;
  const params = kids(paramsNode).filter((p) => p.type === 'formal_parameter' || p.type === 'spread_parameter');
  const hook = hookOf(a, m, ctx, params);
  if (!hook) return;
  // per-call values: the parameters, lambda parameters, and locals computed from them
  const tainted = new Set(params.map((p) => field(p, 'name')?.text ?? kids(p).find((k) => k.type === 'variable_declarator')?.childForFieldName('name')?.text ?? '').filter(Boolean));
  const locals = new Set(tainted);
  const decls: { name: string; value: Node }[] = [];
  walk(body, (n) => {
    if (n.type === 'lambda_expression') {
      for (const p of lambdaParams(n)) {
        tainted.add(p);
        locals.add(p);
      }
    }
    if (n.type === 'catch_formal_parameter' || n.type === 'resource') locals.add(field(n, 'name')?.text ?? '');
    if (n.type === 'variable_declarator') {
      const name = field(n, 'name')?.text ?? '';
      locals.add(name);
      const value = field(n, 'value');
      if (value) decls.push({ name, value });
    }
    if (n.type === 'enhanced_for_statement') {
      const name = field(n, 'name')?.text ?? '';
      locals.add(name);
      const value = field(n, 'value');
      if (value) decls.push({ name, value });
    }
  });
  for (let changed = true; changed; ) {
    changed = false;
    for (const d of decls) {
      if (tainted.has(d.name) || !variablesIn(d.value).some((v) => tainted.has(v.text))) continue;
      tainted.add(d.name);
      changed = true;
    }
  }
  const method = field(m, 'name')?.text ?? '';
  walk(body, (n) => {
    if (n.type !== 'assignment_expression' || field(n, 'operator')?.text !== '=') return;
    const left = field(n, 'left');
    const right = field(n, 'right');
    if (!left || !right) return;
    let name: string | undefined;
    if (left.type === 'field_access' && field(left, 'object')?.type === 'this') name = field(left, 'field')?.text;
    else if (left.type === 'identifier' && !locals.has(left.text)) name = left.text;
    if (!name || !ownInstanceField(sc, name)) return;
    const read = variablesIn(right);
    const from = [...new Set(read.filter((v) => tainted.has(v.text)).map((v) => v.text))];
    // `total = total + n` aggregates over the calls; `if (f == null) f = ..` initialises once
    if (!from.length || readsField(right, name) || initialisesOnce(n, name)) return;
    const shared = hook.what === 'middleware' ? 'an agent keeps one middleware instance for all its calls' : 'a Toolkit keeps one tool object for all its calls';
    a.report(
      left,
      'AS113',
      `${method}(..) writes per-call state (from ${from.join(', ')}) into the field ${name} of ${hook.what} ${sc.name}: ${shared}, so concurrent calls overwrite each other's ${name} and a later call reads an earlier one's (AgentScope ${a.idx.version}: ${hook.decl.artifact} ${hook.decl.path}:${hook.line} ${shortName(hook.decl.fqn)})`,
      `keep it in a local variable and pass it on; state that must outlive the call belongs in a map keyed by the call (e.g. a ConcurrentHashMap by session id), or in the agent's session state`,
      { type: hook.decl.fqn, member: method },
    );
  });
}
