import type { Io } from './io.js';

/**
 * A user-facing text in both languages of the CLI. Code anywhere under src/ or generators/ throws
 * errors carrying both; the CLI picks one when it prints (reportError), so no lower layer needs
 * to know the user's language.
 */
export interface Bilingual {
  en: string;
  zh: string;
}
export type Message = string | Bilingual;
export type MessageLang = 'en' | 'zh';

const both = (m: Message): Bilingual => (typeof m === 'string' ? { en: m, zh: m } : m);

/** Errors the CLI maps to exit codes in one place (reportError, below). `message` is the English text. */
export class CliError extends Error {
  readonly texts: Bilingual;
  readonly hintTexts?: Bilingual;
  constructor(message: Message, readonly exitCode = 1, hint?: Message) {
    super(both(message).en);
    this.name = 'CliError';
    this.texts = both(message);
    this.hintTexts = hint === undefined ? undefined : both(hint);
  }

  get hint(): string | undefined {
    return this.hintTexts?.en;
  }
}

/** Bad flags, unknown commands, invalid names: exit 2. */
export class UsageError extends CliError {
  constructor(message: Message, hint?: Message) {
    super(message, 2, hint);
    this.name = 'UsageError';
  }
}

/** Prints an error the way every command does, in the user's language, and returns its exit code. */
export function reportError(e: unknown, io: Io, lang: MessageLang = 'en'): number {
  const prefix = lang === 'zh' ? '错误：' : 'error: ';
  if (e instanceof CliError) {
    io.err(`${prefix}${e.texts[lang]}`);
    if (e.hintTexts) io.err(`  ${e.hintTexts[lang]}`);
    return e.exitCode;
  }
  const err = e as Error;
  io.err(`${prefix}${err?.stack ?? String(e)}`);
  return 1;
}
