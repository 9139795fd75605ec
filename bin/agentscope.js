#!/usr/bin/env node
'use strict';
// Thin launcher: the CLI lives in src/cli, built into single-file bundles (scripts/bundle.mjs,
// `npm run build`; the published package ships only those). `check` runs from dist/check.cjs
// through a V8 code cache (bin/code-cache.js): a check of a normal project is mostly start-up.
// `create` and `gen` run the same way from dist/cli.cjs, every other command (`mcp` too) from
// dist/main.cjs; `--version` reads two files. A checkout built with tsc alone runs
// the ES modules of dist/src.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const argv = process.argv.slice(2);
const bundle = join(__dirname, '..', 'dist', 'check.cjs');
const cliBundle = join(__dirname, '..', 'dist', 'cli.cjs');
const mainBundle = join(__dirname, '..', 'dist', 'main.cjs');

if ((argv[0] === '--version' || argv[0] === '-v') && argv.length === 1) {
  // two JSON files instead of the CLI: `--version` is often the first thing a user runs
  console.log(require('./version.js').versionLine());
} else if (argv[0] === 'check' && existsSync(bundle)) {
  // No V8 flag is set here: V8 accepts a code cache only under the flags it was made with, the
  // bundle's (saved after the run) as well as those Node ships for its built-in modules. The
  // parser sets its WebAssembly flags only while it compiles (src/inventory/extract/parser.ts).
  const loaded = require('./code-cache.js').loadBundle(bundle);
  loaded.exports.main(argv.slice(1)).then((code) => {
    loaded.save();
    // exit once the output is out, rather than wait for V8's idle-time garbage collection
    const drained = (s) => (s.writableLength === 0 ? Promise.resolve() : new Promise((r) => s.once('drain', r)));
    return Promise.all([drained(process.stdout), drained(process.stderr)]).then(() => process.exit(code));
  }, (e) => {
    // main() reports every error itself; this is a bug in the bundle, shown as one
    console.error(e);
    process.exit(1);
  });
} else if (existsSync(cliBundle) && existsSync(mainBundle)) {
  // create and gen from dist/cli.cjs, the rest from dist/main.cjs, through the code cache (under
  // V8's own flags, as for check). Each command keeps a cache of the functions it runs (anything
  // else, `--help` or a typo, shares one).
  const createOrGen = argv[0] === 'create' || argv[0] === 'gen';
  const use = createOrGen || ['api', 'inventory', 'manual', 'doctor', 'init-assistant', 'upgrade', 'mcp'].includes(argv[0]) ? argv[0] : 'other';
  const loaded = require('./code-cache.js').loadBundle(createOrGen ? cliBundle : mainBundle, process.env, use);
  loaded.exports.runCli(argv).then((code) => {
    loaded.save();
    process.exitCode = code;
  });
} else {
  import('../dist/src/cli/main.js').then(async ({ runCli }) => {
    process.exitCode = await runCli(argv);
  });
}
