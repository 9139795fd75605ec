/**
 * The kinds of project `create` writes and `gen` edits, one row each: a plain Maven project
 * (ReActAgent in AgentFactory), a HarnessAgent project, and a Spring Boot application (the agent
 * as beans of AgentConfig, configured in application.yml). `gen` detects the kind from the pom,
 * never from flags; each row says which gen kinds it takes (with the reason for the others, the
 * same reasons `create` gives) and where a feature is wired.
 */
import type { PomModel } from '../../src/pom/pom.js';
import { AGENT_KINDS } from './agent-kinds.js';
import type { FeatureKind, GenKind } from './options.js';
import { GEN_KINDS } from './kinds.js';
import { UsageError } from '../../src/core/errors.js';
import { AGENT_FACTORY, type WireSites } from './wire.js';
import { SPRING_BOOT_CORE_STARTER, springBootSupport } from '../spring-boot/support.js';

export type ProjectKind = 'plain' | 'harness' | 'spring-boot';

interface Reason {
  en: string;
  zh: string;
}

/** Where `gen` places a feature's toolkit registrations and builder calls: the class (in the base package) and its anchors. */
interface WiringSite extends WireSites {
  file: string;
}

interface ProjectKindRow {
  kind: ProjectKind;
  /** Does this pom (its own model with what it inherits on disk) make a project of this kind? */
  detect: (pom: PomModel) => boolean;
  /** Why `gen <kind>` is refused here; undefined: accepted. */
  refuses: (kind: GenKind) => Reason | undefined;
  wiring: WiringSite;
  /** Builder calls that differ from the plain project's, per feature. */
  builderLines?: Partial<Record<FeatureKind, (cls: string) => string[]>>;
  /** false: the build already brings JUnit Jupiter (spring-boot-starter-test, under Boot's managed version): gen adds none of its own. */
  addsJunit: boolean;
}

const has = (pom: PomModel, artifactId: string) => [...pom.dependencies, ...pom.managed].some((d) => d.artifactId === artifactId);

const FACTORY: WiringSite = { file: 'AgentFactory.java', ...AGENT_FACTORY };

const reasonsFor = (features: Partial<Record<FeatureKind, Reason>>) => (kind: GenKind) => (kind === 'provider' ? undefined : features[kind]);

/** Detection order: the first row whose `detect` holds (plain last, it takes any pom). */
const PROJECT_KINDS: readonly ProjectKindRow[] = [
  {
    kind: 'spring-boot',
    detect: (pom) => has(pom, SPRING_BOOT_CORE_STARTER),
    refuses: (kind) => {
      if (kind === 'provider') {
        return {
          en: 'the model comes from the provider starter configured in application.yml (agentscope.model.provider); a second way to build models would bypass it',
          zh: '模型由 application.yml 中配置的 provider starter 提供（agentscope.model.provider）；再加一种构建模型的方式会绕过它',
        };
      }
      const s = springBootSupport(kind);
      return s.supported ? undefined : s.why;
    },
    wiring: {
      file: 'AgentConfig.java',
      toolkitAnchor: /^([ \t]*)return toolkit;[ \t]*$/m,
      builderAnchor: /^([ \t]*)\.maxIters\(config\.getMaxIters\(\)\)[ \t]*$/m,
      toolkitWhere: 'AgentConfig.agentToolkit(), before `return toolkit;`',
      builderWhere: 'the agent builder chain in AgentConfig.agent()',
    },
    // a server has nobody to confirm a tool call
    builderLines: { permission: (cls) => [`.permissionContext(${cls}.unattended())`] },
    addsJunit: false,
  },
  {
    kind: 'harness',
    detect: (pom) => has(pom, AGENT_KINDS.harness.artifactId),
    refuses: reasonsFor(AGENT_KINDS.harness.unsupported),
    wiring: FACTORY,
    addsJunit: true,
  },
  { kind: 'plain', detect: () => true, refuses: () => undefined, wiring: FACTORY, addsJunit: true },
];

export function projectKindRow(kind: ProjectKind): ProjectKindRow {
  return PROJECT_KINDS.find((r) => r.kind === kind)!;
}

/** The kind of the project whose (effective) pom this is. */
export function detectProjectKind(pom: PomModel): ProjectKind {
  return PROJECT_KINDS.find((r) => r.detect(pom))!.kind;
}

/**
 * Refuses (exit 2, before anything is planned) what a project of this kind cannot wire, with the
 * reason create gives for the same choice and the kinds it takes. A HarnessAgent project takes
 * --force (the ReActAgent helper is still written), a Spring Boot application never.
 */
export function refuseForProjectKind(project: ProjectKind, kind: GenKind, force: boolean): void {
  const why = projectKindRow(project).refuses(kind);
  if (!why || (force && project === 'harness')) return;
  const accepted = GEN_KINDS.filter((k) => !projectKindRow(project).refuses(k)).join(', ');
  throw new UsageError(
    { en: `a ${project} project does not take \`gen ${kind}\`: ${why.en}`, zh: `${project} 项目不接受 \`gen ${kind}\`：${why.zh}` },
    project === 'harness'
      ? { en: `nothing was written; this project uses HarnessAgent (agentscope-harness) and takes: ${accepted}; --force generates the ReActAgent helper anyway`, zh: `未写入任何文件；该项目使用 HarnessAgent（agentscope-harness），接受：${accepted}；--force 仍会生成基于 ReActAgent 的辅助类` }
      : { en: `nothing was written; this project takes: ${accepted}`, zh: `未写入任何文件；该项目接受：${accepted}` },
  );
}

/** The builder calls of a feature in a project of this kind. */
export function builderLinesFor(project: ProjectKind, kind: FeatureKind, cls: string, plain: (cls: string) => string[]): string[] {
  return (projectKindRow(project).builderLines?.[kind] ?? plain)(cls);
}
