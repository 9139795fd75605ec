#!/usr/bin/env node
// Bundles `agentscope check` (dist/src/cli/check-main.js, the checker, web-tree-sitter) into one
// CommonJS file, dist/check.cjs, run by bin/agentscope.js through a V8 code cache. One file loads
// faster than ~25 ES modules, and only a classic script can use vm.Script's code cache on Node 20.
// Run by `npm run build` after tsc.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

await build({
  entryPoints: [join(root, 'dist', 'src', 'cli', 'check-main.js')],
  outfile: join(root, 'dist', 'check.cjs'),
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
});
