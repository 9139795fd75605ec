/**
 * `agentscope check` as one self-contained program. scripts/bundle.mjs bundles this file with the
 * checker and web-tree-sitter into dist/check.cjs, which bin/agentscope.js runs through a V8 code
 * cache (bin/code-cache.js): for a normal project, start-up is most of a check.
 */
import { run } from './commands/check.js';
import { reportError } from '../core/errors.js';
import { processIo } from '../core/io.js';
import { argvLang } from './lang.js';

export async function main(argv: string[]): Promise<number> {
  const io = processIo();
  try {
    return await run(argv, io);
  } catch (e) {
    return reportError(e, io, argvLang(argv, io.env));
  }
}
