/**
 * The material of the mutation study: official AgentScope test code of one version (the
 * agentscope-core tests jar, decompiled with Vineflower — Maven Central serves no test sources),
 * moved into user packages, plus the classpath javac judges it with. Everything comes through mvn,
 * as on a user's machine; results are cached per version under the OS temp directory so the test
 * and bench/check-mutants.mjs share one decompilation.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { resolveArtifact, type Coords } from '../../../src/inventory/maven.js';
import { isJava, listFiles } from '../../../src/core/files.js';
import { PACKAGE_ROOT } from '../../../src/core/paths.js';
import type { Inventory } from '../../../src/inventory/schema.js';
import { mavenClasspath } from '../../support/maven-classpath.js';

export interface Corpus {
  version: string;
  /** what the test code is, for the study's table (the core tests when absent) */
  label?: string;
  /** user-package copies of the official test classes (mutated), and the suite's helpers left in their packages (never mutated) */
  files: { name: string; content: string; support?: boolean; home?: Home }[];
  classpath: string;
  workDir: string;
}

/** A moved file's header (`package mutants.fN;` and the added imports) and the original `package ...;` it replaced. */
export interface Home {
  moved: string;
  original: string;
}

/** The file back in its own io.agentscope package (the moved header replaced by the original one). */
export function backHome(content: string, home: Home): string {
  return content.replace(home.moved, home.original);
}

const VINEFLOWER: Coords = { groupId: 'org.vineflower', artifactId: 'vineflower', version: '1.12.0' };
/** What the core test suite compiles against besides agentscope-core (its test-scope dependencies). */
const TEST_DEPS = [
  ['org.junit.jupiter', 'junit-jupiter', '5.11.4'],
  ['org.mockito', 'mockito-core', '5.14.2'],
  ['org.mockito', 'mockito-junit-jupiter', '5.14.2'],
];

async function get(c: Coords, dir: string): Promise<string> {
  const r = await resolveArtifact(c, dir);
  if (!r.ok) throw new Error(`mvn could not resolve ${c.groupId}:${c.artifactId}:${c.version}${c.classifier ? `:${c.classifier}` : ''}: ${r.error}`);
  return r.file;
}

async function classpath(version: string, dir: string, reactor: string, artifact = 'agentscope-core'): Promise<string> {
  const deps = [['io.agentscope', artifact, version], ['io.projectreactor', 'reactor-test', reactor], ...TEST_DEPS]
    .map(([g, a, v]) => `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version></dependency>`)
    .join('');
  writeFileSync(
    join(dir, 'pom.xml'),
    `<project><modelVersion>4.0.0</modelVersion><groupId>m</groupId><artifactId>m</artifactId><version>1</version><dependencies>${deps}</dependencies></project>`,
  );
  return mavenClasspath(dir);
}

/**
 * A decompiled test file moved out of its io.agentscope package into `mutants.<pkg>`: the types of
 * its original package that it names become explicit imports, so every line reads like user code.
 */
function moveToUserPackage(content: string, newPkg: string, inventory: Inventory, helpers: string[] = []): string | undefined {
  const m = /^package\s+([\w.]+)\s*;/m.exec(content);
  if (!m) return undefined;
  const pkg = m[1];
  const inPkg = [...inventory.types.map((t) => t.fqn), ...helpers].filter((fqn) => fqn.startsWith(`${pkg}.`) && !fqn.slice(pkg.length + 1).includes('.'));
  const imports = inPkg
    .map((fqn) => fqn.slice(pkg.length + 1))
    .filter((n) => new RegExp(`\\b${n}\\b`).test(content.slice(m.index + m[0].length)) && !new RegExp(`\\b(class|interface|enum|record)\\s+${n}\\b`).test(content))
    .map((n) => `import ${pkg}.${n};`);
  return content.replace(m[0], `package ${newPkg};\n${imports.join('\n')}`);
}

/** The agentscope-core tests jar of `version`, decompiled (cached per version), and the classpath its code compiles against. */
export async function decompiledTests(version: string): Promise<{ dir: string; classpath: string; workDir: string }> {
  // a cache in the checkout (.cache/ is git-ignored), not in the system temp folder: decompiling
  // the tests jar is the slow part, and the mutation study and the precision test share it
  const workDir = join(PACKAGE_ROOT, '.cache', `agentscope-mutants-${version}`);
  const decompiled = join(workDir, 'decompiled');
  const cpFile = join(workDir, 'classpath.txt');
  if (!existsSync(cpFile)) {
    rmSync(workDir, { recursive: true, force: true });
    const jars = join(workDir, 'jars');
    mkdirSync(jars, { recursive: true });
    const tests = await get({ groupId: 'io.agentscope', artifactId: 'agentscope-core', version, classifier: 'tests' }, jars);
    const core = await get({ groupId: 'io.agentscope', artifactId: 'agentscope-core', version }, jars);
    const corePom = readFileSync(await get({ groupId: 'io.agentscope', artifactId: 'agentscope-core', version, type: 'pom' }, jars), 'utf8');
    const reactor = /<artifactId>reactor-core<\/artifactId>\s*<version>([^<]+)<\/version>/.exec(corePom)?.[1];
    if (!reactor) throw new Error(`agentscope-core ${version} pom names no reactor-core version`);
    const vineflower = await get(VINEFLOWER, jars);
    const r = spawnSync('java', ['-jar', vineflower, `-e=${core}`, tests, decompiled], { encoding: 'utf8', maxBuffer: 256 << 20 });
    if (r.status !== 0) throw new Error(`vineflower failed (${r.status}): ${r.stderr.slice(-2000)}`);
    writeFileSync(cpFile, await classpath(version, workDir, reactor));
  }
  return { dir: decompiled, classpath: readFileSync(cpFile, 'utf8').trim(), workDir };
}

export async function loadCorpus(version: string, inventory: Inventory): Promise<Corpus> {
  const { dir: decompiled, classpath: cp, workDir } = await decompiledTests(version);
  const done = join(workDir, 'corpus-v3.json');
  if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as Corpus;
  const corpus = corpusOf(decompiled, version, cp, workDir, inventory);
  writeFileSync(`${done}.tmp`, JSON.stringify(corpus));
  renameSync(`${done}.tmp`, done);
  return corpus;
}

/**
 * A corpus of the test sources under `dir` (a src/test/java tree): each test class moved to a user
 * package, the suite's helpers left in theirs.
 */
function corpusOf(dir: string, version: string, classpath: string, workDir: string, inventory: Inventory): Corpus {
  const files: Corpus['files'] = [];
  const rels = listFiles(dir, isJava)
    .map((f) => relative(dir, f))
    .sort();
  // the suite's own helpers (MockModel, TestUtils, ...) stay where they are, as a user's test utilities would
  const isTest = (rel: string) => /(Test|Tests|IT)\.java$/.test(rel);
  const helpers = rels.filter((r) => !isTest(r)).map((r) => r.replace(/\.java$/, '').replace(/\//g, '.'));
  rels.forEach((rel, i) => {
    const content = readFileSync(join(dir, rel), 'utf8');
    if (!isTest(rel)) return files.push({ name: `support/${rel}`, content, support: true });
    const moved = moveToUserPackage(content, `mutants.f${i}`, inventory, helpers);
    const m = /^package\s+[\w.]+\s*;/m.exec(content);
    if (moved && m) {
      const home = { original: m[0], moved: moved.slice(m.index, m.index + m[0].length + moved.length - content.length) };
      files.push({ name: `f${i}/${rel.split('/').pop()}`, content: moved, home });
    }
  });
  return { version, files, classpath, workDir };
}

/**
 * A second corpus: agentscope-harness's own tests (src/test/java of the tag, from the corpus
 * tarball in `tarballDir`), against agentscope-harness and the same test libraries. Harness code
 * leans on other shapes than core's tests (records, stores, filesystems, functional interfaces).
 */
export async function harnessCorpus(version: string, inventory: Inventory, tarball: string): Promise<Corpus> {
  const workDir = join(PACKAGE_ROOT, '.cache', `agentscope-mutants-harness-${version}`);
  const done = join(workDir, 'corpus.json');
  if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as Corpus;
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const r = spawnSync('tar', ['xzf', tarball, '-C', workDir, 'agentscope-harness/src/test/java'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tar could not unpack agentscope-harness's tests: ${r.stderr.slice(-1000)}`);
  const jars = join(workDir, 'jars');
  mkdirSync(jars, { recursive: true });
  const corePom = readFileSync(await get({ groupId: 'io.agentscope', artifactId: 'agentscope-core', version, type: 'pom' }, jars), 'utf8');
  const reactor = /<artifactId>reactor-core<\/artifactId>\s*<version>([^<]+)<\/version>/.exec(corePom)?.[1];
  if (!reactor) throw new Error(`agentscope-core ${version} pom names no reactor-core version`);
  const cp = await classpath(version, workDir, reactor, 'agentscope-harness');
  const corpus = { ...corpusOf(join(workDir, 'agentscope-harness', 'src', 'test', 'java'), version, cp, workDir, inventory), label: `agentscope-harness ${version} tests (the tag's sources` };
  writeFileSync(`${done}.tmp`, JSON.stringify(corpus));
  renameSync(`${done}.tmp`, done);
  return corpus;
}
