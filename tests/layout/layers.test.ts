// The layer rule (.dependency-cruiser.cjs) judged by dependency-cruiser itself: the real tree
// passes, and a copy of it with one planted upward import fails, naming the rule.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const depcruise = join(ROOT, 'node_modules', '.bin', 'depcruise');
const run = (cwd: string) => execa(depcruise, ['src', 'generators', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd, reject: false });

describe('import layers', () => {
  const copy = mkdtempSync(join(tmpdir(), 'as-layers-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('the source tree imports only downward and has no cycle', async () => {
    const r = await run(ROOT);
    expect(r.stdout + r.stderr).toContain('no dependency violations');
    expect(r.exitCode).toBe(0);
  }, 60_000);

  it('an upward import (ground layer -> CLI) fails the rule', async () => {
    for (const p of ['src', 'generators', '.dependency-cruiser.cjs', 'tsconfig.json', 'package.json']) cpSync(join(ROOT, p), join(copy, p), { recursive: true });
    writeFileSync(join(copy, 'src', 'core', 'planted.ts'), "import { runCli } from '../cli/main.js';\nexport const planted = runCli;\n");
    writeFileSync(join(copy, 'src', 'inventory', 'planted.ts'), "import { checkSources } from '../checker/index.js';\nexport const planted = checkSources;\n");
    const r = await run(copy);
    expect(r.exitCode).not.toBe(0);
    expect(r.stdout).toMatch(/core-imports-cli: src\/core\/planted\.ts → src\/cli\/main\.ts/);
    expect(r.stdout).toMatch(/inventory-imports-checker-api-diff: src\/inventory\/planted\.ts → src\/checker\/index\.ts/);
  }, 60_000);
});
