/**
 * The mutation study of issue 11, run end to end: official test code of a version (corpus.ts),
 * javac's verdict on each unmutated file and on each single-edit mutant (JavacOracle.java, one
 * JVM for all of them), then `check` on the same files. A javac-rejected mutant is "found" when
 * check reports an error on a line where javac reported one.
 */
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSources, type Finding } from '../../../src/checker/index.js';
import type { Inventory } from '../../../src/inventory/schema.js';
import { backHome, type Corpus, loadCorpus } from './corpus.js';
import { CATEGORIES, type Category, candidates, EVERY_LINE, type Mutant, parseSites, sample, USER_CODE_FAMILIES } from './generate.js';

const ORACLE = join(dirname(fileURLToPath(import.meta.url)), 'JavacOracle.java');

interface JavacVerdict {
  errors: { line: number; message: string }[];
}

export interface StudyResult {
  version: string;
  /** the corpus, as the table names it */
  label: string;
  files: number;
  acceptedFiles: number;
  /** check errors on files javac accepts (must be empty) */
  falseErrors: Finding[];
  mutants: (Mutant & { javac: JavacVerdict; found: boolean; everyLine: boolean; checkErrors: Finding[] })[];
  /** everyLine: for EVERY_LINE categories, the mutants with a check error on every line javac reports. */
  table: { category: Category; generated: number; rejected: number; found: number; everyLine?: number }[];
  /** The same-package study: mutants left in their io.agentscope packages (one per test file), judged with the package-private supplement. */
  samePackage: { falseErrors: Finding[]; mutants: (Mutant & { javac: JavacVerdict; found: boolean; checkErrors: Finding[] })[]; generated: number; rejected: number; found: number };
  ms: { javac: number; check: number };
}

/** Runs the oracle over files (absolute paths): per file its errors, plus the raw output (sites). */
export function oracle(mode: 'sites' | 'compile', paths: string[], classpath: string, dir: string): { verdicts: Map<string, JavacVerdict>; out: string } {
  const list = join(dir, `${mode}-list.txt`);
  writeFileSync(list, paths.join('\n'));
  // javac's verdict depends only on the inputs: kept per input hash (beside the corpus) so a re-run judges only new mutants' files
  const h = createHash('sha256').update(mode).update(classpath).update(readFileSync(ORACLE));
  for (const p of paths) h.update(p).update('\0').update(readFileSync(p)).update('\0');
  const cached = join(dirname(dir), 'oracle-cache', `${h.digest('hex')}.txt`);
  let stdout: string;
  if (existsSync(cached)) stdout = readFileSync(cached, 'utf8');
  else {
    // java.io.tmpdir is /tmp whatever TMPDIR says: give it the run's temp folder, which the teardown checks
    const r = spawnSync('java', ['-XX:+UseSerialGC', `-Djava.io.tmpdir=${tmpdir()}`, '-cp', classpath, ORACLE, mode, list], { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (r.status !== 0) throw new Error(`JavacOracle ${mode} failed (${r.status}): ${r.stderr.slice(-3000)}`);
    stdout = r.stdout;
    mkdirSync(dirname(cached), { recursive: true });
    writeFileSync(cached, stdout);
  }
  const r = { stdout, stderr: '' };
  const verdicts = new Map<string, JavacVerdict>();
  for (const p of paths) verdicts.set(p, { errors: [] });
  let done = 0;
  for (const l of r.stdout.split('\n')) {
    const [k, file, line, ...msg] = l.split('\t');
    if (k === 'ERR') verdicts.get(file)?.errors.push({ line: Number(line), message: msg.join('\t') });
    if (k === 'DONE') done++;
  }
  if (done !== paths.length) throw new Error(`JavacOracle ${mode} judged ${done} of ${paths.length} files: ${r.stderr.slice(-2000)}`);
  return { verdicts, out: r.stdout };
}

export async function runStudy(version: string, inventory: Inventory, opts: { perCategory?: number; perFile?: number; corpus?: Corpus } = {}): Promise<StudyResult> {
  const corpus = opts.corpus ?? (await loadCorpus(version, inventory));
  const root = join(corpus.workDir, 'run');
  rmSync(root, { recursive: true, force: true });
  const write = (name: string, content: string) => {
    const p = join(root, name);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, content);
    return p;
  };
  const t0 = performance.now();
  const originals = corpus.files.map((f) => ({ ...f, path: write(`orig/${f.name}`, f.content) }));
  const { verdicts, out } = oracle('sites', originals.map((f) => f.path), corpus.classpath, root);
  const clean = originals.filter((f) => verdicts.get(f.path)!.errors.length === 0);
  const support = clean.filter((f) => f.support);
  const accepted = clean.filter((f) => !f.support);
  const sites = parseSites(out);
  const api = new Set(inventory.types.map((t) => t.fqn));
  const all = accepted.flatMap((f) => candidates(f.name, f.content, sites.filter((s) => s.file === f.path), (fqn) => api.has(fqn)));
  const mutants = sample(all, opts.perCategory ?? 40, opts.perFile ?? 3).map((m) => {
    const pkg = `mutants.${m.id.replace(/-/g, '_')}`;
    const content = m.content.replace(/^package\s+[\w.]+\s*;/m, `package ${pkg};`);
    return { ...m, content, path: write(`mut/${m.id}/${m.file.split('/').pop()}`, content) };
  });
  const judged = oracle('compile', [...mutants.map((m) => m.path), ...support.map((f) => f.path)], corpus.classpath, root).verdicts;
  const t1 = performance.now();

  const supportSources = support.map((f) => ({ path: f.path, content: f.content }));
  const origFindings = await checkSources([...clean.map((f) => ({ path: f.path, content: f.content }))], inventory);
  const mutFindings = await checkSources([...mutants.map((m) => ({ path: m.path, content: m.content })), ...supportSources], inventory);
  const t2 = performance.now();
  const errorsOf = (fs: Finding[], path: string) => fs.filter((f) => f.file === path && f.severity === 'error');

  const results = mutants.map((m) => {
    const javac = judged.get(m.path)!;
    const checkErrors = errorsOf(mutFindings, m.path);
    const found = javac.errors.length > 0 && checkErrors.some((f) => javac.errors.some((e) => e.line === f.line));
    const everyLine = javac.errors.length > 0 && javac.errors.every((e) => checkErrors.some((f) => f.line === e.line));
    return { ...m, javac, found, everyLine, checkErrors };
  });
  const samePackage = await samePackageStudy(accepted, all, support, corpus.classpath, root, write, inventory);
  const table = CATEGORIES.map((category) => {
    const ms = results.filter((r) => r.category === category);
    const rejected = ms.filter((r) => r.javac.errors.length > 0);
    return { category, generated: ms.length, rejected: rejected.length, found: rejected.filter((r) => r.found).length, everyLine: EVERY_LINE.has(category) ? rejected.filter((r) => r.everyLine).length : undefined };
  });
  return {
    version,
    label: corpus.label ?? `agentscope-core ${version} tests (decompiled`,
    files: corpus.files.length,
    acceptedFiles: accepted.length,
    falseErrors: origFindings.filter((f) => f.severity === 'error'),
    mutants: results,
    table,
    samePackage,
    ms: { javac: t1 - t0, check: t2 - t1 },
  };
}

/**
 * Same-package code: each accepted test file back in its own io.agentscope package, unmutated (check
 * must report no error) and with one mutant (categories in turn), so one compilation judges them all.
 */
async function samePackageStudy(
  accepted: { name: string; content: string; home?: { moved: string; original: string } }[],
  all: Omit<Mutant, 'id'>[],
  support: { path: string; content: string }[],
  classpath: string,
  root: string,
  write: (name: string, content: string) => string,
  inventory: Inventory,
): Promise<StudyResult['samePackage']> {
  const homes = accepted.filter((f) => f.home);
  const originals = homes.map((f) => ({ path: write(`home/orig/${f.name}`, backHome(f.content, f.home!)), content: backHome(f.content, f.home!) }));
  const supportSources = support.map((f) => ({ path: f.path, content: f.content }));
  const origFindings = await checkSources([...originals, ...supportSources], inventory);
  const mutants: (Mutant & { path: string })[] = [];
  homes.forEach((f, i) => {
    const mine = all.filter((m) => m.file === f.name);
    if (!mine.length) return;
    // not name-clash: in a shared package its `class X {}` redefines X for every other file of the compilation
    const cats = CATEGORIES.filter((c) => c !== 'name-clash' && !USER_CODE_FAMILIES.has(c) && mine.some((m) => m.category === c));
    if (!cats.length) return;
    const category = cats[i % cats.length];
    const ofCat = mine.filter((m) => m.category === category);
    const m = ofCat[Math.floor(ofCat.length / 2)];
    const content = backHome(m.content, f.home!);
    mutants.push({ ...m, content, id: `home-${category}-${i}`, path: write(`home/mut/${f.name}`, content) });
  });
  const judged = oracle('compile', [...mutants.map((m) => m.path), ...support.map((f) => f.path)], classpath, root).verdicts;
  const findings = await checkSources([...mutants.map((m) => ({ path: m.path, content: m.content })), ...supportSources], inventory);
  const results = mutants.map((m) => {
    const javac = judged.get(m.path)!;
    const checkErrors = findings.filter((f) => f.file === m.path && f.severity === 'error');
    const found = javac.errors.length > 0 && checkErrors.some((f) => javac.errors.some((e) => e.line === f.line));
    return { ...m, javac, found, checkErrors };
  });
  const rejected = results.filter((r) => r.javac.errors.length > 0);
  return {
    falseErrors: origFindings.filter((f) => f.severity === 'error' && originals.some((o) => o.path === f.file)),
    mutants: results,
    generated: results.length,
    rejected: rejected.length,
    found: rejected.filter((r) => r.found).length,
  };
}

export function formatTable(r: StudyResult): string {
  const rows = r.table.map((t) => `| ${t.category} | ${t.generated} | ${t.rejected} | ${t.found} | ${t.rejected ? ((100 * t.found) / t.rejected).toFixed(1) : '-'}% |`);
  const tot = r.table.reduce((a, t) => ({ rejected: a.rejected + t.rejected, found: a.found + t.found, generated: a.generated + t.generated }), { rejected: 0, found: 0, generated: 0 });
  return [
    `mutation study on ${r.label}, test classes moved to user packages): ${r.acceptedFiles} test files compile unmutated (of ${r.files} files with helpers); check errors on them: ${r.falseErrors.length}`,
    '| category | mutants | javac rejects | check finds (javac line) | found |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    ...r.table.filter((t) => t.everyLine !== undefined).map((t) => `${t.category}: check reports every line javac reports (each use) in ${t.everyLine} of ${t.rejected} (${((100 * t.everyLine!) / Math.max(1, t.rejected)).toFixed(1)}%)`),
    `| all | ${tot.generated} | ${tot.rejected} | ${tot.found} | ${((100 * tot.found) / Math.max(1, tot.rejected)).toFixed(1)}% |`,
    `same-package code (the test files left in their io.agentscope packages, one mutant each): ${r.samePackage.found} of ${r.samePackage.rejected} javac-rejected mutants found (${((100 * r.samePackage.found) / Math.max(1, r.samePackage.rejected)).toFixed(1)}%; ${r.samePackage.generated} mutants); check errors on the ${r.acceptedFiles} unmutated files in their packages: ${r.samePackage.falseErrors.length}`,
    `javac (sites + all mutants, one JVM): ${(r.ms.javac / 1000).toFixed(1)} s; check (originals + mutants): ${(r.ms.check / 1000).toFixed(1)} s`,
  ].join('\n');
}
