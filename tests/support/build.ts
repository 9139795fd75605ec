import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Vitest global setup: the launchers in bin/ run dist/ (tsc) and dist/check.cjs (scripts/bundle.mjs),
 * so both are rebuilt from the sources under test once, before any test file runs.
 */
export default function build(): void {
  const root = resolve(import.meta.dirname, '../..');
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], { cwd: root, encoding: 'utf8' });
  // type errors elsewhere do not stop tsc from emitting; a missing launcher target does stop the run
  if (!existsSync(join(root, 'dist/src/cli/main.js'))) throw new Error(`tsc did not emit dist/src/cli/main.js\n${tsc.stdout}${tsc.stderr}`);
  const bundle = spawnSync(process.execPath, [join(root, 'scripts/bundle.mjs')], { cwd: root, encoding: 'utf8' });
  if (bundle.status !== 0) throw new Error(`scripts/bundle.mjs failed\n${bundle.stdout}${bundle.stderr}`);
}
