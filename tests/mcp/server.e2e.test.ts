import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { readPin } from '../../src/inventory/pin.js';
import { snapshot } from '../cli/helpers.js';
import { connectServer, createProject, textOf } from './helpers.js';

/**
 * `agentscope mcp` end to end: a real subprocess, the SDK's Client over stdio, a project made by
 * `agentscope create`, and Maven as the judge of what plan_generation writes.
 */
describe('agentscope mcp (SDK client over stdio)', () => {
  const pin = readPin().version;
  let tmp: string;
  let project: string;
  let client: Client;
  let stderr: () => string;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'as-mcp-'));
    project = join(tmp, 'demo');
    createProject(project);
    ({ client, stderr } = await connectServer(project));
  });
  afterAll(async () => {
    await client?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('lists its five tools, each with input and output schemas and a description', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['api_diff', 'api_lookup', 'check_java', 'plan_generation', 'version_info']);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(80);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
    }
    expect(tools.find((t) => t.name === 'plan_generation')!.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((t) => t.name === 'api_lookup')!.annotations?.readOnlyHint).toBe(true);
  });

  it('looks up ToolResultBlock with file:line, in the project\'s version', async () => {
    const r = await client.callTool({ name: 'api_lookup', arguments: { query: 'ToolResultBlock' } });
    expect(r.isError).toBeFalsy();
    const data = r.structuredContent as { version: string; hits: { type: string; location: string; members: { signature: string }[] }[] };
    expect(data.version).toBe(pin);
    expect(data.hits[0].type).toBe('io.agentscope.core.message.ToolResultBlock');
    expect(data.hits[0].location).toMatch(/^agentscope-core:io\/agentscope\/core\/message\/ToolResultBlock\.java:\d+$/);
    expect(data.hits[0].members.map((m) => m.signature)).toContain('public ToolResultBlock withState(ToolResultState state)');
    expect(textOf(r)).toMatch(/ToolResultBlock\.java:\d+/);
  });

  it('answers a wrong name with what to write instead, and a partial name with candidates', async () => {
    const wrong = await client.callTool({ name: 'api_lookup', arguments: { query: 'ToolResultBlock#success' } });
    const w = wrong.structuredContent as { found: boolean; insteadOf?: { instead: string } };
    expect(w.found).toBe(false);
    expect(w.insteadOf?.instead).toContain('withState(ToolResultState.SUCCESS)');
    const part = await client.callTool({ name: 'api_lookup', arguments: { query: 'streamableHttp' } });
    expect((part.structuredContent as { suggestions: string[] }).suggestions).toContain('McpClientBuilder#streamableHttpTransport');
  });

  it('checks a snippet with ToolResultBlock.success(...) and returns the error with its fix', async () => {
    const source = [
      'import io.agentscope.core.message.ToolResultBlock;',
      '',
      'class Weather {',
      '  ToolResultBlock now() {',
      '    return ToolResultBlock.success("sunny");',
      '  }',
      '}',
    ].join('\n');
    const r = await client.callTool({ name: 'check_java', arguments: { source } });
    expect(r.isError).toBeFalsy();
    const data = r.structuredContent as { errors: number; findings: { line: number; rule: string; severity: string; message: string; fix?: string }[] };
    expect(data.errors).toBe(1);
    expect(data.findings[0]).toMatchObject({ line: 5, rule: 'AS002', severity: 'error' });
    expect(data.findings[0].fix).toContain('ToolResultBlock.text(text).withState(ToolResultState.SUCCESS)');
    // a bare fragment is wrapped (imports added) and reports the fragment's own line
    const frag = await client.callTool({ name: 'check_java', arguments: { source: 'String city = "Paris";\nToolResultBlock r = ToolResultBlock.success(city);' } });
    const f = frag.structuredContent as { findings: { line: number; rule: string }[]; wrapped?: string };
    expect(f.findings.map((x) => [x.line, x.rule])).toEqual([[2, 'AS002']]);
    expect(f.wrapped).toBe('method body');
    // a fragment's names may be declared in what it does not show (a field, a project class): not judged as found nowhere
    const outside = await client.callTool({ name: 'check_java', arguments: { source: 'Msg reply = agent.call("hi", RuntimeContext.empty()).block();\nString t = reply.getTextContent() + MAX_TURNS;' } });
    expect((outside.structuredContent as { findings: unknown[] }).findings).toEqual([]);
    // a failed import, then each use of its name, as javac reports them
    const uses = await client.callTool({
      name: 'check_java',
      arguments: { source: 'import io.agentscope.core.message.Mesage;\n\nclass Echo {\n  Mesage last;\n  Mesage echo(Mesage m) { return m; }\n}' },
    });
    const u = uses.structuredContent as { findings: { line: number; col: number; rule: string; message: string; fix?: string }[] };
    expect(u.findings.map((x) => [x.line, x.col, x.rule])).toEqual([[1, 8, 'AS001'], [4, 3, 'AS001'], [5, 3, 'AS001'], [5, 15, 'AS001']]);
    expect(u.findings[1].message).toContain('type io.agentscope.core.message.Mesage does not exist');
    expect(u.findings[1].fix).toContain('on line 1');
  });

  it('checks the project\'s own sources by path: the generated project is clean', async () => {
    const r = await client.callTool({ name: 'check_java', arguments: { path: 'src' } });
    const data = r.structuredContent as { files: number; errors: number };
    expect(data.files).toBeGreaterThan(3);
    expect(data.errors).toBe(0);
  });

  it('refuses malformed requests with errors and keeps serving', async () => {
    const unknown = await client.callTool({ name: 'compile_everything', arguments: {} }).catch((e: Error) => ({ isError: true, content: [{ type: 'text', text: e.message }] }));
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/compile_everything not found/);
    const badArgs = await client.callTool({ name: 'api_lookup', arguments: { query: 42 } }).catch((e: Error) => ({ isError: true, content: [{ type: 'text', text: e.message }] }));
    expect(badArgs.isError).toBe(true);
    expect(textOf(badArgs)).toMatch(/query/);
    const badKind = await client.callTool({ name: 'plan_generation', arguments: { kind: 'spaceship' } }).catch((e: Error) => ({ isError: true, content: [{ type: 'text', text: e.message }] }));
    expect(badKind.isError).toBe(true);
    for (const [name, args] of [['check_java', { path: '../' }], ['check_java', { path: '/etc' }], ['plan_generation', { kind: 'tool', path: tmp }]] as const) {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(r)).toMatch(/outside the project root/);
    }
    const neither = await client.callTool({ name: 'check_java', arguments: {} });
    expect(neither.isError).toBe(true);
    // a raw JSON-RPC request for a method the server does not have: a protocol error
    await expect(client.request({ method: 'tools/teleport', params: {} }, (await import('@modelcontextprotocol/sdk/types.js')).EmptyResultSchema)).rejects.toThrow(/Method not found/);
    const still = await client.callTool({ name: 'version_info', arguments: {} });
    expect(still.isError).toBeFalsy();
    expect((still.structuredContent as { project: { agentscopeVersion: string } }).project.agentscopeVersion).toBe(pin);
  });

  it('plans `gen tool` without writing, then applies it; the project passes mvn -q test', async () => {
    const before = snapshot(project);
    const plan = await client.callTool({ name: 'plan_generation', arguments: { kind: 'tool', className: 'StockPriceTool' } });
    expect(plan.isError, textOf(plan)).toBeFalsy();
    const p = plan.structuredContent as { written: boolean; changes: { path: string; kind: string }[]; diff: string };
    expect(p.written).toBe(false);
    const main = p.changes.find((c) => c.path.endsWith('/StockPriceTool.java') && c.path.startsWith('src/main/java/'));
    expect(main?.kind).toBe('create');
    expect(p.diff).toContain('+++ b/' + main!.path);
    expect(p.diff).toContain('ToolResultState.SUCCESS');
    expect(snapshot(project)).toEqual(before);

    const applied = await client.callTool({ name: 'plan_generation', arguments: { kind: 'tool', className: 'StockPriceTool', write: true } });
    expect(applied.isError, textOf(applied)).toBeFalsy();
    expect((applied.structuredContent as { written: boolean }).written).toBe(true);
    expect(readFileSync(join(project, main!.path), 'utf8')).toContain('class StockPriceTool');
    // recorded for `upgrade` as `gen` records it, and the dry run listed that change too
    expect(p.changes.some((c) => c.path === '.agentscope/project.json' && c.kind !== 'unchanged')).toBe(true);
    const answers = JSON.parse(readFileSync(join(project, '.agentscope', 'project.json'), 'utf8')) as { gen: { kind: string; className: string }[] };
    expect(answers.gen).toEqual([expect.objectContaining({ kind: 'tool', className: 'StockPriceTool' })]);
    // the same plan again: every file unchanged, and a differing file is refused without force
    const again = await client.callTool({ name: 'plan_generation', arguments: { kind: 'tool', className: 'StockPriceTool' } });
    expect((again.structuredContent as { changes: { kind: string }[] }).changes.every((c) => c.kind === 'unchanged')).toBe(true);

    const mvn = (() => {
      try {
        return { ok: true, out: execFileSync('mvn', ['-B', '-q', 'test'], { cwd: project, encoding: 'utf8', stdio: 'pipe' }) };
      } catch (e) {
        const x = e as { stdout?: string; stderr?: string };
        return { ok: false, out: `${x.stdout ?? ''}${x.stderr ?? ''}` };
      }
    })();
    expect(mvn.ok, mvn.out.slice(-4000)).toBe(true);
    expect(existsSync(join(project, 'target', 'test-classes'))).toBe(true);
  }, 600_000);

  it('serves the API as resources and the seed verdicts page', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['agentscope://api/{version}/package/{package}', 'agentscope://api/{version}/type/{fqn}', 'agentscope://verdicts/{version}']);
    const { resources } = await client.listResources();
    expect(resources.some((r) => r.uri === `agentscope://api/${pin}/type/io.agentscope.core.message.ToolResultBlock`)).toBe(true);
    const type = await client.readResource({ uri: `agentscope://api/${pin}/type/io.agentscope.core.message.ToolResultBlock` });
    expect((type.contents[0] as { text: string }).text).toContain('withState(ToolResultState state)');
    const pkg = await client.readResource({ uri: `agentscope://api/${pin}/package/io.agentscope.core.message` });
    expect((pkg.contents[0] as { text: string }).text).toContain('ToolResultBlock');
    const verdicts = await client.readResource({ uri: `agentscope://verdicts/${pin}` });
    expect((verdicts.contents[0] as { text: string }).text).toMatch(/hold|wrong/i);
    await expect(client.readResource({ uri: `agentscope://api/${pin}/type/io.agentscope.Nope` })).rejects.toThrow(/no type/);
  });

  it('offers three prompts grounded in the version\'s real signatures', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['wire_mcp_client', 'write_middleware', 'write_tool']);
    const mw = await client.getPrompt({ name: 'write_middleware', arguments: { name: 'AuditMiddleware' } });
    const text = (mw.messages[0].content as { text: string }).text;
    expect(text).toContain(`AgentScope Java ${pin}`);
    expect(text).toMatch(/onAgent\(Agent agent, RuntimeContext ctx/);
    const mcp = await client.getPrompt({ name: 'wire_mcp_client', arguments: { transport: 'http' } });
    const m = (mcp.messages[0].content as { text: string }).text;
    expect(m).toContain('streamableHttpTransport(String url)');
    expect(m).toMatch(/McpClientBuilder\.streamableHttp: write/);
    expect(stderr()).toBe('');
  });
});
