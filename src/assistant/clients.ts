/**
 * How to add `agentscope mcp` to common MCP clients: one row per client, used by AGENTS.md and
 * checked against docs/assistants.md by a test, so the three never disagree.
 */
import { NPX_AGENTSCOPE } from '../core/run-command.js';

/** The server command as a user without a checkout runs it (the package's `agentscope` bin). */
const SERVER_COMMAND = { command: 'npx', args: [...NPX_AGENTSCOPE.split(' ').slice(1), 'mcp'] } as const;

export interface ClientSetup {
  client: string;
  /** Where the configuration goes. */
  where: string;
  /** Language of the snippet's code fence. */
  lang: 'sh' | 'json' | 'toml';
  snippet: string;
}

const argsJson = JSON.stringify(SERVER_COMMAND.args);
const shellLine = `${SERVER_COMMAND.command} ${SERVER_COMMAND.args.join(' ')}`;

export const CLIENTS: ClientSetup[] = [
  {
    client: 'Claude Code',
    where: 'run once in the project root (writes .mcp.json with --scope project)',
    lang: 'sh',
    snippet: `claude mcp add --scope project agentscope -- ${shellLine}`,
  },
  {
    client: 'Cursor',
    where: '.cursor/mcp.json in the project root',
    lang: 'json',
    snippet: `{\n  "mcpServers": {\n    "agentscope": { "command": "${SERVER_COMMAND.command}", "args": ${argsJson.replace(/,/g, ', ')} }\n  }\n}`,
  },
  {
    client: 'VS Code (Copilot agent mode)',
    where: '.vscode/mcp.json in the project root',
    lang: 'json',
    snippet: `{\n  "servers": {\n    "agentscope": { "type": "stdio", "command": "${SERVER_COMMAND.command}", "args": ${argsJson.replace(/,/g, ', ')} }\n  }\n}`,
  },
  {
    client: 'Codex CLI',
    where: '~/.codex/config.toml (start Codex in the project root)',
    lang: 'toml',
    snippet: `[mcp_servers.agentscope]\ncommand = "${SERVER_COMMAND.command}"\nargs = ${argsJson.replace(/,/g, ', ')}`,
  },
];

/** The server reads the project around its working directory; `--dir` names it when a client starts servers elsewhere. */
export const DIR_NOTE =
  'The server answers for the Maven project around its working directory (the AgentScope version in its pom.xml decides the API). Clients above start it in the project root; if yours does not, append `--dir /path/to/project` to the arguments.';
