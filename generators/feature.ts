import { CliError } from '../src/core/errors.js';
import { loadInventory } from '../src/inventory/store.js';
import type { FeatureOptions } from './_core/options.js';
import type { Tree } from './_core/tree.js';
import { baseData, emitJava, emitJavaIfMissing, type Emit } from './_core/java.js';
import { availableProviders, coreDependency, providerBaseUrlEnv, providerDependency } from './_core/providers.js';
import { featureModule } from './registry.js';
import { policyFromTools, scanProjectTools } from './_core/project-tools.js';
import { join } from 'node:path';
import type { GenerateEnv, GeneratorResult } from './project/index.js';
import { mcpEnvNames } from './project/index.js';
import { TOOLING_VERSIONS } from './project/tooling.js';
import { addToPolicy, policyListsOf } from './_core/wire-main.js';
import { addProviderToModelProviders } from './_core/wire-providers.js';
import { validateToolName } from './_core/names.js';
import type { DependencyNeed } from '../src/pom/pom.js';

/**
 * `agentscope gen <kind> Name` in an existing project: writes the feature class (and its
 * offline test) under the base package and says which dependencies the pom needs.
 */
export async function generateFeature(tree: Tree, opts: FeatureOptions, env: GenerateEnv = {}): Promise<GeneratorResult> {
  const inv = env.inventory ?? loadInventory(opts.agentscopeVersion);
  const e: Emit = { tree, version: opts.agentscopeVersion, generator: `feature/${opts.kind}`, force: opts.force };
  const main = `src/main/java/${opts.packagePath}`;
  const test = `src/test/java/${opts.packagePath}`;
  const data = { ...baseData(opts.packageName, opts.lang), className: opts.className, mcpTransports: opts.mcpTransports };
  const junit: DependencyNeed = { groupId: 'org.junit.jupiter', artifactId: 'junit-jupiter', version: TOOLING_VERSIONS.junit, scope: 'test' };
  const dependencies: DependencyNeed[] = [coreDependency(inv), junit];
  const zh = opts.lang === 'zh';
  const notes: string[] = [];

  if (opts.kind === 'provider') {
    const p = opts.provider;
    if (!p) throw new CliError('gen provider needs a provider choice');
    if (!availableProviders(inv).some((a) => a.prefix === p.prefix && a.artifactId === p.artifactId)) {
      throw new CliError({ en: `provider ${p.prefix} is not available in the AgentScope ${inv.version} inventory`, zh: `AgentScope ${inv.version} 清单中没有提供方 ${p.prefix}` });
    }
    const { baseUrlEnv } = providerBaseUrlEnv(inv, p.prefix);
    const pdata = { ...data, modelId: `${p.prefix}:${p.model}`, apiKeyEnv: p.apiKeyEnv, baseUrlEnv };
    dependencies.push(providerDependency(inv, p));
    // A project with ModelProviders configures every model there: the provider joins it.
    const modelProviders = `${main}/ModelProviders.java`;
    const existing = tree.read(modelProviders);
    const edit = existing === undefined ? undefined : addProviderToModelProviders(existing, { ...pdata, prefix: p.prefix }, opts.lang);
    if (edit && edit.status !== 'unrecognised') {
      if (edit.status === 'configured') {
        notes.push(zh ? `${p.prefix} 已是 ModelProviders.${edit.as} 的提供方，ModelProviders 未改动` : `${p.prefix} already provides ModelProviders.${edit.as}; ModelProviders is unchanged`);
        return { dependencies, notes };
      }
      if (edit.status === 'added') tree.update(modelProviders, () => edit.text);
      await emitJava(e, `${test}/${opts.className}Test.java`, 'feature/provider/ModelProvidersEntryTest.java.ejs', { ...pdata, constant: edit.constant });
      if (p.apiKeyEnv) notes.push(zh ? `运行前设置环境变量 ${p.apiKeyEnv}` : `set ${p.apiKeyEnv} in the environment before running`);
      notes.push(
        edit.status === 'added'
          ? zh ? `已加入 ModelProviders：${edit.constant} 与 ${edit.accessor}（与其他模型一样通过 resolve 读取 Key 和 base URL）` : `added to ModelProviders: ${edit.constant} and ${edit.accessor} (key and base URL read through its resolve, like the other models)`
          : zh ? `ModelProviders 已有 ${edit.constant}，未改动` : `ModelProviders already has ${edit.constant}; unchanged`,
      );
      notes.push(zh ? `使用：在 Main 中把 ModelProviders.primary() 换成 ${edit.accessor}，或用 AgentFactory.builder(${edit.accessor}, toolkit)` : `use it: replace ModelProviders.primary() in Main with ${edit.accessor}, or AgentFactory.builder(${edit.accessor}, toolkit)`);
      return { dependencies, notes };
    }
    await emitJava(e, `${main}/${opts.className}.java`, 'feature/provider/Provider.java.ejs', pdata);
    await emitJava(e, `${test}/${opts.className}Test.java`, 'feature/provider/ProviderTest.java.ejs', pdata);
    if (p.apiKeyEnv) notes.push(zh ? `运行前设置环境变量 ${p.apiKeyEnv}` : `set ${p.apiKeyEnv} in the environment before running`);
    notes.push(zh ? `可选：${baseUrlEnv} 指定 ${p.prefix} 的 base URL（兼容端点或本地服务器）` : `optional: ${baseUrlEnv} sets the base URL of ${p.prefix} (a compatible endpoint or a local server)`);
    notes.push(zh ? `使用：ReActAgent.builder().model(${opts.className}.create())` : `use it: ReActAgent.builder().model(${opts.className}.create())`);
    return { dependencies, notes };
  }

  const module = featureModule(opts.kind);
  if (opts.kind === 'mcp' && !opts.mcpTransports.length) throw new CliError('gen mcp needs at least one transport');
  // The providers reject a tool name outside [A-Za-z0-9_-]{1,64} at the first model call.
  for (const t of module.tools(opts.className)) {
    const p = validateToolName(t.name);
    if (p) throw new CliError({ en: `${opts.className} would register ${p.message}`, zh: `${opts.className} 会注册不合规的工具名 "${t.name}"（只能是 1 到 64 个 A-Z、a-z、0-9、"_"、"-"）` }, 2);
  }
  // Two tools with one name make Toolkit registration ambiguous: refuse before writing anything.
  const ownFile = `${opts.packagePath}/${opts.className}.java`;
  const clashes = scanProjectTools(join(tree.root, 'src/main/java')).filter((t) => t.file !== ownFile && module.tools(opts.className).some((m) => m.name === t.name));
  if (clashes.length && !opts.force) {
    const named = clashes.map((c) => `"${c.name}" (src/main/java/${c.file})`).join(', ');
    throw new CliError(
      { en: `the project already has a tool named ${named}; this ${opts.kind} would register another`, zh: `项目中已有名为 ${named} 的工具；这个 ${opts.kind} 会再注册一个同名工具` },
      1,
      { en: 'nothing was written; rename one of the tools, or pass --force to generate anyway', zh: '未写入任何文件；请给其中一个工具改名，或使用 --force 仍然生成' },
    );
  }
  // The policy `gen permission` writes starts from the tools the project already has.
  const policy = opts.kind === 'permission' ? policyFromTools(scanProjectTools(join(tree.root, 'src/main/java'))) : { allow: [], ask: [], deny: [] };
  const ctx = { pkg: opts.packageName, lang: opts.lang, className: opts.className, mcpTransports: opts.mcpTransports, policy };
  const files = module.files(ctx);
  if (files.some((f) => f.scope === 'test')) {
    await emitJavaIfMissing({ ...e, generator: 'shared' }, `${test}/ScriptedModel.java`, 'shared/ScriptedModel.java.ejs', data);
  }
  // A policy already there holds the user's rules and the names other gens added (gen mcp's
  // trusted tools): a second `gen permission` only lists the tools no list names yet.
  const policyPath = `${main}/${opts.className}.java`;
  const existingPolicy = opts.kind === 'permission' ? tree.read(policyPath) : undefined;
  const existingLists = existingPolicy === undefined ? undefined : policyListsOf(existingPolicy);
  const kept = existingLists !== undefined && !opts.force;
  if (existingLists && opts.force) {
    // --force re-renders the class but keeps every rule the file had.
    const listed = new Set([...existingLists.ALLOW, ...existingLists.ASK, ...existingLists.DENY]);
    ctx.policy = {
      allow: [...existingLists.ALLOW, ...policy.allow.filter((n) => !listed.has(n))],
      ask: [...existingLists.ASK, ...policy.ask.filter((n) => !listed.has(n))],
      deny: existingLists.DENY,
    };
  }
  if (kept) {
    tree.update(policyPath, (text) => addToPolicy(addToPolicy(text, 'ALLOW', policy.allow)!.text, 'ASK', policy.ask)!.text);
  }
  for (const f of files) {
    const dir = f.scope === 'main' ? main : test;
    const path = `${dir}/${f.className}.java`;
    if (kept && f.scope === 'main') continue;
    if (kept) await emitJavaIfMissing(e, path, f.template, { ...data, ...f.data, policy: ctx.policy });
    else await emitJava(e, path, f.template, { ...data, ...f.data, policy: ctx.policy });
  }
  notes.push(module.wiring(opts.className, opts.lang));
  if (opts.kind === 'mcp') notes.push(zh ? `用 ${mcpEnvNames(opts).join('、')} 指定 MCP 服务器` : `point ${mcpEnvNames(opts).join(', ')} at your MCP servers`);
  return { dependencies, notes };
}
