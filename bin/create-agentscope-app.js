#!/usr/bin/env node
// `npm create agentscope-app [dir]` runs this bin: the same as `agentscope create [dir]`.
import { runCli } from '../dist/src/cli/main.js';

const argv = process.argv.slice(2);
process.exitCode = await runCli(argv[0] === '--version' || argv[0] === '-v' ? argv : ['create', ...argv]);
