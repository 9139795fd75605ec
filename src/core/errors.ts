import type { Io } from './io.js';

/** Errors the CLI maps to exit codes in one place (reportError, below). */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1, readonly hint?: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad flags, unknown commands, invalid names: exit 2. */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, 2, hint);
    this.name = 'UsageError';
  }
}

/** Prints an error the way every command does and returns its exit code. */
export function reportError(e: unknown, io: Io): number {
  if (e instanceof CliError) {
    io.err(`error: ${e.message}`);
    if (e.hint) io.err(`  ${e.hint}`);
    return e.exitCode;
  }
  const err = e as Error;
  io.err(`error: ${err?.stack ?? String(e)}`);
  return 1;
}
