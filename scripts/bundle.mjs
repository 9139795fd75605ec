#!/usr/bin/env node
// Builds what the published package runs: every dependency is bundled, so the package installs
// with no dependency and no install script. Run by `npm run build` after tsc.
//   dist/check.cjs         `agentscope check` (the checker and web-tree-sitter)
//   dist/cli.cjs           `create`, `gen` and `npm create agentscope-app`
//   dist/main.cjs          every command (bin/agentscope.js runs the others from it, `mcp` too)
//   dist/prettier-java.cjs prettier with prettier-plugin-java, loaded only for a generated file
//                          outside the templates' verified widths (generators/_core/layout.ts)
//   dist/*.wasm            the tree-sitter runtime and grammars (no native build: the .wasm only)
// check and cli run through a V8 code cache (bin/code-cache.js): one classic script is what a code
// cache can hold on Node 20, and one file loads faster than many ES modules.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const require = createRequire(import.meta.url);

/** The .wasm files the bundles load by path, copied next to them. */
const WASM = [
  // web-tree-sitter's runtime, found by the checker (src/inventory/extract/parser.ts) and, through
  // its locateFile (the bundle's directory), by prettier-plugin-java's copy of web-tree-sitter
  require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
  require.resolve('tree-sitter-java/tree-sitter-java.wasm'),
  // prettier-plugin-java's own grammar, which it loads from beside its module (import.meta.url)
  join(dirname(require.resolve('prettier-plugin-java')), 'tree-sitter-java_orchard.wasm'),
];
// what an earlier build left (a bundle since dropped would otherwise ship: files lists dist/*.cjs)
for (const f of readdirSync(dist)) if (/\.(cjs|wasm)$/.test(f)) rmSync(join(dist, f));
for (const file of WASM) copyFileSync(file, join(dist, file.split(/[\\/]/).pop()));

/**
 * web-tree-sitter's Node declares its fields as class fields (`[0] = 0; _children; id; ...`): each
 * new Node defines seven properties one by one, and `[0]` gives every Node an elements store of its
 * own. The extractor makes a Node for every child it visits (the checker copies each tree once
 * instead: src/checker/analysis/syntax-tree.ts). In the bundles the constructor assigns the same
 * fields (a named one for the Wasm handle), so every Node has one shape from the start. The
 * build fails when the text is not the one this was written for.
 */
const treeSitterNodeFields = {
  name: 'tree-sitter-node-fields',
  setup(b) {
    b.onLoad({ filter: /web-tree-sitter[\\/]web-tree-sitter\.cjs$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const start = text.indexOf('var Node = class {');
      const end = text.indexOf('get typeId()', start);
      const once = (s, from, to) => {
        const n = s.split(from).length - 1;
        if (n !== 1) throw new Error(`${args.path}: expected ${JSON.stringify(from)} once in the Node class, found it ${n} times (another web-tree-sitter: review scripts/bundle.mjs)`);
        return s.replace(from, to);
      };
      if (start < 0 || end < 0) throw new Error(`${args.path}: no Node class to patch (another web-tree-sitter: review scripts/bundle.mjs)`);
      let node = text.slice(start, end);
      for (const f of ['  // @ts-expect-error: never read\n  [0] = 0;\n', '  _children;\n', '  _namedChildren;\n', '  id;\n', '  startIndex;\n', '  startPosition;\n', '  tree;\n']) node = once(node, f, '');
      node = once(node, '    this[0] = other;\n', '    this._other = other;\n    this._children = void 0;\n    this._namedChildren = void 0;\n');
      const rest = once(text.slice(end), 'C.setValue(address, node[0], "i32");', 'C.setValue(address, node._other, "i32");');
      return { contents: text.slice(0, start) + node + rest, loader: 'js' };
    });
  },
};

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
  plugins: [treeSitterNodeFields],
};

// prettier and its Java plugin in a bundle of their own (~2 MB of source no other run parses):
// `import('prettier')` and `import('prettier-plugin-java')` in the sources become a require of
// dist/prettier-java.cjs when first called.
await build({
  ...common,
  stdin: {
    contents: "export * as prettier from 'prettier/standalone';\nexport { default as java } from 'prettier-plugin-java';",
    resolveDir: root,
    loader: 'js',
  },
  outfile: join(dist, 'prettier-java.cjs'),
  // the plugin takes prettier's util from `prettier`; the standalone build has it (an alias would
  // also move `prettier/doc`)
  plugins: [{ name: 'prettier-standalone', setup: (b) => b.onResolve({ filter: /^prettier$/ }, () => ({ path: require.resolve('prettier/standalone') })) }],
  minify: true,
});
const prettierOnDemand = {
  name: 'prettier-on-demand',
  setup(b) {
    b.onResolve({ filter: /^prettier(-plugin-java)?$/ }, (args) => ({ path: args.path, namespace: 'prettier-on-demand' }));
    b.onLoad({ filter: /.*/, namespace: 'prettier-on-demand' }, (args) => ({
      contents: `module.exports = require(require('node:path').join(__dirname, 'prettier-java.cjs')).${args.path === 'prettier' ? 'prettier' : 'java'};`,
      loader: 'js',
    }));
  },
};

/**
 * A vm.Script (the code cache) cannot run import() on Node 20: what a bundle still imports at run
 * time (a Node built-in: `import('node:fs')`, web-tree-sitter's `import("fs/promises")`) goes to the
 * loader's __host_import (bin/code-cache.js), or to import() when the bundle is required directly.
 */
function hostImports(file) {
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, `const __bundle_import = typeof __host_import === 'function' ? __host_import : (s) => import(s);\n${text.replace(/(?<![\w$.])import\((?="[^"]+"\))/g, '__bundle_import(')}`);
}

/** Fails the build when a bundle still imports something at run time that the package does not ship. */
function selfContained(file) {
  const text = readFileSync(file, 'utf8');
  const outside = [...text.matchAll(/(?<![\w$.'"`])(?:import\(\s*|require\(\s*)["']([^"']+)["']/g)]
    .map((m) => m[1])
    .filter((s) => !s.startsWith('node:') && !require('node:module').builtinModules.includes(s));
  if (outside.length) throw new Error(`${file}: loads ${[...new Set(outside)].join(', ')} at run time, which the package does not ship`);
}

await build({
  ...common,
  entryPoints: [join(dist, 'src', 'cli', 'check-main.js')],
  outfile: join(dist, 'check.cjs'),
  plugins: [...common.plugins, prettierOnDemand],
  // fewer bytes to read on every start (the code cache holds the compiled functions). No
  // keepNames here: it wraps every closure the checker makes per node in a defineProperty call
  // (~5% of a large check), and nothing in the checker reads a function's name.
  minify: true,
});
selfContained(join(dist, 'check.cjs'));
hostImports(join(dist, 'check.cjs'));



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
// The whole CLI (dist/src/cli/main.js) twice. dist/main.cjs holds every command; the commands the
// table loads on demand are modules initialised on first use. dist/cli.cjs holds `create` and `gen`
// only (the commands a user runs most and waits for; a third less to load than main.cjs): there
// the other commands' entries hand the run to main.cjs, which bin/agentscope.js runs them from.
const otherCommandsFromMain = {
  name: 'other-commands-from-main',
  setup(b) {
    b.onResolve({ filter: /^\.\/commands\/.*\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import' || !args.importer.endsWith(join('cli', 'main.js')) || /\/(create|gen)\.js$/.test(args.path)) return undefined;
      return { path: args.path, namespace: 'other-command' };
    });
    b.onLoad({ filter: /.*/, namespace: 'other-command' }, (args) => ({
      contents: `const run = (argv, io) => require(require('node:path').join(__dirname, 'main.cjs')).runCli([${JSON.stringify(args.path.replace(/^.*\/|\.js$/g, ''))}, ...argv], io);
module.exports = { run, manualCommand: run };`,
      loader: 'js',
    }));
  },
};
for (const [out, plugins] of [['main.cjs', [...common.plugins, prettierOnDemand]], ['cli.cjs', [...common.plugins, prettierOnDemand, otherCommandsFromMain]]]) {
  await build({
    ...common,
    entryPoints: [join(dist, 'src', 'cli', 'main.js')],
    outfile: join(dist, out),
    plugins,
    define: { ...common.define, __AGENTS_MD_BUILT__: JSON.stringify(agentsMdBuilt) },
    // fewer bytes to read on every start (the code cache holds the compiled functions); names kept
    minify: true,
    keepNames: true,
  });
  selfContained(join(dist, out));
  hostImports(join(dist, out));
}
