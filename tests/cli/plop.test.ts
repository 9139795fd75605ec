import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ejs from 'ejs';
import * as prettier from 'prettier';
import javaPlugin from 'prettier-plugin-java';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, snapshot, tempDir } from './helpers.js';

/**
 * `npm run new-generator` (plopfile.js), run twice in a row in a copy of the repository: the
 * copy still type-checks, both kinds are offered by `gen --help`, `create` and `gen` write them,
 * and the render/checker test (tests/generators/render.test.ts) passes with them in every
 * combination. A third run with a kind that exists is refused and changes nothing.
 */

const ROOT = resolve(import.meta.dirname, '../..');
afterAll(cleanup);

const NEW_KINDS = [
  { kind: 'retriever', className: 'NotesRetriever', summary: 'a retriever over local notes', zh: '本地笔记检索器' },
  { kind: 'summarizer', className: 'TextSummarizer', summary: "a summarizer that's terse", zh: "a summarizer that's terse" },
] as const;

function run(cmd: string, args: string[], cwd: string, timeout = 300_000): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout, env: { ...process.env, LANG: 'en_US.UTF-8', NO_COLOR: '1', FORCE_COLOR: '0' } });
}

function plop(copy: string, answers: string[]): SpawnSyncReturns<string> {
  return run(process.execPath, [join(ROOT, 'node_modules/plop/bin/plop.js'), '--plopfile', join(copy, 'plopfile.js'), '--dest', copy, 'feature', ...answers], copy, 60_000);
}

/** The repository's files as a fresh clone has them (tracked, plus new files not ignored), node_modules linked. */
function copyRepository(): string {
  const copy = tempDir('as-plop-');
  const files = run('git', ['ls-files', '-co', '--exclude-standard', '-z'], ROOT).stdout.split('\0').filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(ROOT, f))) continue; // deleted in the working tree
    mkdirSync(dirname(join(copy, f)), { recursive: true });
    cpSync(join(ROOT, f), join(copy, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

const sourceTree = (copy: string) => ({ ...snapshot(join(copy, 'generators')), ...snapshot(join(copy, 'templates')) });

describe('plopfile: `npm run new-generator` adds a feature kind (twice in a row, in a copy of the repository)', () => {
  let copy: string;
  const out = (r: SpawnSyncReturns<string>) => `${r.stdout}\n${r.stderr}`;

  beforeAll(() => {
    copy = copyRepository();
    for (const k of NEW_KINDS) {
      const r = plop(copy, [k.kind, k.className, k.summary, k.zh]);
      expect(r.status, out(r)).toBe(0);
    }
  }, 120_000);

  it('adds one folder and its templates, one row in the kind table and the line joining it to its module', () => {
    for (const k of NEW_KINDS) {
      expect(readFileSync(join(copy, `generators/${k.kind}/index.ts`), 'utf8')).toContain(`export const ${k.kind}Feature: FeatureModule = {`);
      expect(existsSync(join(copy, `templates/feature/${k.kind}`))).toBe(true);
    }
    const kinds = readFileSync(join(copy, 'generators/_core/kinds.ts'), 'utf8');
    expect(kinds).toContain("    kind: 'retriever',\n    summary: { en: 'a retriever over local notes', zh: '本地笔记检索器' },\n    defaultClassName: 'NotesRetriever',");
    expect(kinds).toContain("summary: { en: 'a summarizer that\\'s terse', zh: 'a summarizer that\\'s terse' }");
    const registry = readFileSync(join(copy, 'generators/registry.ts'), 'utf8');
    expect(registry).toContain("import { summarizerFeature } from './summarizer/index.js';");
    expect(registry).toContain('  retriever: retrieverFeature,\n  summarizer: summarizerFeature,\n} satisfies');
  });

  it('refuses a kind that exists, clean: non-zero exit, a reason, nothing changed', () => {
    const before = sourceTree(copy);
    const r = plop(copy, ['retriever', 'OtherRetriever', 'again', 'again']);
    expect(r.status).not.toBe(0);
    expect(out(r)).toContain('the kind "retriever" already exists');
    const reserved = plop(copy, ['provider', 'X', 'clashes with gen provider', 'x']);
    expect(reserved.status).not.toBe(0);
    expect(sourceTree(copy)).toEqual(before);
  });

  it('writes the Java templates the way prettier-plugin-java prints them', async () => {
    for (const k of NEW_KINDS) {
      for (const lang of ['en', 'zh'] as const) {
        const data = { pkg: 'com.example.app', className: k.className, c: (en: string, zh: string) => (lang === 'zh' ? zh : en) };
        for (const file of ['', 'Test']) {
          const name = `${k.kind[0].toUpperCase()}${k.kind.slice(1)}${file}.java.ejs`;
          const java = ejs.render(readFileSync(join(copy, 'templates/feature', k.kind, name), 'utf8'), data);
          const formatted = await prettier.format(java, { parser: 'java', plugins: [javaPlugin], printWidth: 100, tabWidth: 4 });
          expect(java, name).toBe(formatted);
        }
      }
    }
  });

  it('the copy type-checks and builds; `gen --help` offers the new kinds; create and gen write them', () => {
    const tsc = run(process.execPath, [join(copy, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], copy);
    expect(tsc.status, out(tsc)).toBe(0);
    const cli = join(copy, 'bin/agentscope.js');
    const help = run(process.execPath, [cli, 'gen', '--help'], copy);
    expect(help.status, out(help)).toBe(0);
    expect(help.stdout).toMatch(/^ {2}retriever +a retriever over local notes$/m);
    expect(help.stdout).toMatch(/^ {2}summarizer +a summarizer that's terse$/m);
    const zhHelp = run(process.execPath, [cli, 'gen', '--help', '--lang', 'zh'], copy);
    expect(zhHelp.stdout).toMatch(/^ {2}retriever +本地笔记检索器$/m);

    const work = join(copy, 'work');
    mkdirSync(work);
    const create = run(process.execPath, [cli, 'create', 'app', '--yes', '--no-git', '--features', 'retriever,summarizer'], work);
    expect(create.status, out(create)).toBe(0);
    const pkg = join(work, 'app/src/main/java/com/example/app');
    expect(readFileSync(join(pkg, 'NotesRetriever.java'), 'utf8')).toContain('public final class NotesRetriever {}');
    expect(existsSync(join(work, 'app/src/test/java/com/example/app/TextSummarizerTest.java'))).toBe(true);
    const gen = run(process.execPath, [cli, 'gen', 'summarizer', 'ShortSummary'], join(work, 'app'));
    expect(gen.status, out(gen)).toBe(0);
    expect(readFileSync(join(pkg, 'ShortSummary.java'), 'utf8')).toContain("/** a summarizer that's terse */");
  }, 400_000);

  it('the render/checker test for generated projects passes with the new kinds in every combination', () => {
    const r = run(process.execPath, [join(copy, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=verbose', 'tests/generators/render.test.ts'], copy, 600_000);
    expect(r.status, out(r)).toBe(0);
    // the new kinds were among the combinations rendered and checked, alone and with every other kind
    for (const k of NEW_KINDS) {
      for (const name of [`create '${k.kind}-en' > renders`, `create '${k.kind}-zh' > renders`, `gen <kind> > ${k.kind} writes a checker-clean class`]) expect(r.stdout).toMatch(new RegExp(`✓ .*${name.replace(/[<>]/g, '.')}`));
    }
    expect(r.stdout).toMatch(/✓ .*create 'all-zh' > renders/);
  }, 650_000);
});
