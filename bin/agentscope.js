#!/usr/bin/env node
// Thin launcher: the CLI lives in src/cli (compiled to dist/ by `npm install`).
import { runCli } from '../dist/src/cli/main.js';

process.exitCode = await runCli(process.argv.slice(2));
