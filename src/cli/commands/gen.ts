import { dirname, resolve } from 'node:path';
import type { Io } from '../../core/io.js';
import { CliError, UsageError } from '../../core/errors.js';
import { parseCommandArgs } from '../args.js';
import { detectLang, t, type Lang } from '../i18n.js';
import { ask, type ProviderOffer } from '../prompts.js';
import { genArgSpec, genHelp, normalizeGenOptions, resolveGenAnswers, type GenContext } from '../gen-options.js';
import { checkPrintWrite, startChecker, loadGenerators, providerOffers } from '../apply.js';
import type { Inventory } from '../../inventory/schema.js';
import { readPin } from '../../inventory/pin.js';
import { withProjectLock } from '../../core/lock.js';
import { loadInventory } from '../../inventory/store.js';
import { ensureInventory } from '../../upgrade/ensure.js';
import { recordAnswers } from '../../upgrade/answers.js';
import { projectLang } from '../../upgrade/project-lang.js';
import { findPomUpward, readProject, type ProjectInfo } from '../../../generators/_core/project.js';
import { buildModules, isAggregator } from '../../pom/modules.js';
import { planFeature } from '../../../generators/_core/feature-plan.js';

/**
 * `agentscope gen <kind> [Name]`: argv (and, on a terminal, prompts) -> GEN_FIELDS ->
 * normalizeGenOptions -> planFeature records the files and pom edits in a Tree -> checker ->
 * plan -> one atomic write.
 */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('gen', argv, genArgSpec(), io.env);
  let lang: Lang;
  try {
    lang = detectLang(values.lang as string | undefined, io.env);
  } catch (e) {
    throw new UsageError(`--lang: ${(e as Error).message}`);
  }
  if (values.help) {
    io.out(genHelp(lang, positionals[0]));
    return 0;
  }
  const force = Boolean(values.force);
  const dryRun = Boolean(values['dry-run']);
  const pin = readPin();
  startChecker();

  // The project and its version's inventory, read once when first needed: the provider fields
  // need them for their choices, every other kind only after its answers are checked (bad input
  // fails fast and writes nothing).
  let loaded: Promise<Loaded> | undefined;
  const interactive = io.interactive && !values.yes;
  const start = await moduleDir(resolve(io.cwd, (values.dir as string | undefined) ?? '.'), values.module as string | undefined, interactive, lang);
  const load = () => (loaded ??= loadProject(start, pin.version, force, lang, io));
  const ctx: GenContext = { lang, offers: async () => load() };
  const answers = await resolveGenAnswers(values as Record<string, string | string[] | boolean | undefined>, positionals, ctx, interactive);
  const { project, version, inventory, offers } = await load();
  // the generated comments keep the project's language (a `create --lang zh` project stays
  // Chinese) unless --lang says otherwise; the messages follow --lang or the locale
  const codeLang = values.lang !== undefined ? lang : (projectLang(project.root) ?? lang);
  const opts = normalizeGenOptions(answers, { project, version, lang, codeLang, force, offers });

  const pinned = version === pin.version ? inventory : loadInventory(pin.version, io.env);
  const { kind, className } = opts;
  io.out(t(lang, 'gen.heading', { kind, name: kind === 'provider' ? opts.provider!.prefix : className, root: project.root, pkg: project.basePackage, version }));
  // one writer per project: the plan is made on what the previous run wrote (src/core/lock.ts)
  const { result, exitCode } = await withProjectLock(project.root, async () => {
    const { tree, result, context } = await planFeature(project, opts, inventory);
    recordAnswers(tree, { gen: opts }); // appended to .agentscope/project.json for `upgrade`
    return { result, ...(await checkPrintWrite(tree, { io, lang, dryRun, inventory, pinned, context })) };
  }, io.env);
  if (result.notes?.length) {
    io.out('');
    io.out(t(lang, 'next.notes'));
    for (const n of result.notes) io.out(`  - ${n}`);
  }
  return exitCode;
}

/**
 * Where gen writes: the project around `start`, or at the root of a multi-module build (an
 * aggregator, whose own sources Maven never compiles) the module --module names, or the one
 * chosen on a terminal. Without either it refuses and lists the modules.
 */
async function moduleDir(start: string, name: string | undefined, interactive: boolean, lang: Lang): Promise<string> {
  const pomPath = findPomUpward(start);
  if (!pomPath || !isAggregator(pomPath)) {
    if (name !== undefined) throw new UsageError(t(lang, 'err.moduleOutside', { root: pomPath ? dirname(pomPath) : start }));
    return start;
  }
  const root = dirname(pomPath);
  const modules = buildModules(root);
  const list = modules.map((m) => m.name).join(', ');
  if (name !== undefined) {
    const m = modules.find((x) => x.name === name.replace(/\\/g, '/').replace(/\/+$/, '') || x.artifactId === name);
    if (!m) throw new UsageError(t(lang, 'err.noModule', { name, root }), t(lang, 'err.aggregator.hint', { list }));
    return m.dir;
  }
  if (interactive && modules.length) {
    const a = await ask([{ type: 'select', name: 'module', message: t(lang, 'prompt.gen.module'), choices: modules.map((m) => ({ title: m.name, value: m.dir, description: m.artifactId })), initial: 0 }], lang);
    return String(a.module);
  }
  throw new UsageError(t(lang, 'err.aggregator', { root }), t(lang, 'err.aggregator.hint', { list: list || '-' }));
}

interface Loaded {
  project: ProjectInfo;
  version: string;
  inventory: Inventory;
  offers: ProviderOffer[];
}

/**
 * The project around `dir`, the version code is generated for (the project's own, checked
 * against that version's inventory: shipped, cached or pulled through mvn; --force on a
 * project without one uses the pin), and the providers that version offers.
 */
async function loadProject(dir: string, pinned: string, force: boolean, lang: Lang, io: Io): Promise<Loaded> {
  const project = readProject(dir);
  const version = projectVersion(project, pinned, force, lang);
  const inventory = await ensureInventory(version, { io, from: `${project.pomPath} <agentscope.version>` });
  const offers = providerOffers(await loadGenerators(lang), inventory);
  return { project, version, inventory, offers };
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
