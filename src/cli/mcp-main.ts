/**
 * Entry of the `agentscope mcp` bundle (dist/mcp.cjs, scripts/bundle.mjs): one CommonJS file
 * loads in a fraction of the time of the ~300 ES modules of the MCP SDK and zod.
 */
import { run } from './commands/mcp.js';
import { processIo } from '../core/io.js';
import { argvLang } from './lang.js';
import { reportError } from '../core/errors.js';

export async function main(argv: string[]): Promise<number> {
  const io = processIo();
  try {
    return await run(argv, io);
  } catch (e) {
    return reportError(e, io, argvLang(argv, io.env));
  }
}
