import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/**
 * util.parseArgs with our error type: unknown flags and missing values become a
 * UsageError (exit 2) naming the command's --help.
 */
export function parseCommandArgs<O extends OptionSpec>(command: string, argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    const msg = (e as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new UsageError(msg, `see \`agentscope ${command} --help\``);
  }
}
