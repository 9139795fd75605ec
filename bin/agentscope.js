#!/usr/bin/env node
'use strict';
// Thin launcher: the CLI lives in src/cli, built into single-file bundles (scripts/bundle.mjs,
// `npm run build`; the published package ships only those). `check` runs from dist/check.cjs
// through a V8 code cache (bin/code-cache.js): a check of a normal project is mostly start-up.
// `create` and `gen` run the same way from dist/cli.cjs, every other command (`mcp` too) from
// dist/main.cjs; `--version` reads two files. A check daemon, once started, answers later checks
// (bin/check-daemon.js). A checkout built with tsc alone runs
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
  // a check daemon answers when one runs (bin/check-daemon.js); otherwise the check runs here
  const daemon = require('./check-daemon.js');
  const plan = daemon.daemonPlan(bundle, argv.slice(1), process.env);
  const drained = (s) => (s.writableLength === 0 ? Promise.resolve() : new Promise((r) => s.once('drain', r)));
  // exit once the output is out, rather than wait for V8's idle-time garbage collection
  const exit = (code) => Promise.all([drained(process.stdout), drained(process.stderr)]).then(() => process.exit(code));
  const checkHere = (missing) => {
    // No V8 flag is set here: V8 accepts a code cache only under the flags it was made with, the
    // bundle's (saved after the run) as well as those Node ships for its built-in modules. The
    // parser sets its WebAssembly flags only while it compiles (src/inventory/extract/parser.ts).
    const loaded = require('./code-cache.js').loadBundle(bundle);
    return loaded.exports.main(argv.slice(1)).then((code) => {
      loaded.save();
      if (plan && missing) daemon.afterLocalCheck(plan, bundle, process.env);
      return exit(code);
    }, (e) => {
      // main() reports every error itself; this is a bug in the bundle, shown as one
      console.error(e);
      process.exit(1);
    });
  };
  if (!plan) checkHere(false);
  else {
    daemon.askDaemon(plan, argv.slice(1), process.env).then((reply) => {
      if (reply.output === undefined) return checkHere(reply.missing === true);
      const quiet = (e) => {
        // `agentscope check | head`: the reader closed the pipe, as in processIo (src/core/io.ts)
        if (e.code === 'EPIPE') process.exit(reply.code);
        throw e;
      };
      process.stdout.on('error', quiet);
      process.stderr.on('error', quiet);
      if (process.env.AGENTSCOPE_CHECK_TRACE) process.stderr.write(`trace: answered by the check daemon (pid ${reply.pid}, ${reply.ms} ms)\n`);
      for (const [fd, text] of reply.output) (fd === 2 ? process.stderr : process.stdout).write(text);
      return exit(reply.code);
    });
  }
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
