import { basename, resolve } from 'node:path';
import type { PromptObject } from 'prompts';
import { installPromptKeys } from './prompt-keys.js';
import { CliError, UsageError } from '../core/errors.js';
import { t, type Lang, type MsgKey } from './i18n.js';
import { suggest } from '../core/suggest.js';
import { FEATURE_KINDS, FLAVORS, type AgentKind, type FeatureKind, type Flavor, type McpTransport } from '../../generators/_core/options.js';
import { AGENT_KINDS } from '../../generators/_core/agent-kinds.js';
import { SPRING_BOOT_SUPPORTED_FEATURES } from '../../generators/spring-boot/support.js';
import {
  derivePackageName,
  describeProblem,
  toArtifactId,
  validateArtifactId,
  validateDirectoryName,
  validateGroupId,
  validatePackageName,
  type Problem,
} from '../../generators/_core/names.js';
import { kindSummary } from '../../generators/_core/kinds.js';

/**
 * One table (CREATE_FIELDS) drives `create`'s flags, its --help text, its prompts and
 * the validation of both flag values and answers, the way create-vite does it: every
 * prompt has a flag, every flag has a default, so nothing ever has to wait for input.
 */

/** A provider the pinned inventory offers, with what the CLI needs to show and default. */
export interface ProviderOffer {
  prefix: string;
  artifactId: string;
  /** FQN of the ModelProvider implementation, when known. */
  providerClass?: string;
  apiKeyEnv: string;
  defaultModel: string;
}

export interface AgentKindOffer {
  kind: AgentKind;
  available: boolean;
  /** Why not, when not available. */
  reason?: string;
}

export interface CreateContext {
  lang: Lang;
  pinVersion: string;
  providers: ProviderOffer[];
  agentKinds: AgentKindOffer[];
  /** The JDK's feature release that `mvn` will use, when it can be found. */
  jdkMajor?: number;
  /** Providers with a Spring Boot starter in this version (empty: the flavour is not available). */
  springBootProviders?: string[];
}

export interface CreateAnswers {
  directory: string;
  groupId: string;
  artifactId: string;
  packageName: string;
  java: 17 | 21;
  /** Provider prefixes; first primary, second fallback. */
  providers: string[];
  models: Record<string, string>;
  agent: AgentKind;
  name: string;
  systemPrompt: string;
  features: FeatureKind[];
  mcp: McpTransport[];
  flavor: Flavor;
}

export const MCP_TRANSPORTS: readonly McpTransport[] = ['stdio', 'http', 'sse'];
const JAVA_RELEASES = [17, 21] as const;
const DEFAULT_DIRECTORY = 'agentscope-app';
const DEFAULT_FEATURES: readonly FeatureKind[] = ['tool'];

/** Raised when the user presses Ctrl-C (or Esc) in a prompt: exit 130, nothing written. */
class CancelledError extends CliError {
  constructor(lang: Lang) {
    super(t(lang, 'err.cancelled'), 130);
    this.name = 'CancelledError';
  }
}

type Partial2 = Partial<CreateAnswers>;
type Raw = string | string[] | boolean | undefined;

export interface Field<K extends keyof CreateAnswers = keyof CreateAnswers> {
  key: K;
  /** Long flag (kebab-case); absent for the positional directory. */
  flag?: string;
  multiple?: boolean;
  valueName: string;
  help: MsgKey;
  /** Choices listed in --help and offered in prompts. */
  choices?: (ctx: CreateContext) => string[];
  default: (ctx: CreateContext, a: Partial2) => CreateAnswers[K];
  /** Shown in --help; defaults to String(default) computed on empty answers. */
  defaultText?: (ctx: CreateContext) => string;
  /** Flag value(s) -> value; throws UsageError on invalid input. */
  fromFlag: (raw: string[], ctx: CreateContext, a: Partial2) => CreateAnswers[K];
  /** Questions for a terminal; answers go through `fromAnswers`. None: never prompted. */
  ask?: (ctx: CreateContext, a: Partial2) => PromptObject[];
  fromAnswers?: (answers: Record<string, unknown>, ctx: CreateContext, a: Partial2) => CreateAnswers[K];
}

function invalid(ctx: CreateContext, flag: string, p: Problem): UsageError {
  return new UsageError(t(ctx.lang, 'err.invalid', { flag, problem: describeProblem(p, t(ctx.lang, 'err.didYouMean')) }));
}

/** Splits `a,b` lists and repeated flags into one trimmed list. */
export function commaList(raw: string[]): string[] {
  return raw.flatMap((r) => r.split(',')).map((s) => s.trim()).filter(Boolean);
}

function choose<T extends string>(ctx: CreateContext, flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const near = suggest(value, allowed);
  throw new UsageError(
    t(ctx.lang, 'err.badChoice', { flag, value, list: allowed.join(', ') }),
    near.length ? `${t(ctx.lang, 'err.didYouMean')}: ${near.join(', ')}?` : undefined,
  );
}

/** A free-text field checked by a names.ts validator. */
function textField<K extends 'groupId' | 'artifactId' | 'packageName' | 'name' | 'systemPrompt'>(
  key: K,
  flag: string,
  valueName: string,
  help: MsgKey,
  message: MsgKey,
  def: (ctx: CreateContext, a: Partial2) => string,
  validate: (v: string) => Problem | undefined,
): Field<K> {
  const check = (ctx: CreateContext, v: string): string => {
    const p = validate(v);
    if (p) throw invalid(ctx, `--${flag}`, p);
    return v;
  };
  return {
    key,
    flag,
    valueName,
    help,
    default: (ctx, a) => def(ctx, a) as CreateAnswers[K],
    fromFlag: (raw, ctx) => check(ctx, raw[raw.length - 1].trim()) as CreateAnswers[K],
    ask: (ctx, a) => [
      {
        type: 'text',
        name: key,
        message: t(ctx.lang, message),
        initial: def(ctx, a),
        validate: (v: string) => {
          const p = validate(String(v).trim());
          return p ? describeProblem(p, t(ctx.lang, 'err.didYouMean')) : true;
        },
      },
    ],
    fromAnswers: (ans, ctx) => check(ctx, String(ans[key] ?? '').trim()) as CreateAnswers[K],
  };
}

const nonEmpty = (v: string): Problem | undefined => (v.trim() ? undefined : { message: 'must not be empty' });

function providerList(ctx: CreateContext): string {
  return ctx.providers.map((p) => p.prefix).join(', ');
}

function resolveProvider(ctx: CreateContext, name: string): string {
  const p = ctx.providers.find((x) => x.prefix === name.toLowerCase());
  if (p) return p.prefix;
  const near = suggest(name, ctx.providers.map((x) => x.prefix));
  throw new UsageError(
    t(ctx.lang, 'err.unknownProvider', { name }),
    [t(ctx.lang, 'err.providers.available', { version: ctx.pinVersion, list: providerList(ctx) }), near.length ? `${t(ctx.lang, 'err.didYouMean')}: ${near.join(', ')}?` : '']
      .filter(Boolean)
      .join('; '),
  );
}

function checkProviders(ctx: CreateContext, names: string[]): string[] {
  const out = names.map((n) => resolveProvider(ctx, n));
  if (out.length > 2) throw new UsageError(t(ctx.lang, 'err.tooManyProviders', { list: out.join(', ') }));
  if (out.length === 2 && out[0] === out[1]) throw new UsageError(t(ctx.lang, 'err.duplicateProvider', { name: out[0] }));
  return out;
}

function checkAgent(ctx: CreateContext, kind: string): AgentKind {
  const k = choose(ctx, '--agent', kind, ctx.agentKinds.map((x) => x.kind));
  const offer = ctx.agentKinds.find((x) => x.kind === k)!;
  if (!offer.available) {
    throw new CliError(t(ctx.lang, 'err.agentUnavailable', { kind: k, version: ctx.pinVersion, reason: offer.reason ?? '' }), 2);
  }
  return k;
}

function defaultModels(ctx: CreateContext, providers: string[]): Record<string, string> {
  return Object.fromEntries(providers.map((p) => [p, ctx.providers.find((x) => x.prefix === p)?.defaultModel ?? '']));
}

function features(ctx: CreateContext, raw: string[]): FeatureKind[] {
  const list = commaList(raw);
  if (list.length === 1 && list[0] === 'none') return [];
  const out: FeatureKind[] = [];
  for (const f of list) {
    const k = choose(ctx, '--features', f, FEATURE_KINDS);
    if (!out.includes(k)) out.push(k);
  }
  return out;
}

/** The providers the answers so far can take: under Spring Boot only those with a starter. */
function offeredProviders(ctx: CreateContext, a: Partial2): ProviderOffer[] {
  if (a.flavor !== 'spring-boot' || !ctx.springBootProviders) return ctx.providers;
  return ctx.providers.filter((p) => ctx.springBootProviders!.includes(p.prefix));
}

/** The features the flavour and agent kind chosen so far can take (the reasons are create's refusals). */
function offeredFeatures(a: Partial2): FeatureKind[] {
  if (a.flavor === 'spring-boot') return [...SPRING_BOOT_SUPPORTED_FEATURES];
  const unsupported = AGENT_KINDS[a.agent ?? 'react'].unsupported;
  return FEATURE_KINDS.filter((f) => !unsupported[f]);
}

export const CREATE_FIELDS: Field[] = [
  {
    key: 'directory',
    valueName: 'DIR',
    help: 'help.directory',
    default: () => DEFAULT_DIRECTORY,
    fromFlag: (raw, ctx) => {
      const p = validateDirectoryName(raw[0]);
      if (p) throw invalid(ctx, 'DIR', p);
      return raw[0];
    },
    ask: (ctx) => [
      {
        type: 'text',
        name: 'directory',
        message: t(ctx.lang, 'prompt.directory'),
        initial: DEFAULT_DIRECTORY,
        validate: (v: string) => {
          const p = validateDirectoryName(String(v));
          return p ? describeProblem(p, t(ctx.lang, 'err.didYouMean')) : true;
        },
      },
    ],
    fromAnswers: (ans, ctx) => {
      const v = String(ans.directory ?? '').trim() || DEFAULT_DIRECTORY;
      const p = validateDirectoryName(v);
      if (p) throw invalid(ctx, 'DIR', p);
      return v;
    },
  } satisfies Field<'directory'>,
  textField('groupId', 'group-id', '<id>', 'help.groupId', 'prompt.groupId', () => 'com.example', validateGroupId),
  { ...textField('artifactId', 'artifact-id', '<id>', 'help.artifactId', 'prompt.artifactId', (_c, a) => toArtifactId(basename(resolve(a.directory ?? DEFAULT_DIRECTORY))) || DEFAULT_DIRECTORY, validateArtifactId), defaultText: (ctx) => t(ctx.lang, 'help.default.artifactId') },
  { ...textField('packageName', 'package', '<pkg>', 'help.packageName', 'prompt.packageName', (_c, a) => derivePackageName(a.groupId ?? 'com.example', a.artifactId ?? DEFAULT_DIRECTORY), validatePackageName), defaultText: (ctx) => t(ctx.lang, 'help.default.packageName') },
  {
    key: 'java',
    flag: 'java',
    valueName: '17|21',
    help: 'help.java',
    choices: () => JAVA_RELEASES.map(String),
    default: () => 17,
    fromFlag: (raw, ctx) => Number(choose(ctx, '--java', raw[raw.length - 1], ['17', '21'])) as 17 | 21,
    ask: (ctx) => [
      {
        type: 'select',
        name: 'java',
        message: t(ctx.lang, 'prompt.java'),
        // Offered even when the local JDK is older (the project may be built elsewhere), but said.
        choices: JAVA_RELEASES.map((v) => ({ title: ctx.jdkMajor && v > ctx.jdkMajor ? `${v}  ${t(ctx.lang, 'prompt.java.newer', { jdk: ctx.jdkMajor })}` : String(v), value: v })),
        initial: 0,
      },
    ],
    fromAnswers: (ans) => (Number(ans.java) === 21 ? 21 : 17),
  } satisfies Field<'java'>,
  {
    key: 'flavor',
    flag: 'flavor',
    valueName: FLAVORS.join('|'),
    help: 'help.flavor',
    choices: () => [...FLAVORS],
    default: () => 'maven',
    fromFlag: (raw, ctx) => choose(ctx, '--flavor', raw[raw.length - 1], FLAVORS),
    // Asked before the providers, the agent kind and the features: the choices after it hold together with it.
    ask: (ctx) => [
      {
        type: 'select',
        name: 'flavor',
        message: t(ctx.lang, 'prompt.flavor'),
        choices: FLAVORS.map((f) => ({
          title: f,
          value: f,
          description: t(ctx.lang, f === 'maven' ? 'prompt.flavor.maven' : 'prompt.flavor.springBoot'),
          disabled: f === 'spring-boot' && !ctx.springBootProviders?.length,
        })),
        initial: 0,
      },
    ],
    fromAnswers: (ans, ctx) => choose(ctx, '--flavor', String(ans.flavor ?? 'maven'), FLAVORS),
  } satisfies Field<'flavor'>,
  {
    key: 'providers',
    flag: 'provider',
    multiple: true,
    valueName: '<name>',
    help: 'help.providers',
    choices: (ctx) => ctx.providers.map((p) => p.prefix),
    default: (ctx, a) => offeredProviders(ctx, a).slice(0, 1).map((p) => p.prefix),
    fromFlag: (raw, ctx) => checkProviders(ctx, commaList(raw)),
    ask: (ctx, a) => [
      {
        type: 'select',
        name: 'primary',
        message: t(ctx.lang, 'prompt.providers'),
        choices: offeredProviders(ctx, a).map((p) => ({ title: p.prefix, value: p.prefix, description: p.artifactId })),
        initial: 0,
      },
      {
        // a Spring Boot application has one Model bean: no fallback
        type: ctx.providers.length > 1 && a.flavor !== 'spring-boot' ? 'select' : null,
        name: 'fallback',
        message: t(ctx.lang, 'prompt.fallback'),
        choices: (prev: string) => [{ title: t(ctx.lang, 'prompt.none'), value: '' }, ...ctx.providers.filter((p) => p.prefix !== prev).map((p) => ({ title: p.prefix, value: p.prefix, description: p.artifactId }))],
        initial: 0,
      },
    ],
    fromAnswers: (ans, ctx) => checkProviders(ctx, [String(ans.primary ?? ''), String(ans.fallback ?? '')].filter(Boolean)),
  } satisfies Field<'providers'>,
  {
    key: 'models',
    flag: 'model',
    multiple: true,
    valueName: '<p=model>',
    help: 'help.models',
    defaultText: (ctx) => ctx.providers.map((p) => `${p.prefix}=${p.defaultModel}`).join(', '),
    default: (ctx, a) => defaultModels(ctx, a.providers ?? []),
    fromFlag: (raw, ctx, a) => {
      const chosen = a.providers ?? [];
      const models = defaultModels(ctx, chosen);
      for (const r of raw) {
        const eq = r.indexOf('=');
        if (eq < 0) {
          if (chosen.length !== 1 || !r.trim()) throw new UsageError(t(ctx.lang, 'err.modelFor', { value: r }));
          models[chosen[0]] = r.trim();
          continue;
        }
        const name = r.slice(0, eq).trim().toLowerCase();
        const model = r.slice(eq + 1).trim();
        if (!model) throw new UsageError(t(ctx.lang, 'err.modelFor', { value: r }));
        if (!chosen.includes(name)) {
          resolveProvider(ctx, name); // unknown provider: the clearer error first
          throw new UsageError(t(ctx.lang, 'err.modelUnknownProvider', { value: r, name, list: chosen.join(', ') }));
        }
        models[name] = model;
      }
      return models;
    },
    ask: (ctx, a) =>
      (a.providers ?? []).map((p) => ({
        type: 'text' as const,
        name: p,
        message: t(ctx.lang, 'prompt.model', { provider: p }),
        initial: ctx.providers.find((x) => x.prefix === p)?.defaultModel ?? '',
        validate: (v: string) => (String(v).trim() ? true : t(ctx.lang, 'err.emptyText', { flag: '--model' })),
      })),
    fromAnswers: (ans, ctx, a) => {
      const models = defaultModels(ctx, a.providers ?? []);
      for (const p of a.providers ?? []) {
        const v = String(ans[p] ?? '').trim();
        if (v) models[p] = v;
      }
      return models;
    },
  } satisfies Field<'models'>,
  {
    key: 'agent',
    flag: 'agent',
    valueName: 'react|harness',
    help: 'help.agent',
    choices: (ctx) => ctx.agentKinds.map((k) => k.kind),
    default: () => 'react',
    fromFlag: (raw, ctx) => checkAgent(ctx, raw[raw.length - 1]),
    // the starters build a ReActAgent: nothing to choose
    ask: (ctx, a) => (a.flavor === 'spring-boot' ? [] : [
      {
        type: 'select',
        name: 'agent',
        message: t(ctx.lang, 'prompt.agent'),
        choices: ctx.agentKinds.map((k) => ({
          title: k.kind,
          value: k.kind,
          disabled: !k.available,
          description: k.available ? undefined : t(ctx.lang, 'prompt.unavailable', { reason: k.reason ?? '' }),
        })),
        initial: Math.max(0, ctx.agentKinds.findIndex((k) => k.available)),
        warn: ctx.agentKinds.find((k) => !k.available)?.reason,
      },
    ]),
    fromAnswers: (ans, ctx) => checkAgent(ctx, String(ans.agent ?? 'react')),
  } satisfies Field<'agent'>,
  textField('name', 'name', '<text>', 'help.name', 'prompt.name', () => 'Assistant', nonEmpty),
  textField('systemPrompt', 'system-prompt', '<text>', 'help.systemPrompt', 'prompt.systemPrompt', (ctx) => (ctx.lang === 'zh' ? '你是一个乐于助人的助手。' : 'You are a helpful assistant.'), nonEmpty),
  {
    key: 'features',
    flag: 'features',
    multiple: true,
    valueName: '<list>',
    help: 'help.features',
    choices: () => [...FEATURE_KINDS],
    defaultText: () => DEFAULT_FEATURES.join(','),
    default: (_c, a) => DEFAULT_FEATURES.filter((f) => offeredFeatures(a).includes(f)),
    fromFlag: (raw, ctx) => features(ctx, raw),
    ask: (_ctx, a) => [
      {
        type: 'multiselect',
        name: 'features',
        message: t(_ctx.lang, 'prompt.features'),
        choices: offeredFeatures(a).map((f) => ({ title: f, value: f, description: kindSummary(f, _ctx.lang), selected: DEFAULT_FEATURES.includes(f) })),
        hint: t(_ctx.lang, 'prompt.multiselect.hint'),
        instructions: false,
      },
    ],
    fromAnswers: (ans, ctx) => features(ctx, Array.isArray(ans.features) ? (ans.features as string[]) : []),
  } satisfies Field<'features'>,
  {
    key: 'mcp',
    flag: 'mcp',
    multiple: true,
    valueName: '<list>',
    help: 'help.mcp',
    choices: () => [...MCP_TRANSPORTS],
    defaultText: () => 'stdio (with the mcp feature)',
    default: (_c, a) => (a.features?.includes('mcp') ? ['stdio'] : []),
    fromFlag: (raw, ctx) => {
      const out: McpTransport[] = [];
      for (const v of commaList(raw)) {
        const k = choose(ctx, '--mcp', v, MCP_TRANSPORTS);
        if (!out.includes(k)) out.push(k);
      }
      return out;
    },
    ask: (ctx, a) =>
      a.features?.includes('mcp')
        ? [{ type: 'multiselect', name: 'mcp', message: t(ctx.lang, 'prompt.mcp'), choices: MCP_TRANSPORTS.map((m) => ({ title: m, value: m, selected: m === 'stdio' })), min: 1, instructions: false, hint: t(ctx.lang, 'prompt.multiselect.hint') }]
        : [],
    fromAnswers: (ans) => (Array.isArray(ans.mcp) && ans.mcp.length ? (ans.mcp as McpTransport[]) : ['stdio']),
  } satisfies Field<'mcp'>,
] as Field[];

type ArgSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;

/**
 * util.parseArgs options for an option table (every flag a string, repeatable where the row says
 * so) plus the switches every create/gen run has; `extra` adds the command's own.
 */
export function tableArgSpec(fields: readonly { flag?: string; multiple?: boolean }[], extra: ArgSpec): ArgSpec {
  const spec: ArgSpec = {};
  for (const f of fields) if (f.flag) spec[f.flag] = { type: 'string', ...(f.multiple ? { multiple: true } : {}) };
  return { ...spec, lang: { type: 'string' }, force: { type: 'boolean', short: 'f' }, 'dry-run': { type: 'boolean', short: 'd' }, ...extra, yes: { type: 'boolean', short: 'y' }, help: { type: 'boolean', short: 'h' } };
}

/** util.parseArgs options for create's table. */
export function createArgSpec() {
  // --agentscope-version is not a CREATE_FIELDS row: the version is settled first, because its inventory supplies the other rows' choices.
  return tableArgSpec(CREATE_FIELDS, { 'agentscope-version': { type: 'string' }, 'no-git': { type: 'boolean' } });
}

export function createHelp(ctx: CreateContext): string {
  const rows: [string, string][] = [];
  for (const f of CREATE_FIELDS) {
    const left = f.flag ? `--${f.flag} ${f.valueName}` : f.valueName;
    const parts = [t(ctx.lang, f.help)];
    const choices = f.choices?.(ctx);
    if (choices?.length) parts.push(`${t(ctx.lang, 'help.choices')}: ${choices.join(', ')}`);
    let def: string;
    try {
      def = f.defaultText ? f.defaultText(ctx) : String(f.default(ctx, { directory: DEFAULT_DIRECTORY }));
    } catch {
      def = '';
    }
    if (def) parts.push(`${t(ctx.lang, 'help.default')}: ${def}`);
    rows.push([left, parts.join('; ')]);
  }
  rows.push(['--agentscope-version V', t(ctx.lang, 'help.agentscopeVersion', { version: ctx.pinVersion })]);
  rows.push(['--lang en|zh', t(ctx.lang, 'help.lang')]);
  rows.push(['-f, --force', t(ctx.lang, 'help.force')]);
  rows.push(['-d, --dry-run', t(ctx.lang, 'help.dryRun')]);
  rows.push(['--no-git', t(ctx.lang, 'help.noGit')]);
  rows.push(['-y, --yes', t(ctx.lang, 'help.yes')]);
  rows.push(['-h, --help', t(ctx.lang, 'help.help')]);
  const width = Math.max(...rows.map(([l]) => l.length));
  const unavailable = ctx.agentKinds.filter((k) => !k.available).map((k) => `  ${k.kind}: ${t(ctx.lang, 'prompt.unavailable', { reason: k.reason ?? '' })}`);
  // Features an available agent kind does not generate, with why.
  const limits = ctx.agentKinds
    .filter((k) => k.available)
    .flatMap((k) => Object.entries(AGENT_KINDS[k.kind].unsupported).map(([f, why]) => `  --agent ${k.kind}: ${t(ctx.lang, 'help.agentNoFeature', { feature: f, reason: why![ctx.lang] })}`));
  return [
    t(ctx.lang, 'help.usage.create'),
    '',
    t(ctx.lang, 'help.intro.create', { version: ctx.pinVersion }),
    '',
    t(ctx.lang, 'help.options'),
    ...rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`),
    '',
    t(ctx.lang, 'help.providersAvailable', { version: ctx.pinVersion, list: providerList(ctx) || '-' }),
    ...unavailable,
    ...limits,
  ].join('\n');
}

/** Asks a few questions; Ctrl-C/Esc becomes CancelledError. Tests drive it with prompts.inject. */
export async function ask(questions: PromptObject[], lang: Lang): Promise<Record<string, unknown>> {
  let cancelled = false;
  // prompts' own hint ("Use arrow-keys. Return to submit.") is English only.
  const localized = questions.map((q) => (q.type === 'select' && q.hint === undefined ? { ...q, hint: t(lang, 'prompt.select.hint') } : q));
  // loaded on the first question: `create --yes` and `gen` with every name given never ask
  const { default: prompts } = await import('prompts');
  await installPromptKeys();
  const answers = await prompts(localized, {
    onCancel: () => {
      cancelled = true;
      return false;
    },
  });
  if (cancelled) throw new CancelledError(lang);
  return answers as Record<string, unknown>;
}

export interface ResolveInput {
  values: Record<string, Raw>;
  positionals: string[];
  ctx: CreateContext;
  interactive: boolean;
  /**
   * Called after each field is settled (create checks the target directory here); a returned
   * value replaces the answer (e.g. another directory chosen after declining a non-empty one).
   */
  afterField?: (key: keyof CreateAnswers, value: unknown) => Promise<unknown>;
}

/** The raw flag value(s) of a field, or undefined when the flag was not given. */
function given(f: Field, values: Record<string, Raw>, positionals: string[]): string[] | undefined {
  const raw = f.flag ? values[f.flag] : positionals[0];
  if (raw === undefined || raw === false) return undefined;
  return Array.isArray(raw) ? raw : [String(raw)];
}

/** The table without a terminal: a flag wins, else the default (what `--yes` and non-TTY runs get). */
export function createAnswersFromFlags(values: Record<string, Raw>, positionals: string[], ctx: CreateContext): CreateAnswers {
  const a: Partial2 = {};
  for (const f of CREATE_FIELDS) {
    const raw = given(f, values, positionals);
    (a as Record<string, unknown>)[f.key] = raw ? f.fromFlag(raw, ctx, a) : f.default(ctx, a);
  }
  return a as CreateAnswers;
}

/**
 * Walks the table in order: a flag wins; else a prompt on a terminal; else the default.
 * Later defaults see earlier answers (artifactId from the directory, package from both).
 */
export async function resolveCreateAnswers({ values, positionals, ctx, interactive, afterField }: ResolveInput): Promise<CreateAnswers> {
  if (!interactive && !afterField) return createAnswersFromFlags(values, positionals, ctx);
  const a: Partial2 = {};
  for (const f of CREATE_FIELDS) {
    const raw = given(f, values, positionals);
    let v: unknown;
    if (raw) {
      v = f.fromFlag(raw, ctx, a);
    } else if (interactive && f.ask && f.fromAnswers) {
      const qs = f.ask(ctx, a);
      v = qs.length ? f.fromAnswers(await ask(qs, ctx.lang), ctx, a) : f.default(ctx, a);
    } else {
      v = f.default(ctx, a);
    }
    (a as Record<string, unknown>)[f.key] = v;
    const replaced = await afterField?.(f.key, v);
    if (replaced !== undefined) (a as Record<string, unknown>)[f.key] = replaced;
  }
  return a as CreateAnswers;
}
