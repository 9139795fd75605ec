import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'bin', 'agentscope.js');

/** `agentscope mcp` as a subprocess in `cwd`, driven by the SDK's own client over stdio. */
export async function connectServer(cwd: string, extraArgs: string[] = []): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...extraArgs], cwd, stderr: 'pipe', env: { ...process.env } as Record<string, string> });
  let err = '';
  transport.stderr?.on('data', (d) => (err += String(d)));
  const client = new Client({ name: 'agentscope-e2e', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

/** The first text block of a tool result. */
export function textOf(r: object): string {
  const c = ((r as { content?: unknown }).content as { type: string; text?: string }[] | undefined) ?? [];
  return c.find((b) => b.type === 'text')?.text ?? '';
}

/** `agentscope create DIR --yes` in a real subprocess (the same files a user gets). */
export function createProject(dir: string, args: string[] = []): void {
  execFileSync(process.execPath, [BIN, 'create', dir, '--yes', '--lang', 'en', ...args], { encoding: 'utf8', env: { ...process.env, CI: '1' } });
}
