import { afterAll, describe, expect, test } from 'vitest';
import { cleanup, cli, tempDir } from './helpers.js';
import { CLIENTS } from '../../src/assistant/clients.js';

afterAll(cleanup);

describe('agentscope mcp --setup prints the client configuration (from the one clients table)', () => {
  test('one client: its snippet and where it goes, nothing of the others', async () => {
    const r = await cli(tempDir('as-mcp-setup-'), ['mcp', '--setup', 'cursor', '--lang', 'en']);
    expect(r.code).toBe(0);
    const cursor = CLIENTS.find((c) => c.id === 'cursor')!;
    expect(r.out).toContain(cursor.snippet);
    expect(r.out).toContain(cursor.where);
    for (const c of CLIENTS.filter((c) => c.id !== 'cursor')) expect(r.out).not.toContain(c.snippet);
    expect(JSON.parse(cursor.snippet).mcpServers.agentscope.args.at(-1)).toBe('mcp');
  });

  test('no client: every client, in Chinese with --lang zh', async () => {
    const r = await cli(tempDir('as-mcp-setup-'), ['mcp', '--setup', '--lang', 'zh']);
    expect(r.code).toBe(0);
    for (const c of CLIENTS) {
      expect(r.out).toContain(c.snippet);
      expect(r.out).toContain(c.whereZh);
    }
    expect(r.out).toContain('--dir');
  });

  test('an unknown client is a usage error (exit 2) that lists the known ones', async () => {
    const r = await cli(tempDir('as-mcp-setup-'), ['mcp', '--setup', 'emacs', '--lang', 'en']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown client "emacs"');
    for (const c of CLIENTS) expect(r.err).toContain(c.id);
  });

  test('--help names --setup and no file the package does not ship', async () => {
    const r = await cli(tempDir('as-mcp-setup-'), ['mcp', '--help', '--lang', 'en']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('--setup');
    expect(r.out).not.toMatch(/docs\/\w+\.md/);
  });
});
