/**
 * `check` in worker threads (src/cli/check-worker.ts), through the built command (needs `npm run
 * build`: dist/check.cjs; skipped otherwise): the report is the same, byte for byte, whether the
 * files are judged in the main thread, in one worker or shared between several; a worker that runs
 * out of its heap hands its share back; the default uses workers only above the size threshold.
 *
 * The project: an aggregator with three modules, two on 2.0.0 and one on 2.0.2 (three checker runs
 * of two versions), holding the checker's corpus fixtures (findings of most rules: AS000-AS015 and
 * the AS101-AS104 traps, errors and warnings). Its first file and its last file are a pair whose
 * judgement looks across files: `Late` passes a value of a type whose import failed in `Early` to a
 * method that does not exist (javac reports nothing about such a call, and neither may check,
 * whichever worker judges either file).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WORKERS_BYTES } from '../../src/cli/check-worker.js';
import { cleanup, tempDir } from './helpers.js';

afterAll(cleanup);

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/agentscope.js');
const CORPUS = join(ROOT, 'tests/fixtures/checker/corpus');

const EARLY = 'package a;\n\nimport io.agentscope.core.message.NoSuchBlock;\n\npublic class Early {\n    public NoSuchBlock block() {\n        return null;\n    }\n}\n';
const LATE = 'package z;\n\nimport a.Early;\nimport io.agentscope.core.message.Msg;\n\npublic class Late {\n    void m(Early e) {\n        Msg.builder().noSuchMethod(e.block()).build();\n        Msg.builder().textContentt("x").build();\n    }\n}\n';

function pom(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n${body}\n</project>\n`;
}

function put(dir: string, name: string, text: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), text);
}

function project(): string {
  const root = tempDir('as-check-workers-');
  const modules: [string, string][] = [['first', '2.0.0'], ['middle', '2.0.2'], ['last', '2.0.0']];
  writeFileSync(join(root, 'pom.xml'), pom(`  <groupId>org.acme</groupId>\n  <artifactId>parent</artifactId>\n  <version>1.0</version>\n  <packaging>pom</packaging>\n  <modules>\n${modules.map(([m]) => `    <module>${m}</module>`).join('\n')}\n  </modules>`));
  for (const [name, version] of modules) {
    put(
      join(root, name),
      'pom.xml',
      pom(`  <parent>\n    <groupId>org.acme</groupId>\n    <artifactId>parent</artifactId>\n    <version>1.0</version>\n  </parent>\n  <artifactId>${name}</artifactId>\n  <dependencies>\n    <dependency>\n      <groupId>io.agentscope</groupId>\n      <artifactId>agentscope-core</artifactId>\n      <version>${version}</version>\n    </dependency>\n  </dependencies>`),
    );
  }
  put(join(root, 'first/src/main/java/a'), 'Early.java', EARLY);
  put(join(root, 'last/src/test/java/z'), 'Late.java', LATE);
  // the corpus: its 2.0.0 files in both 2.0.0 modules and the 2.0.2 one, the fixture files in the 2.0.2 one
  for (const [set, into] of [['v2.0.0', ['first', 'middle', 'last']], ['fixture', ['middle']]] as const) {
    for (const f of readdirSync(join(CORPUS, set))) {
      for (const m of into) {
        const dir = join(root, m, 'src/main/java/demo', set.replace('.', '_'));
        mkdirSync(dir, { recursive: true });
        copyFileSync(join(CORPUS, set, f), join(dir, f));
      }
    }
  }
  return root;
}

function check(cwd: string, args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, [BIN, 'check', ...args], { cwd, encoding: 'utf8', env: { ...process.env, LANG: 'en_US.UTF-8', AGENTSCOPE_CHECK_TRACE: '1', ...env }, maxBuffer: 64 << 20 });
  const lines = r.stderr.split('\n');
  return { code: r.status, out: r.stdout, trace: lines.filter((l) => l.startsWith('trace: ') && !/^trace: (worker|main) /.test(l)), workers: lines.filter((l) => l.startsWith('trace: worker ')), err: r.stderr };
}

describe.skipIf(!existsSync(join(ROOT, 'dist/check.cjs')))('check in worker threads (needs the built CLI: npm run build)', () => {
  it('reports the same, byte for byte, in the main thread, in one worker and shared between 2, 3 or 4', () => {
    const root = project();
    const runs = ['0', '1', '2', '3', '4'].map((n) => ({ n, json: check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: n }) }));
    const inMain = runs[0].json;
    expect(inMain.trace).toEqual(['trace: 0 worker(s)']);
    const report = JSON.parse(inMain.out) as { errors: number; warnings: number; agentscopeVersion: string; findings: { file: string; rule: string; message: string }[] };
    // three runs of two versions, findings of many rules, errors and warnings, in every module
    expect(report.agentscopeVersion).toBe('2.0.0 (first, last); 2.0.2 (middle)');
    const rules = new Set(report.findings.map((f) => f.rule));
    for (const r of ['AS000', 'AS001', 'AS002', 'AS003', 'AS004', 'AS005', 'AS006', 'AS007', 'AS011', 'AS013', 'AS101', 'AS102', 'AS104']) expect(rules, r).toContain(r);
    expect(report.errors).toBeGreaterThan(50);
    expect(report.warnings).toBeGreaterThan(5);
    for (const m of ['first/', 'middle/', 'last/']) expect(report.findings.some((f) => f.file.startsWith(m))).toBe(true);
    // the pair: the erroneous argument silences the unknown method in Late, the plain misspelling is still reported
    const late = report.findings.filter((f) => f.file === 'last/src/test/java/z/Late.java');
    expect(late.map((f) => `${f.rule} ${f.message}`)).toEqual([expect.stringMatching(/^AS002 Msg.Builder has no method textContentt\(\)/)]);
    for (const { n, json } of runs.slice(1)) {
      expect(json.err.replace(/^trace: .*\n/gm, ''), n).toBe(inMain.err.replace(/^trace: .*\n/gm, ''));
      expect(json.trace[0], n).toMatch(new RegExp(`^trace: ${n} worker\\(s\\) judging \\d+( \\+ \\d+)* file\\(s\\)$`));
      expect(json.code, n).toBe(inMain.code);
      expect(json.out, `${n} worker(s)`).toBe(inMain.out);
    }
    const text = check(root, [], { AGENTSCOPE_CHECK_WORKERS: '0' });
    expect(check(root, [], { AGENTSCOPE_CHECK_WORKERS: '2' }).out).toBe(text.out);
    expect(text.out).toContain('warning AS1');
  }, 180_000);

  it('a worker that runs out of its heap hands its share back to the main thread: the same report', () => {
    const root = project();
    const inMain = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '0' });
    const starved = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '2', AGENTSCOPE_CHECK_WORKER_HEAP_MB: '4' });
    expect(starved.trace).toEqual([expect.stringMatching(/^trace: 2 worker\(s\) judging \d+ \+ \d+ file\(s\); 2 share\(s\) handed back to the main thread$/)]);
    expect(starved.code).toBe(inMain.code);
    expect(starved.out).toBe(inMain.out);
  }, 120_000);

  it('by default, workers only above the threshold: one per two cores, at most 2', () => {
    const root = tempDir('as-check-threshold-');
    writeFileSync(join(root, 'pom.xml'), '<project/>');
    const src = join(root, 'src/main/java/demo');
    const file = (i: number) => `package demo;\n\nimport io.agentscope.core.message.ToolResultBlock;\n\npublic class Big${i} {\n${`    // ${'x'.repeat(100)}\n`.repeat(40)}    ToolResultBlock ok() { return ToolResultBlock.text("x"); }\n    Big${i ? i - 1 : i} prev() { return null; }\n}\n`;
    let bytes = 0;
    let i = 0;
    for (; bytes + file(i).length <= WORKERS_BYTES; i++) {
      put(src, `Big${i}.java`, file(i));
      bytes += file(i).length;
    }
    const below = check(root, [], {});
    expect(below.trace).toEqual(['trace: 0 worker(s)']);
    put(src, `Big${i}.java`, file(i));
    const above = check(root, [], {});
    const workers = Math.min(2, Math.floor(availableParallelism() / 2));
    // fewer than 4 cores: one worker only for a far larger input (a bounded heap); here the main thread
    expect(above.trace[0]).toMatch(workers > 1 ? /^trace: 2 worker\(s\) judging \d+ \+ \d+ file\(s\)$/ : /^trace: 0 worker\(s\)$/);
    const inMain = check(root, [], { AGENTSCOPE_CHECK_WORKERS: '0' });
    expect(above.out).toBe(inMain.out);
    expect(above.code).toBe(inMain.code);
  }, 120_000);
  it('a file with a syntax error in a body lends no declarations in any share of a large input (other shares read its skeleton)', () => {
    const root = tempDir('as-check-broken-');
    writeFileSync(join(root, 'pom.xml'), '<project/>');
    const src = join(root, 'src/main/java');
    // parsed whole, Broken does not parse: it declares nothing, so the call on it is not judged (javac reports only the syntax error);
    // read from its skeleton, Broken would be an AgentTool, and b.getName() a String given to an Integer
    put(join(src, 'a'), 'Broken.java', 'package a;\n\nimport io.agentscope.core.tool.AgentTool;\n\npublic abstract class Broken implements AgentTool {\n    void m() {\n        int y = ;\n    }\n}\n');
    put(join(src, 'z'), 'User.java', 'package z;\n\nimport a.Broken;\n\npublic class User {\n    void m(Broken b) {\n        Integer n = b.getName();\n    }\n}\n');
    // filler past the size where pass 1 reads skeletons, between the two so that they land in different shares
    const filler = (i: number) => `package m;\n\npublic class Filler${i} {\n${`    int f${i}x = 1; // ${'x'.repeat(100)}\n`.repeat(1)}${Array.from({ length: 900 }, (_, j) => `    void g${j}() {\n${'        int a = 1; // ' + 'y'.repeat(100) + '\n'}    }\n`).join('')}}\n`;
    for (let i = 0; i < 12; i++) put(join(src, 'm'), `Filler${i}.java`, filler(i));
    const inMain = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '0' });
    const shared = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '2' });
    expect(shared.trace[0]).toMatch(/^trace: 2 worker\(s\) judging \d+ \+ \d+ file\(s\)$/);
    // judged again with Broken read whole
    expect(shared.trace.filter((l) => /worker\(s\)/.test(l))).toHaveLength(2);
    const report = JSON.parse(inMain.out) as { findings: { file: string; rule: string }[] };
    expect(report.findings.map((f) => `${f.file} ${f.rule}`)).toEqual(['src/main/java/a/Broken.java AS000']);
    expect(shared.out).toBe(inMain.out);
    expect(shared.code).toBe(inMain.code);
    // one worker, a second parsing ahead for it (check-parse-ahead.ts): the run that reads Broken
    // whole after its skeleton misled pass 1 asks for trees in another order than the first, and
    // parses what does not come itself
    const ahead = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '1' });
    expect(ahead.workers).toEqual([expect.stringMatching(/^trace: worker [\d.]+ s \([1-9]\d* tree\(s\) parsed ahead, [1-9]\d* parsed here, [\d.]+ s waiting\)/)]);
    expect(ahead.out).toBe(inMain.out);
    expect(ahead.code).toBe(inMain.code);
    const own = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '1', AGENTSCOPE_CHECK_PARSE_AHEAD: '0' });
    expect(own.workers).toEqual([expect.not.stringContaining('parsed ahead')]);
    expect(own.out).toBe(inMain.out);
  }, 120_000);

  /** One module on one version: the corpus's 2.0.0 files, the pair, and filler past the size where pass 1 reads skeletons (so both passes are parsed ahead). */
  function oneVersion(extra: Record<string, string> = {}): string {
    const root = tempDir('as-check-ahead-');
    writeFileSync(join(root, 'pom.xml'), pom('  <groupId>org.acme</groupId>\n  <artifactId>one</artifactId>\n  <version>1.0</version>\n  <dependencies>\n    <dependency>\n      <groupId>io.agentscope</groupId>\n      <artifactId>agentscope-core</artifactId>\n      <version>2.0.0</version>\n    </dependency>\n  </dependencies>'));
    put(join(root, 'src/main/java/a'), 'Early.java', EARLY);
    for (const f of readdirSync(join(CORPUS, 'v2.0.0'))) put(join(root, 'src/main/java/demo/v2_0_0'), f, readFileSync(join(CORPUS, 'v2.0.0', f), 'utf8'));
    const filler = (i: number) => `package m;\n\npublic class Filler${i} {\n${Array.from({ length: 900 }, (_, j) => `    void g${j}() {\n${'        int a = 1; // ' + 'y'.repeat(100) + '\n'}    }\n`).join('')}}\n`;
    for (let i = 0; i < 12; i++) put(join(root, 'src/main/java/m'), `Filler${i}.java`, filler(i));
    for (const [name, text] of Object.entries(extra)) put(join(root, 'src/main/java/m'), name, text);
    put(join(root, 'src/test/java/z'), 'Late.java', LATE);
    return root;
  }

  it('one worker judging with a second parsing ahead: the same report as the main thread, on a large input of many rules', () => {
    const root = oneVersion();
    const inMain = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '0' });
    const report = JSON.parse(inMain.out) as { errors: number; findings: { rule: string }[] };
    expect(report.errors).toBeGreaterThan(20);
    expect(new Set(report.findings.map((f) => f.rule)).size).toBeGreaterThan(8);
    const ahead = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '1' });
    // every tree of both passes parsed ahead, none by the worker
    expect(ahead.workers).toEqual([expect.stringMatching(/^trace: worker [\d.]+ s \([1-9]\d* tree\(s\) parsed ahead, 0 parsed here, /)]);
    expect(ahead.out).toBe(inMain.out);
    expect(ahead.code).toBe(inMain.code);
  }, 120_000);

  it('a parser that runs out of its heap half-way (a 6 MB file) leaves the rest to the judging worker: the same report', () => {
    // a large comment: a large text for the parser, one node for the judging worker
    const huge = `package m;\n\npublic class Huge {\n${`    // ${'c'.repeat(120)}\n`.repeat(52_000)}    int f = 1;\n}\n`;
    expect(huge.length).toBeGreaterThan(6 << 20);
    const root = oneVersion({ 'Huge.java': huge });
    const inMain = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '0' });
    const starved = check(root, ['--json'], { AGENTSCOPE_CHECK_WORKERS: '1', AGENTSCOPE_CHECK_PARSER_HEAP_MB: '10' });
    // the trees before Huge came; the parser died on it (no end of its own): the main thread marked the end
    expect(starved.workers).toEqual([expect.stringMatching(/^trace: worker [\d.]+ s \([1-9]\d* tree\(s\) parsed ahead, [1-9]\d* parsed here, /)]);
    expect(starved.out).toBe(inMain.out);
    expect(starved.code).toBe(inMain.code);
  }, 180_000);
});
