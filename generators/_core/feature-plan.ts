/**
 * The part of `agentscope gen` that needs no terminal: a validated request + the project
 * around it -> the feature's file changes and pom edits recorded in a Tree (nothing written).
 * Shared by the `gen` command and the MCP server's `plan_generation` tool, so both plan the
 * same files with the same guards.
 */
import type { Inventory } from '../../src/inventory/schema.js';
import { generateFeature } from '../feature.js';
import { featureModule } from '../registry.js';
import { defaultClassName } from './kinds.js';
import type { GeneratorResult } from '../project/index.js';
import { packagePath, toClassName } from './names.js';
import type { FeatureKind, FeatureOptions, Lang, McpTransport, ProviderChoice } from './options.js';
import { addDependencies, fitVersionToPom } from '../../src/pom/pom.js';
import type { ProjectInfo } from './project.js';
import { Tree } from './tree.js';
import { findNameClash } from './name-clash.js';
import { wireAgentFactory } from './wire.js';
import { UsageError } from '../../src/core/errors.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TOP_LEVEL_TYPE = /^(?:(?:public|final|abstract|sealed|non-sealed|strictfp)\s+)*(?:class|interface|enum|record|@interface)\s+([A-Za-z_$][\w$]*)/gm;

/** Top-level type names declared by the .java files of a package (main and test), by file. */
function packageTypes(root: string, pkgPath: string): { file: string; type: string }[] {
  const out: { file: string; type: string }[] = [];
  for (const dir of ['src/main/java', 'src/test/java'].map((d) => join(root, d, pkgPath))) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.java')) continue;
      for (const m of readFileSync(join(dir, f), 'utf8').matchAll(TOP_LEVEL_TYPE)) out.push({ file: f.slice(0, -5), type: m[1] });
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
function wireFeature(tree: Tree, opts: FeatureOptions, result: GeneratorResult): void {
  if (opts.kind === 'provider') return;
  const module = featureModule(opts.kind);
  const factory = `src/main/java/${opts.packagePath}/AgentFactory.java`;
  if (!tree.exists(factory)) return;
  const toolkitLines = module.toolkitLines(opts.className);
  const builderLines = module.builderLines(opts.className);
  // Nothing to place (mcp, structured): the generator's own note says how to use the class.
  if (!toolkitLines.length && !builderLines.length) return;
  const manualNote = module.wiring(opts.className, opts.lang);
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
  const w = wireAgentFactory(text, toolkitLines, builderLines);
  if (w.added.length) tree.update(factory, () => w.text);
  const zh = opts.lang === 'zh';
  const notes: string[] = [];
  if (w.added.length) notes.push(zh ? `已接入 AgentFactory.java：${w.added.join(' ')}` : `wired into AgentFactory.java: ${w.added.join(' ')}`);
  for (const m of w.manual) notes.push(zh ? `AgentFactory.java 已被改写，无法自动接入：请在 ${m.where} 加入 ${m.line}` : `AgentFactory.java has changed beyond recognition: add ${m.line} to ${m.where}`);
  result.notes = result.notes.flatMap((n) => (n === manualNote ? notes : [n]));
}

/** Records the feature's files and the pom's new dependencies in a fresh Tree over the project. */
export async function planFeature(project: ProjectInfo, opts: FeatureOptions, inventory: Inventory): Promise<{ tree: Tree; result: GeneratorResult }> {
  const tree = new Tree(project.root);
  const result = await generateFeature(tree, opts, { inventory });
  if (opts.kind !== 'provider') {
    const clash = findNameClash(opts.className, toClassName(opts.kind === 'toolbase' ? 'tool' : opts.kind), tree.list(), packageTypes(project.root, opts.packagePath));
    if (clash) throw new UsageError(`class name ${opts.className}: ${clash.reason}`, `did you mean ${clash.suggestions.map((x) => `\`gen ${opts.kind} ${x}\``).join(' or ')}? (nothing was written)`);
  }
  wireFeature(tree, opts, result);
  const deps = result.dependencies;
  if (deps.length) {
    const projectVersion = project.agentscopeVersion ?? opts.agentscopeVersion;
    tree.update('pom.xml', (pom) => addDependencies(pom, deps.map((d) => fitVersionToPom(pom, d, projectVersion, project.inherited)), project.inherited));
  }
  return { tree, result };
}
