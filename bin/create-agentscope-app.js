#!/usr/bin/env node
'use strict';
// `npm create agentscope-app [dir]` runs this bin: the same as `agentscope create [dir]`.
const argv = process.argv.slice(2);

import('../dist/src/cli/main.js').then(async ({ runCli }) => {
  process.exitCode = await runCli(argv[0] === '--version' || argv[0] === '-v' ? argv : ['create', ...argv]);
});
