import type { Io } from '../../core/io.js';
import { parseCommandArgs } from '../args.js';
import { CliError, UsageError } from '../../core/errors.js';
import { ensureInventory } from '../../upgrade/ensure.js';
import { modulePom, planUpgrade } from '../../upgrade/upgrade.js';
import { formatReport, planJson, WRITE_HINT } from '../../upgrade/report.js';
import { readAgentscopeDeclaration } from '../../pom/agentscope-version.js';
import { checkPrintWrite } from '../apply.js';

const HELP = `Usage: agentscope upgrade --to <version> [--write] [--json] [--from <version>]

Moves the Maven project around the current directory (nearest pom.xml upwards) to another
AgentScope Java version. First it reports, grouped by file, every line the move breaks, with
the fix when one is known, then the files it would change with their diff; nothing is changed
(dry run).

With --write it bumps the version where it is declared (the agentscope.version property, an
io.agentscope BOM import, dependency or parent version; in a parent pom on disk when the
module inherits it; comments and formatting kept), adds io.agentscope dependencies for types
that moved to another artifact, and applies the fixes that are certain (moved types' imports,
confident method renames). Everything else is listed as TODO. All files are written or none.

Options:
  --to <version>     target AgentScope Java version (required)
  --from <version>   current version (default: read from pom.xml and its parents)
  --write            apply the changes
  --json             machine-readable report
  -h, --help         show this help

Exit code: 0 nothing left to do by hand, 1 lines remain to change (or an error), 2 bad usage.`;

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('upgrade', argv, {
    to: { type: 'string' },
    from: { type: 'string' },
    write: { type: 'boolean' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`, 'usage: agentscope upgrade --to <version> [--write] [--json]');
  if (!values.to) throw new UsageError('--to <version> is required', 'e.g. `agentscope upgrade --to 2.0.0`');
  const pom = modulePom(io.cwd);
  const from = values.from ?? readAgentscopeDeclaration(pom).version;
  if (!from) throw new CliError(`${pom}: no AgentScope version found (no agentscope.version property and no io.agentscope dependency, BOM or parent version, here or in a parent pom)`, 1, 'pass --from <version>');
  if (from === values.to) {
    io.out(`already on AgentScope Java ${from}; nothing to do`);
    return 0;
  }
  const a = await ensureInventory(from, { io });
  const b = await ensureInventory(values.to, { io });
  const plan = await planUpgrade(io.cwd, a, b);
  const write = Boolean(values.write);
  if (!values.json) for (const line of formatReport(plan, io.cwd)) io.out(line);
  // The generators' tail: the plan (with its diff in a dry run) and one all-or-nothing write.
  await checkPrintWrite(plan.tree, { io, lang: 'en', dryRun: !write, inventory: b, check: false, quiet: Boolean(values.json) });
  if (values.json) io.out(JSON.stringify(planJson(plan, write), null, 2));
  else if (!write && plan.tree.list().some((c) => c.kind !== 'unchanged')) io.out(WRITE_HINT);
  return plan.counts.todos ? 1 : 0;
}
