import type { Io } from '../../core/io.js';
import { UsageError } from '../../core/errors.js';
import { suggest } from '../../core/suggest.js';

const HELP = `Usage: agentscope inventory <subcommand> [options]

Subcommands:
  pull [version]        resolve every source-bearing io.agentscope artifact of a version through
                        mvn and extract its API inventory (default: the pinned version)
  list                  inventories available locally (shipped and pulled)
  diff <from> <to>      API differences between two pulled versions
  pin <version>         pull a version, re-verify every template and checker rule against it,
                        and (with --write) move the pin
  claims                check API claims (seed 000's by default) against an inventory
  pull-python [version] extract the Python edition's API from its wheel (default 2.0.11)

Run \`agentscope inventory <subcommand> --help\` for its options.`;

type Sub = (argv: string[], io: Io) => Promise<number>;

const SUBCOMMANDS: Record<string, () => Promise<Sub>> = {
  pull: async () => (await import('./inventory-pull.js')).pullCommand,
  list: async () => (await import('./inventory-list.js')).listCommand,
  diff: async () => (await import('./diff.js')).diffCommand,
  pin: async () => (await import('./inventory-pin.js')).pinCommand,
  claims: async () => (await import('./inventory-claims.js')).claimsCommand,
  'pull-python': async () => (await import('./inventory-pull-python.js')).pullPythonCommand,
};

export async function run(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h') {
    io.out(HELP);
    return sub ? 0 : 2;
  }
  const load = SUBCOMMANDS[sub];
  if (!load) {
    const near = suggest(sub, Object.keys(SUBCOMMANDS));
    throw new UsageError(`unknown inventory subcommand "${sub}"`, near.length ? `did you mean: ${near.join(', ')}?` : 'see `agentscope inventory --help`');
  }
  return (await load())(rest, io);
}
