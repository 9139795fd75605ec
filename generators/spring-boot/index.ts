import type { Inventory } from '../../src/inventory/schema.js';
import type { CreateOptions, FeatureKind } from '../_core/options.js';
import type { Tree } from '../_core/tree.js';
import { emitJava, emitText, type Emit } from '../_core/java.js';
import { availableProviders, bomAvailable, VERSION_PROPERTY } from '../_core/providers.js';
import { chosenFeatures, emitFeatureFiles, policyLists, projectData, type GeneratorResult } from '../project/index.js';
import { TOOLING_VERSIONS } from '../project/tooling.js';
import { providerStarter, springBootProblem, SPRING_BOOT_CORE_STARTER } from './support.js';
import type { DependencyNeed } from '../../src/pom/pom.js';
import { builderLinesFor } from '../_core/project-kinds.js';

/**
 * The Spring Boot line the AgentScope 2.0.2 starters build on: their poms declare
 * spring-boot-autoconfigure 4.0.1 (core starter) and 4.0.3 (every model provider starter);
 * agentscope-dependencies-bom manages 4.0.4. The generated pom imports this Boot BOM.
 */
export const SPRING_BOOT_VERSION = '4.0.3';

/**
 * The system property the generated pom's spring-boot-maven-plugin sets for `mvn spring-boot:run`
 * (value `spring-boot:run`). Its run goal counts only exit codes 0 and 130 as success and prints a
 * 7-line failure report for any other, so there the app ends a run without an API key with its one
 * line and exit code 0; `java -jar` keeps exit code 2.
 */
const LAUNCHER_PROPERTY = 'agentscope.app.launcher';


/**
 * `create --flavor spring-boot`: an application class, the agent as a bean configured from
 * application.yml (the starter's `agentscope.*` keys, API keys as environment placeholders),
 * POST /chat, and offline tests in which a scripted Model bean makes the provider starter back off.
 */
export async function generateSpringBootProject(tree: Tree, opts: CreateOptions, inv: Inventory): Promise<GeneratorResult> {
  const problem = springBootProblem(opts, inv, availableProviders(inv).map((p) => p.prefix), opts.lang);
  if (problem) throw new Error(`spring-boot flavour: ${problem.code} ${JSON.stringify(problem.params)}`);

  const e: Emit = { tree, version: opts.agentscopeVersion, generator: 'spring-boot', force: opts.force };
  const features = chosenFeatures(opts.features);
  const policy = policyLists(features);
  const has = Object.fromEntries(features.map((f) => [f.kind, true])) as Partial<Record<FeatureKind, boolean>>;
  const provider = opts.providers[0];
  const main = `src/main/java/${opts.packagePath}`;
  const test = `src/test/java/${opts.packagePath}`;

  const bom = bomAvailable(inv);
  const declared: DependencyNeed[] = [SPRING_BOOT_CORE_STARTER, providerStarter(provider.prefix)].map((artifactId) => ({
    groupId: inv.groupId,
    artifactId,
    version: bom ? '' : VERSION_PROPERTY,
  }));
  const data = {
    ...projectData(opts),
    provider,
    // Where the starter's model class lives (agentscope-extensions-model-openai -> ...model.openai).
    providerPackage: `io.agentscope.extensions.model.${provider.artifactId.replace(/^agentscope-extensions-model-/, '')}`,
    // The starter's own property prefix (agentscope.<prefix>.*, from @ConfigurationProperties).
    baseUrlEnv: provider.prefix === 'ollama' ? 'OLLAMA_BASE_URL' : `${provider.prefix.toUpperCase()}_BASE_URL`,
    has,
    features,
    policy,
    dependencies: declared,
    bom,
    agentscopeGroupId: inv.groupId,
    versions: { ...TOOLING_VERSIONS, springBoot: SPRING_BOOT_VERSION },
    toolkitLines: features.flatMap((f) => f.module.toolkitLines(f.className)),
    builderLines: features.flatMap((f) => builderLinesFor('spring-boot', f.kind, f.className, f.module.builderLines)),
    exposedTools: features.flatMap((f) => f.module.tools(f.className).filter((t) => t.exposed !== false).map((t) => t.name)),
    sampleCalls: features.flatMap((f) => f.module.sampleCall?.(f.className) ?? []),
    launcherProperty: LAUNCHER_PROPERTY,
  };

  // A YAML double-quoted string in which Spring resolves no placeholder: `${` is escaped (`\${`), so user text reaches the agent as typed.
  const yml = (v: string) => JSON.stringify(v.replace(/\$\{/g, '\\${'));
  Object.assign(data, { yml });
  emitText(e, 'pom.xml', 'spring-boot/pom.xml.ejs', data, 'xml');
  emitText(e, 'README.md', `spring-boot/README.${opts.lang}.md.ejs`, data, 'xml');
  emitText(e, '.gitignore', 'project/gitignore.ejs', data, 'hash');
  emitText(e, 'src/main/resources/application.yml', 'spring-boot/application.yml.ejs', data, 'hash');
  await emitJava(e, `${main}/Application.java`, 'spring-boot/Application.java.ejs', data);
  await emitJava(e, `${main}/AgentConfig.java`, 'spring-boot/AgentConfig.java.ejs', data);
  await emitJava(e, `${main}/ChatController.java`, 'spring-boot/ChatController.java.ejs', data);
  await emitJava(e, `${test}/ScriptedModel.java`, 'shared/ScriptedModel.java.ejs', data);
  await emitJava(e, `${test}/ChatControllerTest.java`, 'spring-boot/ChatControllerTest.java.ejs', data);
  await emitJava(e, `${test}/ModelConfigTest.java`, 'spring-boot/ModelConfigTest.java.ejs', data);

  await emitFeatureFiles(e, features, opts, policy, data, main, test);
  return { dependencies: declared, notes: notesFor(opts, provider.apiKeyEnv, data.baseUrlEnv) };
}

function notesFor(opts: CreateOptions, keyEnv: string, baseUrlEnv: string): string[] {
  const zh = opts.lang === 'zh';
  const notes: string[] = [];
  if (keyEnv) {
    notes.push(
      zh
        ? `运行前设置环境变量 ${keyEnv}：application.yml 只引用 \${${keyEnv}:}，密钥不写进任何文件`
        : `set ${keyEnv} before running: application.yml only references \${${keyEnv}:}, the key is never written to a file`,
    );
  }
  notes.push(zh ? `可选：${baseUrlEnv} 指向兼容端点或本地服务器` : `optional: ${baseUrlEnv} points the model at a compatible endpoint or a local server`);
  return notes;
}
