import { reportError, UsageError } from '../core/errors.js';
import { processIo, type Io } from '../core/io.js';
import { versionLine } from './version.js';

export type CommandRunner = (argv: string[], io: Io) => Promise<number>;

interface CommandEntry {
  summary: string;
  /** Lazy so `agentscope api` does not load the generators, and vice versa. */
  load: () => Promise<CommandRunner>;
}

/** The one table of commands: drives dispatch and the help text. */
export const COMMANDS: Record<string, CommandEntry> = {
  create: { summary: 'create a new AgentScope Java Maven project', load: async () => (await import('./commands/create.js')).run },
  gen: { summary: 'add a tool, middleware, permission policy, MCP client, ... to a Maven project', load: async () => (await import('./commands/gen.js')).run },
  check: { summary: 'check Java files against the pinned AgentScope API', load: async () => (await import('./commands/check.js')).run },
  api: { summary: 'look up a type or member in the pinned API inventory', load: async () => (await import('./commands/api.js')).run },
  inventory: { summary: 'pull, diff, pin and list API inventories', load: async () => (await import('./commands/inventory.js')).run },
  manual: { summary: 'generate the bilingual static API manual (Java + Python editions, search, link-checked)', load: async () => (await import('./commands/manual.js')).manualCommand },
  doctor: { summary: 'check Node, the JDK, Maven and that the AgentScope artifacts resolve', load: async () => (await import('./commands/doctor.js')).run },
  mcp: { summary: 'serve the API, checker and generators to AI coding assistants (MCP over stdio)', load: async () => (await import('./commands/mcp.js')).run },
  'init-assistant': { summary: 'write AGENTS.md (version facts for AI coding assistants) into a project', load: async () => (await import('./commands/init-assistant.js')).run },
  upgrade: { summary: "move a project to another AgentScope version (report first, --write to apply)", load: async () => (await import('./commands/upgrade.js')).run },
};

function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines = Object.entries(COMMANDS).map(([k, c]) => `  ${k.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: agentscope <command> [options]',
    '',
    'Writes, checks and upgrades version-correct AgentScope Java code.',
    '',
    'Commands:',
    ...lines,
    '',
    'Options:',
    '  -h, --help     show help (also `agentscope <command> --help`)',
    '  -v, --version  print the tool version and the pinned AgentScope version',
    '',
    'Exit codes: 0 ok, 1 error or findings, 2 bad usage.',
  ].join('\n');
}

/** Runs one CLI invocation; returns the exit code instead of exiting, so tests can call it. */
export async function runCli(argv: string[], io: Io = processIo()): Promise<number> {
  try {
    const [cmd, ...rest] = argv;
    if (cmd === undefined || cmd === '-h' || cmd === '--help' || cmd === 'help') {
      io.out(mainHelp());
      return cmd === undefined ? 2 : 0;
    }
    if (cmd === '-v' || cmd === '--version') {
      io.out(versionLine());
      return 0;
    }
    const entry = COMMANDS[cmd];
    if (!entry) {
      const { suggest } = await import('../core/suggest.js');
      const near = suggest(cmd, Object.keys(COMMANDS));
      throw new UsageError(`unknown command "${cmd}"`, near.length ? `did you mean: ${near.join(', ')}?` : 'run `agentscope --help`');
    }
    return await (await entry.load())(rest, io);
  } catch (e) {
    return reportError(e, io);
  }
}
