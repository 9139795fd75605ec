import { resolve } from 'node:path';
import type { Io } from '../../core/io.js';
import { parseCommandArgs } from '../args.js';
import { UsageError } from '../../core/errors.js';
import { packageVersion } from '../version.js';

const HELP = `Usage: agentscope mcp [--dir PATH]

Runs a Model Context Protocol server over stdio for AI coding assistants (Claude Code, Cursor,
VS Code, Codex, any MCP client). It answers from the AgentScope Java API of the project around
the working directory (the version in its pom.xml; the pinned version when there is none).

Tools:      api_lookup, check_java, plan_generation, api_diff, version_info
Resources:  agentscope://api/{version}/package/{package}, agentscope://api/{version}/type/{fqn},
            agentscope://verdicts/{version}
Prompts:    write_tool, write_middleware, wire_mcp_client

It writes only when a client calls plan_generation with write: true, only inside the project,
and never runs project code. Set-up for common clients: docs/assistants.md.

Options:
  --dir PATH   the project to serve (default: the working directory)
  -h, --help   show this help`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('mcp', argv, { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument(s): ${positionals.join(' ')}`, 'see `agentscope mcp --help`');
  const { existsSync, statSync } = await import('node:fs');
  const dir = resolve(io.cwd, values.dir ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--dir: no such directory: ${values.dir}`);
  const { serveStdio } = await import('../../mcp/server.js');
  await serveStdio({ dir, env: io.env, version: packageVersion() });
  return 0;
}
