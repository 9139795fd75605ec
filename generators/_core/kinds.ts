/**
 * The one-line summary of every `gen` kind (and `create` feature), zh/en: `gen --help`, its
 * "did you mean", and the descriptions of create's feature prompt all read this table.
 */
import type { FeatureKind } from './options.js';

export type GenKind = FeatureKind | 'provider';

/** One row per kind: drives dispatch, --help and "did you mean". */
export const GEN_KINDS: Record<GenKind, { en: string; zh: string }> = {
  tool: { en: 'an annotated @Tool class with explicit result states', zh: '带 @Tool 注解、显式结果状态的工具类' },
  toolbase: { en: 'a ToolBase subclass with its own JSON schema and checkPermissions', zh: '自带 JSON schema 与 checkPermissions 的 ToolBase 子类' },
  middleware: { en: 'a middleware (timing + redacting logger)', zh: '中间件（计时 + 脱敏日志）' },
  permission: { en: 'a permission policy: mode + allow/ask/deny rules', zh: '权限策略：模式 + allow/ask/deny 规则' },
  mcp: { en: 'MCP clients registered on the Toolkit, closed on shutdown', zh: '注册到 Toolkit 的 MCP 客户端，退出时关闭' },
  structured: { en: 'structured output into a Java record', zh: '结构化输出到 Java record' },
  hitl: { en: 'human-in-the-loop: ASK -> ConfirmResult -> resume', zh: '人在回路：ASK -> ConfirmResult -> 恢复' },
  toolgroups: { en: 'tool groups the model equips on demand (meta tool reset_equipped_tools)', zh: '由模型按需装备的工具分组（元工具 reset_equipped_tools）' },
  provider: { en: 'a model provider dependency and its configuration: `gen provider anthropic [ClassName]`', zh: '模型提供方依赖与配置：`gen provider anthropic [类名]`' },
};
