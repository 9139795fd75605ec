import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

/** The package root (where package.json, templates/ and inventory/ live), from src or dist. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'templates'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot locate the package root (package.json + templates/)');
}

export const PACKAGE_ROOT = findRoot();
export const TEMPLATES_DIR = join(PACKAGE_ROOT, 'templates');
export const INVENTORY_DIR = join(PACKAGE_ROOT, 'inventory');
