import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';

const made: string[] = [];

export function tempDir(prefix = 'as-cli-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
}

/** A file with an AgentScope error (ToolResultBlock has no success(..); AS002 at 4:51) and one without, for tests of `check`. */
export const BAD_JAVA = `package demo;
import io.agentscope.core.message.ToolResultBlock;
public class Bad {
    ToolResultBlock ok() { return ToolResultBlock.success("x"); }
}
`;
export const GOOD_JAVA = `package demo;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultState;
public class Good {
    ToolResultBlock ok() { return ToolResultBlock.text("x").withState(ToolResultState.SUCCESS); }
}
`;

export function cleanup(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Every file and directory under `dir` with its content (directories as `<dir>`), for before/after equality. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      const rel = relative(dir, p);
      if (e.isDirectory()) {
        out[rel + '/'] = '<dir>';
        walk(p);
      } else out[rel] = readFileSync(p, 'utf8') + `\n<mode ${statSync(p).mode.toString(8)}>`;
    }
  };
  walk(dir);
  return out;
}

/** The inventory cache location, if the test run was given one (the shipped inventory is found without it). */
function passThrough(): NodeJS.ProcessEnv {
  return process.env.AGENTSCOPE_CLI_HOME ? { AGENTSCOPE_CLI_HOME: process.env.AGENTSCOPE_CLI_HOME } : {};
}

export interface Run {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in-process, non-interactive, with an English locale unless env says otherwise. */
export async function cli(cwd: string, argv: string[], env: NodeJS.ProcessEnv = {}, interactive = false): Promise<Run> {
  const io = memoryIo(cwd, { LANG: 'en_US.UTF-8', ...passThrough(), ...env });
  io.interactive = interactive;
  const code = await runCli(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

/** The providers `create`/`gen` offer for the pinned version, in the order they list them. */
export async function pinnedProviderList(): Promise<string> {
  const { availableProviders } = await import('../../generators/_core/providers.js');
  const { loadInventory } = await import('../../src/inventory/store.js');
  return availableProviders(loadInventory()).map((p) => p.prefix).join(', ');
}
