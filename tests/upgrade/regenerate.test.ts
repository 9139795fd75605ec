/**
 * Regeneration on real projects. Each project is created for 2.0.0 with an older template set
 * (tests/fixtures/upgrade/older-templates: today's templates plus three lines they dropped since),
 * edited by hand in three files — ModelProviders.java away from the template change (clean merge),
 * AgentFactory.java on the very line the templates changed (conflict), README.md not at all — and
 * upgraded to 2.0.2 with today's templates: once in a git repository (the base comes from git
 * history), once without git (the base rendered again with --base-templates). A third project,
 * made before the answers were recorded (its .agentscope/project.json removed), gets them inferred.
 * One `mvn -q test` over the three upgraded projects; then a second run changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { parseProvenance } from '../../src/core/provenance.js';
import { TEMPLATES_DIR } from '../../src/core/paths.js';
import { withTemplatesDir } from '../../generators/_core/render.js';

const FIXTURE = join(import.meta.dirname, '../fixtures/upgrade/older-templates');
const root = mkdtempSync(join(tmpdir(), 'upgrade-regen-'));
const older = join(root, 'older-templates');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(cwd: string, argv: string[]) {
  const io = memoryIo(cwd, { ...process.env, LANG: 'en_US.UTF-8' });
  const code = await runCli(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.git' || e.name === 'target') continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

const olderLines: { template: string; after: string; line: string }[] = JSON.parse(readFileSync(join(FIXTURE, 'changes.json'), 'utf8'));
const [readmeLine, providersLine, factoryLine] = olderLines.map((c) => c.line);
const MY_NOTE = '    // my own note: the models are chosen by the ops team';
const MY_REWRITE = '// Agent assembly: tuned by hand.';

/** The file of `name` under the project's main sources. */
const javaFile = (dir: string, name: string) => {
  const pkgDir = join(dir, 'src/main/java/com/example', readdirSync(join(dir, 'src/main/java/com/example'))[0]);
  return join(pkgDir, name);
};

/** `create` with the older templates for 2.0.0, then the three hand edits. */
async function olderProject(name: string, git: boolean): Promise<string> {
  const created = await withTemplatesDir(older, () => cli(root, ['create', name, '--agentscope-version', '2.0.0', '--features', 'tool', '-y', ...(git ? [] : ['--no-git'])]));
  expect(created.code, created.err).toBe(0);
  const dir = join(root, name);
  expect(existsSync(join(dir, '.git'))).toBe(git);
  const providers = javaFile(dir, 'ModelProviders.java');
  const text = readFileSync(providers, 'utf8');
  expect(text).toContain(providersLine);
  const end = text.lastIndexOf('\n}');
  writeFileSync(providers, `${text.slice(0, end)}\n${MY_NOTE}${text.slice(end)}`);
  const factory = javaFile(dir, 'AgentFactory.java');
  writeFileSync(factory, readFileSync(factory, 'utf8').replace(factoryLine, MY_REWRITE));
  expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain(readmeLine);
  return dir;
}

beforeAll(() => {
  cpSync(TEMPLATES_DIR, older, { recursive: true });
  for (const c of olderLines) {
    const file = join(older, c.template);
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((l) => new RegExp(c.after).test(l));
    if (at < 0) throw new Error(`older-templates fixture: no line matching ${c.after} in templates/${c.template}`);
    lines.splice(at + 1, 0, c.line);
    writeFileSync(file, lines.join('\n'));
  }
});

const projects: string[] = [];

describe.each([
  ['in a git repository (base from git history)', 'git-app', true],
  ['without git (base rendered again with --base-templates)', 'plain-app', false],
])('older templates and 2.0.0 -> 2.0.2, %s', (_title, name, git) => {
  let dir: string;
  const extra = () => (git ? [] : ['--base-templates', older]);

  test('dry run: each file\'s outcome, the conflict with its hunk, every diff; exit 1, nothing written', async () => {
    dir = await olderProject(name, git);
    projects.push(dir);
    const before = snapshot(dir);
    const r = await cli(dir, ['upgrade', '--to', '2.0.2', '--dry-run', ...extra()]);
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.out).toContain('answers: .agentscope/project.json');
    expect(r.out).toMatch(/^ {2}replace +README\.md +untouched since generated/m);
    const base = git ? 'git history' : 'rendered from the recorded answers';
    expect(r.out).toMatch(new RegExp(`^ {2}merge +src/main/java/\\S+/ModelProviders\\.java +your edits and the template changes merged \\(base: ${base}\\)`, 'm'));
    expect(r.out).toMatch(new RegExp(`^ {2}CONFLICT +src/main/java/\\S+/AgentFactory\\.java +1 hunk\\(s\\)`, 'm'));
    // the hunk: the user's line against the template's (which dropped it), with the base
    const hunk = r.out.slice(r.out.indexOf('CONFLICT src/main/java/'));
    expect(hunk.split('\n').slice(1, 6)).toEqual(['<<<<<<< yours', MY_REWRITE, '||||||| base', factoryLine, '=======']);
    expect(r.out).toContain('--- a/README.md');
    expect(r.out).toContain(`-${readmeLine}`);
    expect(r.out).toContain('--- a/pom.xml');
    expect(r.out).toContain('Dry run: nothing was written.');
    expect(snapshot(dir)).toEqual(before);
  }, 300_000);

  test('--write refuses while a conflict remains: nothing written, exit 1', async () => {
    const before = snapshot(dir);
    const r = await cli(dir, ['upgrade', '--to', '2.0.2', '--write', ...extra()]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('Nothing was written: 1 conflict(s) above.');
    expect(snapshot(dir)).toEqual(before);
  }, 300_000);

  test('--write --allow-conflicts: untouched replaced, clean merge keeps both, conflict written with markers', async () => {
    const r = await cli(dir, ['upgrade', '--to', '2.0.2', '--write', '--allow-conflicts', ...extra()]);
    expect(r.code, r.out + r.err).toBe(1);
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme).not.toContain(readmeLine);
    expect(parseProvenance(readme)).toMatchObject({ version: '2.0.2', untouched: true });
    expect(readme).toContain('agentscope upgrade --to');
    const providers = readFileSync(javaFile(dir, 'ModelProviders.java'), 'utf8');
    expect(providers).toContain(MY_NOTE);
    expect(providers).not.toContain(providersLine);
    expect(parseProvenance(providers)?.version).toBe('2.0.2');
    const factory = readFileSync(javaFile(dir, 'AgentFactory.java'), 'utf8');
    expect(factory).toMatch(/^<<<<<<< yours \(src\/main\/java\/\S+\/AgentFactory\.java\)$/m);
    expect(factory).toMatch(/^\|\|\|\|\|\|\| base \(/m);
    expect(factory).toMatch(/^>>>>>>> agentscope-cli 2\.0\.2$/m);
    expect(readFileSync(join(dir, 'pom.xml'), 'utf8')).toContain('<agentscope.version>2.0.2</agentscope.version>');
    expect(JSON.parse(readFileSync(join(dir, '.agentscope/project.json'), 'utf8')).agentscopeVersion).toBe('2.0.2');
    // the user resolves the conflict keeping their line
    writeFileSync(javaFile(dir, 'AgentFactory.java'), factory.replace(/^<<<<<<< .*\n([\s\S]*?)^\|\|\|\|\|\|\| [\s\S]*?^>>>>>>> .*\n/m, '$1'));
    expect(readFileSync(javaFile(dir, 'AgentFactory.java'), 'utf8')).toContain(MY_REWRITE);
  }, 300_000);
});

describe('a project without .agentscope/project.json (made by an older release)', () => {
  test('the answers are inferred from the markers and the pom, and the upgrade equals a fresh create for 2.0.2', async () => {
    const made = await cli(root, ['create', 'inferred-app', '--agentscope-version', '2.0.0', '--provider', 'openai,anthropic', '--features', 'tool,middleware', '--no-git', '-y']);
    expect(made.code, made.err).toBe(0);
    const dir = join(root, 'inferred-app');
    projects.push(dir);
    rmSync(join(dir, '.agentscope'), { recursive: true });
    const r = await cli(dir, ['upgrade', '--to', '2.0.2', '--write']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('no .agentscope/project.json: the answers were inferred from the provenance markers and the pom');
    expect(r.out).toContain('providers = ["openai:gpt-4o-mini","anthropic:claude-sonnet-4-5"]  (from ModelProviders');
    expect(r.out).toContain('features = ["tool","middleware"]');

    const fresh = await cli(join(root, 'fresh'), ['create', 'inferred-app', '--agentscope-version', '2.0.2', '--provider', 'openai,anthropic', '--features', 'tool,middleware', '--no-git', '-y']);
    expect(fresh.code, fresh.err).toBe(0);
    const want = snapshot(join(root, 'fresh/inferred-app'));
    const got = snapshot(dir);
    expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
    for (const f of Object.keys(want)) if (f !== '.agentscope/project.json') expect(got[f], f).toBe(want[f]);
  }, 300_000);
});

describe('a project grown by gen', () => {
  test('gen runs are recorded once; the upgrade renders them again: the project equals create + the same gens for 2.0.2', async () => {
    const grow = async (cwd: string, version: string) => {
      expect((await cli(cwd, ['create', 'grown', '--agentscope-version', version, '--no-git', '-y'])).code).toBe(0);
      const dir = join(cwd, 'grown');
      for (const g of [['tool', 'Weather'], ['middleware', 'Audit'], ['tool', 'Weather']]) {
        const r = await cli(dir, ['gen', ...g]);
        expect(r.code, r.err).toBe(0);
      }
      return dir;
    };
    const dir = await grow(root, '2.0.0');
    const recorded = JSON.parse(readFileSync(join(dir, '.agentscope/project.json'), 'utf8'));
    expect(recorded.gen.map((g: { kind: string; className: string }) => `${g.kind} ${g.className}`)).toEqual(['tool Weather', 'middleware Audit']);
    expect(readFileSync(javaFile(dir, 'AgentFactory.java'), 'utf8')).toContain('new Weather()');

    // the same version: the generated files are as this release renders them, nothing to do
    const same = await cli(dir, ['upgrade', '--to', '2.0.0']);
    expect(same.code, same.out + same.err).toBe(0);
    expect(same.out).toContain('nothing to do');

    const r = await cli(dir, ['upgrade', '--to', '2.0.2', '--write']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).not.toMatch(/^ {2}(merge|CONFLICT) /m);
    mkdirSync(join(root, 'grown-fresh'));
    const want = snapshot(await grow(join(root, 'grown-fresh'), '2.0.2'));
    expect(snapshot(dir)).toEqual(want);
  }, 300_000);
});

describe('after the regeneration', () => {
  test('mvn -q test passes on the three upgraded projects (one reactor build)', () => {
    expect(projects).toHaveLength(3);
    const modules = projects.map((p) => `    <module>${relative(root, p)}</module>`).join('\n');
    writeFileSync(join(root, 'pom.xml'), `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>test</groupId><artifactId>regenerated</artifactId><version>1</version><packaging>pom</packaging>
  <modules>
${modules}
  </modules>
</project>
`);
    const mvn = spawnSync('mvn', ['-B', '-q', 'test'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(mvn.status, `${mvn.stdout}\n${mvn.stderr}`.slice(-4000)).toBe(0);
    rmSync(join(root, 'pom.xml'));
  }, 900_000);

  test.each([0, 1, 2])('a second run changes nothing (project %i)', async (i) => {
    const dir = projects[i];
    const before = snapshot(dir);
    const r = await cli(dir, ['upgrade', '--to', '2.0.2', '--write']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('nothing to do');
    expect(snapshot(dir)).toEqual(before);
  }, 300_000);
});
