import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ejs from 'ejs';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, tempDir } from './helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
afterAll(cleanup);

describe('plopfile: `npm run new-generator` scaffolds a feature kind', () => {
  it('adds the generator folder and templates and wires the kind into every table (in a copy)', () => {
    const dest = tempDir();
    for (const f of ['generators/_core/options.ts', 'generators/registry.ts', 'generators/_core/kinds.ts']) cpSync(join(ROOT, f), join(dest, f));
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/plop/bin/plop.js'), '--plopfile', join(ROOT, 'plopfile.js'), '--dest', dest, 'feature', 'retriever', 'NotesRetriever', 'a retriever over local notes'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const index = readFileSync(join(dest, 'generators/retriever/index.ts'), 'utf8');
    expect(index).toContain("export const retrieverFeature: FeatureModule = {");
    expect(index).toContain("defaultClassName: 'NotesRetriever'");
    expect(readFileSync(join(dest, 'generators/_core/options.ts'), 'utf8')).toMatch(/\| 'retriever'; \/\/ a retriever over local notes/);
    expect(readFileSync(join(dest, 'generators/_core/options.ts'), 'utf8')).toMatch(/FEATURE_KINDS: readonly FeatureKind\[\] = \[[^\]]*'retriever'\]/);
    const registry = readFileSync(join(dest, 'generators/registry.ts'), 'utf8');
    expect(registry).toContain("import { retrieverFeature } from './retriever/index.js';");
    expect(registry).toContain('  retriever: retrieverFeature,');
    expect(readFileSync(join(dest, 'generators/_core/kinds.ts'), 'utf8')).toContain("  retriever: { en: 'a retriever over local notes'");
    // the Java templates render to a class and its test
    const data = { pkg: 'com.example.app', className: 'NotesRetriever', c: (en: string) => en };
    for (const [file, expected] of [['Retriever.java.ejs', 'public final class NotesRetriever {}'], ['RetrieverTest.java.ejs', 'class NotesRetrieverTest {']]) {
      const path = join(dest, 'templates/feature/retriever', file);
      expect(existsSync(path)).toBe(true);
      const java = ejs.render(readFileSync(path, 'utf8'), data);
      expect(java).toContain('package com.example.app;');
      expect(java).toContain(expected);
    }
  });
});
