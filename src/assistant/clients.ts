/**
 * How to add `agentscope mcp` to common MCP clients: one row per client, used by AGENTS.md and
 * checked against docs/assistants.md by a test, so the three never disagree.
 */
import { NPX_AGENTSCOPE } from '../core/run-command.js';

/** The server command as a user without a checkout runs it (the package's `agentscope` bin). */
const SERVER_COMMAND = { command: 'npx', args: [...NPX_AGENTSCOPE.split(' ').slice(1), 'mcp'] } as const;

export interface ClientSetup {
  client: string;
  /** Short name for `agentscope mcp --setup NAME`. */
  id: string;
  /** Where the configuration goes. */
  where: string;
  whereZh: string;
  /** Language of the snippet's code fence. */
  lang: 'sh' | 'json' | 'toml';
  snippet: string;
}

const argsJson = JSON.stringify(SERVER_COMMAND.args);
const shellLine = `${SERVER_COMMAND.command} ${SERVER_COMMAND.args.join(' ')}`;

export const CLIENTS: ClientSetup[] = [
  {
    client: 'Claude Code',
    id: 'claude',
    where: 'run once in the project root (writes .mcp.json with --scope project)',
    whereZh: '在项目根目录运行一次（--scope project 写入 .mcp.json）',
    lang: 'sh',
    snippet: `claude mcp add --scope project agentscope -- ${shellLine}`,
  },
  {
    client: 'Cursor',
    id: 'cursor',
    where: '.cursor/mcp.json in the project root',
    whereZh: '项目根目录下的 .cursor/mcp.json',
    lang: 'json',
    snippet: `{\n  "mcpServers": {\n    "agentscope": { "command": "${SERVER_COMMAND.command}", "args": ${argsJson.replace(/,/g, ', ')} }\n  }\n}`,
  },
  {
    client: 'VS Code (Copilot agent mode)',
    id: 'vscode',
    where: '.vscode/mcp.json in the project root',
    whereZh: '项目根目录下的 .vscode/mcp.json',
    lang: 'json',
    snippet: `{\n  "servers": {\n    "agentscope": { "type": "stdio", "command": "${SERVER_COMMAND.command}", "args": ${argsJson.replace(/,/g, ', ')} }\n  }\n}`,
  },
  {
    client: 'Codex CLI',
    id: 'codex',
    where: '~/.codex/config.toml (start Codex in the project root)',
    whereZh: '~/.codex/config.toml（在项目根目录启动 Codex）',
    lang: 'toml',
    snippet: `[mcp_servers.agentscope]\ncommand = "${SERVER_COMMAND.command}"\nargs = ${argsJson.replace(/,/g, ', ')}`,
  },
];

/** The server reads the project around its working directory; `--dir` names it when a client starts servers elsewhere. */
export const DIR_NOTE =
  'The server answers for the Maven project around its working directory (the AgentScope version in its pom.xml decides the API). Clients above start it in the project root; if yours does not, append `--dir /path/to/project` to the arguments.';
const DIR_NOTE_ZH =
  '服务器回答其工作目录所在 Maven 项目的问题（由 pom.xml 中的 AgentScope 版本决定 API）。上面的客户端都在项目根目录启动它；如果你的客户端不是这样，在参数末尾加上 `--dir /项目/路径`。';

/** The set-up text of one client (or every client), as `agentscope mcp --setup` prints it. */
export function setupText(clients: readonly ClientSetup[], lang: 'en' | 'zh'): string {
  const parts = clients.map((c) => `# ${c.client}: ${lang === 'zh' ? c.whereZh : c.where}\n${c.snippet}\n`);
  return [...parts, lang === 'zh' ? DIR_NOTE_ZH : DIR_NOTE].join('\n') + '\n';
}
