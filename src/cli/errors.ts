/** Errors the CLI maps to exit codes in one place (src/cli/main.ts). */
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
