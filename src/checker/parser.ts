import type { Parser } from 'web-tree-sitter';
import { javaParser as sharedJavaParser } from '../inventory/extract/parser.js';

let parser: Parser | undefined;

/** Loads tree-sitter and the Java grammar once per process (shared with the extractor); see javaParser for `expectedChars`. */
export async function initJavaParser(expectedChars?: number): Promise<Parser> {
  parser ??= await sharedJavaParser(expectedChars);
  return parser;
}

/** The parser after initJavaParser() resolved; throws otherwise (programming error). */
export function javaParser(): Parser {
  if (!parser) throw new Error('checker: call `await initJavaParser()` before checkSourcesSync()');
  return parser;
}
