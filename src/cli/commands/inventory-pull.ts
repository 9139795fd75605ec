import type { Io } from '../../core/io.js';
import { parseCommandArgs } from '../args.js';
import { UsageError } from '../../core/errors.js';
import { readPin } from '../../inventory/pin.js';
import { progressDisplay } from '../../inventory/progress.js';
import { pullInventory } from '../../inventory/pull.js';

const HELP = `Usage: agentscope inventory pull [version] [--out DIR] [--json]

Resolves every source-bearing io.agentscope artifact of a version through your mvn (settings.xml,
mirrors and MAVEN_OPTS apply) and extracts its public/protected API from the -sources.jars.
Discovery uses the version's agentscope-bom when Maven serves one, otherwise the known module
list; every listed artifact's pom and -sources.jar is fetched in one mvn run. The pinned
version is written to inventory/<version>/, any other version to the user cache; two pulls of
the same version are byte-identical. On a terminal one status line shows the progress.

Arguments:
  version          AgentScope Java version (default: the pinned ${'<pin>'})

Options:
  --out DIR        write inventory.json.gz + manifest.json into DIR instead
  --mvn-arg=ARG    extra argument for mvn (repeatable), e.g. --mvn-arg=-Dmaven.repo.local=/path
                   (write it with '=': an argument starting with '-' is otherwise read as an option)
  --json           print the manifest as JSON on stdout
  -h, --help       show this help

Exit codes: 0 pulled, 1 nothing could be resolved (mvn's reason is quoted), 2 bad usage.`;

export async function pullCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs('inventory pull', argv, {
    out: { type: 'string' },
    'mvn-arg': { type: 'string', multiple: true },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.out(HELP.replace('<pin>', readPin().version));
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`expected at most one version, got ${positionals.join(' ')}`, 'see `agentscope inventory pull --help`');
  const version = positionals[0] ?? readPin().version;
  if (!/^\d+\.\d+\.\d+([.-][\w.-]+)?$/.test(version)) throw new UsageError(`invalid version "${version}"`, 'a Maven version such as 2.0.0 or 1.0.9');
  const out = values.out ? (values.out.startsWith('/') ? values.out : `${io.cwd}/${values.out}`) : undefined;
  // On a terminal one status line moves; otherwise a few plain lines (none with --json).
  const live = values.json || !io.status ? undefined : progressDisplay(io.status, version, process.stderr.columns);
  const log = values.json || live ? undefined : (l: string) => io.err(l);
  const result = await pullInventory({ version, out, args: values['mvn-arg'], env: io.env, log, progress: live?.update }).finally(() => live?.stop());
  const m = result.manifest;
  if (values.json) {
    io.out(JSON.stringify({ dir: result.dir, ...m }, null, 2));
    return 0;
  }
  const tried = result.outcomes.length;
  io.out(
    [
      `AgentScope Java ${version}: ${m.counts.artifacts} artifact(s) with sources (${m.discovery === 'bom' ? 'from the BOM' : `probed ${tried} candidate artifactIds; no agentscope-bom ${version} is served`})`,
      ...m.artifacts.map((a) => `  ${a.artifactId.padEnd(45)} ${String(a.javaFiles).padStart(4)} files ${String(a.types).padStart(4)} types`),
      `types ${m.counts.types}, members ${m.counts.members}, duplicates resolved ${m.counts.duplicatesResolved}, rejected files ${m.counts.rejectedFiles}`,
      `not served here: ${m.unavailable?.length ?? 0} artifactIds${m.skipped?.length ? `; skipped ${m.skipped.map((s) => s.artifactId).join(', ')}` : ''}`,
      `resolution ${(result.resolveMs / 1000).toFixed(1)} s, extraction ${(result.extractMs / 1000).toFixed(2)} s, total ${(result.totalMs / 1000).toFixed(1)} s`,
      `wrote ${result.dir}`,
    ].join('\n'),
  );
  return 0;
}
