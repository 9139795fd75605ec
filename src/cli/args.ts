import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.js';
import { suggest } from './suggest.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/**
 * util.parseArgs with our error type: unknown flags and missing values become a
 * UsageError (exit 2) naming the command's --help.
 */
export function parseCommandArgs<O extends OptionSpec>(command: string, argv: string[], options: O) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    const msg = (e as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    const unknown = /^Unknown option '(-{1,2}[^']+)'/.exec(msg)?.[1];
    if (unknown?.startsWith('--')) {
      const near = suggest(unknown.slice(2), Object.keys(options), 3).map((o) => `--${o}`);
      if (near.length) throw new UsageError(msg, `did you mean ${near.join(', ')}? (see \`agentscope ${command} --help\`)`);
    }
    throw new UsageError(msg, `see \`agentscope ${command} --help\``);
  }
  // `--provider=` or `--name ""` is a slip, never a choice: say so instead of defaulting.
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value === '' || (Array.isArray(value) && value.includes(''))) throw new UsageError(`option '--${name}' needs a value`, `see \`agentscope ${command} --help\``);
  }
  return parsed;
}
