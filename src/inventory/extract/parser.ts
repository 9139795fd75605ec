import { existsSync, readFile } from 'node:fs';
import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { promisify } from 'node:util';
import { Language, Parser } from 'web-tree-sitter';
import { PACKAGE_ROOT } from '../../core/paths.js';

const readFileAsync = promisify(readFile);

let ready: Promise<Parser> | undefined;
/** The Emscripten runtime web-tree-sitter runs on (the object given to Parser.init). */
let emscripten: Record<string, unknown> | undefined;

/** The parser's runtime (its exported functions and memory) once javaParser() resolved: the checker walks trees through it (src/checker/analysis/syntax-tree.ts). */
export function parserRuntime(): Record<string, unknown> | undefined {
  return emscripten;
}

/**
 * Below this much source text (UTF-16 units), V8's optimising WebAssembly tier costs more than
 * it earns: on 2 cores, baseline (Liftoff) code only saves a cold `check` of a generated project
 * ~55 ms, and costs ~15% on 63k lines; the two cross at ~500 k characters (docs/checker.md#speed).
 */
export const BASELINE_WASM_MAX_CHARS = 400_000;

/** The V8 flags of a small workload, set only while the parser's WebAssembly compiles. */
const SMALL_WORKLOAD_FLAGS = '--liftoff-only --no-wasm-lazy-compilation';
/**
 * V8's own values of the flags above and of those --liftoff-only turns off by implication
 * (switching back does not turn them on again).
 */
export const DEFAULT_WASM_FLAGS = '--no-liftoff-only --wasm-dynamic-tiering --wasm-tier-up --wasm-lazy-compilation';

/**
 * The V8 flags for compiling the parser for a workload of `expectedChars`. A small workload also
 * compiles every function at once, on V8's threads while the inventory loads, instead of each on
 * the main thread when first called (~40M instructions there).
 */
export function wasmTierFlag(expectedChars: number): string {
  return expectedChars <= BASELINE_WASM_MAX_CHARS ? SMALL_WORKLOAD_FLAGS : DEFAULT_WASM_FLAGS;
}

/**
 * A .wasm file of a package: first the copy the build puts beside the bundles (dist/, all the
 * published package has: scripts/bundle.mjs), then where npm puts the package in a checkout (plain
 * existsSync calls), then through Node's resolution (~1-2 ms each, a noticeable part of a cold `check`).
 */
function packageFile(pkg: string, file: string): string {
  for (const local of [join(PACKAGE_ROOT, 'dist', file), join(PACKAGE_ROOT, 'node_modules', pkg, file)]) if (existsSync(local)) return local;
  return createRequire(import.meta.url).resolve(`${pkg}/${file}`);
}

/** Path of tree-sitter-java's grammar. */
function javaWasmPath(): string {
  return packageFile('tree-sitter-java', 'tree-sitter-java.wasm');
}

/**
 * web-tree-sitter moves every node, cursor and point it hands out through its runtime's
 * getValue/setValue (the runtime object is the options object given to Parser.init), which
 * test their type argument with `endsWith('*')` on each call: ~4% of a large check's
 * instructions. On a little-endian machine the i32 reads and writes go straight to the memory's
 * Int32Array instead (what the runtime does, without the tests); every other type as before.
 */
function directI32Access(runtime: Record<string, unknown>): void {
  const { getValue, setValue } = runtime;
  if (typeof getValue !== 'function' || typeof setValue !== 'function' || !(runtime.HEAP32 instanceof Int32Array) || endianness() !== 'LE') return;
  // the runtime replaces its views when the memory grows (the old ones are then empty)
  let heap = runtime.HEAP32;
  const view = (i: number): Int32Array => (i < heap.length ? heap : (heap = runtime.HEAP32 as Int32Array));
  runtime.getValue = (ptr: number, type?: string): unknown => {
    if (type !== 'i32') return getValue(ptr, type);
    const i = ptr >> 2;
    return view(i)[i];
  };
  runtime.setValue = (ptr: number, value: number, type?: string): void => {
    if (type !== 'i32') return setValue(ptr, value, type);
    const i = ptr >> 2;
    view(i)[i] = value;
  };
}

/**
 * One shared Java parser per process (loading the wasm grammar costs ~30 ms).
 * `expectedChars`: how much text the first caller will parse; small workloads compile the
 * grammar with baseline code only (the flag is read when the module compiles, so only the
 * first call decides).
 */
export function javaParser(expectedChars?: number): Promise<Parser> {
  ready ??= (async () => {
    // Both binaries are read here, in parallel, and handed over as bytes: web-tree-sitter would
    // otherwise read them one after the other and locate its own through import.meta.url. The
    // grammar compiles on V8's threads while the runtime compiles and starts (Language.load would
    // compile it only after Parser.init), and is then only instantiated.
    const [runtime, grammar] = await Promise.all([readFileAsync(packageFile('web-tree-sitter', 'web-tree-sitter.wasm')), readFileAsync(javaWasmPath())]);
    // V8 reads these flags when a module compiles; they are V8's own again once both compiled. Any
    // other flag value would make V8 reject the code cache of every Node built-in module loaded
    // meanwhile (~30M instructions for a check's ~45), and the code cache of the CLI's bundle
    // saved after the run (bin/code-cache.js) would not match the flags of the next run's start.
    const flags = expectedChars === undefined ? DEFAULT_WASM_FLAGS : wasmTierFlag(expectedChars);
    if (flags !== DEFAULT_WASM_FLAGS) setFlagsFromString(flags);
    const binding: Record<string, unknown> = { wasmBinary: runtime };
    const [, compiled] = await Promise.all([Parser.init(binding), WebAssembly.compile(grammar)]).finally(() => {
      if (flags !== DEFAULT_WASM_FLAGS) setFlagsFromString(DEFAULT_WASM_FLAGS);
    });
    directI32Access(binding);
    emscripten = binding;
    const lang = Language.loadSync(compiled);
    const parser = new Parser();
    parser.setLanguage(lang);
    return parser;
  })();
  return ready;
}
