import type { Io } from '../../core/io.js';
import { parseCommandArgs } from '../args.js';
import { CliError, UsageError } from '../../core/errors.js';
import { ensureInventory } from '../../upgrade/ensure.js';
import { findPom, formatPlan, planJson, planUpgrade, writeAtomically } from '../../upgrade/upgrade.js';
import { readPomVersions } from '../../upgrade/pom-edit.js';
import { readFileSync } from 'node:fs';

const HELP = `Usage: agentscope upgrade --to <version> [--write] [--json] [--from <version>]

Moves the Maven project around the current directory (nearest pom.xml upwards) to another
AgentScope Java version. First it reports, grouped by file, every line the move breaks, with
the fix when one is known; nothing is changed (dry run).

With --write it bumps the version in pom.xml (the agentscope.version property or the
io.agentscope dependency versions; comments and formatting kept), adds io.agentscope
dependencies for types that moved to another artifact, and applies the fixes that are
certain (moved types' imports, confident method renames). Everything else is listed as TODO.
All files are written or none.

Options:
  --to <version>     target AgentScope Java version (required)
  --from <version>   current version (default: read from pom.xml)
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
  const pom = findPom(io.cwd);
  if (!pom) throw new CliError(`no pom.xml in ${io.cwd} or any parent directory`, 1, 'run `agentscope upgrade` inside a Maven project');
  const from = values.from ?? readPomVersions(readFileSync(pom, 'utf8')).version;
  if (!from) throw new CliError(`${pom}: no AgentScope version found (no agentscope.version property and no io.agentscope dependency version)`, 1, 'pass --from <version>');
  if (from === values.to) {
    io.out(`already on AgentScope Java ${from}; nothing to do`);
    return 0;
  }
  const a = await ensureInventory(from, { io });
  const b = await ensureInventory(values.to, { io });
  const plan = await planUpgrade(io.cwd, a, b);
  if (values.write && plan.writes.size) writeAtomically(plan.writes);
  io.out(values.json ? JSON.stringify(planJson(plan, Boolean(values.write)), null, 2) : formatPlan(plan, Boolean(values.write)));
  return plan.counts.todos ? 1 : 0;
}
