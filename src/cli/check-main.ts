/**
 * `agentscope check` as one self-contained program. scripts/bundle.mjs bundles this file with the
 * checker and web-tree-sitter into dist/check.cjs, which bin/agentscope.js runs through a V8 code
 * cache (bin/code-cache.js): for a normal project, start-up is most of a check. The same file is
 * the entry of the worker that checks a large input (check-worker.ts).
 */
import { run } from './commands/check.js';
import { runOnProcess } from './entry.js';
import { runIfCheckWorker } from './check-worker.js';

export { serveChecks } from './check-daemon.js';

export function main(argv: string[]): Promise<number> {
  return runOnProcess(run, argv);
}

void runIfCheckWorker();
