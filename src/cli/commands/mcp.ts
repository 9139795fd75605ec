import { resolve } from 'node:path';
import type { Io } from '../../core/io.js';
import { UsageError } from '../../core/errors.js';
import { commandArgs } from '../lang.js';
import { packageVersion } from '../version.js';
import { CLIENTS, setupText } from '../../assistant/clients.js';

const CLIENT_IDS = CLIENTS.map((c) => c.id);

const HELP = {
  en: `Usage: agentscope mcp [--dir PATH]
       agentscope mcp --setup [${CLIENT_IDS.join('|')}]

Runs a Model Context Protocol server over stdio for AI coding assistants (Claude Code, Cursor,
VS Code, Codex, any MCP client). It answers from the AgentScope Java API of the project around
the working directory (the version in its pom.xml; the pinned version when there is none).

Tools:      api_lookup, check_java, plan_generation, api_diff, version_info
Resources:  agentscope://api/{version}/package/{package}, agentscope://api/{version}/type/{fqn},
            agentscope://verdicts/{version}
Prompts:    write_tool, write_middleware, wire_mcp_client

It writes only when a client calls plan_generation with write: true, only inside the project,
and never runs project code.

Options:
  --dir PATH   the project to serve (default: the working directory)
  --setup [C]  print how to add this server to client C (${CLIENT_IDS.join('|')}; all when omitted)
               and exit
  --lang en|zh language of help and messages (default: from LANG/LC_ALL)
  -h, --help   show this help

Examples:
  agentscope mcp --setup claude     the one command that registers the server in Claude Code
  agentscope mcp --dir ../my-agent  serve another project`,
  zh: `用法：agentscope mcp [--dir 路径]
      agentscope mcp --setup [${CLIENT_IDS.join('|')}]

通过 stdio 运行 Model Context Protocol 服务器，供 AI 编程助手使用（Claude Code、Cursor、
VS Code、Codex 或任何 MCP 客户端）。回答依据工作目录所在项目的 AgentScope Java API
（取其 pom.xml 中的版本；没有时取固定版本）。

工具：      api_lookup, check_java, plan_generation, api_diff, version_info
资源：      agentscope://api/{version}/package/{package}, agentscope://api/{version}/type/{fqn},
            agentscope://verdicts/{version}
提示：      write_tool, write_middleware, wire_mcp_client

只有客户端以 write: true 调用 plan_generation 时才会写入，且只写在项目内，从不运行项目
代码。

选项：
  --dir 路径   要服务的项目（默认：工作目录）
  --setup [C]  打印把本服务器加入客户端 C 的配置（${CLIENT_IDS.join('|')}；省略时全部）后退出
  --lang en|zh 帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help   显示此帮助

示例：
  agentscope mcp --setup claude     在 Claude Code 中注册本服务器的命令
  agentscope mcp --dir ../my-agent  为另一个项目提供服务`,
};

export async function run(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('mcp', argv, { dir: { type: 'string' }, setup: { type: 'boolean' } }, (lang) => HELP[lang], io);
  if (!args) return 0;
  const { values, positionals } = args;
  if (values.setup) {
    if (positionals.length > 1) throw new UsageError({ en: `--setup takes one client: ${positionals.join(' ')}`, zh: `--setup 只接受一个客户端：${positionals.join(' ')}` });
    const wanted = positionals[0]?.toLowerCase();
    const clients = wanted === undefined ? CLIENTS : CLIENTS.filter((c) => c.id === wanted);
    if (!clients.length) throw new UsageError({ en: `--setup: unknown client "${positionals[0]}"`, zh: `--setup：未知的客户端 "${positionals[0]}"` }, { en: `one of: ${CLIENT_IDS.join(', ')}`, zh: `可选：${CLIENT_IDS.join(', ')}` });
    io.out(setupText(clients, args.lang));
    return 0;
  }
  if (positionals.length) throw new UsageError({ en: `unexpected argument(s): ${positionals.join(' ')}`, zh: `多余的参数：${positionals.join(' ')}` }, { en: 'see `agentscope mcp --help`', zh: '参见 `agentscope mcp --help`' });
  const { existsSync, statSync } = await import('node:fs');
  const dir = resolve(io.cwd, values.dir ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError({ en: `--dir: no such directory: ${values.dir}`, zh: `--dir：没有这个目录：${values.dir}` });
  const { serveStdio } = await import('../../mcp/server.js');
  await serveStdio({ dir, env: io.env, version: packageVersion() });
  return 0;
}
