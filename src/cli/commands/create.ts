import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Io } from '../../core/io.js';
import { CliError } from '../../core/errors.js';
import { GLOBAL_INSTALL, NPX_AGENTSCOPE } from '../../core/run-command.js';
import { t, type Lang, type MsgKey } from '../i18n.js';
import { detectJdk, type JdkInfo } from '../jdk.js';
import { gitInit } from '../git-init.js';
import { ask, createHelp, resolveCreateAnswers, type CreateContext } from '../prompts.js';
import { agentKindOffers, checkPrintWrite, loadGenerators, providerOffers, type GeneratorsModule } from '../apply.js';
import type { Inventory } from '../../inventory/schema.js';
import { readPin } from '../../inventory/pin.js';
import { loadInventory } from '../../inventory/store.js';
import { ensureInventory } from '../../upgrade/ensure.js';
import { recordAnswers } from '../../upgrade/answers.js';
import { Tree } from '../../../generators/_core/tree.js';
import { isStagingName } from '../../core/write.js';
import { readTextIfRegular } from '../../core/fsread.js';
import { parseProvenance } from '../../core/provenance.js';
import { holdSignals, signalExitCode } from '../../core/signals.js';
import { LOCK_FILE, withProjectLock } from '../../core/lock.js';
import { addDependencies } from '../../pom/pom.js';
import type { CreateOptions } from '../../../generators/_core/options.js';
import { createContext, normalizeCreateOptions, parseCreateArgv } from '../create-options.js';

/**
 * `agentscope create [DIR]` (and `npm create agentscope-app`): argv/prompts -> CreateOptions
 * -> generateProject records files in a Tree -> checker -> plan -> one atomic write.
 */
export async function run(argv: string[], io: Io): Promise<number> {
  const prepared = await prepareCreate(argv, io);
  if ('help' in prepared) {
    io.out(prepared.help);
    return 0;
  }
  const { lang, values, opts, inventory, pinned, gens, interactive, jdk } = prepared;
  const display = displayPath(io.cwd, opts.directory);
  io.out(t(lang, 'create.heading', { dir: display, version: opts.agentscopeVersion }));
  // Another version may lack the tool's default provider: the one taken instead is said, never switched silently.
  const pinDefault = providerOffers(gens, pinned)[0]?.prefix;
  const chosen = opts.providers[0]?.prefix;
  if (!interactive && values.provider === undefined && pinDefault && chosen && chosen !== pinDefault && !providerOffers(gens, inventory).some((p) => p.prefix === pinDefault)) {
    io.out(t(lang, 'create.providerFallback', { pinDefault, version: opts.agentscopeVersion, chosen }));
  }
  // Never derive coordinates from a non-ASCII name silently: say what came from what, and why.
  const dirName = basename(opts.directory);
  if (values['artifact-id'] === undefined && /[^\x00-\x7f]/.test(dirName)) {
    io.out(t(lang, 'create.derivedArtifactId', { artifactId: opts.artifactId, dir: dirName, pkg: opts.packageName }));
  }
  // Like Spring Initializr's "Generate": the user sees the whole plan before anything is written.
  const confirm = interactive ? async (n: number) => Boolean((await ask([{ type: 'confirm', name: 'ok', message: t(lang, 'prompt.confirmWrite', { n }), initial: true }], lang)).ok) : undefined;
  // into an existing folder: one writer at a time (a new folder is made by one rename, src/core/write.ts)
  const { result, interrupted, written, exitCode } = await withProjectLock(opts.directory, async () => {
    const { tree, result } = await planProject(opts, inventory, gens);
    return { result, ...(await checkPrintWrite(tree, { io, lang, dryRun: Boolean(values['dry-run']), inventory, pinned, prefix: display === '.' ? '' : `${display}/`, confirm })) };
  }, io.env);
  if (confirm && !written && !values['dry-run']) return 0;
  if (result?.notes?.length) {
    io.out('');
    io.out(t(lang, 'next.notes'));
    for (const n of result.notes) io.out(`  - ${n}`);
  }
  if (!values['dry-run'] && !values['no-git'] && !interrupted) {
    // Ctrl-C reaches git too: a repository cut short is removed (this run made it), and the run says so
    const hadGit = existsSync(join(opts.directory, '.git'));
    const hold = holdSignals();
    const outcome = gitInit(opts.directory, io.env, t(lang, 'git.commitMessage'));
    const sig = await hold.release();
    if (sig) {
      if (!hadGit) rmSync(join(opts.directory, '.git'), { recursive: true, force: true });
      io.err(lang === 'zh' ? `已在 git 初始化期间中断：项目已完整写出，但没有 git 仓库（可自行运行 git init）` : `interrupted during git init: the project is complete, without a git repository (run git init yourself)`);
      return signalExitCode(sig);
    }
    if (outcome !== 'no-git') {
      io.out('');
      io.out(t(lang, `git.${outcome}` as MsgKey));
    }
  }
  if (jdk && opts.javaRelease > jdk.major) {
    io.out('');
    io.out(t(lang, 'warn.jdkTooOld', { release: opts.javaRelease, jdk: jdk.major, home: jdk.home, from: jdk.from }));
  }
  if (!values['dry-run']) printNextSteps(io, lang, display, opts);
  return exitCode;
}

/** The project's files recorded in a Tree (nothing written): what `create` checks, shows and writes. */
export async function planProject(opts: CreateOptions, inventory: Inventory, gens: GeneratorsModule) {
  const tree = new Tree(opts.directory);
  const result = await gens.generateProject(tree, opts, { inventory });
  recordAnswers(tree, { create: opts }); // .agentscope/project.json: what `upgrade` renders again
  // Dependencies a generator asks for beyond its own pom: added the same way `gen` does (idempotent).
  if (result?.dependencies?.length && tree.exists('pom.xml')) tree.update('pom.xml', (pom) => addDependencies(pom, result.dependencies!));
  return { tree, result };
}

export interface PreparedCreate {
  lang: Lang;
  values: Record<string, unknown>;
  opts: CreateOptions;
  /** The inventory of the version the project is for (opts.agentscopeVersion). */
  inventory: Inventory;
  /** The pinned inventory the templates are verified against. */
  pinned: Inventory;
  gens: GeneratorsModule;
  interactive: boolean;
  /** The JDK mvn will use here, when found. */
  jdk?: JdkInfo;
}

/**
 * argv (and, on a terminal, prompts) -> normalized CreateOptions for the chosen AgentScope
 * version, with that version's inventory. `create` and the Maven matrix both build their
 * options here, so a test project on another version goes through the user's exact path.
 */
export async function prepareCreate(argv: string[], io: Io): Promise<PreparedCreate | { help: string }> {
  const { values, positionals, lang, version } = parseCreateArgv(argv, io.env);
  const pin = readPin();
  if (values.help) return { help: createHelp(await helpContext(lang, version, io)) };

  // The version's inventory decides providers, agent kinds, the BOM and what the checker accepts.
  const inventory = await ensureInventory(version, { io });
  const pinned = version === pin.version ? inventory : loadInventory(pin.version, io.env);
  const gens = await loadGenerators(lang);
  const jdk = detectJdk(io.env);
  const ctx = createContext(lang, version, inventory, gens, jdk?.major);

  const interactive = io.interactive && !values.yes;
  let force = Boolean(values.force);
  const answers = await resolveCreateAnswers({
    values: values as Record<string, string | string[] | boolean | undefined>,
    positionals,
    ctx,
    interactive,
    // check the target right after it is known, before asking anything else
    afterField: async (key, value) => {
      if (key !== 'directory') return undefined;
      // Declining a non-empty directory asks for another one instead of ending the run.
      let dir = value as string;
      for (;;) {
        const checked = await checkTarget(resolve(io.cwd, dir), force, interactive, lang);
        if (checked !== 'declined') {
          force = checked;
          return dir;
        }
        const { directory } = await ask([{ type: 'text', name: 'directory', message: t(lang, 'prompt.otherDirectory'), validate: (v: string) => (String(v).trim() ? true : t(lang, 'err.emptyText', { flag: 'DIR' })) }], lang);
        dir = String(directory ?? '').trim();
      }
    },
  });
  const opts = normalizeCreateOptions(answers, { ctx, directory: resolve(io.cwd, answers.directory), version, force, inventory });
  return { lang, values, opts, inventory, pinned, gens, interactive, jdk };
}

/** Help without failing when the inventory or generators are missing: the table still prints. */
async function helpContext(lang: Lang, version: string, io: Io): Promise<CreateContext> {
  try {
    const inventory = loadInventory(version, io.env);
    const gens = await loadGenerators(lang);
    return { lang, pinVersion: version, providers: providerOffers(gens, inventory), agentKinds: agentKindOffers(gens, inventory) };
  } catch {
    return { lang, pinVersion: version, providers: [], agentKinds: [] };
  }
}

function displayPath(cwd: string, dir: string): string {
  const rel = relative(cwd, dir);
  if (rel === '') return '.';
  return rel.startsWith('..') || rel.startsWith(sep) ? dir : rel.split(sep).join('/');
}

/**
 * A target must be a directory that is missing or empty (or --force, or the user agreed),
 * whose nearest existing ancestor is a writable directory. Returns the effective force.
 */
export async function checkTarget(dir: string, force: boolean, interactive: boolean, lang: Lang): Promise<boolean | 'declined'> {
  let probe = dir;
  while (!existsSync(probe)) {
    const up = dirname(probe);
    if (up === probe) break;
    probe = up;
  }
  if (!statSync(probe).isDirectory()) throw new CliError(t(lang, 'err.notDir', { dir, blocker: probe }));
  // A real write probe, not access(2): root passes W_OK checks on read-only mounts (and
  // Node's recursive mkdir spins forever on some of them, e.g. /proc).
  probeWritable(probe, dir, lang);
  // (an existing folder is written in place, never removed and made again: src/core/write.ts)
  if (probe !== dir) return force;
  const entries = readdirSync(dir).filter((e) => !isStagingName(e) && e !== LOCK_FILE);
  if (!entries.length || force) return force;
  if (interactive) {
    const { ok } = await ask([{ type: 'confirm', name: 'ok', message: t(lang, 'prompt.nonEmpty', { dir }), initial: false }], lang);
    return ok ? true : 'declined';
  }
  // A project this tool made (its pom carries our marker): a re-run of `create`, not a stranger's folder.
  const made = entries.includes('pom.xml') ? parseProvenance(readTextIfRegular(join(dir, 'pom.xml')) ?? '') : undefined;
  if (made) throw new CliError(t(lang, 'err.projectExists', { dir, version: made.version }), 1, t(lang, 'err.projectExists.hint'));
  throw new CliError(t(lang, 'err.nonEmpty', { dir }), 1, t(lang, 'err.nonEmpty.hint'));
}

function probeWritable(where: string, dir: string, lang: Lang): void {
  const probe = join(where, `.agentscope-write-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
  } catch (e) {
    throw new CliError(t(lang, 'err.unwritable', { dir, reason: (e as Error).message }));
  }
}

/** A word safe to paste into a POSIX shell: as is when plain, else in single quotes (nothing expands in them). */
function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function printNextSteps(io: Io, lang: Lang, display: string, opts: CreateOptions): void {
  const steps: string[] = [];
  if (display !== '.') steps.push(`cd ${shellQuote(display)}`);
  // The tests are offline, so they come first; a key is only needed to run the agent.
  steps.push(t(lang, 'next.test'));
  for (const env of new Set(opts.providers.map((p) => p.apiKeyEnv).filter(Boolean))) steps.push(t(lang, 'next.env', { env }));
  steps.push(t(lang, opts.flavor === 'spring-boot' ? 'next.run.spring' : 'next.run'));
  io.out('');
  io.out(t(lang, 'next.title'));
  for (const s of steps) io.out(`  ${s}`);
  io.out('');
  io.out(t(lang, 'next.later'));
  io.out(`  ${NPX_AGENTSCOPE} gen tool WeatherTool`);
  io.out(`  ${NPX_AGENTSCOPE} check`);
  io.out(`  ${t(lang, 'next.later.global', { install: GLOBAL_INSTALL })}`);
}
