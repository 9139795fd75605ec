import { resolve } from 'node:path';
import type { Io } from '../../core/io.js';
import { CliError, UsageError } from '../../core/errors.js';
import { parseCommandArgs } from '../args.js';
import { detectLang, t, type Lang } from '../i18n.js';
import { suggest } from '../../core/suggest.js';
import { commaList, MCP_TRANSPORTS } from '../prompts.js';
import { checkPrintWrite, loadGenerators, providerOffers } from '../apply.js';
import { readPin } from '../../inventory/pin.js';
import { loadInventory } from '../../inventory/store.js';
import { ensureInventory } from '../../upgrade/ensure.js';
import { describeProblem, validateClassName } from '../../../generators/_core/names.js';
import { readProject, type ProjectInfo } from '../../../generators/_core/project.js';
import { type McpTransport, type ProviderChoice } from '../../../generators/_core/options.js';
import { GEN_KINDS } from '../../../generators/_core/kinds.js';
import { defaultFeatureClassName, featureOptions, planFeature, providerClassName, type GenKind } from '../../../generators/_core/feature-plan.js';
import { AGENT_KINDS, unsupportedFeatures } from '../../../generators/_core/agent-kinds.js';


const OPTIONS = {
  force: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  mcp: { type: 'string', multiple: true },
  model: { type: 'string' },
  lang: { type: 'string' },
  dir: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function help(lang: Lang): string {
  const kinds = Object.keys(GEN_KINDS) as GenKind[];
  const w = Math.max(...kinds.map((k) => k.length));
  const rows: [string, string][] = [
    ['--mcp stdio,http,sse', t(lang, 'help.gen.mcp')],
    ['--model <name>', t(lang, 'help.gen.model')],
    ['--dir <path>', t(lang, 'help.gen.dir')],
    ['--lang en|zh', t(lang, 'help.lang')],
    ['--force', t(lang, 'help.gen.force')],
    ['--dry-run', t(lang, 'help.dryRun')],
    ['-h, --help', t(lang, 'help.help')],
  ];
  const ow = Math.max(...rows.map(([l]) => l.length));
  return [
    t(lang, 'help.usage.gen'),
    '',
    t(lang, 'help.intro.gen'),
    '',
    t(lang, 'help.kinds'),
    ...kinds.map((k) => `  ${k.padEnd(w)}  ${GEN_KINDS[k][lang]}`),
    '',
    t(lang, 'help.options'),
    ...rows.map(([l, r]) => `  ${l.padEnd(ow)}  ${r}`),
  ].join('\n');
}

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('gen', argv, OPTIONS, io.env);
  let lang: Lang;
  try {
    lang = detectLang(values.lang, io.env);
  } catch (e) {
    throw new UsageError(`--lang: ${(e as Error).message}`);
  }
  if (values.help) {
    io.out(help(lang));
    return 0;
  }
  const kindList = Object.keys(GEN_KINDS).join(', ');
  const [kindArg, nameArg, ...rest] = positionals;
  // `gen provider <prefix> [ClassName]`; every other kind: `gen <kind> [ClassName]`
  const providerClassArg = kindArg === 'provider' ? rest.shift() : undefined;
  const extra = rest;
  if (!kindArg) throw new UsageError(t(lang, 'err.noKind', { list: kindList }), 'see `agentscope gen --help`');
  if (!(kindArg in GEN_KINDS)) {
    const near = suggest(kindArg, Object.keys(GEN_KINDS));
    throw new UsageError(t(lang, 'err.unknownKind', { kind: kindArg }), near.length ? `${t(lang, 'err.didYouMean')}: ${near.join(', ')}?` : t(lang, 'err.kinds', { list: kindList }));
  }
  if (extra.length) throw new UsageError(`unexpected argument(s): ${extra.join(' ')}`, 'see `agentscope gen --help`');
  const kind = kindArg as GenKind;
  const force = Boolean(values.force);
  const dryRun = Boolean(values['dry-run']);

  // Validate what needs no project first, so bad input fails fast and writes nothing.
  // A flag that only one kind reads is an error elsewhere, not silently ignored.
  for (const [flag, only] of [['mcp', 'mcp'], ['model', 'provider']] as const) {
    if (values[flag] !== undefined && kind !== only) throw new UsageError(`--${flag} applies only to \`gen ${only}\`, not to \`gen ${kind}\``, 'see `agentscope gen --help`');
  }
  const mcpTransports: McpTransport[] = [];
  for (const m of commaList(values.mcp ?? [])) {
    if (!(MCP_TRANSPORTS as readonly string[]).includes(m)) {
      const near = suggest(m, MCP_TRANSPORTS);
      throw new UsageError(t(lang, 'err.badChoice', { flag: '--mcp', value: m, list: MCP_TRANSPORTS.join(', ') }), near.length ? `${t(lang, 'err.didYouMean')}: ${near.join(', ')}?` : undefined);
    }
    if (!mcpTransports.includes(m as McpTransport)) mcpTransports.push(m as McpTransport);
  }
  if (kind === 'mcp' && !mcpTransports.length) mcpTransports.push('stdio');
  const classArg = kind === 'provider' ? providerClassArg : nameArg;
  if (classArg !== undefined) {
    const p = validateClassName(classArg);
    if (p) throw new UsageError(t(lang, 'err.invalid', { flag: 'Name', problem: describeProblem(p, t(lang, 'err.didYouMean')) }));
  }
  if (kind === 'provider' && !nameArg) throw new UsageError(t(lang, 'err.providerName'), 'e.g. `agentscope gen provider anthropic`');

  const pin = readPin();
  const project = readProject(resolve(io.cwd, values.dir ?? '.'));
  // Code is generated for the project's own version, checked against that version's inventory
  // (shipped, cached or pulled through mvn); --force on a project without one uses the pin.
  const version = projectVersion(project, pin.version, force, lang);
  refuseForAgentKind(project, kind, force, lang);
  const inventory = await ensureInventory(version, { io });
  const pinned = version === pin.version ? inventory : loadInventory(pin.version, io.env);
  const gens = await loadGenerators(lang);
  let provider: ProviderChoice | undefined;
  let className: string;
  if (kind === 'provider') {
    const offers = providerOffers(gens, inventory);
    const offer = offers.find((o) => o.prefix === nameArg!.toLowerCase());
    if (!offer) {
      const near = suggest(nameArg!, offers.map((o) => o.prefix));
      throw new UsageError(
        t(lang, 'err.unknownProvider', { name: nameArg! }),
        [t(lang, 'err.providers.available', { version, list: offers.map((o) => o.prefix).join(', ') }), near.length ? `${t(lang, 'err.didYouMean')}: ${near.join(', ')}?` : ''].filter(Boolean).join('; '),
      );
    }
    const model = values.model ?? offer.defaultModel;
    if (!model) throw new UsageError(t(lang, 'err.modelFor', { value: `${offer.prefix}=?` }), 'pass --model <model>');
    provider = { prefix: offer.prefix, artifactId: offer.artifactId, apiKeyEnv: offer.apiKeyEnv, model };
    className = providerClassArg ?? providerClassName(offer);
  } else {
    className = nameArg ?? defaultFeatureClassName(kind);
  }

  const opts = featureOptions(project, { kind, className, mcpTransports, provider, lang, force, agentscopeVersion: version });
  io.out(t(lang, 'gen.heading', { kind, name: kind === 'provider' ? provider!.prefix : className, root: project.root, pkg: project.basePackage, version }));
  const { tree, result } = await planFeature(project, opts, inventory);
  const { interrupted } = await checkPrintWrite(tree, { io, lang, dryRun, inventory, pinned });
  if (result.notes?.length) {
    io.out('');
    io.out(t(lang, 'next.notes'));
    for (const n of result.notes) io.out(`  - ${n}`);
  }
  return interrupted ? 130 : 0;
}

/** A HarnessAgent project (agentscope-harness in its pom) does not take the features written against ReActAgent only. */
function refuseForAgentKind(project: ProjectInfo, kind: GenKind, force: boolean, lang: Lang): void {
  if (force || kind === 'provider') return;
  const harness = project.pom.dependencies.some((d) => d.artifactId === AGENT_KINDS.harness.artifactId);
  const refused = harness ? unsupportedFeatures('harness', [kind], lang) : [];
  if (refused.length) throw new UsageError(t(lang, 'err.agentFeatures', { kind: 'harness', list: refused.join('; ') }), t(lang, 'err.agentFeatures.genHint'));
}

/**
 * The AgentScope version to generate for: the project's own. Refuses (exit 1) a pom naming
 * several versions, or none (unless --force, which generates for the pin).
 */
function projectVersion(project: ProjectInfo, pinned: string, force: boolean, lang: Lang): string {
  if (project.agentscopeVersions.length > 1 && !force) {
    throw new CliError(t(lang, 'err.manyVersions', { list: project.agentscopeVersions.join(', ') }), 1, t(lang, 'err.manyVersions.hint'));
  }
  if (!project.agentscopeVersion) {
    if (force) return pinned;
    throw new CliError(t(lang, 'err.noAgentscope'), 1, t(lang, 'err.noAgentscope.hint', { pinned }));
  }
  return project.agentscopeVersion;
}
