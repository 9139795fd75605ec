/**
 * `agentscope upgrade` as a migration: it reads the project, reports every line the move from
 * one AgentScope Java version to another breaks, and records its certain edits (version bump,
 * added dependencies, mechanical Java fixes, a regenerated AGENTS.md) into the same Tree the
 * generators use, so the plan, the dry-run diff and the all-or-nothing write are theirs.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { CliError } from '../core/errors.js';
import { requireVersion } from '../core/versions.js';
import type { Inventory } from '../inventory/schema.js';
import { diffInventories, type InventoryDiff } from '../diff/diff.js';
import { scanSources, type ScanIssue } from './scan/index.js';
import { addDependency, fitVersionToPom } from '../pom/pom.js';
import { AGENTSCOPE_GROUP, bumpVersionSites, readAgentscopeDeclaration, type AgentscopeDeclaration } from '../pom/agentscope-version.js';
import { inheritedFromChain } from '../pom/parents.js';
import { parseProvenance } from '../core/provenance.js';
import { findPomUpward, isJava, listFiles } from '../core/files.js';
import { AGENTS_MD, AGENTS_MD_GENERATOR, agentsMdFile } from '../assistant/agents-md.js';
import { Tree } from '../../generators/_core/tree.js';
import { planRegeneration, type Regeneration, type RegenOptions } from './regenerate.js';

/** Every file of the project carrying a provenance marker. */
function generatedFiles(root: string): string[] {
  return listFiles(root, (name) => /\.(java|xml|properties|ya?ml|md)$/.test(name)).filter((p) => statSync(p).size < 1 << 20);
}

interface ReportItem extends ScanIssue {
  /** `fix`: applied mechanically by --write. `todo`: a person must change this line. */
  status: 'fix' | 'todo';
  /** The checker rule that rejects the line against the target inventory, e.g. `checker AS002`. */
  by: string;
}

interface GeneratedFile {
  file: string;
  generator: string;
  template: string;
  version: string;
  /** Hash matches: untouched since generation, safe to regenerate for the new version. */
  untouched: boolean;
}

export interface UpgradePlan {
  /** The module: the directory of the nearest pom.xml. */
  root: string;
  pom: string;
  from: string;
  to: string;
  /** Where the module's AgentScope version is written (its pom and parents on disk). */
  declaration: AgentscopeDeclaration;
  /** Dependencies the project needs after the move (types it uses moved to these artifacts). */
  addDependencies: { artifactId: string; because: string[] }[];
  /** Findings per file; paths relative to `tree.root`. */
  files: { file: string; items: ReportItem[] }[];
  generated: GeneratedFile[];
  counts: { fixes: number; todos: number; files: number };
  /**
   * The edits, recorded but not written. Its root is the module, or the directory holding both
   * the module and the parent pom(s) where the version is declared.
   */
  tree: Tree;
  diff: InventoryDiff;
  /** The generated files rendered again (absent: no project file and no marker, or not asked). */
  regeneration?: Regeneration;
}

/** The nearest pom.xml at or above `dir`, or a clear error. */
export function modulePom(dir: string): string {
  const pom = findPomUpward(dir);
  if (!pom) throw new CliError({ en: `no pom.xml in ${dir} or any parent directory`, zh: `${dir} 及其上级目录中都没有 pom.xml` }, 1, { en: 'run `agentscope upgrade` inside a Maven project', zh: '请在 Maven 项目内运行 `agentscope upgrade`' });
  return pom;
}

/** The deepest directory containing every path of `dirs`. */
function commonDir(dirs: string[]): string {
  let out = dirs[0];
  for (const d of dirs.slice(1)) while (out !== d && !d.startsWith(out.endsWith(sep) ? out : out + sep)) out = dirname(out);
  return out;
}

export async function planUpgrade(projectDir: string, a: Inventory, b: Inventory, regen?: RegenOptions): Promise<UpgradePlan> {
  requireVersion(b.version, `the inventory of ${b.version}`, 1);
  const pom = modulePom(projectDir);
  const root = dirname(pom);
  const declaration = readAgentscopeDeclaration(pom);
  const tree = new Tree(commonDir([root, ...declaration.sites.map((s) => dirname(s.file))]));
  const rel = (abs: string) => relative(tree.root, abs).split(sep).join('/');
  const diff = diffInventories(a, b);
  const files: UpgradePlan['files'] = [];
  const needed = new Map<string, Set<string>>();
  // first the generated files rendered again (replaced or merged); the API rewrites apply on top
  const regeneration = regen ? await planRegeneration(root, tree, (f) => rel(join(root, f)), a, b, regen) : undefined;
  const regenerated = new Set(regeneration?.files.filter((f) => f.status !== 'same' && f.status !== 'kept').map((f) => rel(join(root, f.file))));
  const conflicted = new Set(regeneration?.files.filter((f) => f.status === 'conflict').map((f) => rel(join(root, f.file))));
  // read through the tree: confined, bounded, in each file's own encoding (kept when written back)
  const sources = listFiles(root, isJava).filter((path) => !conflicted.has(rel(path))).map((path) => ({ path, text: tree.read(rel(path)) ?? '' }));
  // fix: a certain edit --write applies; todo: what the checker still rejects after the edits
  const scanned = await scanSources(sources, { a, b, diff });
  for (const [i, { file: f, fixed, issues, usedTypes }] of scanned.entries()) {
    const items: ReportItem[] = issues.map((x) => ({ ...x, status: x.edit ? 'fix' : 'todo', by: `checker ${x.rule}` }));
    for (const t of usedTypes) {
      const decl = b.types.find((x) => x.fqn === t);
      if (decl && decl.artifact !== 'agentscope-core' && !declaration.artifacts.includes(decl.artifact)) {
        needed.set(decl.artifact, (needed.get(decl.artifact) ?? new Set()).add(t));
      }
    }
    if (items.length) files.push({ file: rel(f), items });
    if (fixed !== sources[i].text) tree.update(rel(f), () => fixed);
  }

  // The version where it is written: the module's pom, or the parent pom that declares it.
  // (a regenerated pom is rendered for b already: the sites' offsets are those of the old text)
  for (const file of new Set(declaration.sites.map((s) => s.file))) {
    if (regenerated.has(rel(file))) continue;
    tree.update(rel(file), (text) => bumpVersionSites(text, declaration.sites.filter((s) => s.file === file), b.version));
  }
  const addDependencies = [...needed].sort().map(([artifactId, types]) => ({ artifactId, because: [...types].sort() }));
  if (addDependencies.length) {
    // the same minimal, idempotent edit `agentscope gen` uses, aware of what the parents manage
    const inherited = inheritedFromChain(declaration.chain);
    tree.update(rel(pom), (text) =>
      addDependencies.reduce((t, d) => addDependency(t, fitVersionToPom(t, { groupId: AGENTSCOPE_GROUP, artifactId: d.artifactId, version: '${agentscope.version}' }, b.version, inherited), inherited), text),
    );
  }

  const generated: GeneratedFile[] = [];
  for (const f of generatedFiles(root)) {
    const p = parseProvenance(readFileSync(f, 'utf8'));
    if (p) generated.push({ file: rel(f), generator: p.generator, template: p.template, version: p.version, untouched: p.untouched });
  }
  // AGENTS.md states facts of one version: an untouched one moves with the project
  const agentsMd = rel(join(root, AGENTS_MD));
  if (!regeneration && generated.some((g) => g.file === agentsMd && g.generator === AGENTS_MD_GENERATOR && g.untouched && g.version !== b.version)) {
    tree.update(agentsMd, () => agentsMdFile(b));
  }
  const all = files.flatMap((x) => x.items);
  return {
    root, pom, from: a.version, to: b.version, declaration, addDependencies, files, generated,
    counts: { fixes: all.filter((i) => i.status === 'fix').length, todos: all.filter((i) => i.status === 'todo').length, files: files.length },
    tree, diff, regeneration,
  };
}

/** The files the plan changes, relative to the tree root. */
export function changedFiles(plan: UpgradePlan): string[] {
  return plan.tree.list().filter((c) => c.kind !== 'unchanged').map((c) => c.path);
}
