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
 * A command's flags parsed with --lang and --help added; when --help is asked, the help (in the
 * command's language) is printed and the result is undefined: the command returns 0.
 */
export function commandArgs<O extends OptionSpec>(command: string, argv: string[], options: O, help: (lang: Lang) => string, io: Io) {
  const parsed = parseCommandArgs(command, argv, { ...options, ...LANG_OPTION, help: { type: 'boolean', short: 'h' } } as const, io.env);
  const values = parsed.values as typeof parsed.values & { lang?: string; help?: boolean };
  const lang = commandLang(values.lang, io.env);
  if (values.help) {
    io.out(help(lang));
    return undefined;
  }
  return { values: parsed.values, positionals: parsed.positionals, lang };
}
