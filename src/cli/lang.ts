import { UsageError, type Bilingual } from '../core/errors.js';
import { langFlagOf, parseCommandArgs, type OptionSpec } from './args.js';
import type { Io } from '../core/io.js';
import { detectLang, type Lang } from './i18n.js';

/**
 * The language of the commands other than create/gen (which read --lang themselves): the same
 * rule everywhere, --lang first, then LC_ALL / LC_MESSAGES / LANG.
 */
const LANG_OPTION = { lang: { type: 'string' } } as const;

/** A command's --lang (or the locale); a value that is no language is a usage error. */
function commandLang(flag: string | undefined, env: NodeJS.ProcessEnv): Lang {
  try {
    return detectLang(flag, env);
  } catch {
    throw new UsageError({ en: `--lang: unknown language "${flag}" (use en or zh)`, zh: `--lang：未知语言 "${flag}"（可用 en 或 zh）` });
  }
}

/** The language to report an error in, read from the raw argv (the error may come from parsing it); never throws. */
export function argvLang(argv: string[], env: NodeJS.ProcessEnv): Lang {
  try {
    return detectLang(langFlagOf(argv), env);
  } catch {
    return detectLang(undefined, env);
  }
}

/** One of a bilingual text, with `{name}` placeholders filled. */
export function pick(text: Bilingual, lang: Lang, params: Record<string, string | number> = {}): string {
  return text[lang].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/**
 * Machine output is spelled two ways across CLIs: `--json` (documented in every help) and
 * `--format json`. A command that has one of them accepts the other too: a `--json` command
 * takes `--format json` (and refuses any other --format), a `--format` command takes `--json`
 * as `--format json`. Derived from the command's own options, so no command lists both.
 */
function machineOutputAlias(options: OptionSpec): OptionSpec {
  if (options.json && !options.format) return { format: { type: 'string' } };
  if (options.format && !options.json) return { json: { type: 'boolean' } };
  return {};
}

function settleMachineOutput(options: OptionSpec, values: Record<string, unknown>): void {
  if (options.json && !options.format && values.format !== undefined) {
    if (values.format !== 'json') throw new UsageError({ en: `unknown --format "${String(values.format)}"`, zh: `未知的 --format "${String(values.format)}"` }, { en: 'machine output is --json (or --format json)', zh: '机器可读输出用 --json（或 --format json）' });
    values.json = true;
    delete values.format;
  } else if (options.format && !options.json && values.json) {
    if (values.format !== undefined && values.format !== 'json') throw new UsageError({ en: `--json and --format ${String(values.format)} contradict each other`, zh: `--json 与 --format ${String(values.format)} 互相矛盾` });
    values.format = 'json';
    delete values.json;
  }
}

/**
 * A command's flags parsed with --lang and --help added (and the other spelling of machine
 * output, see machineOutputAlias); when --help is asked, the help (in the command's language)
 * is printed and the result is undefined: the command returns 0.
 */
export function commandArgs<O extends OptionSpec>(command: string, argv: string[], options: O, help: (lang: Lang) => string, io: Io) {
  const parsed = parseCommandArgs(command, argv, { ...machineOutputAlias(options), ...options, ...LANG_OPTION, help: { type: 'boolean', short: 'h' } } as const, io.env);
  const values = parsed.values as typeof parsed.values & { lang?: string; help?: boolean };
  const lang = commandLang(values.lang, io.env);
  settleMachineOutput(options, values as Record<string, unknown>);
  if (values.help) {
    io.out(help(lang));
    return undefined;
  }
  return { values: parsed.values, positionals: parsed.positionals, lang };
}
