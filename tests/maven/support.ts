import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tree, applyChanges } from '../../generators/_core/tree.js';
import { addDependencies as editPom } from '../../src/pom/pom.js';
import { planFeature } from '../../generators/_core/feature-plan.js';
import { readProject } from '../../generators/_core/project.js';
import type { AgentKind, CreateOptions, FeatureKind, FeatureOptions, Lang, McpTransport, ProviderChoice } from '../../generators/_core/options.js';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { FEATURE_KINDS } from '../../generators/_core/options.js';
import { generateFeature, generateProject, availableProviders } from '../../generators/index.js';
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
  return availableProviders(inventory()).map((p) => ({ prefix: p.prefix, artifactId: p.artifactId, apiKeyEnv: p.apiKeyEnv, model: defaultModel(p.prefix) }));
}

function defaultModel(prefix: string): string {
  return `${prefix}-test-model`;
}

export interface ProjectSpec {
  name: string;
  lang?: Lang;
  javaRelease?: 17 | 21;
  providers?: ProviderChoice[];
  features?: FeatureKind[];
  mcpTransports?: McpTransport[];
  agent?: AgentKind;
}

export function createOptions(dir: string, spec: ProjectSpec): CreateOptions {
  const pkg = `com.example.${spec.name.replace(/[^a-z0-9]/g, '')}`;
  const features = spec.features ?? [];
  return {
    groupId: 'com.example',
    artifactId: spec.name,
    packageName: pkg,
    packagePath: pkg.replace(/\./g, '/'),
    javaRelease: spec.javaRelease ?? 17,
    agentscopeVersion: readPin().version,
    lang: spec.lang ?? 'en',
    directory: dir,
    projectVersion: '0.1.0-SNAPSHOT',
    agent: { kind: spec.agent ?? 'react', name: 'assistant', systemPrompt: spec.lang === 'zh' ? '你是一个乐于助人的助手。' : 'You are a helpful assistant.' },
    providers: spec.providers ?? providerChoices().slice(0, 1),
    maxRetries: 2,
    features,
    mcpTransports: features.includes('mcp') ? (spec.mcpTransports ?? ['stdio', 'http', 'sse']) : [],
    force: false,
  };
}

/** Generates a project into `dir` (must be empty or missing) and writes it. */
export async function writeProject(dir: string, spec: ProjectSpec) {
  const opts = createOptions(dir, spec);
  const tree = new Tree(dir);
  const result = await generateProject(tree, opts);
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

/** Applies `gen <kind>` to an existing generated project. */
export async function writeFeature(dir: string, base: CreateOptions, kind: FeatureOptions['kind'], className: string, extra: Partial<FeatureOptions> = {}) {
  const opts: FeatureOptions = {
    groupId: base.groupId,
    artifactId: base.artifactId,
    packageName: base.packageName,
    packagePath: base.packagePath,
    javaRelease: base.javaRelease,
    agentscopeVersion: base.agentscopeVersion,
    lang: base.lang,
    kind,
    className,
    mcpTransports: kind === 'mcp' ? ['stdio', 'http'] : [],
    force: false,
    ...extra,
  };
  // The same path as `gen`: name checks, wiring into AgentFactory, pom edits.
  const planned = await planFeature(readProject(dir), opts, loadInventory(opts.agentscopeVersion));
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

/** Runs mvn; output (stdout+stderr) is returned, never thrown. */
export function mvn(cwd: string, args: string[], javaHome?: string): MvnRun {
  const started = Date.now();
  try {
    const output = execFileSync('mvn', ['-B', ...args], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(javaHome ? { JAVA_HOME: javaHome } : {}) },
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
