/**
 * The part of `agentscope gen` that needs no terminal: a validated request + the project
 * around it -> the feature's file changes and pom edits recorded in a Tree (nothing written).
 * Shared by the `gen` command and the MCP server's `plan_generation` tool, so both plan the
 * same files with the same guards.
 */
import { readTextIfRegular } from '../../src/core/fsread.js';
import type { Inventory } from '../../src/inventory/schema.js';
import { generateFeature } from '../feature.js';
import { featureModule } from '../registry.js';
import { defaultClassName } from './kinds.js';
import type { GeneratorResult } from '../project/index.js';
import { packagePath, toClassName } from './names.js';
import type { FeatureKind, FeatureOptions, Lang, McpTransport, ProviderChoice } from './options.js';
import { addDependencies, fitVersionToPom } from '../../src/pom/pom.js';
import { projectSources, type ProjectInfo } from './project.js';
import { Tree } from './tree.js';
import { findNameClash } from './name-clash.js';
import { wireAgentFactory } from './wire.js';
import { builderLinesFor, projectKindRow, refuseForProjectKind } from './project-kinds.js';
import { pinSurefire, surefireCannotRunJunit5, surefireState } from '../../src/pom/surefire.js';
import { TOOLING_VERSIONS } from '../project/tooling.js';
import { allowInPolicy, mcpMainLines, structuredMainLines, wireMcpMain, wireStructuredMain, type MainWireResult } from './wire-main.js';
import { UsageError } from '../../src/core/errors.js';
import { parseProvenance } from '../../src/core/provenance.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const TOP_LEVEL_TYPE = /^(?:(?:public|final|abstract|sealed|non-sealed|strictfp)\s+)*(?:class|interface|enum|record|@interface)\s+([A-Za-z_$][\w$]*)/gm;

/** Top-level type names declared by the .java files of a package (main and test), by file. */
function packageTypes(root: string, pkgPath: string): { file: string; type: string }[] {
  const out: { file: string; type: string }[] = [];
  for (const dir of ['src/main/java', 'src/test/java'].map((d) => join(root, d, pkgPath))) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.java')) continue;
      for (const m of (readTextIfRegular(join(dir, f)) ?? '').matchAll(TOP_LEVEL_TYPE)) out.push({ file: f.slice(0, -5), type: m[1] });
    }
  }
  return out;
}

export type { GenKind } from './kinds.js';
import type { GenKind } from './kinds.js';

/** `OpenAIModelProvider` -> `OpenAIModelConfig`: the provider's own spelling of its name. */
export function providerClassName(offer: { prefix: string; providerClass?: string }): string {
  const base = offer.providerClass?.split('.').pop()?.replace(/(Model)?Provider$/, '') || toClassName(offer.prefix);
  return `${base}ModelConfig`;
}

/** The class name `gen <kind>` uses when none is given. */
export const defaultFeatureClassName: (kind: FeatureKind) => string = defaultClassName;

export interface FeatureRequest {
  kind: GenKind;
  className: string;
  mcpTransports: McpTransport[];
  provider?: ProviderChoice;
  lang: Lang;
  force: boolean;
  /** The version the templates are rendered for (the pin). */
  agentscopeVersion: string;
}

export function featureOptions(project: ProjectInfo, req: FeatureRequest): FeatureOptions {
  return {
    groupId: project.groupId,
    artifactId: project.artifactId,
    packageName: project.basePackage,
    packagePath: packagePath(project.basePackage),
    javaRelease: project.javaRelease,
    agentscopeVersion: req.agentscopeVersion,
    lang: req.lang,
    kind: req.kind,
    className: req.className,
    mcpTransports: req.mcpTransports,
    provider: req.provider,
    force: req.force,
  };
}

/**
 * Registers the new class in the project's AgentFactory (toolkit and builder lines the create
 * templates use for the same feature); the manual instruction is kept only for what cannot be placed.
 */
function wireFeature(tree: Tree, project: ProjectInfo, opts: FeatureOptions, result: GeneratorResult): void {
  if (opts.kind === 'provider') return;
  const module = featureModule(opts.kind);
  const site = projectKindRow(project.kind).wiring;
  const factory = `src/main/java/${opts.packagePath}/${site.file}`;
  if (!tree.exists(factory)) return;
  const toolkitLines = module.toolkitLines(opts.className);
  const builderLines = builderLinesFor(project.kind, opts.kind, opts.className, module.builderLines);
  const manualNote = module.wiring(opts.className, opts.lang);
  if (opts.kind === 'mcp') return wireMcp(tree, opts, result, manualNote, tree.read(factory)!, module.tools(opts.className));
  if (opts.kind === 'structured') return wireStructured(tree, opts, result, manualNote);
  // Nothing to place (structured): the generator's own note says how to use the class.
  if (!toolkitLines.length && !builderLines.length) return;
  const text = tree.read(factory)!;
  // A policy on a HarnessAgent also governs its built-in file and shell tools (write_file would
  // start asking), which changes what the project's own tests expect: left to the user, said why.
  if (opts.kind === 'permission' && /\bHarnessAgent\b/.test(text)) {
    const line = builderLines.join(' ');
    const why = opts.lang === 'zh'
      ? `未自动接入：在 HarnessAgent 项目中，权限策略也约束内置的文件与 shell 工具（write_file 会改为询问）；如需启用，请在 AgentFactory.builder() 中加入 ${line}`
      : `not wired automatically: on a HarnessAgent the policy also governs the built-in file and shell tools (write_file would start asking); to apply it, add ${line} to AgentFactory.builder()`;
    result.notes = result.notes.map((n) => (n === manualNote ? why : n));
    return;
  }
  const w = wireAgentFactory(text, toolkitLines, builderLines, site);
  if (w.added.length) tree.update(factory, () => w.text);
  const zh = opts.lang === 'zh';
  const notes: string[] = [];
  if (w.added.length) notes.push(zh ? `已接入 ${site.file}：${w.added.join(' ')}` : `wired into ${site.file}: ${w.added.join(' ')}`);
  for (const m of w.manual) notes.push(zh ? `${site.file} 已被改写，无法自动接入：请在 ${m.where} 加入 ${m.line}` : `${site.file} has changed beyond recognition: add ${m.line} to ${m.where}`);
  result.notes = result.notes.flatMap((n) => (n === manualNote ? notes : [n]));
}

/** Main.java through one of wire-main.ts's edits (recorded in the tree when it changed); undefined: no Main. */
function editMain(tree: Tree, opts: FeatureOptions, wire: (text: string, cls: string, lang: Lang) => MainWireResult): MainWireResult | undefined {
  const mainPath = `src/main/java/${opts.packagePath}/Main.java`;
  const text = tree.read(mainPath);
  const w = text === undefined ? undefined : wire(text, opts.className, opts.lang);
  if (w?.changed) tree.update(mainPath, () => w.text);
  return w;
}

/**
 * MCP connections belong to Main (opened after the toolkit, closed when main ends), as
 * `create --features mcp` writes them. Remote tools that are not read-only ask before they run,
 * so the trusted ones join the ALLOW list of the project's policy (as create lists them); without
 * a policy the note says that `gen permission` writes one.
 */
function wireMcp(tree: Tree, opts: FeatureOptions, result: GeneratorResult, manualNote: string, factoryText: string, tools: { name: string; permission: string }[]): void {
  const zh = opts.lang === 'zh';
  const cls = opts.className;
  const w = editMain(tree, opts, wireMcpMain);
  const notes: string[] = [];
  if (w?.changed) notes.push(zh ? `已接入 Main.java：try (${cls} mcp = ${cls}.fromEnvironment(toolkit)) { ... }，main 结束或 Ctrl-C 时关闭客户端` : `wired into Main.java: try (${cls} mcp = ${cls}.fromEnvironment(toolkit)) { ... } closes the clients when main ends and on Ctrl-C`);
  else if (!w?.wired) {
    const [open, hook] = mcpMainLines(cls);
    notes.push(
      zh
        ? `Main.java 已被改写（或不存在），无法自动接入：请在 Main.main() 中 \`Toolkit toolkit = AgentFactory.createToolkit();\` 之后加入 ${open} ${hook}，并用 } 包住其余代码`
        : `Main.java has changed beyond recognition (or is missing): in Main.main(), after \`Toolkit toolkit = AgentFactory.createToolkit();\`, add ${open} ${hook} and close the block with } after the code that uses the agent`,
    );
  }
  const policy = /\.permissionContext\(\s*([A-Z]\w*)\.interactive\(\)\s*\)/.exec(factoryText)?.[1];
  const trusted = tools.filter((t) => t.permission === 'allow').map((t) => t.name);
  const policyPath = policy && `src/main/java/${opts.packagePath}/${policy}.java`;
  const policyText = policyPath ? tree.read(policyPath) : undefined;
  const allowed = policyText === undefined ? undefined : allowInPolicy(policyText, trusted);
  if (policyPath && allowed?.added.length) {
    tree.update(policyPath, () => allowed.text);
    const list = allowed.added.map((n) => `"${n}"`).join(', ');
    notes.push(zh ? `已加入 ${policy}.ALLOW：${list}（${cls}.TRUSTED_TOOLS，与 create --features mcp 相同）` : `added to ${policy}.ALLOW: ${list} (${cls}.TRUSTED_TOOLS, as create --features mcp does)`);
  } else if (policy && !allowed) {
    notes.push(zh ? `非只读的 MCP 工具需要确认才会执行：把 ${cls}.TRUSTED_TOOLS 中的名字加入 ${policy}.ALLOW` : `MCP tools that are not read-only ask before they run: add the names in ${cls}.TRUSTED_TOOLS to ${policy}.ALLOW`);
  } else if (!policy) {
    notes.push(zh ? `非只读的 MCP 工具需要确认才会执行：\`agentscope gen permission\` 会写入一个放行 ${cls}.TRUSTED_TOOLS 的权限策略（create --features mcp 也是这样做的）` : `MCP tools that are not read-only ask before they run: \`agentscope gen permission\` writes a policy that allows ${cls}.TRUSTED_TOOLS (as create --features mcp does)`);
  }
  result.notes = result.notes.flatMap((n) => (n === manualNote ? notes : [n]));
}

/**
 * A structured record answers Main's questions behind `--structured`, as
 * `create --features structured` writes it (wireStructuredMain); a Main of another shape gets
 * the lines to add.
 */
function wireStructured(tree: Tree, opts: FeatureOptions, result: GeneratorResult, manualNote: string): void {
  const zh = opts.lang === 'zh';
  const cls = opts.className;
  const w = editMain(tree, opts, wireStructuredMain);
  const { field, flag, branch } = structuredMainLines(cls);
  let note: string;
  if (w?.changed) note = zh ? `已接入 Main.java：带 --structured 运行时，每个问题都以 ${cls} record 作答（与 create --features structured 相同）` : `wired into Main.java: run with --structured and every question is answered as a ${cls} record (as create --features structured does)`;
  else if (w?.wired) note = zh ? `Main.java 已接入 ${cls}（--structured）` : `Main.java already answers with ${cls} (--structured)`;
  else note = zh ? `Main.java 已被改写（或已使用另一个 record），无法自动接入：加入字段 ${field}，在 run() 中 ${flag}，并在 ask() 的 try 开头加入 ${branch}` : `Main.java has changed beyond recognition (or answers with another record): add the field ${field}, in run() ${flag}, and at the start of ask()'s try ${branch}`;
  result.notes = result.notes.flatMap((n) => (n === manualNote ? [note] : [n]));
}

/**
 * The tests gen writes are JUnit 5: when the project's effective surefire cannot run them (none
 * declared, so Maven 3.8's default 2.12.4, or an older one), the module's pom gets a pinned
 * maven-surefire-plugin, and the plan says so (else `mvn test` would report `Tests run: 0`).
 */
function pinTestRunner(tree: Tree, project: ProjectInfo, opts: FeatureOptions, result: GeneratorResult): void {
  const writesTests = tree.list().some((c) => c.kind === 'create' && c.path.startsWith('src/test/java/') && c.path.endsWith('Test.java'));
  if (!writesTests) return;
  const state = surefireState(project.pomPath);
  if (!surefireCannotRunJunit5(state)) return;
  const to = TOOLING_VERSIONS.surefirePlugin;
  tree.update('pom.xml', (pom) => pinSurefire(pom, to));
  const was = state.status === 'default' ? (opts.lang === 'zh' ? `未声明，Maven 3.8 默认 ${state.version}` : `none declared, Maven 3.8's default ${state.version}`) : state.version;
  result.notes.push(
    opts.lang === 'zh'
      ? `pom.xml 中加入 maven-surefire-plugin ${to}（原为 ${was}，无法运行 JUnit 5 测试）`
      : `added maven-surefire-plugin ${to} to pom.xml (was ${was}, which does not run JUnit 5 tests)`,
  );
}

/** The classes `gen <kind> Name` writes, as paths of the Tree. */
function plannedClassFiles(opts: FeatureOptions): string[] {
  const main = `src/main/java/${opts.packagePath}`;
  const test = `src/test/java/${opts.packagePath}`;
  if (opts.kind === 'provider') return [`${main}/${opts.className}.java`, `${test}/${opts.className}Test.java`];
  const files = featureModule(opts.kind).files({ pkg: opts.packageName, lang: opts.lang, className: opts.className, mcpTransports: opts.mcpTransports, policy: { allow: [], ask: [], deny: [] } });
  return files.map((f) => `${f.scope === 'main' ? main : test}/${f.className}.java`);
}

/**
 * A class another generator wrote (create's Main, AgentFactory, AgentConfig, the test model, or a
 * class of another gen kind) is never replaced by gen, not even with --force: the statement says
 * what it is and how to get the new class under another name. A hand-written class of that name
 * is the user's (the usual conflict, which --force overwrites).
 */
function refuseToReplaceGenerated(tree: Tree, opts: FeatureOptions): void {
  const own = `feature/${opts.kind}`;
  for (const path of plannedClassFiles(opts)) {
    const text = tree.read(path);
    const by = text === undefined ? undefined : parseProvenance(text)?.generator;
    if (!by || by === own) continue;
    const file = path.split('/').pop()!;
    const what = by.startsWith('feature/') ? { en: `written by \`gen ${by.slice(8)}\``, zh: `由 \`gen ${by.slice(8)}\` 生成` } : { en: 'part of the project `create` wrote', zh: '属于 `create` 生成的项目' };
    const alt = `${opts.className}${toClassName(opts.kind === 'toolbase' ? 'tool' : opts.kind)}`;
    const alts = [alt, `My${opts.className}`].filter((x) => x !== opts.className).map((x) => `\`gen ${opts.kind} ${x}\``);
    throw new UsageError(
      { en: `${file} is ${what.en}; gen ${opts.kind} ${opts.className} would replace it, which gen never does (not even with --force)`, zh: `${file} ${what.zh}；gen ${opts.kind} ${opts.className} 会替换它，gen 从不这样做（--force 也不会）` },
      { en: `nothing was written; choose another name: ${alts.join(' or ')}`, zh: `未写入任何文件；请换一个名字：${alts.join(' 或 ')}` },
    );
  }
}

/** Records the feature's files and the pom's new dependencies in a fresh Tree over the project. */
export async function planFeature(project: ProjectInfo, opts: FeatureOptions, inventory: Inventory): Promise<{ tree: Tree; result: GeneratorResult; context: { path: string; content: string }[] }> {
  // the same refusal as `gen`'s (the MCP server plans through here too)
  refuseForProjectKind(project.kind, opts.kind, opts.force);
  const tree = new Tree(project.root);
  refuseToReplaceGenerated(tree, opts);
  const result = await generateFeature(tree, opts, { inventory });
  if (opts.kind !== 'provider') {
    const clash = findNameClash(opts.className, toClassName(opts.kind === 'toolbase' ? 'tool' : opts.kind), tree.list(), packageTypes(project.root, opts.packagePath));
    if (clash) {
      const alts = clash.suggestions.map((x) => `\`gen ${opts.kind} ${x}\``);
      throw new UsageError(
        { en: `class name ${opts.className}: ${clash.reason}`, zh: `类名 ${opts.className}：${clash.reasonZh}` },
        { en: `did you mean ${alts.join(' or ')}? (nothing was written)`, zh: `你是不是想要 ${alts.join(' 或 ')}？（未写入任何文件）` },
      );
    }
  }
  wireFeature(tree, project, opts, result);
  // Boot's managed JUnit comes with spring-boot-starter-test: no version of gen's own beside it.
  const deps = projectKindRow(project.kind).addsJunit ? result.dependencies : result.dependencies.filter((d) => d.groupId !== 'org.junit.jupiter');
  if (deps.length) {
    const projectVersion = project.agentscopeVersion ?? opts.agentscopeVersion;
    tree.update('pom.xml', (pom) => addDependencies(pom, deps.map((d) => fitVersionToPom(pom, d, projectVersion, project.inherited)), project.inherited));
  }
  pinTestRunner(tree, project, opts, result);
  return { tree, result, context: projectSources(project.root) };
}
