/**
 * The premises of the semantic-trap rules (AS101-AS110): the behaviour facts the extractor
 * read from the version's own method bodies (inventory/<v>/facts.json, schema.ts BehaviourFacts),
 * looked up by the declaration a call resolved to. A rule whose facts are absent for a version is
 * off there; every finding names the source line its fact was read from.
 *
 * `rulePremises` lists, per rule, each fact with its value: `inventory pin` compares them between
 * two versions and fails on any change.
 */
import type { BehaviourFacts, FlowFact, Inventory, Member, Rejection, SourceAt } from '../inventory/schema.js';
import { erasedSimple } from '../inventory/extract/facts.js';
import { FLOW } from '../inventory/extract/flow-facts.js';

type Precondition = BehaviourFacts['preconditions'][number];

/** `agentscope-core io/agentscope/core/message/ToolResultBlock.java:57`. */
export function sourceRef(at: SourceAt): string {
  return `${at.artifact} ${at.path}:${at.line}`;
}

function memberKey(type: string, member: string, params: string[]): string {
  return `${type}#${member}(${params.join(',')})`;
}

/** The erased simple parameter types of an inventory member, as facts record them. */
function paramsOf(m: Member): string[] {
  return (m.params ?? []).map((p) => erasedSimple(p.written));
}

/** AS101: the state a ToolResultBlock factory's name promises (`text`: SUCCESS, `error`: ERROR). */
export function intendedState(factory: string): 'SUCCESS' | 'ERROR' {
  return factory === 'error' ? 'ERROR' : 'SUCCESS';
}

/** The facts of a version keyed by member: built once per facts (every check run of the version asks). */
class FactMaps {
  readonly pre = new Map<string, Precondition[]>();
  readonly state = new Map<string, BehaviourFacts['stateChecks']>();
  readonly modelIds = new Map<string, BehaviourFacts['modelIdParams'][number]>();
  readonly results = new Map<string, BehaviourFacts['toolResultStates'][number]>();
  readonly injected = new Map<string, SourceAt>();
  readonly publishers = new Map<string, BehaviourFacts['publishers']>();

  constructor(facts?: BehaviourFacts) {
    if (!facts) return;
    for (const p of facts.preconditions) push(this.pre, memberKey(p.type, p.member, p.params), p);
    for (const s of facts.stateChecks) push(this.state, memberKey(s.type, s.member, s.params), s);
    for (const m of facts.modelIdParams) this.modelIds.set(memberKey(m.type, m.member, m.params), m);
    for (const r of facts.toolResultStates) this.results.set(memberKey('', r.factory, r.params), r);
    for (const i of facts.injectedToolParams) this.injected.set(i.type, i.at);
    for (const p of facts.publishers ?? []) {
      push(this.publishers, memberKey(p.type, p.member, p.params), p);
      push(this.publishers, memberKey('*', p.member, p.params), p);
    }
  }
}

const factMaps = new WeakMap<BehaviourFacts, FactMaps>();
const NO_FACTS = new FactMaps();

/** The facts keyed by member, built on first use (`check` builds them while its parser loads). */
export function factsByMember(facts: BehaviourFacts | undefined): FactMaps {
  if (!facts) return NO_FACTS;
  let m = factMaps.get(facts);
  if (!m) factMaps.set(facts, (m = new FactMaps(facts)));
  return m;
}

export class Premises {
  private readonly pre: FactMaps['pre'];
  private readonly state: FactMaps['state'];
  private readonly modelIds: FactMaps['modelIds'];
  private readonly results: FactMaps['results'];
  readonly injected: ReadonlyMap<string, SourceAt>;
  private readonly publishers: FactMaps['publishers'];

  constructor(
    readonly facts: BehaviourFacts | undefined,
    readonly version: string,
  ) {
    ({ pre: this.pre, state: this.state, modelIds: this.modelIds, results: this.results, injected: this.injected, publishers: this.publishers } = factsByMember(facts));
  }

  get known(): boolean {
    return this.facts !== undefined;
  }

  /** Each member's key, made once: every premise is asked of every AgentScope call. */
  private keys = new WeakMap<Member, { owner: string; key: string }>();
  private key(owner: string, m: Member): string {
    const hit = this.keys.get(m);
    if (hit && hit.owner === owner) return hit.key;
    const key = memberKey(owner, m.kind === 'constructor' ? '<init>' : m.name, paramsOf(m));
    this.keys.set(m, { owner, key });
    return key;
  }

  preconditions(owner: string, m: Member): Precondition[] {
    return this.pre.get(this.key(owner, m)) ?? [];
  }

  stateChecks(owner: string, m: Member): BehaviourFacts['stateChecks'] {
    return this.state.get(this.key(owner, m)) ?? [];
  }

  modelIdParam(owner: string, m: Member): BehaviourFacts['modelIdParams'][number] | undefined {
    return this.modelIds.get(this.key(owner, m));
  }

  /**
   * Where a publisher-returning method's body returns its publisher as its only statement (the
   * work waits for a subscriber). An abstract method is judged by the bodies of that name and
   * parameters the version has: all of them lazy. Undefined when not lazy or not known.
   */
  lazyPublisher(owner: string, m: Member): SourceAt | undefined {
    const own = this.publishers.get(this.key(owner, m));
    if (own) return own.every((p) => p.lazy) ? own[0].at : undefined;
    if (!m.modifiers.includes('abstract')) return undefined;
    const all = this.publishers.get(memberKey('*', m.name, paramsOf(m)));
    return all?.length && all.every((p) => p.lazy) ? all[0].at : undefined;
  }

  /**
   * AS102: how a paused agent reads the message it is resumed with: the ConfirmResult metadata key
   * and what a resume without one does (read in one class), and what runs before it is read.
   * Undefined unless both are recorded.
   */
  resume(): { key: FlowFact; noConfirm: FlowFact; before: FlowFact[] } | undefined {
    const facts = this.facts?.resumeFacts ?? [];
    for (const noConfirm of facts.filter((f) => f.fact === FLOW.noConfirm)) {
      const key = facts.find((f) => f.type === noConfirm.type && f.fact === FLOW.confirmKey);
      if (key) return { key, noConfirm, before: facts.filter((f) => f.type === noConfirm.type && f !== key && f !== noConfirm && f.value === 'yes') };
    }
    return undefined;
  }

  /** AS101: a result of ToolResultBlock.`factory`(..), left in `state` by it, ends otherwise than the factory's name says. */
  endsOtherwise(factory: string, state: string): boolean {
    return state === 'RUNNING' && this.settled(factory)?.state !== intendedState(factory);
  }

  /**
   * AS101: what a tool result left RUNNING becomes once the agent settles it (the default state,
   * and the text prefix that makes it ERROR instead), and the prefix the factory `factory` writes.
   * Undefined when the version records no settling.
   */
  settled(factory: string): { state: string; at: FlowFact; errorPrefix?: FlowFact; written?: FlowFact } | undefined {
    const facts = this.facts?.resultFacts ?? [];
    const at = facts.find((f) => f.fact === FLOW.settles);
    if (!at) return undefined;
    const errorPrefix = facts.find((f) => f.type === at.type && f.fact === FLOW.settlesError);
    const written = facts.find((f) => f.fact === FLOW.factoryText(factory));
    const state = errorPrefix && written && written.value.startsWith(errorPrefix.value) ? 'ERROR' : at.value;
    return { state, at, errorPrefix, written };
  }

  /** AS103: where DONT_ASK turns the default ASK into DENY, and the ASK outcomes returned before it. Undefined unless both are recorded. */
  dontAsk(): { demotes: FlowFact; askFirst: FlowFact[] } | undefined {
    const facts = this.facts?.permissionFacts ?? [];
    const demotes = facts.find((f) => f.fact === FLOW.dontAsk && f.value === 'DENY');
    const askFirst = facts.filter((f) => demotes && f.type === demotes.type && f !== demotes);
    return demotes && askFirst.length ? { demotes, askFirst } : undefined;
  }

  /** AS104: what registering a tool name twice does, when MCP tools keep the server's own names. Undefined otherwise. */
  toolNames(): { duplicate: FlowFact; mcpName: FlowFact } | undefined {
    const facts = this.facts?.toolNameFacts ?? [];
    const duplicate = facts.find((f) => f.fact === FLOW.duplicate);
    const mcpName = facts.find((f) => f.fact === FLOW.mcpName);
    return duplicate && mcpName?.value === FLOW.serverName ? { duplicate, mcpName } : undefined;
  }

  /** `AgentScope 2.0.2: agentscope-core io/agentscope/core/ReActAgent.java:1624`. */
  cite(f: FlowFact): string {
    return `AgentScope ${this.version}: ${sourceRef(f.at)}`;
  }

  /** The state a ToolResultBlock factory leaves on its block. */
  toolResultState(m: Member): BehaviourFacts['toolResultStates'][number] | undefined {
    return this.results.get(memberKey('', m.name, paramsOf(m)));
  }
}

function push<K, V>(map: Map<K, V[]>, k: K, v: V) {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}

/** `maxRetries <= 0`, `name == null`, `name is blank`. */
export function describeRejection(param: string, r: Rejection): string {
  switch (r.kind) {
    case 'compare':
      return `${param} ${r.op} ${r.value}`;
    case 'null':
      return `${param} == null`;
    case 'empty':
      return `${param}.isEmpty()`;
    case 'blank':
      return `${param}.isBlank()`;
  }
}

/** Does a literal value fall under a rejection? `value`: a number, null, or a string's content. */
export function rejects(r: Rejection, value: number | string | null): boolean {
  if (r.kind === 'null') return value === null;
  if (r.kind === 'empty') return typeof value === 'string' && value.length === 0;
  if (r.kind === 'blank') return typeof value === 'string' && value.trim().length === 0;
  if (typeof value !== 'number') return false;
  switch (r.op) {
    case '<':
      return value < r.value;
    case '<=':
      return value <= r.value;
    case '>':
      return value > r.value;
    case '>=':
      return value >= r.value;
    case '==':
      return value === r.value;
    case '!=':
      return value !== r.value;
  }
}

/** AS113: the types whose methods the framework calls on one shared instance, per call: MiddlewareBase, AgentTool, ToolBase. */
export const HOOK_TYPES = ['io.agentscope.core.middleware.MiddlewareBase', 'io.agentscope.core.tool.AgentTool', 'io.agentscope.core.tool.ToolBase'];

/** AS113: a method of HOOK_TYPES the framework calls with the call's values (public, overridable, with parameters). */
export function isHook(m: Member): boolean {
  return m.kind === 'method' && Boolean(m.params?.length) && m.modifiers.includes('public') && !m.modifiers.includes('static') && !m.modifiers.includes('final');
}

const PUBLISHERS = /^reactor\.core\.publisher\.(Mono|Flux)\b/;

/** Does an inventory method return a Reactor Mono or Flux? */
export function returnsPublisher(m: Member): boolean {
  return m.kind === 'method' && PUBLISHERS.test(m.type ?? '');
}

/** One premise of a rule in one version: what the fact says, and where it was read. */
export interface Premise {
  value: string;
  at: string;
}

/**
 * Each trap rule's premises in one version, fact -> value and source line: what `inventory pin`
 * compares (values only: a fact that merely moved to another line still holds). A rule absent
 * from the map has no facts there (it is off).
 */
export function rulePremises(inv: Inventory, facts: BehaviourFacts | undefined): Map<string, Map<string, Premise>> {
  const out = new Map<string, Map<string, Premise>>();
  if (!facts) return out;
  const put = (rule: string, fact: string, value: string, at: string) => {
    let m = out.get(rule);
    if (!m) out.set(rule, (m = new Map()));
    m.set(fact, { value, at });
  };
  const sig = (x: { type: string; member: string; params: string[] }) => `${x.type}#${x.member}(${x.params.join(', ')})`;
  for (const r of facts.toolResultStates) {
    if (r.factory === 'text' || r.factory === 'error') put('AS101', `ToolResultBlock.${r.factory}(${r.params.join(', ')}) leaves the state`, `${r.state} (${r.explicit ? 'passed to the constructor' : 'the constructor default'})`, sourceRef(r.at));
  }
  for (const f of facts.resultFacts ?? []) put('AS101', f.fact, JSON.stringify(f.value), sourceRef(f.at));
  for (const p of facts.publishers ?? []) if (p.lazy) put('AS105', `${sig(p)} returns its publisher as its only statement`, 'yes', sourceRef(p.at));
  for (const i of facts.injectedToolParams) put('AS107', `the tool invoker injects ${i.type}`, 'yes', sourceRef(i.at));
  for (const p of inv.providers) put('AS108', `model prefix "${p.prefix}:" is registered`, p.providerClass, `${p.artifactId} ${p.registeredIn}`);
  for (const m of facts.modelIdParams) put('AS108', `${sig(m)} resolves argument ${m.index + 1} as a model id`, 'yes', sourceRef(m.at));
  for (const p of facts.preconditions) put('AS109', `${sig(p)} rejects ${p.param}`, `${p.rejects.map((r) => describeRejection(p.param, r)).join(' || ')}: ${p.exception}`, sourceRef(p.at));
  const mw = inv.types.find((t) => t.fqn === 'io.agentscope.core.middleware.MiddlewareBase');
  for (const m of mw?.members ?? []) {
    const i = (m.params ?? []).findIndex((p) => p.type.startsWith('java.util.function.Function'));
    if (m.kind === 'method' && i >= 0) put('AS111', `MiddlewareBase#${m.name} receives the rest of the chain`, `as parameter ${i + 1} of ${m.params!.length}`, `${mw!.artifact} ${mw!.path}:${m.line}`);
  }
  const wrapper = inv.types.find((t) => t.fqn === 'io.agentscope.core.tool.mcp.McpClientWrapper');
  const close = wrapper?.members.find((m) => m.kind === 'method' && m.name === 'close' && !(m.params ?? []).length);
  if (close) put('AS112', 'McpClientWrapper#close() releases the client', wrapper!.implements.some((i) => i.resolved === 'java.lang.AutoCloseable') ? 'declared, AutoCloseable' : 'declared', `${wrapper!.artifact} ${wrapper!.path}:${close.line}`);
  for (const d of HOOK_TYPES.map((fqn) => inv.types.find((t) => t.fqn === fqn))) {
    for (const m of d?.members ?? []) if (isHook(m)) put('AS113', `${d!.name}#${m.name} is called per call on the one shared instance`, `${m.params!.length} parameters`, `${d!.artifact} ${d!.path}:${m.line}`);
  }
  // AS102-AS104: the framework's own flow, keyed by the class (without its package) and the fact
  const flows: [string, FlowFact[] | undefined][] = [['AS102', facts.resumeFacts], ['AS103', facts.permissionFacts], ['AS104', facts.toolNameFacts]];
  for (const [rule, list] of flows) for (const f of list ?? []) put(rule, `${f.type.replace(/^([a-z_$][\w$]*\.)+/, '')}: ${f.fact}`, f.value, sourceRef(f.at));
  for (const s of facts.stateChecks) {
    if (s.type === 'io.agentscope.core.message.Msg' && s.member === 'getStructuredData') put('AS110', `${sig(s)} throws without structured output`, `${s.exception} when ${s.condition}`, sourceRef(s.at));
  }
  return out;
}

/** A premise of `from` that `to` no longer has, or has with another value. */
export interface PremiseChange {
  rule: string;
  fact: string;
  from: Premise;
  /** Absent: the fact is gone in the other version. */
  to?: Premise;
}

export function premiseChanges(from: Map<string, Map<string, Premise>>, to: Map<string, Map<string, Premise>>): PremiseChange[] {
  const out: PremiseChange[] = [];
  for (const [rule, facts] of from) {
    for (const [fact, p] of facts) {
      const q = to.get(rule)?.get(fact);
      if (!q || q.value !== p.value) out.push({ rule, fact, from: p, ...(q ? { to: q } : {}) });
    }
  }
  return out;
}
