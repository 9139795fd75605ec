/**
 * Flow facts: how the framework's own code handles what AS102-AS104 warn about, read from the
 * method bodies of one class at a time (schema.ts FlowFact, docs/inventory.md "Behaviour facts"):
 *
 * - resume (AS102): the method that reads a paused agent's `ConfirmResult`s from
 *   `Msg.METADATA_CONFIRM_RESULTS`, the `if (<its result>.isEmpty()) throw new X(..)` of its callers,
 *   and the flag-guarded calls taking the input that run before the confirmation is read;
 * - permission (AS103): the `if (.. == PermissionMode.DONT_ASK)` that turns the default ASK into
 *   DENY, and the ASK outcomes a public method returns before it reaches that method (calls of
 *   same-class methods that build an ASK decision, `if (.. == PermissionBehavior.ASK ..) return`),
 *   in source order through the same-class methods it calls;
 * - tool names (AS104): what `ToolRegistry.registerTool` does with a name it already has, and the
 *   name an MCP tool is registered under (`new McpTool(<name>, ..)` in `McpClientManager`);
 * - settling (AS101): the method that decides a finished tool result's state (returns
 *   `ToolResultState`, passes a non-RUNNING state through, maps text starting with a prefix to
 *   ERROR and the rest to a default), and the text prefix each ToolResultBlock factory writes.
 */
import type { Node } from 'web-tree-sitter';
import type { FlowFact, SourceAt } from '../schema.js';

export interface FlowFacts {
  resumeFacts: FlowFact[];
  permissionFacts: FlowFact[];
  toolNameFacts: FlowFact[];
  resultFacts: FlowFact[];
}

const CONFIRM_KEY = 'METADATA_CONFIRM_RESULTS';
const TOOL_REGISTRY = 'io.agentscope.core.tool.ToolRegistry';
const MCP_MANAGER = 'io.agentscope.core.tool.McpClientManager';
const TOOL_RESULT_BLOCK = 'io.agentscope.core.message.ToolResultBlock';
const STATE = 'ToolResultState';

/** Fact texts, shared with the rules that read them (premises.ts). */
export const FLOW = {
  confirmKey: "a paused agent's ConfirmResults are read from",
  noConfirm: 'a resume that carries no ConfirmResult',
  before: (flag: string, call: string) => `when ${flag} is set, ${call}(..) runs before the ConfirmResults are read`,
  dontAsk: 'under PermissionMode.DONT_ASK the default ASK becomes',
  askCall: (callee: string) => `the ASK built by ${callee}(..) is returned before DONT_ASK applies`,
  askIf: "a tool's own ASK is returned before DONT_ASK applies when",
  duplicate: 'a tool registered under a name the Toolkit already has',
  mcpName: 'an MCP tool is registered under',
  /** FLOW.duplicate values */
  replaces: 'replaces the earlier tool',
  keepsFirst: 'is dropped, the earlier tool is kept',
  /** FLOW.mcpName value: the server's name for it, unchanged */
  serverName: "the server's own tool name",
  settles: 'a tool result left RUNNING (not suspended) is settled by the agent as',
  settlesError: 'the agent settles a RUNNING result as ERROR when its text starts with',
  factoryText: (factory: string) => `ToolResultBlock.${factory}(..) starts its text with`,
} as const;

type At = (n: Node) => SourceAt;

export function named(n: Node): Node[] {
  return n.namedChildren.filter((c): c is Node => c !== null);
}

/** `n` and everything below it, in source order. */
export function descendants(n: Node): Node[] {
  const out: Node[] = [];
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    out.push(x);
    const cs = named(x);
    for (let i = cs.length - 1; i >= 0; i--) stack.push(cs[i]);
  }
  return out;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').replace(/ \./g, '.');

/** `name(..)` or `this.name(..)`: a call of a method of the same class. */
function ownCall(n: Node): string | undefined {
  if (n.type !== 'method_invocation') return undefined;
  const o = n.childForFieldName('object');
  return !o || o.type === 'this' ? n.childForFieldName('name')?.text : undefined;
}

function args(n: Node): Node[] {
  const a = n.childForFieldName('arguments');
  return a ? named(a) : [];
}

/** `X.NAME` or `NAME`. */
function isConst(n: Node | undefined, owner: string, name: string): boolean {
  if (!n) return false;
  if (n.type === 'identifier') return n.text === name;
  return n.type === 'field_access' && n.childForFieldName('field')?.text === name && n.childForFieldName('object')?.text.endsWith(owner) === true;
}

/** `a == Owner.NAME` (either side) somewhere in `n`. */
function comparesWith(n: Node, owner: string, name: string): boolean {
  return descendants(n).some((d) => d.type === 'binary_expression' && d.childForFieldName('operator')?.type === '==' && (isConst(d.childForFieldName('left') ?? undefined, owner, name) || isConst(d.childForFieldName('right') ?? undefined, owner, name)));
}

function mentionsConst(n: Node, owner: string, name: string): boolean {
  return descendants(n).some((d) => d.type === 'field_access' && isConst(d, owner, name));
}

function methodName(m: Node): string {
  return m.childForFieldName('name')?.text ?? '';
}

function paramNames(m: Node): string[] {
  const ps = m.childForFieldName('parameters');
  return ps ? named(ps).map((p) => p.childForFieldName('name')?.text ?? '').filter(Boolean) : [];
}

function thrown(n: Node): Node | undefined {
  return descendants(n).find((d) => d.type === 'throw_statement');
}

function thrownType(t: Node): string {
  const e = named(t)[0];
  const ty = e?.type === 'object_creation_expression' ? e.childForFieldName('type')?.text ?? '' : '';
  return ty.slice(ty.lastIndexOf('.') + 1) || 'an exception';
}

/** The flow facts of one class declaration `cls` (its own methods; nested classes are visited on their own). */
export function collectFlowFacts(cls: Node, fqn: string, at: At, out: FlowFacts) {
  const body = cls.childForFieldName('body');
  if (!body) return;
  const methods = new Map<string, Node[]>();
  for (const m of named(body)) {
    if (m.type !== 'method_declaration' || !m.childForFieldName('body')) continue;
    const list = methods.get(methodName(m)) ?? [];
    list.push(m);
    methods.set(methodName(m), list);
  }
  if (!methods.size) return;
  const fact = (list: FlowFact[], member: string, f: string, value: string, n: Node) => list.push({ type: fqn, member, fact: f, value, at: at(n) });
  resume(methods, (m, f, v, n) => fact(out.resumeFacts, m, f, v, n));
  dontAsk(methods, (m, f, v, n) => fact(out.permissionFacts, m, f, v, n));
  if (fqn === TOOL_REGISTRY) duplicates(methods, (m, f, v, n) => fact(out.toolNameFacts, m, f, v, n));
  if (fqn === MCP_MANAGER) mcpNames(methods, (m, f, v, n) => fact(out.toolNameFacts, m, f, v, n));
  settle(methods, (m, f, v, n) => fact(out.resultFacts, m, f, v, n));
  if (fqn === TOOL_RESULT_BLOCK) factoryTexts(methods, (m, f, v, n) => fact(out.resultFacts, m, f, v, n));
}

type Put = (member: string, fact: string, value: string, n: Node) => void;

function all(methods: Map<string, Node[]>): Node[] {
  return [...methods.values()].flat();
}

function resume(methods: Map<string, Node[]>, put: Put) {
  // the readers: `<msg>.getMetadata().get(Msg.METADATA_CONFIRM_RESULTS)`
  const readers = new Set<string>();
  for (const m of all(methods)) {
    const get = descendants(m.childForFieldName('body')!).find((d) => d.type === 'method_invocation' && d.childForFieldName('name')?.text === 'get' && isConst(args(d)[0], 'Msg', CONFIRM_KEY));
    if (!get) continue;
    readers.add(methodName(m));
    put(methodName(m), FLOW.confirmKey, `Msg.${CONFIRM_KEY}`, get);
  }
  if (!readers.size) return;
  // their callers: `v = reader(..)` then `if (v.isEmpty()) { .. throw new X(..) }`
  const reading = new Set(readers);
  for (const m of all(methods)) {
    const b = m.childForFieldName('body')!;
    const vars = new Set<string>();
    for (const d of descendants(b)) {
      const call = d.type === 'variable_declarator' ? d.childForFieldName('value') : d.type === 'assignment_expression' ? d.childForFieldName('right') : null;
      const name = d.type === 'variable_declarator' ? d.childForFieldName('name')?.text : d.childForFieldName('left')?.text;
      if (call && name && readers.has(ownCall(call) ?? '')) vars.add(name);
    }
    if (!vars.size) continue;
    reading.add(methodName(m));
    for (const d of descendants(b)) {
      if (d.type !== 'if_statement') continue;
      const c = d.childForFieldName('condition');
      const inner = c && named(c).length === 1 ? named(c)[0] : undefined;
      const emptyCheck = inner?.type === 'method_invocation' && inner.childForFieldName('name')?.text === 'isEmpty' && vars.has(inner.childForFieldName('object')?.text ?? '');
      const t = emptyCheck ? thrown(d.childForFieldName('consequence')!) : undefined;
      if (t) put(methodName(m), FLOW.noConfirm, `throws ${thrownType(t)}`, t);
    }
  }
  // the method with the ASKING branch (`if (..) { .. reading(..) .. }`): what runs before it
  for (const m of all(methods)) {
    const stmts = named(m.childForFieldName('body')!);
    const branch = stmts.findIndex((s) => s.type === 'if_statement' && descendants(s.childForFieldName('consequence')!).some((d) => reading.has(ownCall(d) ?? '')));
    if (branch < 0) continue;
    const params = new Set(paramNames(m));
    for (const s of stmts.slice(0, branch)) {
      if (s.type !== 'if_statement' || s.childForFieldName('alternative')) continue;
      const c = s.childForFieldName('condition');
      const flag = c && named(c).length === 1 ? named(c)[0] : undefined;
      if (!flag || !(flag.type === 'identifier' || (flag.type === 'field_access' && flag.childForFieldName('object')?.type === 'this'))) continue;
      const calls = descendants(s.childForFieldName('consequence')!).filter((d) => ownCall(d) && args(d).some((a) => a.type === 'identifier' && params.has(a.text)));
      for (const call of calls) put(methodName(m), FLOW.before(flag.text.replace(/^this\./, ''), ownCall(call)!), 'yes', s);
    }
  }
}

function dontAsk(methods: Map<string, Node[]>, put: Put) {
  // the demotion: `if (.. == PermissionMode.DONT_ASK) { .. PermissionBehavior.DENY .. }`
  let demoter: string | undefined;
  for (const m of all(methods)) {
    const i = descendants(m.childForFieldName('body')!).find((d) => d.type === 'if_statement' && comparesWith(d.childForFieldName('condition')!, 'PermissionMode', 'DONT_ASK') && mentionsConst(d.childForFieldName('consequence')!, 'PermissionBehavior', 'DENY'));
    if (!i) continue;
    demoter = methodName(m);
    put(demoter, FLOW.dontAsk, 'DENY', i);
    break;
  }
  if (!demoter) return;
  const buildsAsk = (name: string) => (methods.get(name) ?? []).some((m) => mentionsConst(m, 'PermissionBehavior', 'ASK') && !mentionsConst(m, 'PermissionMode', 'DONT_ASK'));
  for (const m of all(methods)) {
    if (!/\bpublic\b/.test(named(m).find((k) => k.type === 'modifiers')?.text ?? '')) continue;
    const steps: [string, string, Node][] = [];
    const seen = new Set<string>([methodName(m)]);
    // source order through the same-class methods called; true once the demotion is reached
    const walk = (n: Node): boolean => {
      const callee = ownCall(n);
      if (callee && methods.has(callee)) {
        if (callee === demoter) return true;
        if (buildsAsk(callee)) steps.push([FLOW.askCall(callee), 'yes', n]);
        else if (!seen.has(callee)) {
          seen.add(callee);
          for (const t of methods.get(callee)!) if (walk(t.childForFieldName('body')!)) return true;
        }
      }
      if (n.type === 'if_statement' && comparesWith(n.childForFieldName('condition')!, 'PermissionBehavior', 'ASK') && descendants(n.childForFieldName('consequence')!).some((d) => d.type === 'return_statement')) {
        steps.push([FLOW.askIf, squash(named(n.childForFieldName('condition')!)[0]?.text ?? ''), n]);
      }
      return named(n).some(walk);
    };
    if (!walk(m.childForFieldName('body')!)) continue;
    for (const [f, v, n] of steps) put(methodName(m), f, v, n);
  }
}

function duplicates(methods: Map<string, Node[]>, put: Put) {
  for (const m of methods.get('registerTool') ?? []) {
    const name = paramNames(m)[0];
    if (!name) continue;
    const firstArg = (d: Node) => args(d)[0]?.text === name;
    for (const d of descendants(m.childForFieldName('body')!)) {
      const call = d.type === 'method_invocation' ? d.childForFieldName('name')?.text : undefined;
      if ((call === 'putIfAbsent' || call === 'computeIfAbsent') && firstArg(d)) return put('registerTool', FLOW.duplicate, FLOW.keepsFirst, d);
      if (d.type === 'if_statement' && descendants(d.childForFieldName('condition')!).some((c) => c.type === 'method_invocation' && c.childForFieldName('name')?.text === 'containsKey' && firstArg(c))) {
        const cons = d.childForFieldName('consequence')!;
        const t = thrown(cons);
        if (t) return put('registerTool', FLOW.duplicate, `throws ${thrownType(t)}`, t);
        if (descendants(cons).some((r) => r.type === 'return_statement')) return put('registerTool', FLOW.duplicate, FLOW.keepsFirst, d);
      }
      if (call === 'put' && firstArg(d)) return put('registerTool', FLOW.duplicate, FLOW.replaces, d);
    }
  }
}

function mcpNames(methods: Map<string, Node[]>, put: Put) {
  for (const m of all(methods)) {
    for (const d of descendants(m.childForFieldName('body')!)) {
      if (d.type !== 'object_creation_expression' || d.childForFieldName('type')?.text !== 'McpTool') continue;
      const first = args(d)[0];
      if (!first) continue;
      // `mcpTool.name()`: the name the server gave, unchanged
      const plain = first.type === 'method_invocation' && first.childForFieldName('name')?.text === 'name' && !args(first).length && first.childForFieldName('object')?.type === 'identifier';
      return put(methodName(m), FLOW.mcpName, plain ? FLOW.serverName : squash(first.text), d);
    }
  }
}

/**
 * A method returning ToolResultState that passes a non-RUNNING state through
 * (`if (r.getState() != null && r.getState() != RUNNING) return r.getState();`), returns ERROR
 * under a `startsWith("<prefix>")` test and a constant state last: how a RUNNING result ends.
 */
function settle(methods: Map<string, Node[]>, put: Put) {
  for (const m of all(methods)) {
    if (m.childForFieldName('type')?.text !== STATE) continue;
    const body = m.childForFieldName('body')!;
    const passes = descendants(body).some((d) => d.type === 'binary_expression' && d.childForFieldName('operator')?.type === '!=' && isConst(d.childForFieldName('right') ?? undefined, STATE, 'RUNNING'));
    if (!passes) continue;
    const returns = named(body).filter((x) => x.type === 'return_statement');
    const last = returns[returns.length - 1];
    const dflt = last && named(last)[0];
    if (!dflt || dflt.type !== 'field_access' || !dflt.childForFieldName('object')?.text.endsWith(STATE)) continue;
    put(methodName(m), FLOW.settles, dflt.childForFieldName('field')!.text, m);
    for (const d of descendants(body)) {
      if (d.type !== 'if_statement') continue;
      const cond = d.childForFieldName('condition')!;
      const starts = descendants(cond).find((c) => c.type === 'method_invocation' && c.childForFieldName('name')?.text === 'startsWith' && args(c)[0]?.type === 'string_literal');
      const ret = starts && descendants(d.childForFieldName('consequence')!).find((r) => r.type === 'return_statement');
      if (starts && ret && isConst(named(ret)[0], STATE, 'ERROR')) put(methodName(m), FLOW.settlesError, stringValue(args(starts)[0]), starts);
    }
    return;
  }
}

/** `TextBlock.builder().text("Error: " + message)` in a ToolResultBlock factory: the prefix it writes. */
function factoryTexts(methods: Map<string, Node[]>, put: Put) {
  for (const m of all(methods)) {
    const name = methodName(m);
    if ((name !== 'text' && name !== 'error') || !/\bstatic\b/.test(named(m).find((k) => k.type === 'modifiers')?.text ?? '') || m.childForFieldName('type')?.text !== 'ToolResultBlock') continue;
    const text = descendants(m.childForFieldName('body')!).find((d) => d.type === 'method_invocation' && d.childForFieldName('name')?.text === 'text' && args(d).length === 1);
    let first = text && args(text)[0];
    while (first?.type === 'binary_expression' && first.childForFieldName('operator')?.type === '+') first = first.childForFieldName('left') ?? undefined;
    put(methodName(m), FLOW.factoryText(methodName(m)), first?.type === 'string_literal' ? stringValue(first) : '', text ?? m);
  }
}

/** The value of a plain string literal (escapes kept as written: prefixes here are ASCII). */
function stringValue(lit: Node): string {
  return lit.text.replace(/^"|"$/g, '');
}
