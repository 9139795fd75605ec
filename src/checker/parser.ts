import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

let ready: Promise<Parser> | undefined;
let parser: Parser | undefined;

/** Loads tree-sitter and the Java grammar once per process (the only I/O of the checker core). */
export function initJavaParser(): Promise<Parser> {
  if (!ready) {
    ready = (async () => {
      await Parser.init();
      const require = createRequire(import.meta.url);
      const wasm = require.resolve('tree-sitter-java/tree-sitter-java.wasm');
      const lang = await Language.load(wasm);
      const p = new Parser();
      p.setLanguage(lang);
      parser = p;
      return p;
    })();
  }
  return ready;
}

/** The parser after initJavaParser() resolved; throws otherwise (programming error). */
export function javaParser(): Parser {
  if (!parser) throw new Error('checker: call `await initJavaParser()` before checkSourcesSync()');
  return parser;
}
