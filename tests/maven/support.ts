import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { applyChanges } from '../../generators/_core/tree.js';
import { addDependencies as editPom } from '../../src/pom/pom.js';
import { planFeature } from '../../generators/_core/feature-plan.js';
import { readProject } from '../../generators/_core/project.js';
import type { AgentKind, CreateOptions, FeatureKind, Flavor, GenKind, Lang, McpTransport, ProviderChoice } from '../../generators/_core/options.js';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { FEATURE_KINDS } from '../../generators/_core/options.js';
import * as generators from '../../generators/index.js';
import { availableProviders } from '../../generators/index.js';
import { createAnswersFromFlags } from '../../src/cli/prompts.js';
import { createContext, normalizeCreateOptions, parseCreateArgv } from '../../src/cli/create-options.js';
import { planProject } from '../../src/cli/commands/create.js';
import { normalizeGenOptions, type GenAnswers } from '../../src/cli/gen-options.js';
import { providerOffers } from '../../src/cli/apply.js';
import type { Inventory } from '../../src/inventory/schema.js';
import { loadInventory } from '../../src/inventory/store.js';
import { readPin } from '../../src/inventory/pin.js';
import type { DependencyNeed } from '../../src/pom/pom.js';

export { FEATURE_KINDS };

let inv: Inventory | undefined;
/** The pinned inventory (inventory/<pin>/inventory.json.gz). */
export function inventory(): Inventory {
  inv ??= loadInventory(readPin().version);
  return inv;
}

export function providerChoices(): ProviderChoice[] {
  return availableProviders(inventory()).map((p) => ({ prefix: p.prefix, artifactId: p.artifactId, apiKeyEnv: p.apiKeyEnv, model: `${p.prefix}-test-model` }));
}

export interface ProjectSpec {
  name: string;
  lang?: Lang;
  javaRelease?: 17 | 21;
  providers?: ProviderChoice[];
  /** Absent: none (a spec names the features it tests). */
  features?: FeatureKind[];
  /** Absent: all three when the features include mcp (the matrix covers every transport). */
  mcpTransports?: McpTransport[];
  agent?: AgentKind;
  flavor?: Flavor;
}

/**
 * A spec as the `agentscope create` flags that ask for it. Only what the spec names becomes a
 * flag; everything else is the CLI's own default.
 */
export function createArgv(spec: ProjectSpec): string[] {
  const features = spec.features ?? [];
  const argv = ['--artifact-id', spec.name, '--features', features.length ? features.join(',') : 'none'];
  if (spec.lang) argv.push('--lang', spec.lang);
  if (spec.javaRelease) argv.push('--java', String(spec.javaRelease));
  if (spec.providers) {
    argv.push('--provider', spec.providers.map((p) => p.prefix).join(','));
    for (const p of spec.providers) argv.push('--model', `${p.prefix}=${p.model}`);
  }
  if (features.includes('mcp')) argv.push('--mcp', (spec.mcpTransports ?? ['stdio', 'http', 'sse']).join(','));
  if (spec.agent) argv.push('--agent', spec.agent);
  if (spec.flavor) argv.push('--flavor', spec.flavor);
  return argv;
}

/** The environment the CLI sees in these tests (English unless --lang). */
const CLI_ENV: NodeJS.ProcessEnv = { LANG: 'en_US.UTF-8' };

/**
 * `agentscope create <dir> ...argv --yes` up to its CreateOptions, through the CLI's own steps:
 * the flags, CREATE_FIELDS' defaults and normalizeCreateOptions (no terminal, nothing written).
 */
function createOptionsFromArgv(dir: string, argv: string[]): CreateOptions {
  const { values, positionals, lang, version } = parseCreateArgv([dir, ...argv], CLI_ENV);
  const inv = version === readPin().version ? inventory() : loadInventory(version);
  const ctx = createContext(lang, version, inv, generators);
  const answers = createAnswersFromFlags(values, positionals, ctx);
  return normalizeCreateOptions(answers, { ctx, directory: resolve(answers.directory), version, force: Boolean(values.force), inventory: inv });
}

export function createOptions(dir: string, spec: ProjectSpec): CreateOptions {
  return createOptionsFromArgv(dir, createArgv(spec));
}

/** Generates a project into `dir` (must be empty or missing) the way `create` plans it, and writes it. */
export async function writeProject(dir: string, spec: ProjectSpec | string[]) {
  const opts = Array.isArray(spec) ? createOptionsFromArgv(dir, spec) : createOptions(dir, spec);
  const { tree, result } = await planProject(opts, inventory(), generators);
  applyChanges(tree);
  return { opts, result, tree };
}

/**
 * Creates a project exactly as a user does: `agentscope create <dir> ...argv -y` in-process
 * (the CLI's own option normalisation, inventory choice and checker). Throws with the CLI's
 * output when it does not exit 0.
 */
export async function createWithCli(dir: string, argv: string[]): Promise<void> {
  const io = memoryIo(join(dir, '..'), { ...process.env, LANG: 'en_US.UTF-8' });
  const code = await runCli(['create', dir, ...argv, '-y'], io);
  if (code !== 0) throw new Error(`agentscope create ${argv.join(' ')} exited ${code}:\n${io.stdout.join('\n')}\n${io.stderr.join('\n')}`);
}

/**
 * Applies `gen <kind> <className>` to an existing generated project, through gen's own
 * normalizeGenOptions and planFeature (name checks, wiring into AgentFactory, pom edits).
 * `mcp` is gen mcp's --mcp (default here: stdio,http); `provider` is gen provider's argument and --model.
 */
export async function writeFeature(dir: string, base: CreateOptions, kind: GenKind, className: string, extra: { mcp?: McpTransport[]; provider?: ProviderChoice } = {}) {
  const project = readProject(dir);
  const inv = loadInventory(base.agentscopeVersion);
  const answers: GenAnswers = { kind, className, mcp: kind === 'mcp' ? (extra.mcp ?? ['stdio', 'http']) : [], provider: extra.provider?.prefix, model: extra.provider?.model };
  const opts = normalizeGenOptions(answers, { project, version: base.agentscopeVersion, lang: base.lang, force: false, offers: providerOffers(generators, inv) });
  const planned = await planFeature(project, opts, inv);
  applyChanges(planned.tree);
  return { opts, result: planned.result, tree: planned.tree };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** An aggregator pom so one Maven JVM builds and tests every module. */
export function writeAggregator(root: string, modules: string[]): void {
  writeFileSync(
    join(root, 'pom.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example.matrix</groupId>
  <artifactId>matrix</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <modules>
${modules.map((m) => `    <module>${m}</module>`).join('\n')}
  </modules>
</project>
`,
  );
}

/** A JDK able to compile --release 21 (the default JDK may be 17). */
export function jdkFor(release: number): string | undefined {
  const current = javaMajor(process.env.JAVA_HOME);
  if (current !== undefined && current >= release) return process.env.JAVA_HOME;
  const root = '/usr/lib/jvm';
  if (!existsSync(root)) return undefined;
  for (const d of readdirSync(root).sort().reverse()) {
    const home = join(root, d);
    const major = javaMajor(home);
    if (major !== undefined && major >= release) return home;
  }
  return undefined;
}

function javaMajor(home: string | undefined): number | undefined {
  const java = home ? join(home, 'bin', 'java') : 'java';
  if (home && !existsSync(java)) return undefined;
  const r = spawnSync(java, ['-version'], { encoding: 'utf8' });
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${r.stderr ?? ''}${r.stdout ?? ''}`);
  if (!m) return undefined;
  const major = Number(m[1]);
  return major === 1 ? Number(m[2]) : major;
}

export interface MvnRun {
  code: number;
  output: string;
  ms: number;
}

/**
 * Runs mvn; output (stdout+stderr) is returned, never thrown. An offline run (`-o`) that fails only
 * because the local repository lacks an artifact or plugin (a fresh machine, where no earlier test
 * fetched Maven's default plugins) is run once more online.
 */
export function mvn(cwd: string, args: string[], javaHome?: string, env: NodeJS.ProcessEnv = {}): MvnRun {
  const run = mvnOnce(cwd, args, javaHome, env);
  if (run.code === 0 || !args.includes('-o') || !OFFLINE_MISSING.test(run.output)) return run;
  return mvnOnce(cwd, args.filter((a) => a !== '-o'), javaHome, env);
}
const OFFLINE_MISSING = /in offline mode and the artifact .* has not been downloaded from it before/;

function mvnOnce(cwd: string, args: string[], javaHome: string | undefined, env: NodeJS.ProcessEnv): MvnRun {
  const started = Date.now();
  const merged: NodeJS.ProcessEnv = { ...process.env, ...(javaHome ? { JAVA_HOME: javaHome } : {}), ...env };
  // an `undefined` value removes the variable (a run without it)
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete merged[k];
  try {
    const output = execFileSync('mvn', ['-B', ...args], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: merged,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output, ms: Date.now() - started };
  } catch (e) {
    const err = e as { status?: number; stdout?: string; stderr?: string };
    return { code: err.status ?? 1, output: `${err.stdout ?? ''}\n${err.stderr ?? ''}`, ms: Date.now() - started };
  }
}

/**
 * Adds the dependencies a `gen` returned to the project's pom (the CLI's pom editor does this
 * for users; the Maven tests only need the same effect on a pom we generated ourselves).
 */
/** Adds dependencies the way `gen` does (the generators' pom editor: BOM-aware, minimal edit). */
export function addDependencies(pomPath: string, deps: DependencyNeed[]): void {
  writeFileSync(pomPath, editPom(readFileSync(pomPath, 'utf8'), deps));
}

/**
 * What a HarnessAgent run left in a project's .agentscope/ (its default workspace is
 * .agentscope/workspace under the working directory): everything there but create's answers file.
 */
export function harnessLeftovers(project: string): string[] {
  const dir = join(project, '.agentscope');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f !== 'project.json') : [];
}
