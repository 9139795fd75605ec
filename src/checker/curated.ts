import type { MemberKind } from '../inventory/schema.js';
import type { InventoryIndex } from './inventory-index.js';

/** An inventory declaration a rule or table entry depends on. `member` absent = the type itself. */
export interface ApiRef {
  type: string;
  member?: string;
  kind?: MemberKind;
  /** For constructors/methods: the arity that must exist. */
  arity?: number;
}

export function hasApi(idx: InventoryIndex, ref: ApiRef): boolean {
  const decl = idx.type(ref.type);
  if (!decl) return false;
  if (ref.member === undefined && ref.kind !== 'constructor') return true;
  return decl.members.some(
    (m) =>
      (ref.kind ? m.kind === ref.kind : true) &&
      (ref.kind === 'constructor' || m.name === ref.member) &&
      (ref.arity === undefined || (m.params?.length ?? 0) === ref.arity),
  );
}

/**
 * Names that people (and models trained on other versions or on the online docs) write but
 * that do not exist, with what to write instead. An entry is used only while the wrong name
 * is really absent from the inventory in use and every `uses` declaration is present
 * (tests/checker/curated.test.ts checks both against the pinned inventory).
 */
export interface CuratedEntry {
  /** FQN of the type on which the wrong member is looked up. */
  type: string;
  wrong: string;
  instead: string;
  uses: ApiRef[];
}

const TRB = 'io.agentscope.core.message.ToolResultBlock';
const TRS = 'io.agentscope.core.message.ToolResultState';
const MCB = 'io.agentscope.core.tool.mcp.McpClientBuilder';
const REG = 'io.agentscope.core.tool.Toolkit.ToolRegistration';
const MW = 'io.agentscope.core.middleware.MiddlewareBase';

export const CURATED: CuratedEntry[] = [
  {
    type: TRB,
    wrong: 'success',
    instead: 'ToolResultBlock.text(text).withState(ToolResultState.SUCCESS)',
    uses: [{ type: TRB, member: 'text' }, { type: TRB, member: 'withState' }, { type: TRS, member: 'SUCCESS', kind: 'enumConstant' }],
  },
  {
    type: TRB,
    wrong: 'failure',
    instead: 'ToolResultBlock.error(message).withState(ToolResultState.ERROR)',
    uses: [{ type: TRB, member: 'error' }, { type: TRB, member: 'withState' }, { type: TRS, member: 'ERROR', kind: 'enumConstant' }],
  },
  {
    type: TRB,
    wrong: 'ok',
    instead: 'ToolResultBlock.text(text).withState(ToolResultState.SUCCESS)',
    uses: [{ type: TRB, member: 'text' }, { type: TRB, member: 'withState' }, { type: TRS, member: 'SUCCESS', kind: 'enumConstant' }],
  },
  {
    type: MCB,
    wrong: 'streamableHttp',
    instead: 'McpClientBuilder.create(name).streamableHttpTransport(url).buildAsync()',
    uses: [{ type: MCB, member: 'create' }, { type: MCB, member: 'streamableHttpTransport' }, { type: MCB, member: 'buildAsync' }],
  },
  {
    type: MCB,
    wrong: 'sse',
    instead: 'McpClientBuilder.create(name).sseTransport(url).buildAsync()',
    uses: [{ type: MCB, member: 'create' }, { type: MCB, member: 'sseTransport' }, { type: MCB, member: 'buildAsync' }],
  },
  {
    type: MCB,
    wrong: 'stdio',
    instead: 'McpClientBuilder.create(name).stdioTransport(command, args...).buildAsync()',
    uses: [{ type: MCB, member: 'create' }, { type: MCB, member: 'stdioTransport' }, { type: MCB, member: 'buildAsync' }],
  },
  {
    type: MCB,
    wrong: 'builder',
    instead: 'McpClientBuilder.create(name)',
    uses: [{ type: MCB, member: 'create' }],
  },
  {
    type: MCB,
    wrong: 'name',
    instead: 'McpClientBuilder.create(name) (the name is given to create)',
    uses: [{ type: MCB, member: 'create' }],
  },
  {
    type: MCB,
    wrong: 'url',
    instead: '.streamableHttpTransport(url) or .sseTransport(url)',
    uses: [{ type: MCB, member: 'streamableHttpTransport' }, { type: MCB, member: 'sseTransport' }],
  },
  {
    type: MCB,
    wrong: 'build',
    instead: '.buildAsync() (Mono<McpClientWrapper>) or .buildSync()',
    uses: [{ type: MCB, member: 'buildAsync' }, { type: MCB, member: 'buildSync' }],
  },
  {
    type: 'io.agentscope.core.message.ToolUseBlock',
    wrong: 'getSuggestedRules',
    instead:
      'PermissionDecision.getSuggestedRules() (suggested rules travel with the permission decision; pass accepted ones as new ConfirmResult(true, toolCall, rules))',
    uses: [
      { type: 'io.agentscope.core.permission.PermissionDecision', member: 'getSuggestedRules' },
      { type: 'io.agentscope.core.event.ConfirmResult', kind: 'constructor', arity: 3 },
    ],
  },
  {
    type: 'io.agentscope.core.event.ConfirmResult',
    wrong: 'getAcceptedRules',
    instead: 'ConfirmResult.getRules()',
    uses: [{ type: 'io.agentscope.core.event.ConfirmResult', member: 'getRules' }],
  },
  {
    type: REG,
    wrong: 'mcpToolNamePrefix',
    instead:
      'this version has no MCP tool-name prefix: keep the servers\' tool names disjoint with toolkit.registration().mcpClient(client).enableTools(List.of(...)) or .disableTools(List.of(...)), or register them in separate Toolkits',
    uses: [{ type: REG, member: 'mcpClient' }, { type: REG, member: 'enableTools' }, { type: REG, member: 'disableTools' }],
  },
  {
    type: MW,
    wrong: 'activePoints',
    instead: 'not in this version: override only the hooks MiddlewareBase declares (onAgent, onReasoning, onActing, onModelCall, onSystemPrompt)',
    uses: ['onAgent', 'onReasoning', 'onActing', 'onModelCall', 'onSystemPrompt'].map((m) => ({ type: MW, member: m })),
  },
  {
    type: MW,
    wrong: 'onAgentStateReady',
    instead: 'not in this version: override only the hooks MiddlewareBase declares (onAgent, onReasoning, onActing, onModelCall, onSystemPrompt)',
    uses: ['onAgent', 'onReasoning', 'onActing', 'onModelCall', 'onSystemPrompt'].map((m) => ({ type: MW, member: m })),
  },
];

/** Curated advice for `type.wrong`, if the entry applies to this inventory. */
export function curatedFor(idx: InventoryIndex, types: string[], wrong: string): CuratedEntry | undefined {
  for (const e of CURATED) {
    if (e.wrong !== wrong || !types.includes(e.type)) continue;
    if (hasApi(idx, { type: e.type, member: e.wrong })) continue;
    if (e.uses.every((u) => hasApi(idx, u))) return e;
  }
  return undefined;
}

/** The semantic-trap rules and the declarations each one relies on; a trap is off when any is missing. */
export const TRAP_REQUIREMENTS: Record<'AS101' | 'AS102' | 'AS103' | 'AS104', ApiRef[]> = {
  AS101: [
    { type: TRB, member: 'text', kind: 'method' },
    { type: TRB, member: 'error', kind: 'method' },
    { type: TRB, member: 'withState', kind: 'method' },
    { type: TRB, member: 'getState', kind: 'method' },
    { type: TRS, member: 'SUCCESS', kind: 'enumConstant' },
    { type: TRS, member: 'ERROR', kind: 'enumConstant' },
    { type: TRS, member: 'RUNNING', kind: 'enumConstant' },
  ],
  AS102: [
    { type: 'io.agentscope.core.message.GenerateReason', member: 'PERMISSION_ASKING', kind: 'enumConstant' },
    { type: 'io.agentscope.core.message.Msg', member: 'METADATA_CONFIRM_RESULTS', kind: 'field' },
    { type: 'io.agentscope.core.event.ConfirmResult', kind: 'constructor', arity: 2 },
  ],
  AS103: [
    { type: 'io.agentscope.core.permission.PermissionMode', member: 'DONT_ASK', kind: 'enumConstant' },
    { type: 'io.agentscope.core.permission.PermissionContextState.Builder', member: 'addAskRule', kind: 'method' },
    { type: 'io.agentscope.core.permission.PermissionContextState.Builder', member: 'addAllowRule', kind: 'method' },
    { type: 'io.agentscope.core.permission.PermissionContextState.Builder', member: 'addDenyRule', kind: 'method' },
  ],
  AS104: [
    { type: 'io.agentscope.core.tool.Toolkit', member: 'registerMcpClient', kind: 'method' },
    { type: REG, member: 'mcpClient', kind: 'method' },
    { type: REG, member: 'enableTools', kind: 'method' },
    { type: REG, member: 'disableTools', kind: 'method' },
  ],
};

export function trapEnabled(idx: InventoryIndex, rule: keyof typeof TRAP_REQUIREMENTS): boolean {
  return TRAP_REQUIREMENTS[rule].every((r) => hasApi(idx, r));
}
