import { requireVersion } from '../../core/versions.js';
import type { Io } from '../../core/io.js';
import { CliError, UsageError } from '../../core/errors.js';
import { loadInventory } from '../../inventory/store.js';
import { readPin } from '../../inventory/pin.js';
import { ApiIndex, type TypeHit } from '../../api/lookup.js';
import { commandArgs } from '../lang.js';
import { annotationsText, location, memberSignature, typeSignature } from '../../api/format.js';

const HELP = {
  en: `Usage: agentscope api <Name|FQN|Name#member> [options]

Prints the matching declarations of the pinned AgentScope Java API with full signatures,
defaults, Javadoc summary and artifact:path:line.

Examples:
  agentscope api ToolResultBlock                       a type and all its members
  agentscope api ToolResultBlock#text                  one member (own and inherited)
  agentscope api McpClientBuilder#streamableHttpTransport
  agentscope api io.agentscope.core.ReActAgent.Builder

Options:
  --agentscope-version V
                  use another pulled inventory instead of the pin
  --short         print simple type names instead of fully qualified ones
  --json          machine-readable output
  --lang en|zh    language of help and messages (default: from LANG/LC_ALL)
  -h, --help      show this help`,
  zh: `用法：agentscope api <名称|全限定名|名称#成员> [选项]

打印固定版本 AgentScope Java API 中匹配的声明：完整签名、默认值、Javadoc 摘要以及
artifact:路径:行号。

示例：
  agentscope api ToolResultBlock                       一个类型及其全部成员
  agentscope api ToolResultBlock#text                  一个成员（自身的和继承的）
  agentscope api McpClientBuilder#streamableHttpTransport
  agentscope api io.agentscope.core.ReActAgent.Builder

选项：
  --agentscope-version V
                  使用另一个已拉取的清单，而不是固定版本
  --short         打印简单类型名，而不是全限定名
  --json          机器可读的输出
  --lang en|zh    帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help      显示此帮助`,
};

export async function run(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('api', argv, {
    'agentscope-version': { type: 'string' },
    short: { type: 'boolean' },
    json: { type: 'boolean' },
  }, (lang) => HELP[lang], io);
  if (!args) return 0;
  const { values, positionals } = args;
  if (positionals.length !== 1 || !positionals[0].trim()) throw new UsageError({ en: 'expected exactly one name, e.g. `agentscope api ToolResultBlock#text`', zh: '需要恰好一个名称，例如 `agentscope api ToolResultBlock#text`' });
  const version = values['agentscope-version'] === undefined ? readPin().version : requireVersion(values['agentscope-version'], '--agentscope-version');
  const index = new ApiIndex(loadInventory(version, io.env));
  const result = index.lookup(positionals[0]);
  if (values.json) {
    io.out(JSON.stringify({ version, query: result.query, suggestions: result.suggestions, hits: result.hits.map(jsonHit) }, null, 2));
    return result.hits.length ? 0 : 1;
  }
  if (!result.hits.length) {
    throw new CliError(
      { en: `"${positionals[0]}" is not in the AgentScope Java ${version} API`, zh: `AgentScope Java ${version} 的 API 中没有 "${positionals[0]}"` },
      1,
      result.suggestions.length
        ? { en: `did you mean: ${result.suggestions.join(', ')}?`, zh: `你是不是想要：${result.suggestions.join(', ')}？` }
        : { en: 'no similar name in the inventory', zh: '清单中没有相近的名称' },
    );
  }
  const short = Boolean(values.short);
  const memberQuery = positionals[0].includes('#');
  for (const hit of result.hits) {
    const t = hit.type;
    io.out(`${typeSignature(t, short)}`);
    io.out(`    ${location(t, t.line)}`);
    if (t.doc) io.out(`    ${t.doc}`);
    // the annotations as written; @Deprecated on a line of its own with the note
    const anns = annotationsText(t.annotations, t.annotationArgs);
    if (anns.some((a) => !isDeprecated(a))) io.out(`    ${anns.filter((a) => !isDeprecated(a)).join(' ')}`);
    if (t.deprecated) io.out(`    ${deprecatedAs(anns, t.deprecated.forRemoval)}${t.deprecated.note ? ': ' + t.deprecated.note : ''}`);
    for (const { member, declaredIn } of hit.members) {
      if (member.modifiers.includes('private')) continue;
      const inherited = declaredIn.fqn !== t.fqn ? `  (inherited from ${declaredIn.fqn})` : '';
      const gen = member.generated ? `  [generated: ${member.generated}]` : '';
      io.out(`  ${memberSignature(declaredIn, member, short, memberQuery)}${gen}${inherited}`);
      if (memberQuery || member.doc) {
        if (member.doc) io.out(`      ${member.doc}`);
        const anns = annotationsText(member.annotations, member.annotationArgs);
        if (memberQuery && anns.some((a) => !isDeprecated(a))) io.out(`      ${anns.filter((a) => !isDeprecated(a)).join(' ')}`);
        if (member.deprecated) io.out(`      ${deprecatedAs(anns, member.deprecated.forRemoval)}`);
        if (memberQuery) io.out(`      ${location(declaredIn, member.line)}`);
      }
    }
    io.out('');
  }
  return 0;
}

/** The @Deprecated as the source writes it (`@Deprecated(since = "2.0.0", forRemoval = true)`), or as the inventory records it (a Javadoc-only deprecation). */
function deprecatedAs(anns: string[], forRemoval: boolean): string {
  return anns.find(isDeprecated) ?? `@Deprecated${forRemoval ? '(forRemoval = true)' : ''}`;
}

const isDeprecated = (a: string) => /^@(java\.lang\.)?Deprecated\b/.test(a);

function jsonHit(hit: TypeHit) {
  const { members: _ignored, ...type } = hit.type;
  return {
    type,
    location: location(hit.type, hit.type.line),
    members: hit.members.map(({ member, declaredIn }) => ({
      ...member,
      declaredIn: declaredIn.fqn,
      signature: memberSignature(declaredIn, member, false),
      location: location(declaredIn, member.line),
    })),
  };
}
