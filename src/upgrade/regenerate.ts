/**
 * Regeneration of a user's project: every generated file is rendered again from the recorded
 * answers (`.agentscope/project.json`, or answers inferred from the markers and the pom) with the
 * target version's inventory and this release's templates ("theirs"). A file the user left alone
 * is replaced; a file the user edited is merged three ways with the render it was written from
 * ("base"): the same answers rendered for the version it was written for (with this release's
 * templates, or those of `baseTemplates`), accepted only when it reproduces the file's provenance
 * marker, else the version in git history whose body hash is the marker's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Inventory } from '../inventory/schema.js';
import { loadInventory } from '../inventory/store.js';
import { parseProvenance } from '../core/provenance.js';
import type { Tree } from '../../generators/_core/tree.js';
import { PROJECT_FILE, serializeAnswers, toolId, type ProjectAnswers } from './answers.js';
import { inferAnswers } from './infer-answers.js';
import { renderAnswers } from './render-answers.js';
import { merge3, type ConflictHunk } from './merge3.js';

export type RegenStatus = 'same' | 'replace' | 'merge' | 'conflict' | 'create' | 'kept' | 'deleted' | 'own';

export interface RegenFile {
  /** Relative to the module root. */
  file: string;
  status: RegenStatus;
  /** Where the base of a merge came from. */
  base?: 'render' | 'git' | 'none';
  conflicts: ConflictHunk[];
}

export interface Regeneration {
  answers: ProjectAnswers;
  /** Answers read back from the project (no project file); one line per field with its source. */
  inferred?: string[];
  /** `gen` runs of the answers that could not be rendered again. */
  failed: string[];
  files: RegenFile[];
  conflicts: number;
}

export interface RegenOptions {
  /** Another release's templates/ directory, for the base render. */
  baseTemplates?: string;
  /** Record files with conflicts (git-style markers) in the tree. */
  allowConflicts: boolean;
}

function readRecorded(root: string): ProjectAnswers | undefined {
  const file = join(root, PROJECT_FILE);
  if (!existsSync(file)) return undefined;
  const a = JSON.parse(readFileSync(file, 'utf8')) as ProjectAnswers;
  if (a.schema !== 1 || !Array.isArray(a.gen)) throw new Error(`${PROJECT_FILE}: not a project file of schema 1`);
  return a;
}

const git = (root: string, args: string[]) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });

function inGitWorkTree(root: string): boolean {
  const r = git(root, ['rev-parse', '--is-inside-work-tree']);
  return !r.error && r.status === 0 && r.stdout.trim() === 'true';
}

/** The newest committed version of `file` that is exactly what its marker says was written. */
function gitBase(root: string, file: string, marker: string): string | undefined {
  const log = git(root, ['log', '--format=%H', '-n', '50', '--', file]);
  if (log.status !== 0) return undefined;
  for (const commit of log.stdout.split('\n').filter(Boolean)) {
    const show = git(root, ['show', `${commit}:./${file}`]);
    if (show.status !== 0) continue;
    const p = parseProvenance(show.stdout);
    if (p?.untouched && markerLine(show.stdout) === marker) return show.stdout;
  }
  return undefined;
}

function tryLoad(version: string): Inventory | undefined {
  try {
    return loadInventory(version);
  } catch {
    return undefined;
  }
}

function markerLine(text: string): string | undefined {
  const p = parseProvenance(text);
  return p ? text.split('\n')[p.line].replace(/\r$/, '') : undefined;
}

/**
 * Plans the regeneration into `tree` (paths through `rel`, from a path relative to the module
 * root). Returns undefined for a project without a project file and without any marker.
 */
export async function planRegeneration(root: string, tree: Tree, rel: (file: string) => string, a: Inventory, b: Inventory, opts: RegenOptions): Promise<Regeneration | undefined> {
  let answers = readRecorded(root);
  let inferred: string[] | undefined;
  if (!answers?.create) {
    const guess = inferAnswers(root, a);
    if (!guess) return undefined;
    inferred = guess.inferred;
    answers = { ...guess.answers, gen: [...(answers?.gen ?? []), ...guess.answers.gen.filter((g) => !answers?.gen.some((r) => r.className === g.className))] };
  }
  const create = answers.create!;
  const theirs = await renderAnswers(create, answers.gen, b);
  // the base is rendered for the version the files were written for (recorded), which is the pom's unless edited by hand
  const written = answers.agentscopeVersion === a.version ? a : tryLoad(answers.agentscopeVersion) ?? a;
  const base = await renderAnswers(create, answers.gen, written, opts.baseTemplates);
  const repo = inGitWorkTree(root);
  const paths = new Set([...theirs.files.keys(), ...base.files.keys()]);
  const files: RegenFile[] = [];
  for (const file of [...paths].sort()) {
    const abs = join(root, file);
    const ours = existsSync(abs) && statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
    const next = theirs.files.get(file);
    const add = (status: RegenStatus, extra: Partial<RegenFile> = {}) => files.push({ file, status, conflicts: [], ...extra });
    if (next === undefined) {
      if (ours !== undefined) add('kept');
      continue;
    }
    if (ours === undefined) {
      if (base.files.has(file)) add('deleted');
      else {
        tree.create(rel(file), next);
        add('create');
      }
      continue;
    }
    if (ours === next) {
      add('same');
      continue;
    }
    const marker = markerLine(ours);
    if (marker === undefined) {
      add('own'); // no marker (never generated, or the user took it over): not ours to regenerate
      continue;
    }
    const rendered = base.files.get(file);
    let from: RegenFile['base'] = 'none';
    let old: string | undefined;
    if (rendered !== undefined && markerLine(rendered) === marker) [old, from] = [rendered, 'render'];
    else if (repo) {
      old = gitBase(root, file, marker);
      if (old !== undefined) from = 'git';
    }
    if (ours === old || parseProvenance(ours)?.untouched) {
      tree.update(rel(file), () => next);
      add('replace', { base: from });
      continue;
    }
    const merged = merge3(old ?? '', ours, next, { ours: `yours (${file})`, base: old === undefined ? 'base (not found)' : `base (${from === 'git' ? 'git history' : 'as generated'})`, theirs: `agentscope-cli ${b.version}` });
    if (!merged.conflicts.length) {
      tree.update(rel(file), () => merged.text);
      add('merge', { base: from });
    } else {
      if (opts.allowConflicts) tree.update(rel(file), () => merged.text);
      add('conflict', { base: from, conflicts: merged.conflicts });
    }
  }
  // the answers now describe the project as rendered for b with this release's templates
  const recorded: ProjectAnswers = { ...answers, tool: toolId(), agentscopeVersion: b.version };
  const text = serializeAnswers(recorded);
  if (tree.exists(rel(PROJECT_FILE))) tree.update(rel(PROJECT_FILE), () => text);
  else tree.create(rel(PROJECT_FILE), text);
  const failed = [...new Set([...theirs.failed, ...base.failed].map((f) => `gen ${f.gen.kind} ${f.gen.className}: ${f.reason}`))];
  return { answers: recorded, inferred, failed, files, conflicts: files.reduce((n, f) => n + f.conflicts.length, 0) };
}
