import { CliError } from '../../src/core/errors.js';
import type { Inventory } from '../../src/inventory/schema.js';
import { loadInventory } from '../../src/inventory/store.js';
import type { CreateOptions, FeatureKind, ProviderChoice } from '../_core/options.js';
import type { Tree } from '../_core/tree.js';
import { baseData, emitJava, emitText, type Emit } from '../_core/java.js';
import { availableAgentKinds, bomAvailable, coreDependency, providerBaseUrlEnv, providerDependency, VERSION_PROPERTY } from '../_core/providers.js';
import { AGENT_KINDS, unsupportedFeatures } from '../_core/agent-kinds.js';
import type { FeatureModule, PolicyLists } from '../feature-module.js';
import { FEATURE_ORDER, defaultClassName, featureModule } from '../registry.js';
import { TOOLING_VERSIONS } from './tooling.js';
import { AGENTS_MD, agentsMdFile } from '../../src/assistant/agents-md.js';
import type { DependencyNeed } from '../../src/pom/pom.js';

export interface GeneratorResult {
  dependencies: DependencyNeed[];
  notes: string[];
}

/** Test seams: the inventory (default: the pinned one from disk). */
export interface GenerateEnv {
  inventory?: Inventory;
}

interface ChosenFeature {
  kind: FeatureKind;
  module: FeatureModule;
  className: string;
}

/** The template data every project flavor starts from: the helpers, the options, the agent's name and prompt. */
export function projectData(opts: CreateOptions) {
  return { ...baseData(opts.packageName, opts.lang), ...opts, agentName: opts.agent.name, systemPrompt: opts.agent.systemPrompt };
}

/** A plain Maven project (the default flavor). */
export async function generateMavenProject(tree: Tree, opts: CreateOptions, env: GenerateEnv = {}): Promise<GeneratorResult> {
  const inv = env.inventory ?? loadInventory(opts.agentscopeVersion);
  const kind = availableAgentKinds(inv).find((k) => k.kind === opts.agent.kind);
  if (!kind?.available) throw new CliError({ en: `agent kind ${opts.agent.kind} is not available: ${kind?.reason ?? 'unknown kind'}`, zh: `智能体类型 ${opts.agent.kind} 不可用：${kind?.reason ?? '未知类型'}` });
  if (!opts.providers.length) throw new CliError({ en: 'at least one model provider is required', zh: '至少需要一个模型提供方' });
  const spec = AGENT_KINDS[opts.agent.kind];
  const refused = unsupportedFeatures(opts.agent.kind, opts.features, opts.lang);
  if (refused.length) throw new CliError({ en: `--agent ${opts.agent.kind} does not support: ${refused.join('; ')}`, zh: `--agent ${opts.agent.kind} 不支持：${refused.join('; ')}` }, 2);

  const e: Emit = { tree, version: opts.agentscopeVersion, generator: 'project', force: opts.force };
  const features = chosenFeatures(opts.features);
  const policy = policyLists(features);
  const has = Object.fromEntries(features.map((f) => [f.kind, true])) as Partial<Record<FeatureKind, boolean>>;
  const cls = Object.fromEntries(features.map((f) => [f.kind, f.className])) as Partial<Record<FeatureKind, string>>;
  const refs = opts.providers.map((p) => modelRef(inv, p));
  const [primary, fallback] = refs;
  const main = `src/main/java/${opts.packagePath}`;
  const test = `src/test/java/${opts.packagePath}`;

  const bom = bomAvailable(inv);
  // Under the imported BOM the io.agentscope dependencies carry no version of their own.
  const agentDependency = { groupId: inv.groupId, artifactId: spec.artifactId, version: VERSION_PROPERTY };
  const declared = dedupe([coreDependency(inv), agentDependency, ...opts.providers.map((p) => providerDependency(inv, p))]);
  const sampleCalls = features.flatMap((f) => f.module.sampleCall?.(f.className) ?? []);
  const dependencies = bom ? declared.map((d) => (d.groupId === inv.groupId ? { ...d, version: '' } : d)) : declared;
  const data = {
    ...projectData(opts),
    primary,
    fallback,
    providers: refs,
    has,
    cls,
    features,
    policy,
    dependencies,
    bom,
    agentscopeGroupId: inv.groupId,
    agentClass: spec.agentClass.slice(spec.agentClass.lastIndexOf('.') + 1),
    versions: TOOLING_VERSIONS,
    toolkitLines: features.flatMap((f) => f.module.toolkitLines(f.className)),
    builderLines: features.flatMap((f) => f.module.builderLines(f.className)),
    envVars: envVarsOf(opts.providers),
    exposedTools: features.flatMap((f) => f.module.tools(f.className).filter((t) => t.exposed !== false).map((t) => t.name)),
    sampleCalls,
    // Main's chat: answers pauses for approval on the input when a tool can ask (hitl, a permission policy);
    // MainTest shows the first sample tool call as the chat prints it
    approvals: Boolean(has.hitl || has.permission),
    chatToolCall: sampleCalls[0],
    mcpTransports: opts.mcpTransports,
    // Main.run's parameters and main's arguments to it: the fallback model only when there is one
    runParams: runVariables(Boolean(fallback)).map(([type, name]) => `${type} ${name}`).join(', '),
    runArgs: runVariables(Boolean(fallback)).map(([, name]) => name).join(', '),
  };

  emitText(e, 'pom.xml', 'project/pom.xml.ejs', data, 'xml');
  emitText(e, 'README.md', `project/README.${opts.lang}.md.ejs`, data, 'xml');
  emitText(e, '.gitignore', 'project/gitignore.ejs', data, 'hash');
  emitText(e, '.editorconfig', 'project/editorconfig.ejs', data, 'hash');
  emitText(e, 'src/test/resources/simplelogger.properties', 'project/simplelogger-test.properties.ejs', data, 'hash');
  // for AI coding assistants: the version's pitfalls, real signatures, check/test commands, MCP set-up
  tree.create(AGENTS_MD, agentsMdFile(inv), { force: opts.force });
  await emitJava(e, `${main}/Main.java`, spec.templates.main, data);
  await emitJava(e, `${main}/ChatIo.java`, 'project/ChatIo.java.ejs', data);
  await emitJava(e, `${main}/AgentFactory.java`, spec.templates.agentFactory, data);
  await emitJava(e, `${main}/ModelProviders.java`, 'project/ModelProviders.java.ejs', data);
  await emitJava(e, `${test}/ScriptedModel.java`, 'shared/ScriptedModel.java.ejs', data);
  await emitJava(e, `${test}/AgentFactoryTest.java`, spec.templates.test, data);
  await emitJava(e, `${test}/MainTest.java`, spec.templates.mainTest, data);
  await emitJava(e, `${test}/ModelProvidersTest.java`, 'project/ModelProvidersTest.java.ejs', data);

  await emitFeatureFiles(e, features, opts, policy, data, main, test);

  return { dependencies: declared, notes: projectNotes(opts, features, refs) };
}

/** Each chosen feature's own classes (main and test), rendered with the project's data. */
export async function emitFeatureFiles(e: Emit, features: ChosenFeature[], opts: CreateOptions, policy: PolicyLists, data: Record<string, unknown>, main: string, test: string): Promise<void> {
  for (const f of features) {
    const fe: Emit = { ...e, generator: `feature/${f.kind}` };
    const ctx = { pkg: opts.packageName, lang: opts.lang, className: f.className, mcpTransports: opts.mcpTransports, policy };
    for (const file of f.module.files(ctx)) {
      const dir = file.scope === 'main' ? main : test;
      await emitJava(fe, `${dir}/${file.className}.java`, file.template, { ...data, ...file.data, className: f.className });
    }
  }
}

export function chosenFeatures(kinds: readonly FeatureKind[]): ChosenFeature[] {
  const set = new Set(kinds);
  // mcp tools that are not read-only ask for authorization in 2.0.0 (McpTool#checkPermissions),
  // so an MCP project always gets the explicit policy that allows the trusted ones.
  if (set.has('mcp')) set.add('permission');
  return FEATURE_ORDER.filter((k) => set.has(k)).map((kind) => {
    return { kind, module: featureModule(kind), className: defaultClassName(kind) };
  });
}

/** The allow/ask/deny lists of the project's permission policy, from the tools the features register. */
export function policyLists(features: readonly { module: FeatureModule; className: string }[]): PolicyLists {
  const lists: PolicyLists = { allow: [], ask: [], deny: [] };
  for (const f of features) {
    for (const t of f.module.tools(f.className)) {
      if (t.permission !== 'self') lists[t.permission].push(t.name);
    }
  }
  return lists;
}

interface ModelRef {
  prefix: string;
  modelId: string;
  apiKeyEnv: string;
  artifactId: string;
  /** Base-URL variable (providers.ts baseUrlEnvOf) and whether the provider reads it itself too. */
  baseUrlEnv: string;
  baseUrlReadByProvider: boolean;
}

/** What main() hands to Main.run: the model(s) and the toolkit, as [type, name]. */
function runVariables(withFallback: boolean): [string, string][] {
  return [['Model', 'model'], ...(withFallback ? [['Model', 'fallbackModel'] as [string, string]] : []), ['Toolkit', 'toolkit']];
}

function modelRef(inv: Inventory, p: ProviderChoice): ModelRef {
  return { prefix: p.prefix, modelId: `${p.prefix}:${p.model}`, apiKeyEnv: p.apiKeyEnv, artifactId: p.artifactId, ...providerBaseUrlEnv(inv, p.prefix) };
}

function envVarsOf(providers: ProviderChoice[]): string[] {
  return [...new Set(providers.map((p) => p.apiKeyEnv).filter(Boolean))];
}

function dedupe(deps: DependencyNeed[]): DependencyNeed[] {
  const seen = new Set<string>();
  return deps.filter((d) => {
    const key = `${d.groupId}:${d.artifactId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function projectNotes(opts: CreateOptions, features: ChosenFeature[], refs: ModelRef[]): string[] {
  const zh = opts.lang === 'zh';
  const notes: string[] = [];
  for (const v of envVarsOf(opts.providers)) {
    notes.push(zh ? `运行前设置环境变量 ${v}（只从环境读取，不要写进文件）` : `set ${v} in the environment before running (it is read from the environment only, never from a file)`);
  }
  for (const r of refs) notes.push(baseUrlNote(r, zh));
  if (features.some((f) => f.kind === 'mcp')) {
    notes.push(
      zh
        ? `MCP：用 ${mcpEnvNames(opts).join('、')} 指定服务器；非只读的 MCP 工具只有列入 McpConnections.TRUSTED_TOOLS 才会被放行`
        : `MCP: point ${mcpEnvNames(opts).join(', ')} at your servers; non-read-only MCP tools run only if listed in McpConnections.TRUSTED_TOOLS`,
    );
    if (!opts.features.includes('permission')) {
      notes.push(zh ? '已同时生成 PermissionPolicy：2.0.0 中非只读 MCP 工具默认要求确认' : 'PermissionPolicy was generated too: in 2.0.0 non-read-only MCP tools ask for confirmation by default');
    }
  }
  return notes;
}

function baseUrlNote(r: ModelRef, zh: boolean): string {
  if (!r.apiKeyEnv && r.baseUrlReadByProvider) {
    return zh
      ? `${r.modelId} 不需要 API Key：用 ${r.baseUrlEnv} 指定服务器地址（未设置时使用 provider 的默认地址）`
      : `${r.modelId} needs no API key: ${r.baseUrlEnv} points it at the server (unset: the provider's default address)`;
  }
  return zh
    ? `可选：${r.baseUrlEnv} 把 ${r.modelId} 指向兼容的端点或本地服务器（未设置时使用 provider 的默认端点）`
    : `optional: ${r.baseUrlEnv} points ${r.modelId} at a compatible endpoint or a local server (unset: the provider's default endpoint)`;
}

export function mcpEnvNames(opts: { mcpTransports: readonly string[] }): string[] {
  const names: Record<string, string[]> = { stdio: ['MCP_STDIO_COMMAND', 'MCP_STDIO_ARGS'], http: ['MCP_HTTP_URL'], sse: ['MCP_SSE_URL'] };
  return opts.mcpTransports.flatMap((t) => names[t] ?? []);
}

;
