#!/usr/bin/env node
// Bundles `agentscope mcp` into dist/mcp.cjs (below) and `agentscope check` (dist/src/cli/check-main.js, the checker, web-tree-sitter) into one
// CommonJS file, dist/check.cjs, run by bin/agentscope.js through a V8 code cache. One file loads
// faster than ~25 ES modules, and only a classic script can use vm.Script's code cache on Node 20.
// Run by `npm run build` after tsc.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
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
