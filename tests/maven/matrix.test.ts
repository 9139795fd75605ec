/**
 * The proof that generated code compiles and passes its own offline tests against the real
 * pinned AgentScope jars: a representative set of `create` combinations (both agent kinds) plus
 * every `gen` kind applied to a generated project, and one project created for an older release
 * through `--agentscope-version`, built by one Maven reactor per JDK (`mvn -q test`).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureKind } from '../../generators/_core/options.js';
import { FEATURE_KINDS, addDependencies, harnessLeftovers, createWithCli, jdkFor, mvn, providerChoices, tempDir, writeAggregator, writeFeature, writeProject, type ProjectSpec } from './support.js';
import { AGENT_KINDS } from '../../generators/_core/agent-kinds.js';

/** The features a HarnessAgent project generates (the others are refused with a reason). */
const HARNESS_FEATURES = FEATURE_KINDS.filter((f) => !AGENT_KINDS.harness.unsupported[f]);
/** An older release with a shipped inventory, created through `--agentscope-version` like a user would. */
const OLD_VERSION = '2.0.0';

const root = tempDir('agentscope-matrix-');
const rows: { name: string; spec: string; jdk: string; result?: 'pass' | 'fail' }[] = [];

function specsFor17(): ProjectSpec[] {
  const providers = providerChoices();
  const specs: ProjectSpec[] = [];
  // every available provider, alone (no features)
  providers.forEach((p, i) => specs.push({ name: `provider-${p.prefix}`, providers: [p], lang: i % 2 ? 'zh' : 'en' }));
  // each feature alone, alternating languages
  FEATURE_KINDS.forEach((f, i) => specs.push({ name: `feature-${f}`, features: [f], lang: i % 2 ? 'zh' : 'en' }));
  // everything together with a fallback model (two providers when available)
  specs.push({ name: 'all-zh', features: [...FEATURE_KINDS], lang: 'zh', providers: providers.slice(0, 2) });
  specs.push({ name: 'all-en', features: [...FEATURE_KINDS], lang: 'en', providers: providers.slice(0, 2).reverse() });
  // HarnessAgent with every feature it generates and a fallback model
  specs.push({ name: 'harness-all', agent: 'harness', features: HARNESS_FEATURES, lang: 'zh', providers: providers.slice(0, 2) });
  return specs;
}

const GEN_KINDS: { kind: FeatureKind | 'provider'; className: string }[] = [
  { kind: 'tool', className: 'WeatherTool' },
  { kind: 'toolbase', className: 'TicketTool' },
  { kind: 'middleware', className: 'AuditMiddleware' },
  { kind: 'permission', className: 'ToolPolicy' },
  { kind: 'hitl', className: 'Approvals' },
  { kind: 'mcp', className: 'McpClients' },
  { kind: 'structured', className: 'Invoice' },
  { kind: 'toolgroups', className: 'Groups' },
  { kind: 'provider', className: 'SecondModel' },
];

const modules17: string[] = [];
let modules21: string[] = [];

beforeAll(async () => {
  const r17 = join(root, 'jdk17');
  const r21 = join(root, 'jdk21');
  for (const spec of specsFor17()) {
    await writeProject(join(r17, spec.name), spec);
    modules17.push(spec.name);
    rows.push({ name: spec.name, spec: JSON.stringify({ features: spec.features ?? [], lang: spec.lang, providers: (spec.providers ?? providerChoices().slice(0, 1)).map((p) => p.prefix) }), jdk: '17' });
  }
  // `gen` of every kind applied to a generated base project
  const base = await writeProject(join(r17, 'gen-all'), { name: 'gen-all', lang: 'en', providers: providerChoices().slice(0, 1) });
  const other = providerChoices().find((p) => p.prefix !== base.opts.providers[0].prefix) ?? base.opts.providers[0];
  for (const g of GEN_KINDS) {
    const { result } = await writeFeature(join(r17, 'gen-all'), base.opts, g.kind, g.className, g.kind === 'provider' ? { provider: other } : {});
    addDependencies(join(r17, 'gen-all', 'pom.xml'), result.dependencies);
  }
  modules17.push('gen-all');
  rows.push({ name: 'gen-all', spec: `gen ${GEN_KINDS.map((g) => g.kind).join(',')} on a base project`, jdk: '17' });
  // `gen` on a bare HarnessAgent project
  const harnessGen = ['tool', 'middleware', 'permission'] as const;
  const hbase = await writeProject(join(r17, 'harness-gen'), { name: 'harness-gen', agent: 'harness', lang: 'en', features: [] });
  for (const kind of harnessGen) {
    const { result } = await writeFeature(join(r17, 'harness-gen'), hbase.opts, kind, GEN_KINDS.find((g) => g.kind === kind)!.className);
    addDependencies(join(r17, 'harness-gen', 'pom.xml'), result.dependencies);
  }
  modules17.push('harness-gen');
  rows.push({ name: 'harness-gen', spec: `harness base + gen ${harnessGen.join(',')}`, jdk: '17' });
  // the user's path for an older release: its inventory decides providers and BOM, the checker runs on it
  await createWithCli(join(r17, 'old-release'), ['--agentscope-version', OLD_VERSION, '--provider', 'openai,anthropic', '--features', FEATURE_KINDS.join(',')]);
  modules17.push('old-release');
  rows.push({ name: 'old-release', spec: `create --agentscope-version ${OLD_VERSION}, all features, openai+anthropic`, jdk: '17' });
  // the older release's harness and default provider (dashscope), as a user asks for them
  await createWithCli(join(r17, 'old-harness'), ['--agentscope-version', OLD_VERSION, '--agent', 'harness', '--features', HARNESS_FEATURES.join(',')]);
  modules17.push('old-harness');
  rows.push({ name: 'old-harness', spec: `create --agentscope-version ${OLD_VERSION} --agent harness, its features, the default provider`, jdk: '17' });
  writeAggregator(r17, modules17);

  await writeProject(join(r21, 'all-en-21'), { name: 'all-en-21', features: [...FEATURE_KINDS], lang: 'en', javaRelease: 21, providers: providerChoices().slice(0, 2) });
  await writeProject(join(r21, 'tool-zh-21'), { name: 'tool-zh-21', features: ['tool'], lang: 'zh', javaRelease: 21 });
  modules21 = ['all-en-21', 'tool-zh-21'];
  modules21.forEach((m) => rows.push({ name: m, spec: m, jdk: '21' }));
  writeAggregator(r21, modules21);
}, 600_000);

afterAll(() => {
  console.log(rows.map((r) => `${r.result ?? '?'}\tjdk${r.jdk}\t${r.name}\t${r.spec}`).join('\n'));
  if (!process.env.KEEP_MATRIX) rmSync(root, { recursive: true, force: true });
});

describe('generated projects pass mvn test against the pinned jars', () => {
  it('Java 17 reactor: providers, each feature, all features, every gen kind', () => {
    // Not offline: a fresh local repository (CI) downloads once; a warm one makes no requests.
    const run = mvn(join(root, 'jdk17'), ['-q', 'test', '-fae']);
    markRows('17', run.code === 0 ? undefined : run.output);
    console.log(`jdk17 reactor: ${modules17.length} projects, ${run.ms} ms`);
    expect(run.code, run.output.slice(-6000)).toBe(0);
    // A passing run is quiet: warnings only (simplelogger.properties in the tests), and expected
    // failures (the scripted fallback test) carry no stack trace.
    expect(run.output).not.toMatch(/^\s+at [\w.$]+\(/m);
    expect(run.output.split('\n').filter((l) => l.trim() && !/^\x1b\[0m/.test(l)).length).toBeLessThanOrEqual(3 * modules17.length);
    // HarnessAgent tests work in JUnit temp dirs: nothing is written into the project trees
    // (.agentscope/ holds create's answers, project.json; HarnessAgent's workspace would be .agentscope/workspace)
    for (const m of ['harness-all', 'harness-gen']) expect(harnessLeftovers(join(root, 'jdk17', m)), m).toEqual([]);
  }, 1_500_000); // 23 projects: measured 215 s alone, 1004 s beside other test runs, on 2 shared cores

  it('Java 21 reactor (JDK 21+)', () => {
    const home = jdkFor(21);
    expect(home, 'a JDK 21+ is needed for javaRelease 21').toBeTruthy();
    const run = mvn(join(root, 'jdk21'), ['-q', 'test', '-fae'], home);
    markRows('21', run.code === 0 ? undefined : run.output);
    console.log(`jdk21 reactor (${home}): ${modules21.length} projects, ${run.ms} ms`);
    expect(run.code, run.output.slice(-6000)).toBe(0);
  }, 900_000);
});

/** Marks rows pass/fail; on failure a module fails if Maven's output names it. */
function markRows(jdk: string, failureOutput: string | undefined): void {
  for (const r of rows.filter((x) => x.jdk === jdk)) {
    r.result = failureOutput && new RegExp(`on project ${r.name}\\b|/${r.name}/`).test(failureOutput) ? 'fail' : 'pass';
  }
}
