#!/usr/bin/env node
'use strict';
// `npm create agentscope-app [dir]` runs this bin: the same as `agentscope create [dir]`.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const argv = process.argv.slice(2);
const args = argv[0] === '--version' || argv[0] === '-v' ? argv : ['create', ...argv];
const cliBundle = join(__dirname, '..', 'dist', 'cli.cjs');

if (args[0] === '--version' || args[0] === '-v') {
  console.log(require('./version.js').versionLine());
} else if (existsSync(cliBundle)) {
  // the bundle of create and gen, through the code cache (bin/agentscope.js, scripts/bundle.mjs)
  const loaded = require('./code-cache.js').loadBundle(cliBundle, process.env, 'create');
  loaded.exports.runCli(args).then((code) => {
    loaded.save();
    process.exitCode = code;
  });
} else {
  import('../dist/src/cli/main.js').then(async ({ runCli }) => {
    process.exitCode = await runCli(args);
  });
}
