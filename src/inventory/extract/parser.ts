import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

let ready: Promise<Parser> | undefined;

/** Path of tree-sitter-java's grammar, resolved through Node's module resolution. */
export function javaWasmPath(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('tree-sitter-java/tree-sitter-java.wasm');
}

/** One shared Java parser per process (loading the wasm grammar costs ~30 ms). */
export function javaParser(): Promise<Parser> {
  ready ??= (async () => {
    await Parser.init();
    const lang = await Language.load(javaWasmPath());
    const parser = new Parser();
    parser.setLanguage(lang);
    return parser;
  })();
  return ready;
}
