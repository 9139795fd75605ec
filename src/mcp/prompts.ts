/**
 * Prompts for the three jobs assistants most often get wrong, each grounded in the API of the
 * project's version: real signatures, the wrong names to avoid, the traps, and the tools to use.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from './context.js';

interface PromptSpec {
  name: string;
  title: string;
  description: string;
  /** gen kind whose tested template the assistant should start from. */
  genKind: string;
  /** API refs shown with real signatures. */
  refs: string[];
  /** Wrong names whose owner is one of these types are listed. */
  owners: string[];
  traps: string[];
  task(args: Record<string, string | undefined>): string;
}

const PROMPTS: PromptSpec[] = [
  {
    name: 'write_tool',
    title: 'Write an AgentScope tool',
    description: 'Write a tool class for an AgentScope Java agent (a @Tool method returning a ToolResultBlock), registered on the Toolkit',
    genKind: 'tool',
    refs: ['Tool', 'ToolParam', 'ToolResultBlock#text', 'ToolResultBlock#error', 'ToolResultBlock#withState', 'ToolResultState', 'Toolkit#registerTool'],
    owners: ['io.agentscope.core.message.ToolResultBlock'],
    traps: ['AS101'],
    task: (a) => `Write a tool class${a.name ? ` named ${a.name}` : ''} for this AgentScope Java project${a.purpose ? ` that ${a.purpose}` : ''}.`,
  },
  {
    name: 'write_middleware',
    title: 'Write an AgentScope middleware',
    description: 'Write a middleware (MiddlewareBase implementation) that intercepts agent, reasoning, acting or model calls',
    genKind: 'middleware',
    refs: ['MiddlewareBase', 'RuntimeContext', 'ReActAgent.Builder#middleware'],
    owners: ['io.agentscope.core.middleware.MiddlewareBase'],
    traps: [],
    task: (a) => `Write a middleware${a.name ? ` named ${a.name}` : ''} for this AgentScope Java project${a.purpose ? ` that ${a.purpose}` : ''}.`,
  },
  {
    name: 'wire_mcp_client',
    title: 'Wire an MCP client into an AgentScope agent',
    description: "Connect the agent to an MCP server (stdio, streamable HTTP or SSE) and register the server's tools on the Toolkit",
    genKind: 'mcp',
    refs: ['McpClientBuilder', 'Toolkit#registerMcpClient', 'Toolkit#registration', 'Toolkit.ToolRegistration#mcpClient', 'Toolkit.ToolRegistration#enableTools', 'Toolkit.ToolRegistration#disableTools', 'Toolkit.ToolRegistration#apply'],
    owners: ['io.agentscope.core.tool.mcp.McpClientBuilder', 'io.agentscope.core.tool.Toolkit.ToolRegistration'],
    traps: ['AS104'],
    task: (a) => `Connect this AgentScope Java agent to an MCP server${a.transport ? ` over ${a.transport}` : ''}${a.server ? ` (${a.server})` : ''} and register its tools on the agent's Toolkit.`,
  },
];

const ARGS: Record<string, Record<string, z.ZodOptional<z.ZodString>>> = {
  write_tool: { name: z.string().optional().describe('Class name, e.g. WeatherTool'), purpose: z.string().optional().describe('What the tool does') },
  write_middleware: { name: z.string().optional().describe('Class name, e.g. TimingMiddleware'), purpose: z.string().optional().describe('What it intercepts or changes') },
  wire_mcp_client: { transport: z.string().optional().describe('stdio, http (streamable HTTP) or sse'), server: z.string().optional().describe('The server: command or URL') },
};

export function registerPrompts(server: McpServer, ctx: McpContext): void {
  for (const p of PROMPTS) {
    server.registerPrompt(p.name, { title: p.title, description: p.description, argsSchema: ARGS[p.name] }, async (args: Record<string, string | undefined>) => ({
      description: p.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: await promptText(p, args, ctx) } }],
    }));
  }
}

async function promptText(p: PromptSpec, args: Record<string, string | undefined>, ctx: McpContext): Promise<string> {
  const { activeTraps, signatureBlock, signatures, wrongNames } = await import('../assistant/facts.js');
  const index = ctx.apiIndex();
  const inv = index.inventory;
  const v = inv.version;
  const wrong = wrongNames(inv).filter((w) => p.owners.includes(w.ownerFqn));
  const traps = activeTraps(inv).filter((t) => p.traps.includes(t.rule));
  const lines = [
    p.task(args),
    '',
    `The project uses AgentScope Java ${v}. Use only API that exists in ${v}; the signatures below are extracted from its sources.`,
    '',
    `1. Start from the tested template: call the \`plan_generation\` tool with kind "${p.genKind}"${args.name ? ` and className "${args.name}"` : ''} (a dry run) and adapt what it plans; write it only when the user agrees (write: true).`,
    '2. Look up anything else with `api_lookup` before using it.',
    '3. Run `check_java` on the final code and fix every finding.',
    '',
    `Signatures in ${v}:`,
    '```java',
    signatureBlock(signatures(inv, p.refs, index)),
    '```',
  ];
  if (wrong.length) {
    lines.push('', `These names do not exist in ${v}:`);
    for (const w of wrong) lines.push(`- ${w.wrong}: write ${w.instead}`);
  }
  if (traps.length) {
    lines.push('', 'Traps:');
    for (const t of traps) lines.push(`- ${t.rule} ${t.name}: ${t.advice}`);
  }
  return lines.join('\n');
}
