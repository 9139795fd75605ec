#!/usr/bin/env node
// Bundles `agentscope mcp` into dist/mcp.cjs, `create` and `gen` into dist/cli.cjs (both below), and `agentscope check` (dist/src/cli/check-main.js, the checker, web-tree-sitter) into one
// CommonJS file, dist/check.cjs, run by bin/agentscope.js through a V8 code cache. One file loads
// faster than ~25 ES modules, and only a classic script can use vm.Script's code cache on Node 20.
// Run by `npm run build` after tsc.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // web-tree-sitter's CommonJS build: its ES build imports `module` dynamically, which a
  // vm.Script with a code cache cannot do
  alias: { 'web-tree-sitter': require.resolve('web-tree-sitter') },
  // the sources find the package root and the grammar through import.meta.url
  define: { 'import.meta.url': '__import_meta_url' },
  banner: { js: "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
};

// `agentscope mcp` (dist/src/cli/mcp-main.js): the command, the server, the MCP SDK and zod in one
// file, loaded with require. What the tools load on first use (checker, generators, diff: their
// `import()`s) stays outside as the ES modules of dist/, so start-up does not compile them.
const lazyModulesStayOutside = {
  name: 'lazy-modules-stay-outside',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== 'dynamic-import' || args.importer.endsWith(join('cli', 'commands', 'mcp.js'))) return undefined;
      const target = join(args.resolveDir, args.path);
      return { path: './' + relative(join(root, 'dist'), target).split(sep).join('/'), external: true };
    });
  },
};
await build({
  ...common,
  entryPoints: [join(root, 'dist', 'src', 'cli', 'mcp-main.js')],
  outfile: join(root, 'dist', 'mcp.cjs'),
  external: ['prettier', 'prettier-plugin-java'],
  plugins: [lazyModulesStayOutside],
  // less to parse on every start (zod alone is ~1 MB of source); names kept for readable stack traces
  minify: true,
  keepNames: true,
});

await build({
  ...common,
  entryPoints: [join(root, 'dist', 'src', 'cli', 'check-main.js')],
  outfile: join(root, 'dist', 'check.cjs'),
});

// `agentscope create`, `agentscope gen` and `npm create agentscope-app` (dist/src/cli/main.js with
// those two commands): the CLI entry, the generators, EJS and what they load on demand (the checker,
// the inventory pull) in one file, dist/cli.cjs, run through the V8 code cache like check: about
// 60 ES modules load and compile in ~100 ms, a third of a `create`. prettier stays outside (loaded
// only for a value outside the templates' verified widths, generators/_core/layout.ts), and so do
// the other commands, which bin/agentscope.js runs from the ES modules of dist/.
const otherCommandsStayOutside = {
  name: 'other-commands-stay-outside',
  setup(b) {
    b.onResolve({ filter: /^\.\/commands\// }, (args) => {
      if (args.kind !== 'dynamic-import' || /\/(create|gen)\.js$/.test(args.path)) return undefined;
      const target = join(args.resolveDir, args.path);
      return { path: './' + relative(join(root, 'dist'), target).split(sep).join('/'), external: true };
    });
  },
};
// AGENTS.md depends on nothing but the inventory: its body for every shipped inventory is computed
// here, from the modules just compiled, and carried in the bundle with the identity of the
// inventory it was computed from (src/assistant/agents-md.ts). `create` then needs none of the
// inventory's types: the AGENTS.md facts were most of its time spent in the inventory.
const { INVENTORY_FILE, inventoryIdentity, loadInventoryFrom } = await import('../dist/src/inventory/store.js');
const { agentsMdBody } = await import('../dist/src/assistant/agents-md.js');
const agentsMdBuilt = {};
for (const version of readdirSync(join(root, 'inventory'))) {
  const dir = join(root, 'inventory', version);
  if (!existsSync(join(dir, INVENTORY_FILE))) continue;
  const inv = loadInventoryFrom(dir);
  const identity = inventoryIdentity(inv);
  if (identity) agentsMdBuilt[version] = { inventory: identity, body: agentsMdBody(inv) };
}
const cliOut = join(root, 'dist', 'cli.cjs');
await build({
  ...common,
  entryPoints: [join(root, 'dist', 'src', 'cli', 'main.js')],
  outfile: cliOut,
  external: ['prettier', 'prettier-plugin-java'],
  plugins: [otherCommandsStayOutside],
  define: { ...common.define, __AGENTS_MD_BUILT__: JSON.stringify(agentsMdBuilt) },
});
// A vm.Script (the code cache) cannot run import() on Node 20: the bundle's import()s (prettier, the
// other commands, a package's own) go to the loader's __host_import (bin/code-cache.js), or to
// import() when the bundle is required directly.
const outside = /(?<![\w$.])import\((?="[^"]+"\))/g;
const text = readFileSync(cliOut, 'utf8');
const count = (text.match(outside) ?? []).length;
if (count < 10) throw new Error(`dist/cli.cjs: expected the import()s of prettier and the other commands, found ${count}`);
writeFileSync(cliOut, `const __bundle_import = typeof __host_import === 'function' ? __host_import : (s) => import(s);\n${text.replace(outside, '__bundle_import(')}`);
