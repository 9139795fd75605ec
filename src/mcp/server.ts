/**
 * `agentscope mcp`: a Model Context Protocol server over stdio (the official TypeScript SDK).
 * Tools, resources and prompts answer from the inventory of the project around the working
 * directory. It never writes without an explicit plan_generation call with write: true, and
 * never runs the user's code. Heavy modules (checker, generators, prettier) load on first use.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpContext } from './context.js';
import { BoundedStdioTransport } from './transport.js';
import { loadInventoryAsync } from '../inventory/store.js';
import { registerResources } from './resources.js';
import { registerPrompts } from './prompts.js';
import { TOOLS } from './tools/index.js';
import type { ToolDef } from './tools/tool.js';

export interface ServerOptions {
  /** Where the project is looked for (default: the working directory). */
  dir: string;
  env?: NodeJS.ProcessEnv;
  /** This tool's version, shown to clients. */
  version: string;
}

function createServer(opts: ServerOptions): { server: McpServer; ctx: McpContext } {
  const ctx = new McpContext(opts.dir, opts.env);
  const server = new McpServer(
    { name: 'agentscope', title: 'AgentScope Java (version-correct API, checker, generators)', version: opts.version },
    {
      instructions:
        'Answers about the AgentScope Java API of the exact version this project uses. Before writing AgentScope code, look names up ' +
        '(api_lookup) or start from a tested template (plan_generation); after writing it, run check_java. Nothing is written unless ' +
        'plan_generation is called with write: true.',
    },
  );
  for (const tool of TOOLS) registerTool(server, ctx, tool);
  registerResources(server, ctx);
  registerPrompts(server, ctx);
  return { server, ctx };
}

/** Every tool call is answered within this time (a call still running goes on, its answer is an error). */
function toolTimeoutMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env.AGENTSCOPE_MCP_TOOL_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : 120_000;
}

function registerTool(server: McpServer, ctx: McpContext, tool: ToolDef): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: { readOnlyHint: tool.readOnly, destructiveHint: false, idempotentHint: tool.readOnly, openWorldHint: false },
    },
    async (args: Record<string, unknown>) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const limit = toolTimeoutMs(ctx.env);
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${tool.name} did not finish within ${limit / 1000} s; the server goes on serving (AGENTSCOPE_MCP_TOOL_TIMEOUT_MS)`)), limit);
          timer.unref();
        });
        const { text, data } = await Promise.race([tool.run(ctx, args), timedOut]);
        return { content: [{ type: 'text' as const, text }], structuredContent: data };
      } catch (e) {
        // refusals and generator guards are answers to the model, not crashes of the server
        const err = e as Error & { hint?: string };
        return { content: [{ type: 'text' as const, text: `error: ${err.message}${err.hint ? ` (${err.hint})` : ''}` }], isError: true };
      } finally {
        clearTimeout(timer);
      }
    },
  );
}

/** How long after the handshake the warm-up starts: clients list tools (and prompts) first. */
const WARM_UP_DELAY_MS = 250;

/**
 * Loads the inventory (read and gunzip off the main thread) and compiles the Java parser shortly
 * after the client has initialised, so neither the handshake and listings nor the first tool call
 * wait for them.
 */
function warmUp(ctx: McpContext): void {
  setTimeout(async () => {
    try {
      await loadInventoryAsync(ctx.projectVersion().version, ctx.env);
      ctx.apiIndex();
      const { initJavaParser } = await import('../checker/index.js');
      await initJavaParser();
    } catch {
      // a tool call will report the same problem with its message
    }
  }, WARM_UP_DELAY_MS).unref();
}

/** Serves on stdin/stdout until the client closes the stream. */
export async function serveStdio(opts: ServerOptions): Promise<void> {
  const { server, ctx } = createServer(opts);
  server.server.oninitialized = () => warmUp(ctx);
  const transport = new BoundedStdioTransport(process.stdin, process.stdout, opts.env ?? process.env);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
}
