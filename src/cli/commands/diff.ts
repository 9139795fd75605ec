import type { Io } from '../../core/io.js';
import { parseCommandArgs } from '../args.js';
import { UsageError } from '../../core/errors.js';
import { diffInventories } from '../../diff/diff.js';
import { formatDiff, type DiffFormat } from '../../diff/format.js';
import { ensureInventory } from '../../upgrade/ensure.js';

const HELP = `Usage: agentscope inventory diff <from> <to> [options]

API differences between two AgentScope Java versions: types and members added, removed,
renamed/moved (likely) and changed, each rated source-breaking for callers and for
implementers/subclasses. Missing inventories are pulled first (mvn).

Options:
  --format text|markdown|json   output format (default text)
  --breaking                    only entries that break source code
  --no-added                    hide additions
  -h, --help                    show this help

Exit code: 0 (differences are not an error).`;

const FORMATS: DiffFormat[] = ['text', 'markdown', 'json'];

export async function diffCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('inventory diff', argv, {
    format: { type: 'string' },
    breaking: { type: 'boolean' },
    'no-added': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length !== 2) throw new UsageError('inventory diff needs exactly two versions: <from> <to>', 'e.g. `agentscope inventory diff 1.0.9 2.0.0`');
  const format = (values.format ?? 'text') as DiffFormat;
  if (!FORMATS.includes(format)) throw new UsageError(`unknown --format "${values.format}"`, `use one of: ${FORMATS.join(', ')}`);
  const [from, to] = positionals;
  const a = await ensureInventory(from, { io });
  const b = await ensureInventory(to, { io });
  io.out(formatDiff(diffInventories(a, b), format, { breakingOnly: values.breaking, hideAdded: values['no-added'] }));
  return 0;
}
