/**
 * `agentscope upgrade`: plan (report) and apply the move of a Maven project from one
 * AgentScope Java version to another.
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { CliError } from '../core/errors.js';
import type { Inventory } from '../inventory/schema.js';
import { diffInventories, type Change, type InventoryDiff } from '../diff/diff.js';
import { applyEdits, scanJava, type ScanIssue } from './java-scan.js';
import { bumpPomVersion, readPomVersions, type PomInfo } from './pom-edit.js';
import { addDependency, fitVersionToPom } from '../pom/pom.js';
import { parseProvenance } from '../core/provenance.js';
import { runChecker } from './checker-bridge.js';
import { findPomUpward, isJava, listFiles } from '../core/files.js';
import { AGENTS_MD, AGENTS_MD_GENERATOR, agentsMdFile } from '../assistant/agents-md.js';

/** The nearest pom.xml at or above `dir`. */
export const findPom = findPomUpward;

export function javaFiles(root: string): string[] {
  return listFiles(root, isJava);
}

/** Every file of the project carrying a provenance marker. */
function generatedFiles(root: string): string[] {
  return listFiles(root, (name) => /\.(java|xml|properties|ya?ml|md)$/.test(name)).filter((p) => statSync(p).size < 1 << 20);
}

export interface ReportItem extends ScanIssue {
  /** `fix`: applied mechanically by --write. `todo`: a person must change this line. */
  status: 'fix' | 'todo';
  /** Who found it: `upgrade-scan` (diff-driven) or `checker ASxxx` (checker against the target inventory). */
  by: string;
  rule?: string;
}

export interface GeneratedFile {
  file: string;
  generator: string;
  template: string;
  version: string;
  /** Hash matches: untouched since generation, safe to regenerate for the new version. */
  untouched: boolean;
}

export interface UpgradePlan {
  root: string;
  pom: string;
  from: string;
  to: string;
  pomInfo: PomInfo;
  /** Dependencies the project needs after the move (types it uses moved to these artifacts). */
  addDependencies: { artifactId: string; because: string[] }[];
  files: { file: string; items: ReportItem[] }[];
  generated: GeneratedFile[];
  counts: { fixes: number; todos: number; files: number };
  /** New content per absolute path, for --write. */
  writes: Map<string, string>;
  diff: InventoryDiff;
}

export async function planUpgrade(projectDir: string, a: Inventory, b: Inventory): Promise<UpgradePlan> {
  const pom = findPom(projectDir);
  if (!pom) throw new CliError({ en: `no pom.xml in ${projectDir} or any parent directory`, zh: `${projectDir} 及其上级目录中都没有 pom.xml` }, 1, { en: 'run `agentscope upgrade` inside a Maven project', zh: '请在 Maven 项目内运行 `agentscope upgrade`' });
  const root = dirname(pom);
  const pomText = readFileSync(pom, 'utf8');
  const pomInfo = readPomVersions(pomText);
  const diff = diffInventories(a, b);
  const files: UpgradePlan['files'] = [];
  const writes = new Map<string, string>();
  const needed = new Map<string, Set<string>>();
  const javaSources = javaFiles(root);
  const scanned: { f: string; text: string; fixed: string; items: ReportItem[]; usedTypes: string[] }[] = [];
  for (const f of javaSources) {
    const text = readFileSync(f, 'utf8');
    const res = await scanJava(f, text, { a, b, diff });
    const items: ReportItem[] = res.issues.map((i) => ({ ...i, status: i.edit ? 'fix' : 'todo', by: 'upgrade-scan' }));
    const edits = items.filter((i) => i.status === 'fix' && i.edit).map((i) => i.edit!);
    scanned.push({ f, text, fixed: edits.length ? applyEdits(text, edits) : text, items, usedTypes: res.usedTypes });
  }
  // The checker sees the sources as --write leaves them (mechanical fixes applied, which keep
  // line numbers): what it still rejects against the target inventory is left to a person.
  const checkerFindings = await runChecker(scanned.map((s) => ({ path: s.f, text: s.fixed })), b);
  for (const { f, text, fixed, items, usedTypes } of scanned) {
    for (const c of checkerFindings.get(f) ?? []) {
      if (items.some((i) => i.line === c.line && i.status === 'todo')) continue;
      items.push({ file: f, line: c.line, col: c.col, kind: 'missing-member', message: c.message, source: (fixed.split('\n')[c.line - 1] ?? '').trim(), fix: c.suggestion, status: 'todo', rule: c.rule, by: `checker ${c.rule}` });
    }
    items.sort((x, y) => x.line - y.line || x.col - y.col || x.status.localeCompare(y.status));
    for (const t of usedTypes) {
      const decl = b.types.find((x) => x.fqn === t);
      if (decl && decl.artifact !== 'agentscope-core' && !pomInfo.artifacts.includes(decl.artifact)) {
        needed.set(decl.artifact, (needed.get(decl.artifact) ?? new Set()).add(t));
      }
    }
    if (items.length) files.push({ file: relative(root, f).split(sep).join('/'), items });
    if (fixed !== text) writes.set(f, fixed);
  }

  let newPom = pomInfo.sites.length ? bumpPomVersion(pomText, pomInfo, b.version) : pomText;
  const addDependencies = [...needed].sort().map(([artifactId, types]) => ({ artifactId, because: [...types].sort() }));
  if (addDependencies.length) {
    // the same minimal, idempotent edit `agentscope gen` uses
    for (const d of addDependencies) {
      newPom = addDependency(newPom, fitVersionToPom(newPom, { groupId: 'io.agentscope', artifactId: d.artifactId, version: '${agentscope.version}' }, b.version));
    }
  }
  if (newPom !== pomText) writes.set(pom, newPom);

  const generated: GeneratedFile[] = [];
  for (const f of generatedFiles(root)) {
    const p = parseProvenance(readFileSync(f, 'utf8'));
    if (p) generated.push({ file: relative(root, f).split(sep).join('/'), generator: p.generator, template: p.template, version: p.version, untouched: p.untouched });
  }
  // AGENTS.md states facts of one version: an untouched one moves with the project
  if (generated.some((g) => g.file === AGENTS_MD && g.generator === AGENTS_MD_GENERATOR && g.untouched && g.version !== b.version)) {
    writes.set(join(root, AGENTS_MD), agentsMdFile(b));
  }
  const all = files.flatMap((x) => x.items);
  return {
    root, pom, from: a.version, to: b.version, pomInfo, addDependencies, files, generated,
    counts: { fixes: all.filter((i) => i.status === 'fix').length, todos: all.filter((i) => i.status === 'todo').length, files: files.length },
    writes, diff,
  };
}

/**
 * Writes every changed file or none: each new content goes to a sibling temp file first;
 * only when all temps are written are the originals swapped out (kept as backups until the
 * last rename succeeded, restored if any rename fails).
 */
export function writeAtomically(writes: Map<string, string>, hooks: { beforeRename?: (path: string, i: number) => void } = {}): void {
  const tag = `.agentscope-upgrade-${process.pid}`;
  const entries = [...writes];
  const temps: string[] = [];
  try {
    for (const [path, content] of entries) {
      const tmp = path + tag + '.tmp';
      writeFileSync(tmp, content);
      temps.push(tmp);
    }
  } catch (e) {
    for (const t of temps) rmSync(t, { force: true });
    throw new CliError({ en: `could not stage the upgrade (nothing was changed): ${(e as Error).message}`, zh: `无法准备升级（未改动任何文件）：${(e as Error).message}` });
  }
  const done: { path: string; backup: string }[] = [];
  try {
    entries.forEach(([path], i) => {
      hooks.beforeRename?.(path, i);
      const backup = path + tag + '.bak';
      renameSync(path, backup);
      done.push({ path, backup });
      renameSync(path + tag + '.tmp', path);
    });
  } catch (e) {
    for (const d of done.reverse()) {
      rmSync(d.path, { force: true });
      renameSync(d.backup, d.path);
    }
    for (const [path] of entries) rmSync(path + tag + '.tmp', { force: true });
    throw new CliError({ en: `upgrade failed and was rolled back (no file changed): ${(e as Error).message}`, zh: `升级失败并已回滚（没有文件被改动）：${(e as Error).message}` });
  }
  for (const d of done) rmSync(d.backup, { force: true });
}

function changeLine(c: Change | undefined): string | undefined {
  if (!c) return undefined;
  const owner = c.typeTo ?? c.type;
  const tag = c.breaksCaller && c.breaksImplementer ? 'breaks callers+implementers' : c.breaksCaller ? 'breaks callers' : c.breaksImplementer ? 'breaks implementers' : 'compatible';
  if (c.scope === 'type') return `${c.change} type ${c.type}${c.to ? ` -> ${c.to}` : ''} (${tag})`;
  return `${owner}: ${c.change} ${c.member}${c.to ? ` -> ${c.to}` : ''}${c.note ? ` [${c.note}]` : ''} (${tag})`;
}

export function formatPlan(plan: UpgradePlan, written: boolean): string {
  const out: string[] = [];
  out.push(`AgentScope Java upgrade ${plan.from} -> ${plan.to}  (${relative(process.cwd(), plan.pom) || plan.pom})`);
  if (!plan.pomInfo.sites.length) out.push('  pom.xml: no AgentScope version found to bump');
  for (const s of plan.pomInfo.sites) out.push(`  pom.xml:${s.line}  ${s.kind === 'property' ? `<${s.name}>` : `${s.name} <version>`} ${s.value} -> ${plan.to}`);
  for (const d of plan.addDependencies) out.push(`  pom.xml: add dependency io.agentscope:${d.artifactId} (needed by ${d.because.map((t) => t.replace(/^([a-z_$][\w$]*\.)+/, '')).join(', ')})`);
  out.push('');
  for (const f of plan.files) {
    out.push(f.file);
    for (const i of f.items) {
      out.push(`  ${`${i.line}:${i.col}`.padEnd(7)} ${i.status === 'fix' ? 'FIX ' : 'TODO'}  ${i.message}${i.fix ? `  -> ${i.fix}` : ''}`);
      out.push(`          | ${i.source}${i.by !== 'upgrade-scan' ? `   [${i.by}]` : ''}`);
      const cl = changeLine(i.change);
      if (cl) out.push(`          diff: ${cl}`);
    }
  }
  if (plan.generated.length) {
    out.push('', 'Generated files (provenance marker):');
    for (const g of plan.generated) {
      out.push(`  ${g.untouched ? 'untouched  ' : 'user-edited'}  ${g.file}  (${g.generator} template=${g.template} version=${g.version})${g.untouched ? '  -> can be regenerated for ' + plan.to : '  -> review by hand'}`);
    }
  }
  out.push('');
  out.push(`${plan.counts.fixes} mechanical fix(es), ${plan.counts.todos} line(s) to change by hand, in ${plan.counts.files} file(s).`);
  out.push(written ? `Written: ${[...plan.writes.keys()].map((p) => relative(plan.root, p)).join(', ') || 'nothing to change'}.` : 'Dry run: nothing changed. Run again with --write to bump pom.xml and apply the fixes.');
  return out.join('\n');
}

export function planJson(plan: UpgradePlan, written: boolean): unknown {
  return {
    root: plan.root,
    pom: plan.pom,
    from: plan.from,
    to: plan.to,
    written,
    versionSites: plan.pomInfo.sites.map(({ kind, name, value, line }) => ({ kind, name, value, line })),
    addDependencies: plan.addDependencies,
    files: plan.files.map((f) => ({ file: f.file, items: f.items.map(({ edit, change, ...rest }) => ({ ...rest, edit: edit ? { text: edit.text } : undefined, diff: changeLine(change) })) })),
    generated: plan.generated,
    counts: plan.counts,
    changedFiles: [...plan.writes.keys()].map((p) => relative(plan.root, p)),
  };
}
