import type { PromptObject } from 'prompts';
import { UsageError } from '../core/errors.js';
import { suggest } from '../core/suggest.js';
import { t, type Lang, type MsgKey } from './i18n.js';
import { ask, commaList, MCP_TRANSPORTS, tableArgSpec, type ProviderOffer } from './prompts.js';
import { describeProblem, validateClassName } from '../../generators/_core/names.js';
import { GEN_KINDS, isGenKind, kindOptions, kindSummary, nameExampleOf, type GenKind } from '../../generators/_core/kinds.js';
import type { FeatureOptions, McpTransport, ProviderChoice } from '../../generators/_core/options.js';
import { defaultFeatureClassName, featureOptions, providerClassName } from '../../generators/_core/feature-plan.js';
import type { ProjectInfo } from '../../generators/_core/project.js';
import { refuseForProjectKind } from '../../generators/_core/project-kinds.js';

/**
 * One table (GEN_FIELDS) drives `gen`'s arguments and flags, its --help, its prompts and the
 * validation of both, the way CREATE_FIELDS does for `create`: a flag or argument wins; else a
 * prompt on a terminal; else the default (with --yes or without a terminal, never a prompt).
 * normalizeGenOptions then turns the answers into the generators' FeatureOptions.
 */

export interface GenAnswers {
  kind: GenKind;
  mcp: McpTransport[];
  /** `gen provider <prefix>`: the provider's prefix. */
  provider?: string;
  model?: string;
  className: string;
}

export interface GenContext {
  lang: Lang;
  /**
   * The providers the project's AgentScope version offers. Reading them needs the project and
   * its inventory, so only `gen provider` calls it (once).
   */
  offers: () => Promise<{ version: string; offers: ProviderOffer[] }>;
}

type Answers = Partial<GenAnswers>;

interface GenField<K extends keyof GenAnswers = keyof GenAnswers> {
  key: K;
  /** A flag (`--mcp`), or the position among the arguments, which depends on the kind. */
  flag?: string;
  position?: (kind: GenKind) => number;
  multiple?: boolean;
  /** Shown in --help (flags only; the arguments are in the usage line). */
  help?: { left: string; text: MsgKey };
  /**
   * In `gen <kind> --help`: an argument's spelling in the usage line (`<Name>` when required,
   * `[Name]` when it has a default) and its value in the example (omitted when empty).
   */
  usage?: (kind: GenKind) => { arg: string; example: string };
  /** Kinds that take this field; the others refuse its flag. */
  appliesTo: (kind: GenKind) => boolean;
  fromFlag: (raw: string[], ctx: GenContext, a: Answers) => Promise<GenAnswers[K]> | GenAnswers[K];
  /** Without flag or prompt. Throws for a field that has no default (the kind; the provider). */
  default: (ctx: GenContext, a: Answers) => Promise<GenAnswers[K]> | GenAnswers[K];
  ask: (ctx: GenContext, a: Answers) => Promise<PromptObject[]> | PromptObject[];
  fromAnswers: (ans: Record<string, unknown>, ctx: GenContext, a: Answers) => Promise<GenAnswers[K]> | GenAnswers[K];
}

const takes = (option: 'mcp' | 'model') => (kind: GenKind) => kindOptions(kind).includes(option);

function badChoice(lang: Lang, flag: string, value: string, allowed: readonly string[]): UsageError {
  const near = suggest(value, allowed);
  return new UsageError(t(lang, 'err.badChoice', { flag, value, list: allowed.join(', ') }), near.length ? `${t(lang, 'err.didYouMean')}: ${near.join(', ')}?` : undefined);
}

function checkKind(lang: Lang, value: string): GenKind {
  if (isGenKind(value)) return value;
  const near = suggest(value, GEN_KINDS);
  throw new UsageError(t(lang, 'err.unknownKind', { kind: value }), near.length ? `${t(lang, 'err.didYouMean')}: ${near.join(', ')}?` : t(lang, 'err.kinds', { list: GEN_KINDS.join(', ') }));
}

function checkClassName(lang: Lang, value: string): string {
  const p = validateClassName(value);
  if (p) throw new UsageError(t(lang, 'err.invalid', { flag: 'Name', problem: describeProblem(p, t(lang, 'err.didYouMean')) }));
  return value;
}

function checkTransports(lang: Lang, raw: string[]): McpTransport[] {
  const out: McpTransport[] = [];
  for (const m of commaList(raw)) {
    if (!(MCP_TRANSPORTS as readonly string[]).includes(m)) throw badChoice(lang, '--mcp', m, MCP_TRANSPORTS);
    if (!out.includes(m as McpTransport)) out.push(m as McpTransport);
  }
  return out;
}

async function offerOf(ctx: GenContext, prefix: string | undefined): Promise<ProviderOffer> {
  return (await ctx.offers()).offers.find((o) => o.prefix === prefix)!;
}

/**
 * The kind's default class name; a provider's is its own spelling (`OpenAIModelConfig`). A kind
 * a project has many of (tools) has none: the default is the class every project already has.
 */
async function defaultClassNameFor(ctx: GenContext, a: Answers): Promise<string | undefined> {
  if (nameExampleOf(a.kind!)) return undefined;
  return a.kind === 'provider' ? providerClassName(await offerOf(ctx, a.provider)) : defaultFeatureClassName(a.kind!);
}

export const GEN_FIELDS: GenField[] = [
  {
    key: 'kind',
    position: () => 0,
    usage: (kind) => ({ arg: kind, example: kind }),
    appliesTo: () => true,
    fromFlag: (raw, ctx) => checkKind(ctx.lang, raw[0]),
    default: (ctx) => {
      throw new UsageError(t(ctx.lang, 'err.noKind', { list: GEN_KINDS.join(', ') }), 'see `agentscope gen --help`');
    },
    ask: (ctx) => [{ type: 'select', name: 'kind', message: t(ctx.lang, 'prompt.gen.kind'), choices: GEN_KINDS.map((k) => ({ title: k, value: k, description: kindSummary(k, ctx.lang) })), initial: 0 }],
    fromAnswers: (ans, ctx) => checkKind(ctx.lang, String(ans.kind ?? '')),
  } satisfies GenField<'kind'>,
  {
    key: 'mcp',
    flag: 'mcp',
    multiple: true,
    help: { left: `--mcp ${MCP_TRANSPORTS.join(',')}`, text: 'help.gen.mcp' },
    appliesTo: takes('mcp'),
    fromFlag: (raw, ctx) => checkTransports(ctx.lang, raw),
    default: (_ctx, a) => (takes('mcp')(a.kind!) ? ['stdio'] : []),
    ask: (ctx, a) =>
      takes('mcp')(a.kind!)
        ? [{ type: 'multiselect', name: 'mcp', message: t(ctx.lang, 'prompt.mcp'), choices: MCP_TRANSPORTS.map((m) => ({ title: m, value: m, selected: m === 'stdio' })), min: 1, instructions: false, hint: t(ctx.lang, 'prompt.multiselect.hint') }]
        : [],
    fromAnswers: (ans, ctx) => checkTransports(ctx.lang, Array.isArray(ans.mcp) && ans.mcp.length ? (ans.mcp as string[]) : ['stdio']),
  } satisfies GenField<'mcp'>,
  {
    key: 'provider',
    position: () => 1,
    usage: () => ({ arg: '<provider>', example: 'anthropic' }),
    appliesTo: (kind) => kind === 'provider',
    fromFlag: async (raw, ctx) => {
      const { version, offers } = await ctx.offers();
      const offer = offers.find((o) => o.prefix === raw[0].toLowerCase());
      if (offer) return offer.prefix;
      const near = suggest(raw[0], offers.map((o) => o.prefix));
      throw new UsageError(t(ctx.lang, 'err.unknownProvider', { name: raw[0] }), [t(ctx.lang, 'err.providers.available', { version, list: offers.map((o) => o.prefix).join(', ') }), near.length ? `${t(ctx.lang, 'err.didYouMean')}: ${near.join(', ')}?` : ''].filter(Boolean).join('; '));
    },
    default: (ctx, a) => {
      if (a.kind !== 'provider') return undefined;
      throw new UsageError(t(ctx.lang, 'err.providerName'), 'e.g. `agentscope gen provider anthropic`');
    },
    ask: async (ctx, a) =>
      a.kind === 'provider'
        ? [{ type: 'select', name: 'provider', message: t(ctx.lang, 'prompt.providers'), choices: (await ctx.offers()).offers.map((o) => ({ title: o.prefix, value: o.prefix, description: o.artifactId })), initial: 0 }]
        : [],
    fromAnswers: (ans) => String(ans.provider),
  } satisfies GenField<'provider'>,
  {
    key: 'model',
    flag: 'model',
    help: { left: '--model <name>', text: 'help.gen.model' },
    appliesTo: takes('model'),
    fromFlag: (raw) => raw[raw.length - 1].trim(),
    default: async (ctx, a) => (takes('model')(a.kind!) ? (await offerOf(ctx, a.provider)).defaultModel : undefined),
    ask: async (ctx, a) =>
      takes('model')(a.kind!)
        ? [{ type: 'text', name: 'model', message: t(ctx.lang, 'prompt.model', { provider: a.provider! }), initial: (await offerOf(ctx, a.provider)).defaultModel, validate: (v: string) => (String(v).trim() ? true : t(ctx.lang, 'err.emptyText', { flag: '--model' })) }]
        : [],
    fromAnswers: (ans) => String(ans.model ?? '').trim(),
  } satisfies GenField<'model'>,
  {
    key: 'className',
    position: (kind) => (kind === 'provider' ? 2 : 1),
    usage: (kind) => {
      const example = nameExampleOf(kind);
      return example ? { arg: '<Name>', example } : { arg: '[Name]', example: '' };
    },
    appliesTo: () => true,
    fromFlag: (raw, ctx) => checkClassName(ctx.lang, raw[0]),
    default: async (ctx, a) => {
      const name = await defaultClassNameFor(ctx, a);
      if (name !== undefined) return name;
      throw new UsageError(t(ctx.lang, 'err.nameRequired', { kind: a.kind! }), t(ctx.lang, 'err.nameRequired.hint', { kind: a.kind!, example: nameExampleOf(a.kind!)! }));
    },
    ask: async (ctx, a) => [
      {
        type: 'text',
        name: 'className',
        message: t(ctx.lang, 'prompt.gen.className'),
        initial: await defaultClassNameFor(ctx, a),
        validate: (v: string) => {
          const example = nameExampleOf(a.kind!);
          if (example && !String(v ?? '').trim()) return t(ctx.lang, 'err.nameRequired.hint', { kind: a.kind!, example });
          const p = validateClassName(String(v).trim());
          return p ? describeProblem(p, t(ctx.lang, 'err.didYouMean')) : true;
        },
      },
    ],
    fromAnswers: (ans, ctx) => checkClassName(ctx.lang, String(ans.className ?? '').trim()),
  } satisfies GenField<'className'>,
] as GenField[];

/** util.parseArgs options for gen's table. */
export function genArgSpec() {
  return tableArgSpec(GEN_FIELDS, { dir: { type: 'string' }, module: { type: 'string' } });
}

/** The options --help lists: the table's flags (of one kind, when given), then those every kind takes. */
function optionRows(lang: Lang, kind?: GenKind): [string, string][] {
  return [
    ...GEN_FIELDS.flatMap((f) => (f.help && (!kind || f.appliesTo(kind)) ? [[f.help.left, t(lang, f.help.text)] as [string, string]] : [])),
    ['--dir <path>', t(lang, 'help.gen.dir')],
    ['--module <name>', t(lang, 'help.gen.module')],
    ['--lang en|zh', t(lang, 'help.gen.lang')],
    ['-f, --force', t(lang, 'help.gen.force')],
    ['-d, --dry-run', t(lang, 'help.dryRun')],
    ['-y, --yes', t(lang, 'help.gen.yes')],
    ['-h, --help', t(lang, 'help.help')],
  ];
}

const table = (rows: [string, string][]) => {
  const w = Math.max(...rows.map(([l]) => l.length));
  return rows.map(([l, r]) => `  ${l.padEnd(w)}  ${r}`);
};

/**
 * `gen --help`, or `gen <kind> --help`: that kind's usage line, summary, default class name,
 * options and an example, all derived from GEN_FIELDS and the kinds' table.
 */
export function genHelp(lang: Lang, kindArg?: string): string {
  if (kindArg !== undefined) return kindHelp(lang, checkKind(lang, kindArg));
  const w = Math.max(...GEN_KINDS.map((k) => k.length));
  return [
    t(lang, 'help.usage.gen'),
    '',
    t(lang, 'help.intro.gen'),
    '',
    t(lang, 'help.kinds'),
    ...GEN_KINDS.map((k) => `  ${k.padEnd(w)}  ${kindSummary(k, lang)}`),
    '',
    t(lang, 'help.options'),
    ...table(optionRows(lang)),
    '',
    t(lang, 'help.gen.kindHelp'),
  ].join('\n');
}

function kindHelp(lang: Lang, kind: GenKind): string {
  const args = GEN_FIELDS.filter((f) => f.position && f.usage && f.appliesTo(kind))
    .sort((a, b) => a.position!(kind) - b.position!(kind))
    .map((f) => f.usage!(kind));
  const defaultName = kind === 'provider' || nameExampleOf(kind) ? undefined : defaultFeatureClassName(kind);
  return [
    `${t(lang, 'help.usage')}agentscope gen ${args.map((a) => a.arg).join(' ')} [options]`,
    '',
    kindSummary(kind, lang),
    ...(defaultName ? [t(lang, 'help.gen.defaultName', { name: defaultName })] : []),
    '',
    t(lang, 'help.options'),
    ...table(optionRows(lang, kind)),
    '',
    t(lang, 'help.example'),
    `  agentscope gen ${args.map((a) => a.example).filter(Boolean).join(' ')}`,
  ].join('\n');
}

type Raw = string | string[] | boolean | undefined;

/**
 * Walks GEN_FIELDS in order. After the kind is settled, arguments and flags the kind does not
 * take are refused (nothing is ever silently ignored).
 */
export async function resolveGenAnswers(values: Record<string, Raw>, positionals: string[], ctx: GenContext, interactive: boolean): Promise<GenAnswers> {
  const a: Answers = {};
  const raw = (f: GenField): string[] | undefined => {
    if (f.position) {
      if (a.kind && !f.appliesTo(a.kind)) return undefined;
      const v = positionals[f.position(a.kind ?? 'tool')];
      return v === undefined ? undefined : [v];
    }
    const v = values[f.flag!];
    return v === undefined || v === false ? undefined : Array.isArray(v) ? v : [String(v)];
  };
  for (const f of GEN_FIELDS) {
    const given = raw(f);
    let v: unknown;
    if (given) v = await f.fromFlag(given, ctx, a);
    else if (interactive && f.appliesTo(a.kind ?? 'tool')) {
      const qs = await f.ask(ctx, a);
      v = qs.length ? await f.fromAnswers(await ask(qs, ctx.lang), ctx, a) : await f.default(ctx, a);
    } else v = await f.default(ctx, a);
    (a as Record<string, unknown>)[f.key] = v;
    if (f.key === 'kind') refuseWhatTheKindDoesNotTake(a.kind!, values, positionals, ctx.lang);
  }
  return a as GenAnswers;
}

function refuseWhatTheKindDoesNotTake(kind: GenKind, values: Record<string, Raw>, positionals: string[], lang: Lang): void {
  const applying = GEN_FIELDS.filter((f) => f.appliesTo(kind));
  const last = Math.max(...applying.flatMap((f) => (f.position ? [f.position(kind)] : [])));
  const extra = positionals.slice(last + 1);
  if (extra.length) throw new UsageError(t(lang, 'err.extraArgs', { list: extra.join(' ') }), 'see `agentscope gen --help`');
  for (const f of GEN_FIELDS) {
    if (!f.flag || f.appliesTo(kind) || values[f.flag] === undefined) continue;
    const only = GEN_KINDS.filter((k) => f.appliesTo(k)).map((k) => `\`gen ${k}\``).join(', ');
    throw new UsageError(t(lang, 'err.genFlagOnly', { flag: `--${f.flag}`, only, kind }), 'see `agentscope gen --help`');
  }
}

export interface GenSettings {
  project: ProjectInfo;
  /** The project's AgentScope version (what the code is generated for). */
  version: string;
  lang: Lang;
  /** The language of the generated comments (the project's own; default: lang). */
  codeLang?: Lang;
  force: boolean;
  offers: ProviderOffer[];
}

/** The settled answers -> what generateFeature takes, derived and checked in one place. */
export function normalizeGenOptions(a: GenAnswers, s: GenSettings): FeatureOptions {
  refuseForProjectKind(s.project.kind, a.kind, s.force);
  let provider: ProviderChoice | undefined;
  if (a.kind === 'provider') {
    const offer = s.offers.find((o) => o.prefix === a.provider)!;
    if (!a.model) throw new UsageError(t(s.lang, 'err.modelFor', { value: `${offer.prefix}=?` }), 'pass --model <model>');
    provider = { prefix: offer.prefix, artifactId: offer.artifactId, apiKeyEnv: offer.apiKeyEnv, model: a.model };
  }
  const mcpTransports = kindOptions(a.kind).includes('mcp') ? (a.mcp.length ? a.mcp : ['stdio' as const]) : [];
  return featureOptions(s.project, { kind: a.kind, className: a.className, mcpTransports, provider, lang: s.codeLang ?? s.lang, force: s.force, agentscopeVersion: s.version });
}
