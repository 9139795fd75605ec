import { CliError } from '../core/errors.js';
import { resolve } from 'node:path';
import { holdSignals, signalExitCode } from '../core/signals.js';
import type { Io } from '../core/io.js';
import { t, type Lang } from './i18n.js';
import { applyChanges, type FileChange, type Tree } from '../../generators/_core/tree.js';
import { formatPlan } from '../../generators/_core/plan-output.js';
import type { Inventory } from '../inventory/schema.js';
import { readPin } from '../inventory/pin.js';
import { parseProvenance } from '../core/provenance.js';
import type { AgentKind, CreateOptions, FeatureOptions } from '../../generators/_core/options.js';
import type { AgentKindOffer, ProviderOffer } from './prompts.js';
import type { DependencyNeed } from '../pom/pom.js';

/** What generators/index.ts exports (the generator engineer's side of the contract). */
interface GeneratorResult {
  dependencies?: DependencyNeed[];
  notes?: string[];
}
export interface GeneratorsModule {
  /** `env.inventory`: the inventory the CLI loaded (honouring the CLI's own env), so both agree. */
  generateProject(tree: Tree, opts: CreateOptions, env?: { inventory?: Inventory }): Promise<GeneratorResult>;
  generateFeature(tree: Tree, opts: FeatureOptions, env?: { inventory?: Inventory }): Promise<GeneratorResult | void>;
  availableProviders(inv: Inventory): { prefix: string; artifactId: string; providerClass?: string; apiKeyEnv?: string; envVars?: string[]; defaultModel?: string }[];
  availableAgentKinds(inv: Inventory): { kind: AgentKind; available: boolean; reason?: string }[];
}

/** The generators, checked against the interface above at compile time. */
export async function loadGenerators(_lang: Lang): Promise<GeneratorsModule> {
  const mod: GeneratorsModule = await import('../../generators/index.js');
  return mod;
}

export function providerOffers(gens: GeneratorsModule, inv: Inventory): ProviderOffer[] {
  return gens.availableProviders(inv).map((p) => ({
    prefix: p.prefix,
    artifactId: p.artifactId,
    providerClass: p.providerClass,
    apiKeyEnv: p.apiKeyEnv ?? p.envVars?.find((v) => /KEY/.test(v)) ?? '',
    defaultModel: p.defaultModel ?? '',
  }));
}

export function agentKindOffers(gens: GeneratorsModule, inv: Inventory): AgentKindOffer[] {
  return gens.availableAgentKinds(inv).map((k) => ({ kind: k.kind, available: k.available, reason: k.reason }));
}

/**
 * The tail shared by `create` and `gen`: check the Java about to be written against the
 * pinned inventory, print the plan, then write it all at once (or not at all).
 */

interface CheckFinding {
  file?: string;
  line?: number;
  col?: number;
  rule?: string;
  severity?: string;
  message: string;
}

let checker: Promise<typeof import('../checker/index.js')> | undefined;

/** The checker is loaded on first use only (it brings the tree-sitter parser). */
function loadChecker(): Promise<typeof import('../checker/index.js')> {
  return (checker ??= import('../checker/index.js'));
}

/**
 * Starts loading the checker and compiling the parser's WebAssembly (V8 compiles it off the main
 * thread) while the caller plans its files: `gen` always checks its edit. A failure here is
 * reported where the checker is used (its own initJavaParser fails the same way).
 */
export function startChecker(): void {
  // a generated file or two: the small-workload tier (the first call decides, parser.ts)
  loadChecker()
    .then((m) => m.initJavaParser(50_000))
    .catch(() => undefined);
}

/**
 * Runs the checker on the .java files of the plan; returns error-severity findings only. New
 * template renders, exactly as the generator recorded them (their provenance hash matches), for
 * the pinned version are not judged again: tests/generators/render.test.ts checks every
 * combination against the pinned inventory. A plan of only such files is not parsed at all
 * (`create`); in any other plan they are the context of the files that are judged (`gen`'s edit
 * of AgentFactory refers to the class it adds).
 */
async function checkPlannedJava(changes: FileChange[], inventory: Inventory, root: string, project: readonly { path: string; content: string }[] = []): Promise<CheckFinding[]> {
  const planned = changes.filter((c) => c.path.endsWith('.java') && c.kind !== 'unchanged');
  const pinned = inventory.version === readPin().version;
  const verifiedRender = (c: FileChange) => pinned && c.kind === 'create' && parseProvenance(c.content)?.untouched === true;
  if (planned.every(verifiedRender)) return [];
  const inPlan = new Set(changes.map((c) => c.path));
  const around = project.filter((f) => !inPlan.has(f.path));
  const files = [...planned.map((c) => ({ path: c.path, content: c.content })), ...around];
  const { checkSources } = await loadChecker();
  const context = new Set([...planned.filter(verifiedRender).map((c) => c.path), ...around.map((f) => f.path)]);
  // each file against its module's io.agentscope artifacts, the plan's pom.xml edits included
  const poms = new Map(changes.filter((c) => /(^|[\\/])pom\.xml$/.test(c.path) && c.kind !== 'unchanged').map((c) => [resolve(root, c.path), c.content]));
  // the plan and what lies around it may not be all of a package's classes
  const findings: CheckFinding[] = await checkSources(files, inventory, { context, project: { root, poms }, partialPackages: true });
  return findings.filter((f) => (f.severity ?? 'error') === 'error');
}

export interface WriteOptions {
  io: Io;
  lang: Lang;
  dryRun: boolean;
  inventory: Inventory;
  /** The pinned inventory the templates are verified against: a finding on another version is explained with the API diff from it. */
  pinned?: Inventory;
  /** Printed before paths (e.g. `my-app/`). */
  prefix?: string;
  /** Asked after the plan is shown (interactive runs without --yes); false writes nothing. */
  confirm?: (count: number) => Promise<boolean>;
  /**
   * The project's own Java sources (paths relative to the tree's root): what the planned files
   * may refer to, lent to the checker as context and never judged (`gen` judges only its edit).
   */
  context?: readonly { path: string; content: string }[];
  /** false: no checker gate (`upgrade` checks against the target itself and reports what remains by hand). */
  check?: boolean;
  /** Print nothing (the caller prints a machine-readable report instead). */
  quiet?: boolean;
}

/**
 * Checker, plan, write. A Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGQUIT that arrives while the plan
 * is being checked or written is held until the write has finished (the write is synchronous and
 * all-or-nothing) and then reported: "interrupted", exit 128 + the signal's number. One that
 * arrives before the write stops it: nothing is written. SIGKILL cannot be held; the write's
 * journal lets the next run finish or undo it (src/core/write.ts).
 */
export async function checkPrintWrite(tree: Tree, opts: WriteOptions): Promise<{ changes: FileChange[]; written: number; interrupted: boolean; exitCode: number }> {
  const { io, lang } = opts;
  const out = (line: string) => {
    if (!opts.quiet) io.out(line);
  };
  const hold = holdSignals();
  let written = 0;
  const changes = tree.list();
  try {
    const errors = opts.check === false ? [] : await checkPlannedJava(changes, opts.inventory, tree.root, opts.context);
    if (errors.length) {
      const files = new Map(changes.map((c) => [c.path, c.content]));
      const pinned = opts.pinned ?? opts.inventory;
      const { explainFindings, formatExplained } = await import('../upgrade/version-refusal.js');
      for (const line of formatExplained(explainFindings(errors, files, pinned, opts.inventory), pinned.version, opts.inventory.version)) io.err(line);
      throw new CliError(t(lang, 'err.checker', { version: opts.inventory.version }));
    }
    for (const line of formatPlan(changes, { dryRun: opts.dryRun, color: io.color, prefix: opts.prefix })) out(line);
    if (opts.dryRun) out(t(lang, 'plan.dryRun'));
    else if (opts.confirm && !(await opts.confirm(changes.filter((c) => c.kind !== 'unchanged').length))) out(t(lang, 'plan.declined'));
    else {
      if (hold.received) throw new CliError(t(lang, 'err.cancelled'), signalExitCode(hold.received));
      written = applyChanges(tree).length;
      if (!written) out(t(lang, 'plan.nothing'));
      else out(t(lang, 'plan.written', { n: written }));
    }
  } finally {
    await hold.release();
  }
  if (hold.received) io.err(t(lang, written ? 'err.interrupted' : 'err.cancelled'));
  return { changes, written, interrupted: hold.received !== undefined, exitCode: hold.received ? signalExitCode(hold.received) : 0 };
}
