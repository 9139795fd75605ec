import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../core/errors.js';
import { suggest } from '../core/suggest.js';
import { detectLang, t, type Lang } from './i18n.js';

/** The raw value of --lang in argv (`--lang zh` or `--lang=zh`), read before or without parsing. */
export function langFlagOf(argv: string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  return i < 0 ? undefined : argv[i].includes('=') ? argv[i].slice('--lang='.length) : argv[i + 1];
}

/** The language of a usage error, decided before the command's own --lang is parsed. */
function usageLang(argv: string[], env: NodeJS.ProcessEnv): Lang {
  try {
    return detectLang(langFlagOf(argv), env);
  } catch {
    return 'en';
  }
}

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** The one spelling of an AgentScope version on every command that takes one. */
const AGENTSCOPE_VERSION = 'agentscope-version';

/** `--version` is the tool's version everywhere: without a value after it (end, or another flag). */
export function asksToolVersion(argv: string[]): boolean {
  for (let i = 0; i < argv.length && argv[i] !== '--'; i++) {
    if (argv[i] === '--version' && (argv[i + 1] === undefined || argv[i + 1].startsWith('-'))) return true;
  }
  return false;
}

/**
 * On a command that takes `--agentscope-version V`, `--version V` (a value after it) is an
 * alias: the spelling those commands had before, kept working and not documented in help.
 */
function versionAlias(argv: string[], options: OptionSpec): string[] {
  if (!options[AGENTSCOPE_VERSION] || options.version) return argv;
  const end = argv.indexOf('--');
  return argv.map((a, i) => (end >= 0 && i > end ? a : a === '--version' ? `--${AGENTSCOPE_VERSION}` : a.startsWith('--version=') ? `--${AGENTSCOPE_VERSION}=${a.slice('--version='.length)}` : a));
}

/**
 * util.parseArgs with our error type: unknown flags and missing values become a
 * UsageError (exit 2) naming the command's --help.
 */
export function parseCommandArgs<O extends OptionSpec>(command: string, argv: string[], options: O, env: NodeJS.ProcessEnv = process.env) {
  const lang = () => usageLang(argv, env);
  const seeHelp = () => t(lang(), 'err.seeHelp', { command });
  let parsed;
  try {
    parsed = parseArgs({ args: versionAlias(argv, options), options, allowPositionals: true, strict: true });
  } catch (e) {
    const raw = (e as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    const unknown = /^Unknown option '(-{1,2}[^']+)'/.exec(raw)?.[1];
    const msg = unknown ? t(lang(), 'err.unknownOption', { flag: unknown }) : raw;
    if (unknown?.startsWith('--')) {
      const near = suggest(unknown.slice(2), Object.keys(options), 3).map((o) => `--${o}`);
      if (near.length) throw new UsageError(msg, `${t(lang(), 'err.didYouMean')} ${near.join(', ')}? (${seeHelp()})`);
    }
    throw new UsageError(msg, seeHelp());
  }
  // `--provider=` or `--name ""` is a slip, never a choice: say so instead of defaulting.
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value === '' || (Array.isArray(value) && value.includes(''))) throw new UsageError(t(lang(), 'err.needsValue', { flag: `--${name}` }), seeHelp());
  }
  return parsed;
}
