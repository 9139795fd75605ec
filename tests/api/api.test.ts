import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../../src/core/io.js';
import { readPin } from '../../src/inventory/pin.js';

async function api(...argv: string[]) {
  const io = memoryIo(process.cwd(), process.env);
  const code = await runCli(['api', ...argv], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

describe('agentscope api (pinned inventory)', () => {
  it('lists a type with its factories and where each is declared', async () => {
    const r = await api('ToolResultBlock');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/class io\.agentscope\.core\.message\.ToolResultBlock/);
    expect(r.out).toContain('public static io.agentscope.core.message.ToolResultBlock text(java.lang.String text)');
    expect(r.out).toContain('public static io.agentscope.core.message.ToolResultBlock error(java.lang.String errorMessage)');
    expect(r.out).toMatch(/agentscope-core:io\/agentscope\/core\/message\/ToolResultBlock\.java:\d+/);
  });

  it('looks up one member with its location', async () => {
    const r = await api('McpClientBuilder#streamableHttpTransport', '--short');
    expect(r.code).toBe(0);
    expect(r.out).toContain('public McpClientBuilder streamableHttpTransport(String url)');
    expect(r.out).toMatch(/agentscope-core:io\/agentscope\/core\/tool\/mcp\/McpClientBuilder\.java:\d+/);
    expect(r.out).not.toContain('sseTransport');
  });

  it('shows annotation element defaults', async () => {
    const r = await api('Tool#readOnly', '--short');
    expect(r.code).toBe(0);
    expect(r.out).toContain('boolean readOnly() default false');
  });

  it('shows annotations with their arguments as written: on a member query, @Deprecated with the note', async () => {
    const r = await api('MemorySearchTool#memorySearch', '--short');
    expect(r.code).toBe(0);
    expect(r.out).toContain('@ToolParam(name = "query", description = "Keywords to search for in memory files") String query)');
    expect(r.out).toMatch(/\n {6}@Tool\(name = "memory_search", readOnly = true, description = "Search through long-term memory files/);
    const dep = await api('LongTermMemory');
    expect(dep.out).toContain('    @Deprecated(forRemoval = true, since = "2.0.0"): ');
    expect(dep.out.match(/@Deprecated/g)).toHaveLength(1);
  });

  it('finds inherited members and says where they come from', async () => {
    const r = await api('ReActAgent#call', '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { hits: { members: { name: string; declaredIn: string }[] }[] };
    const members = json.hits.flatMap((h) => h.members);
    expect(members.length).toBeGreaterThan(1);
    expect(members.every((m) => m.name === 'call')).toBe(true);
  });

  it('answers an unknown type with "did you mean" and exit 1', async () => {
    const r = await api('ToolResultBlok');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`not in the AgentScope Java ${readPin().version} API`);
    expect(r.err).toContain('did you mean: ToolResultBlock');
  });

  it('answers an unknown member with the nearest members of that type', async () => {
    const r = await api('ToolResultBlock#txt');
    expect(r.code).toBe(1);
    expect(r.err).toContain('ToolResultBlock#text');
  });

  it('falls back to a case-insensitive match: `api toolkit` finds Toolkit', async () => {
    const r = await api('toolkit');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^public class io\.agentscope\.core\.tool\.Toolkit\b/m);
  });

  it('rejects bad usage with exit 2', async () => {
    expect((await api()).code).toBe(2);
    expect((await api('')).code).toBe(2);
    expect((await api('  ')).code).toBe(2);
    expect((await api('A', 'B')).code).toBe(2);
    expect((await api('ToolResultBlock', '--bogus')).code).toBe(2);
  });

  it('prints JSON for tools', async () => {
    const r = await api('ToolResultBlock#text', '--json');
    const json = JSON.parse(r.out) as { version: string; hits: { type: { fqn: string }; members: { signature: string; location: string }[] }[] };
    expect(json.version).toBe(readPin().version);
    expect(json.hits[0].type.fqn).toBe('io.agentscope.core.message.ToolResultBlock');
    expect(json.hits[0].members[0].signature).toContain('text(java.lang.String text)');
  });
});
