'use strict';
const { homedir } = require('node:os');
const { join } = require('node:path');

/**
 * The user's cache of this tool, as src/core/cache-dir.ts has it (tests/cli/check-bundle.test.ts
 * keeps the two in step): the code cache (code-cache.js) and the check daemon's socket (check-daemon.js).
 */
function cacheRoot(env) {
  return env.AGENTSCOPE_CLI_HOME ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'agentscope-cli');
}

module.exports = { cacheRoot };
