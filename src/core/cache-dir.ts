import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The user's cache of this tool: pulled inventories and the code cache of the `check` bundle.
 * bin/code-cache.js mirrors this in CommonJS (tests/cli/code-cache.test.ts keeps them in step).
 */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.AGENTSCOPE_CLI_HOME ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'agentscope-cli');
}
