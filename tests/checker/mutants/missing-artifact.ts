/**
 * The "missing-artifact imports in a project with a pom" family of the mutation study: official
 * agentscope-core test files (the study's corpus, in user packages) laid out as the test sources of
 * a Maven module whose pom declares agentscope-core and the suite's test libraries. Each mutant
 * names a type or package of another io.agentscope artifact of the version: an added import, a
 * wildcard import, an import and a field of the type, or the type written fully qualified.
 *
 * javac decides each, twice: with the module's real classpath (core only: the other artifact is not
 * a dependency) and, for the controls, with that artifact added (the same mutant in a second module
 * whose pom declares it). `check` runs with project context on both modules: every mutant javac
 * rejects must be found on a javac line, and nothing may be reported on a mutant javac accepts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { checkSources, type Finding } from '../../../src/checker/index.js';
import type { Inventory, TypeDecl } from '../../../src/inventory/schema.js';
import { mavenClasspath } from '../../support/maven-classpath.js';
import { loadCorpus } from './corpus.js';
import { oracle } from './study.js';

/** Artifacts whose jars the control module adds (served at every version the study runs on). */
const CONTROL_ARTIFACTS = ['agentscope-harness', 'agentscope-extensions-model-openai', 'agentscope-extensions-model-anthropic'];
const TEST_LIBS = [
  ['io.projectreactor', 'reactor-test'],
  ['org.junit.jupiter', 'junit-jupiter'],
  ['org.mockito', 'mockito-core'],
  ['org.mockito', 'mockito-junit-jupiter'],
];

type Kind = 'import' | 'wildcard' | 'import-and-field' | 'qualified-field';
const KINDS: Kind[] = ['import', 'wildcard', 'import-and-field', 'qualified-field'];

interface MissingArtifactMutant {
  id: string;
  kind: Kind;
  /** The other artifact the mutant names. */
  artifact: string;
  what: string;
  /** Declared in the module's pom (the control module) or not. */
  declared: boolean;
  path: string;
  content: string;
  javac: { line: number; message: string }[];
  checkErrors: Finding[];
  found: boolean;
}

export interface MissingArtifactResult {
  mutants: MissingArtifactMutant[];
  rejected: number;
  found: number;
  /** check errors on mutants javac accepts (must be empty). */
  falseErrors: Finding[];
  accepted: number;
}

function mutate(content: string, kind: Kind, t: TypeDecl): string | undefined {
  const pkgLine = /^package\s+[\w.]+\s*;[^\n]*\n/m.exec(content);
  if (!pkgLine) return undefined;
  const afterPkg = pkgLine.index + pkgLine[0].length;
  const withImport = (line: string) => content.slice(0, afterPkg) + line + '\n' + content.slice(afterPkg);
  if (kind === 'import') return withImport(`import ${t.fqn};`);
  if (kind === 'wildcard') return withImport(`import ${t.package}.*;`);
  // a field in the first top-level class, right after its opening line
  const open = /^(?:public\s+|final\s+|abstract\s+)*class\s+\w+[^\n{]*\{[ \t]*\n/m.exec(kind === 'import-and-field' ? withImport(`import ${t.fqn};`) : content);
  if (!open) return undefined;
  const base = kind === 'import-and-field' ? withImport(`import ${t.fqn};`) : content;
  const at = open.index + open[0].length;
  const field = kind === 'import-and-field' ? `   private ${t.name} mutantRef;\n` : `   private ${t.fqn} mutantRef;\n`;
  return base.slice(0, at) + field + base.slice(at);
}

function pom(version: string, artifacts: string[], reactor: string): string {
  const dep = (g: string, a: string, v: string, scope?: string) => `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version>${scope ? `<scope>${scope}</scope>` : ''}</dependency>`;
  const libVersion = (a: string) => (a === 'reactor-test' ? reactor : a.startsWith('mockito') ? '5.14.2' : '5.11.4');
  return `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>mutants</groupId><artifactId>m</artifactId><version>1</version>
<dependencies>${['agentscope-core', ...artifacts].map((a) => dep('io.agentscope', a, version)).join('')}${TEST_LIBS.map(([g, a]) => dep(g, a, libVersion(a), 'test')).join('')}</dependencies></project>
`;
}

/** The classpath of the control module: the study's plus the control artifacts and what they bring. */
async function controlClasspath(version: string, dir: string, base: string): Promise<string> {
  const file = join(dir, 'classpath.txt');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const deps = CONTROL_ARTIFACTS.map((a) => `<dependency><groupId>io.agentscope</groupId><artifactId>${a}</artifactId><version>${version}</version></dependency>`).join('');
    writeFileSync(join(dir, 'pom.xml'), `<project><modelVersion>4.0.0</modelVersion><groupId>m</groupId><artifactId>cp</artifactId><version>1</version><dependencies>${deps}</dependencies></project>`);
    await mavenClasspath(dir, file);
  }
  return `${base}${delimiter}${readFileSync(file, 'utf8').trim()}`;
}

export async function missingArtifactStudy(version: string, inventory: Inventory, perKind = 12): Promise<MissingArtifactResult> {
  const corpus = await loadCorpus(version, inventory);
  const root = join(corpus.workDir, 'run-missing-artifact');
  rmSync(root, { recursive: true, force: true });
  const reactor = /reactor-test[\\/]([^\\/]+)[\\/]/.exec(corpus.classpath)?.[1] ?? '3.7.0';
  const support = corpus.files.filter((f) => f.support);
  const write = (p: string, content: string) => {
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, content);
    return p;
  };
  const modules = { plain: join(root, 'plain'), control: join(root, 'control') };
  write(join(modules.plain, 'pom.xml'), pom(version, [], reactor));
  write(join(modules.control, 'pom.xml'), pom(version, CONTROL_ARTIFACTS, reactor));
  const supportFiles = (m: string) => support.map((f) => ({ path: write(join(m, 'src/test/java', f.name.replace(/^support\//, '')), f.content), content: f.content }));
  const plainSupport = supportFiles(modules.plain);
  const controlSupport = supportFiles(modules.control);

  // a spread of the corpus's test files, kept where javac accepts them unmutated
  const all = corpus.files.filter((f) => !f.support);
  const picked = Array.from({ length: Math.min(all.length, 60) }, (_, i) => all[Math.floor((i * all.length) / Math.min(all.length, 60))]);
  const origPaths = picked.map((f) => write(join(root, 'orig', f.name), f.content));
  const origVerdicts = oracle('compile', [...origPaths, ...plainSupport.map((f) => f.path)], corpus.classpath, root).verdicts;
  const tests = picked.filter((_, i) => origVerdicts.get(origPaths[i])!.errors.length === 0);

  // types of other artifacts, top-level and public, one per package; controls only from CONTROL_ARTIFACTS
  const others = inventory.types.filter((t) => t.artifact !== 'agentscope-core' && !t.outer && t.modifiers.includes('public'));
  const byPackage = new Map<string, TypeDecl>();
  for (const t of others) if (!byPackage.has(t.package)) byPackage.set(t.package, t);
  const pool = [...byPackage.values()];
  const controlPool = pool.filter((t) => CONTROL_ARTIFACTS.includes(t.artifact));
  const mutants: Omit<MissingArtifactMutant, 'javac' | 'checkErrors' | 'found'>[] = [];
  let n = 0;
  for (const kind of KINDS) {
    for (let i = 0; i < perKind; i++) {
      for (const declared of [false, true]) {
        const from = declared ? controlPool : pool;
        const t = from[(n * 7 + i) % from.length];
        const file = tests[(n * 13 + i * 5) % tests.length];
        n++;
        // a simple name the file already uses would clash with its own imports: not this family's mistake
        if (new RegExp(`\\b${t.name}\\b`).test(file.content)) continue;
        const content = mutate(file.content, kind, t);
        if (!content) continue;
        const id = `${kind}-${declared ? 'declared' : 'missing'}-${i}`;
        const pkg = `mutants.ma_${id.replace(/-/g, '_')}`;
        const moved = content.replace(/^package\s+[\w.]+\s*;/m, `package ${pkg};`);
        const path = write(join(declared ? modules.control : modules.plain, 'src/test/java', pkg.replace(/\./g, '/'), file.name.split('/').pop()!), moved);
        mutants.push({ id, kind, artifact: t.artifact, what: `${kind} ${t.fqn} in ${file.name}`, declared, path, content: moved });
      }
    }
  }
  const plain = mutants.filter((m) => !m.declared);
  const control = mutants.filter((m) => m.declared);
  const judgedPlain = oracle('compile', [...plain.map((m) => m.path), ...plainSupport.map((f) => f.path)], corpus.classpath, root).verdicts;
  const cp = await controlClasspath(version, join(root, 'control-classpath'), corpus.classpath);
  const judgedControl = oracle('compile', [...control.map((m) => m.path), ...controlSupport.map((f) => f.path)], cp, root).verdicts;
  const project = {};
  const findings = [
    ...(await checkSources([...plain.map((m) => ({ path: m.path, content: m.content })), ...plainSupport], inventory, { project })),
    ...(await checkSources([...control.map((m) => ({ path: m.path, content: m.content })), ...controlSupport], inventory, { project })),
  ];
  const results = mutants.map((m): MissingArtifactMutant => {
    const javac = (m.declared ? judgedControl : judgedPlain).get(m.path)!.errors;
    const checkErrors = findings.filter((f) => f.file === m.path && f.severity === 'error');
    return { ...m, javac, checkErrors, found: javac.length > 0 && checkErrors.some((f) => javac.some((e) => e.line === f.line)) };
  });
  const rejected = results.filter((r) => r.javac.length > 0);
  const accepted = results.filter((r) => r.javac.length === 0);
  return {
    mutants: results,
    rejected: rejected.length,
    found: rejected.filter((r) => r.found).length,
    falseErrors: accepted.flatMap((r) => r.checkErrors),
    accepted: accepted.length,
  };
}
