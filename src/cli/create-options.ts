import type { Inventory } from '../inventory/schema.js';
import { CliError, UsageError } from '../core/errors.js';
import { t } from './i18n.js';
import { packagePath } from '../../generators/_core/names.js';
import type { CreateOptions, ProviderChoice } from '../../generators/_core/options.js';
import { unsupportedFeatures } from '../../generators/_core/agent-kinds.js';
import { SPRING_BOOT_CORE_STARTER, springBootProblem, springBootProviders } from '../../generators/spring-boot/support.js';
import { createArgSpec, type CreateAnswers, type CreateContext } from './prompts.js';
import { parseCommandArgs } from './args.js';
import { detectLang, type Lang } from './i18n.js';
import { agentKindOffers, providerOffers, type GeneratorsModule } from './apply.js';
import { readPin } from '../inventory/pin.js';

/**
 * `create`'s options: argv -> CREATE_FIELDS (prompts.ts: flags, prompts, defaults, --help)
 * -> normalizeCreateOptions -> CreateOptions. The CLI and the Maven test matrix
 * (tests/maven/support.ts) both go through these functions.
 */

const VERSION_SYNTAX = /^\d+\.\d+\.\d+([.-][\w.-]+)?$/;

/** `--agentscope-version V`: a Maven version of io.agentscope (checked for shape only; the inventory says if it exists). */
function agentscopeVersionArg(raw: string | undefined, lang: Lang): string | undefined {
  if (raw === undefined) return undefined;
  const v = raw.trim();
  if (!VERSION_SYNTAX.test(v)) throw new UsageError(t(lang, 'err.badVersion', { value: raw }), 'e.g. --agentscope-version 2.0.0');
  return v;
}

/** argv -> flag values, the language and the AgentScope version (the pin unless --agentscope-version). */
export function parseCreateArgv(argv: string[], env: NodeJS.ProcessEnv) {
  const { values, positionals } = parseCommandArgs('create', argv, createArgSpec(), env);
  let lang: Lang;
  try {
    lang = detectLang(values.lang as string | undefined, env);
  } catch (e) {
    throw new UsageError(`--lang: ${(e as Error).message}`);
  }
  if (positionals.length > 1) throw new UsageError(`create takes one directory, got ${positionals.length}: ${positionals.join(' ')}`, 'see `agentscope create --help`');
  if (positionals.length === 1 && !positionals[0].trim()) throw new UsageError('the directory name is empty', 'pass a directory, e.g. `agentscope create my-agent` (or `.` for the current one)');
  const version = agentscopeVersionArg(values['agentscope-version'] as string | undefined, lang) ?? readPin().version;
  return { values: values as Record<string, string | string[] | boolean | undefined>, positionals, lang, version };
}

/** What the table's choices and defaults come from: the version's providers and agent kinds. */
export function createContext(lang: Lang, version: string, inventory: Inventory, gens: GeneratorsModule, jdkMajor?: number): CreateContext {
  const providers = providerOffers(gens, inventory);
  const starters = inventory.artifacts.some((x) => x.artifactId === SPRING_BOOT_CORE_STARTER) ? springBootProviders(inventory, providers.map((p) => p.prefix)) : [];
  const ctx: CreateContext = { lang, pinVersion: version, providers, agentKinds: agentKindOffers(gens, inventory), jdkMajor, springBootProviders: starters };
  if (!ctx.providers.length) throw new CliError(`the AgentScope Java ${version} inventory lists no model provider`, 1, 'pull the inventory again with `agentscope inventory pull`');
  return ctx;
}

export interface CreateSettings {
  ctx: CreateContext;
  /** Absolute target directory. */
  directory: string;
  /** The AgentScope version the project is for. */
  version: string;
  force: boolean;
  /** That version's inventory (decides what the Spring Boot flavour can take). */
  inventory: Inventory;
}

/** The settled answers of CREATE_FIELDS -> what the generators take, derived and checked in one place. */
export function normalizeCreateOptions(a: CreateAnswers, s: CreateSettings): CreateOptions {
  const { ctx } = s;
  const lang = ctx.lang;
  const providers: ProviderChoice[] = a.providers.map((prefix) => {
    const offer = ctx.providers.find((p) => p.prefix === prefix)!;
    const model = a.models[prefix];
    if (!model) throw new UsageError(t(lang, 'err.modelFor', { value: `${prefix}=?` }), `pass --model ${prefix}=<model>`);
    return { prefix, artifactId: offer.artifactId, apiKeyEnv: offer.apiKeyEnv, model };
  });
  // --mcp implies the mcp feature
  const features = a.mcp.length && !a.features.includes('mcp') ? [...a.features, 'mcp' as const] : a.features;
  const opts: CreateOptions = {
    groupId: a.groupId,
    artifactId: a.artifactId,
    packageName: a.packageName,
    packagePath: packagePath(a.packageName),
    javaRelease: a.java,
    agentscopeVersion: s.version,
    lang,
    directory: s.directory,
    projectVersion: '0.1.0-SNAPSHOT',
    agent: { kind: a.agent, name: a.name, systemPrompt: a.systemPrompt },
    providers,
    maxRetries: providers.length > 1 ? 2 : 0,
    features,
    mcpTransports: features.includes('mcp') ? (a.mcp.length ? a.mcp : ['stdio']) : [],
    flavor: a.flavor,
    force: s.force,
  };
  const refused = unsupportedFeatures(opts.agent.kind, opts.features, lang);
  if (refused.length) throw new UsageError(t(lang, 'err.agentFeatures', { kind: opts.agent.kind, list: refused.join('; ') }), t(lang, 'err.agentFeatures.hint'));
  const sb = opts.flavor === 'spring-boot' ? springBootProblem(opts, s.inventory, ctx.providers.map((p) => p.prefix), lang) : undefined;
  if (sb) throw new UsageError(t(lang, `err.spring.${sb.code}`, sb.params), t(lang, 'err.spring.hint'));
  return opts;
}
