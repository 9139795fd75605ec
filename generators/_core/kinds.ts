/**
 * The feature kinds: one row per kind (create-vite's FRAMEWORKS table is the model). The
 * `FeatureKind` type, `create --features`, `gen`'s kinds, their --help and "did you mean",
 * create's feature prompt and the order AgentFactory wires them in all derive from this table.
 * A kind's generator (its files, toolkit/builder lines, tools) is its folder's module, joined
 * to its row in generators/registry.ts. `npm run new-generator` adds a row here.
 *
 * This file imports nothing: generators/_core/options.ts derives its types from it, and the
 * kinds' modules import options.ts (directly or through java.ts), so the modules themselves
 * cannot sit in these rows without an import cycle.
 */

/** Flags of `gen` that only some kinds read (`gen mcp --mcp http`, `gen provider x --model m`). */
type KindOption = 'mcp' | 'model';

interface KindRow {
  kind: string;
  /** One line for `gen --help`, create's feature prompt and "did you mean". */
  summary: { en: string; zh: string };
  /** The class name `create` uses, and `gen <kind>` without a name. */
  defaultClassName: string;
  /** Position in AgentFactory: toolkit registrations and builder calls are emitted in ascending order. */
  order: number;
  /** The kind-specific flags it takes; any other kind refuses them. */
  options: readonly KindOption[];
  /**
   * A kind a project has many of whose default class every created project already has (create's
   * default features): `gen` requires a name for it, and its usage error shows this one.
   */
  nameExample?: string;
}

/** In the order `create --help`, its feature prompt and `gen --help` list them. */
const FEATURE_TABLE = [
  {
    kind: 'tool',
    summary: { en: 'an annotated @Tool class with explicit result states', zh: '带 @Tool 注解、显式结果状态的工具类' },
    defaultClassName: 'GreetingTool',
    order: 10,
    options: [],
    nameExample: 'WeatherTool',
  },
  {
    kind: 'toolbase',
    summary: { en: 'a ToolBase subclass with its own JSON schema and checkPermissions', zh: '自带 JSON schema 与 checkPermissions 的 ToolBase 子类' },
    defaultClassName: 'NoteStoreTool',
    order: 20,
    options: [],
  },
  {
    kind: 'middleware',
    summary: { en: 'a middleware (timing + redacting logger)', zh: '中间件（计时 + 脱敏日志）' },
    defaultClassName: 'ModelCallLogging',
    order: 60,
    options: [],
  },
  {
    kind: 'permission',
    summary: { en: 'a permission policy: mode + allow/ask/deny rules', zh: '权限策略：模式 + allow/ask/deny 规则' },
    defaultClassName: 'PermissionPolicy',
    order: 70,
    options: [],
  },
  {
    kind: 'hitl',
    summary: { en: 'human-in-the-loop: ASK -> ConfirmResult -> resume', zh: '人在回路：ASK -> ConfirmResult -> 恢复' },
    defaultClassName: 'HumanApproval',
    order: 30,
    options: [],
  },
  {
    kind: 'mcp',
    summary: { en: 'MCP clients registered on the Toolkit, closed on shutdown', zh: '注册到 Toolkit 的 MCP 客户端，退出时关闭' },
    defaultClassName: 'McpConnections',
    order: 50,
    options: ['mcp'],
  },
  {
    kind: 'structured',
    summary: { en: 'structured output into a Java record', zh: '结构化输出到 Java record' },
    defaultClassName: 'TaskSummary',
    order: 80,
    options: [],
  },
  {
    kind: 'toolgroups',
    summary: { en: 'tool groups the model equips on demand (meta tool reset_equipped_tools)', zh: '由模型按需装备的工具分组（元工具 reset_equipped_tools）' },
    defaultClassName: 'ToolGroups',
    order: 40,
    options: [],
  },
] as const satisfies readonly KindRow[];

export type FeatureKind = (typeof FEATURE_TABLE)[number]['kind'];

/** `gen` also adds a model provider, which is not a `create` feature (create has --provider). */
const PROVIDER_ROW = {
  kind: 'provider',
  summary: { en: 'a model provider dependency and its configuration: `gen provider anthropic [ClassName]`', zh: '模型提供方依赖与配置：`gen provider anthropic [类名]`' },
  options: ['model'],
} as const satisfies Omit<KindRow, 'defaultClassName' | 'order'>;

export type GenKind = FeatureKind | typeof PROVIDER_ROW.kind;

export const FEATURE_KINDS: readonly FeatureKind[] = FEATURE_TABLE.map((r) => r.kind);

/** The order AgentFactory wires the features in (table order breaks ties). */
export const FEATURE_ORDER: readonly FeatureKind[] = [...FEATURE_TABLE].sort((a, b) => a.order - b.order).map((r) => r.kind);

/** Every `gen` kind, features first, in --help order. */
export const GEN_KINDS: readonly GenKind[] = [...FEATURE_KINDS, PROVIDER_ROW.kind];

const ROWS = new Map<string, KindRow | typeof PROVIDER_ROW>([...FEATURE_TABLE, PROVIDER_ROW].map((r) => [r.kind, r]));

export function isGenKind(kind: string): kind is GenKind {
  return ROWS.has(kind);
}

export function kindSummary(kind: GenKind, lang: 'en' | 'zh'): string {
  return ROWS.get(kind)!.summary[lang];
}

/** The example name of a kind `gen` requires a name for (see KindRow.nameExample), else undefined. */
export function nameExampleOf(kind: GenKind): string | undefined {
  const row = ROWS.get(kind)!;
  return 'nameExample' in row ? row.nameExample : undefined;
}

export function kindOptions(kind: GenKind): readonly KindOption[] {
  return ROWS.get(kind)!.options;
}

/** The class name `create` uses for the kind, and `gen <kind>` without a name. */
export function defaultClassName(kind: FeatureKind): string {
  return (ROWS.get(kind) as KindRow).defaultClassName;
}
