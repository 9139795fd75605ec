// Helpers shared by the bench scripts (not a bench itself: run-all.js runs only *.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const args = process.argv.slice(2);

/** The value after `--name` on the command line, or `def`. */
export function opt(name, def) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Builds dist/ and the check bundle once when missing: the benches time the CLI as users run it. */
export function ensureBuilt() {
  if (existsSync(join(root, 'dist', 'src', 'cli', 'main.js')) && existsSync(join(root, 'dist', 'check.cjs'))) return;
  console.error('building dist/ (npm run build) ...');
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
