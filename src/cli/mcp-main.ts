/**
 * Entry of the `agentscope mcp` bundle (dist/mcp.cjs, scripts/bundle.mjs): one CommonJS file
 * loads in a fraction of the time of the ~300 ES modules of the MCP SDK and zod.
 */
import { run } from './commands/mcp.js';
import { runOnProcess } from './entry.js';

export function main(argv: string[]): Promise<number> {
  return runOnProcess(run, argv);
}
