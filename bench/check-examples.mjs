#!/usr/bin/env node
// A mutation study on material the checker's own study does not use: the official documentation
// examples of the pinned version (from ../shared/corpus's tarball), each moved into a user package,
// kept when it compiles alone against core, harness and the openai/dashscope/anthropic models.
// Single-edit mutants per family (a member or type name misspelled, an io.agentscope import
// misspelled, a literal argument changed or dropped, a declared type swapped, a chain's last
// build(), block() or getTextContent() forgotten; and, on request, two arguments swapped, a method
// name replaced by another the file calls, an imported AgentScope type replaced by another, a
// builder replaced by `new X()`); javac decides each
// (-XDrawDiagnostics), and only javac errors that name an io.agentscope type count. Prints, per
// family, how many of those `agentscope check` reports on javac's line, on every such line, and
// its false alarms on mutants javac accepts.
//   node bench/check-examples.mjs [--per N] [--families typo,import,args,ret,drop] [--jobs N] [--misses DIR]
//   (every family: --families typo,import,args,ret,drop,swap,member,astype,ctor)
// --misses DIR keeps each mutant check misses (or falsely flags) there, with javac's and check's lines.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ensureBuilt, opt, root } from './_shared.js';

const per = Number(opt('--per', '6'));
const families = opt('--families', 'typo,import,args,ret,drop').split(',');
const missesDir = opt('--misses', undefined);
const jobs = Number(opt('--jobs', String(Math.max(1, os.availableParallelism()))));
ensureBuilt();
const { readPin } = await import(join(root, 'dist', 'src', 'inventory', 'pin.js'));
const version = readPin().version;
const TARBALL = `agentscope-java-v${version}-tests-examples-docs.tar.gz`;
const tarball = [process.env.AGENTSCOPE_OFFICIAL_CORPUS, join(root, '..', 'shared', 'corpus', TARBALL)].find((p) => p && existsSync(p));
if (!tarball) {
  console.log(`skipped: ${TARBALL} not found in ../shared/corpus or AGENTSCOPE_OFFICIAL_CORPUS`);
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'as-bench-examples-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

// the classpath: the artifacts the documentation examples use, through mvn
const deps = ['agentscope-core', 'agentscope-harness', 'agentscope-extensions-model-openai', 'agentscope-extensions-model-dashscope', 'agentscope-extensions-model-anthropic'];
writeFileSync(
  join(work, 'pom.xml'),
  `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>b</groupId><artifactId>b</artifactId><version>1</version><dependencies>${deps
    .map((a) => `<dependency><groupId>io.agentscope</groupId><artifactId>${a}</artifactId><version>${version}</version></dependency>`)
    .join('')}</dependencies></project>`,
);
const cpRun = spawnSync('mvn', ['-B', '-q', 'dependency:build-classpath', `-Dmdep.outputFile=${join(work, 'cp.txt')}`], { cwd: work, encoding: 'utf8' });
if (cpRun.status !== 0) {
  console.log(`skipped: mvn could not build the classpath: ${cpRun.stdout.slice(-400)}`);
  process.exit(0);
}
const cp = readFileSync(join(work, 'cp.txt'), 'utf8').trim();
spawnSync('tar', ['xzf', tarball, '-C', work, '--wildcards', '*documentation/src/main/java/*.java']);
function javaFiles(dir, out = []) {
  for (const e of existsSync(dir) ? readdirSync(dir) : []) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) javaFiles(p, out);
    else if (p.endsWith('.java')) out.push(p);
  }
  return out;
}

function run(cmd, args) {
  return new Promise((resolve) => {
    const c = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (out += d));
    c.on('close', (code) => resolve({ code, out }));
  });
}
const javacLines = (out, file) => {
  const all = new Set();
  const as = new Set();
  for (const l of out.split('\n')) {
    const m = /\.java:(\d+):\d+: compiler\.err/.exec(l);
    if (!m || !l.includes(basename(file))) continue;
    all.add(Number(m[1]));
    if (l.includes('io.agentscope')) as.add(Number(m[1]));
  }
  return { all, as };
};
// -Xdiags:compact: raw diagnostics, at the positions plain javac reports them (a lone candidate's mismatch at the argument)
const javac = (file, out) => run('javac', ['-XDrawDiagnostics', '-Xdiags:compact', '-proc:none', '-nowarn', '-d', out, '-cp', cp, file]);
const check = async (dir) => {
  const r = await run(process.execPath, [join(root, 'bin', 'agentscope.js'), 'check', dir]);
  return new Set([...r.out.matchAll(/\.java:(\d+):\d+: error/g)].map((m) => Number(m[1])));
};

// the bases: each example in a user package of its own, kept when javac accepts it alone and check is clean on it
const bases = [];
let n = 0;
for (const f of javaFiles(join(work, 'agentscope-examples')).sort()) {
  const pkg = `com.acme.x${++n}`;
  const text = readFileSync(f, 'utf8').replace(/^package [\w.]+;/m, `package ${pkg};`);
  const dir = join(work, 'bases', `x${n}`);
  const file = join(dir, ...pkg.split('.'), basename(f));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  if ((await javac(file, join(work, 'out'))).code === 0) bases.push({ dir, file, text });
}
let clean = 0;
for (const b of bases) if ((await check(b.dir)).size === 0) clean++;

/** A misspelling javac is unlikely to find declared: two inner letters swapped, or one dropped. */
function typo(name, salt) {
  if (name.length >= 4 && salt % 2 === 0) {
    const i = 1 + (salt % (name.length - 2));
    return name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
  }
  if (name.length >= 5) {
    const i = 1 + (salt % (name.length - 2));
    return name.slice(0, i) + name.slice(i + 1);
  }
  return `${name}s`;
}
/** A deterministic shuffle (the same mutants on every run). */
function shuffled(xs, seed) {
  const a = [...xs];
  let s = seed;
  for (let i = a.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
const SWAPS = ['String', 'Mono<String>', 'Flux<String>', 'List<String>', 'Msg', 'Object'];
/** Every mutant of one family in one file: { text, line }. */
function mutants(family, text, seed) {
  const bodyStart = text.indexOf('\n', Math.max(text.lastIndexOf('\nimport '), text.indexOf('\npackage ')) + 1);
  const edit = (s, e, rep) => ({ text: text.slice(0, s) + rep + text.slice(e), line: text.slice(0, s).split('\n').length });
  const sites = (re) => shuffled([...text.matchAll(re)].filter((m) => m.index > bodyStart || family === 'import'), seed).slice(0, per);
  // the AgentScope types the file imports by name
  const imported = [...text.matchAll(/^import io\.agentscope\.[\w.]*\.([A-Z]\w+);/gm)].map((m) => m[1]);
  if (family === 'typo') {
    const ms = [...text.matchAll(/(?:\.|::)([a-zA-Z_]\w*)\s*\(/g), ...text.matchAll(/\b([A-Z][a-z]\w+)\b/g)].filter((m) => m.index > bodyStart);
    return shuffled(ms, seed).slice(0, per).map((m, k) => {
      const s = m.index + m[0].lastIndexOf(m[1]);
      return edit(s, s + m[1].length, typo(m[1], k + s));
    });
  }
  if (family === 'import') {
    return sites(/^import (?:static )?io\.agentscope\.[\w.]*?\.([A-Z]\w+)/gm).map((m, k) => {
      const s = m.index + m[0].length - m[1].length;
      return edit(s, s + m[1].length, typo(m[1], k));
    });
  }
  if (family === 'args') {
    return sites(/\.(\w+)\(("[^"\n]*"|\d+(?:L|\.\d+)?)\)/g).map((m, k) => {
      const s = m.index + m[0].length - 1 - m[2].length;
      return edit(s, s + m[2].length, k % 3 === 2 ? '' : m[2].startsWith('"') ? '42' : '"x"');
    });
  }
  if (family === 'swap') {
    // two arguments of a call swapped (a 2- or 3-argument call whose arguments are plain)
    return sites(/\.\w+\(([^(),\n]+), ([^(),\n]+)(?=[,)])/g)
      .filter((m) => m[1].trim() !== m[2].trim())
      .map((m) => {
        const s = m.index + m[0].length - m[1].length - 2 - m[2].length;
        return edit(s, m.index + m[0].length, `${m[2]}, ${m[1]}`);
      });
  }
  if (family === 'member') {
    // a call's method name replaced by another one this file calls (on another receiver, often)
    const names = [...new Set([...text.matchAll(/\.([a-z]\w*)\(/g)].map((m) => m[1]))];
    return sites(/\.([a-z]\w*)\(/g).map((m, k) => {
      const others = names.filter((x) => x !== m[1]);
      const rep = others.length ? others[(k * 7 + m.index) % others.length] : `${m[1]}s`;
      return edit(m.index + 1, m.index + 1 + m[1].length, rep);
    });
  }
  if (family === 'astype') {
    // an AgentScope type written in the body replaced by another one the file imports
    return sites(new RegExp(`\\b(${imported.join('|') || 'NoSuchName'})\\b(?!\\.)`, 'g')).map((m, k) => {
      const others = imported.filter((x) => x !== m[1]);
      return edit(m.index, m.index + m[1].length, others.length ? others[(k * 5 + m.index) % others.length] : 'Object');
    });
  }
  if (family === 'ctor') {
    // a builder replaced by a constructor call with no arguments: `X.builder()` -> `new X()`
    return sites(/\b([A-Z]\w*)\.builder\(\)/g).map((m) => edit(m.index, m.index + m[0].length, `new ${m[1]}()`));
  }
  if (family === 'field') {
    // a getter call written as a field access: `.getName()` -> `.name`
    return sites(/\.(get|is)([A-Z]\w*)\(\)/g).map((m) => edit(m.index, m.index + m[0].length, `.${m[2][0].toLowerCase()}${m[2].slice(1)}`));
  }
  if (family === 'targ') {
    // a written type argument replaced by another AgentScope type the file imports, or by String
    return sites(/<([A-Z]\w*)>/g).map((m, k) => {
      const others = [...imported, 'String'].filter((x) => x !== m[1]);
      return edit(m.index + 1, m.index + 1 + m[1].length, others[(k * 3 + m.index) % others.length]);
    });
  }
  if (family === 'throws') {
    // a method's throws clause removed
    return sites(/\)\s*throws [\w.]+(?:\s*,\s*[\w.]+)*\s*\{/g).map((m) => edit(m.index, m.index + m[0].length, ') {'));
  }
  if (family === 'enumstr') {
    // an enum constant of an AgentScope type written as a string: `MsgRole.USER` -> `"USER"`
    return sites(/\b([A-Z]\w*)\.([A-Z][A-Z0-9_]+)\b(?!\s*\()/g)
      .filter((m) => imported.includes(m[1]))
      .map((m) => edit(m.index, m.index + m[0].length, `"${m[2]}"`));
  }
  if (family === 'drop') {
    // the last step of a chain forgotten: a builder's build(), a publisher's block()
    return sites(/\.(?:build|block|blockLast|blockFirst|getTextContent)\(\)/g).map((m) => edit(m.index, m.index + m[0].length, ''));
  }
  // ret: the written type of a local, a field or a method's result swapped
  const ms = [...text.matchAll(/^\s+(?:(?:public|private|protected|static|final)\s+)*([A-Z]\w*(?:<[^=;()]*>)?)\s+\w+\s*(?:=|\()/gm)].filter((m) => m.index > bodyStart && !['String', 'Object', 'Override'].includes(m[1]));
  return shuffled(ms, seed).slice(0, per).map((m, k) => {
    const s = m.index + m[0].indexOf(m[1]);
    const rep = SWAPS[k % SWAPS.length] === m[1] ? 'Integer' : SWAPS[k % SWAPS.length];
    return edit(s, s + m[1].length, rep);
  });
}

const rows = [];
for (const family of families) {
  const all = bases.flatMap((b, i) => mutants(family, b.text, i + 1).map((m) => ({ ...m, base: b })));
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < all.length) {
      const k = next++;
      const m = all[k];
      const dir = join(work, 'm', family, String(k));
      const file = join(dir, m.base.file.slice(m.base.dir.length + 1));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, m.text);
      const jout = (await javac(file, join(dir, 'out'))).out;
      const j = javacLines(jout, file);
      rmSync(join(dir, 'out'), { recursive: true, force: true });
      const c = await check(dir);
      const missed = [...j.as].some((l) => !c.has(l)) || (j.all.size === 0 && c.size > 0);
      if (missesDir && missed) {
        const keep = join(missesDir, family, String(k));
        mkdirSync(keep, { recursive: true });
        writeFileSync(join(keep, basename(file)), m.text);
        writeFileSync(join(keep, 'lines.txt'), `mutated line ${m.line}\njavac (io.agentscope): ${[...j.as].join(' ')}\njavac (all): ${[...j.all].join(' ')}\ncheck: ${[...c].join(' ')}\n\n${jout}`);
      }
      rmSync(dir, { recursive: true, force: true });
      results.push({ j, c });
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  const counted = results.filter((r) => r.j.as.size > 0);
  const found = counted.filter((r) => [...r.j.as].some((l) => r.c.has(l))).length;
  const every = counted.filter((r) => [...r.j.as].every((l) => r.c.has(l))).length;
  const falseAlarms = results.filter((r) => r.j.all.size === 0 && r.c.size > 0).length;
  rows.push({ family, mutants: results.length, rejected: results.filter((r) => r.j.all.size > 0).length, counted: counted.length, found, every, falseAlarms });
}
console.log(`examples mutation study: ${bases.length} official ${version} documentation examples in user packages (${clean} checked clean unmutated)`);
console.log('| family | mutants | javac rejects | naming io.agentscope | check on javac\'s line | on every such line | false alarms |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.family} | ${r.mutants} | ${r.rejected} | ${r.counted} | ${r.found} (${((100 * r.found) / Math.max(1, r.counted)).toFixed(1)}%) | ${r.every} | ${r.falseAlarms} |`);
