import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPin } from '../../src/inventory/pin.js';
import { BIN, ROOT, createProject } from './helpers.js';

/**
 * A second MCP client this project did not write: @modelcontextprotocol/inspector-cli, run the
 * way users run it (`mcp-inspector-cli --cli <command> --method ...`).
 * inspector-cli 1.0.3 finds its own package.json through `../package.json` relative to the
 * *working directory*, so it is started in tests/ (whose parent has one); the server is pointed
 * at the project with --dir.
 */
const INSPECTOR = join(ROOT, 'node_modules', '.bin', 'mcp-inspector-cli');

function inspector(args: string[]): unknown {
  const out = execFileSync(INSPECTOR, ['--cli', process.execPath, BIN, 'mcp', ...args], { cwd: join(ROOT, 'tests'), encoding: 'utf8', timeout: 120_000 });
  return JSON.parse(out.slice(out.indexOf('{')));
}

describe('agentscope mcp under @modelcontextprotocol/inspector-cli', () => {
  let tmp: string;
  let project: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'as-mcp-insp-'));
    project = join(tmp, 'demo');
    createProject(project, ['--features', 'middleware']);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('lists the tools', () => {
    const r = inspector(['--dir', project, '--method', 'tools/list']) as { tools: { name: string; inputSchema: { properties: Record<string, unknown> } }[] };
    expect(r.tools.map((t) => t.name).sort()).toEqual(['api_diff', 'api_lookup', 'check_java', 'plan_generation', 'version_info']);
    expect(Object.keys(r.tools.find((t) => t.name === 'plan_generation')!.inputSchema.properties)).toEqual(expect.arrayContaining(['kind', 'className', 'write']));
  });

  it('calls api_lookup and version_info', () => {
    const r = inspector(['--dir', project, '--method', 'tools/call', '--tool-name', 'api_lookup', '--tool-arg', 'query=MiddlewareBase#onAgent']) as {
      isError?: boolean;
      structuredContent: { version: string; hits: { members: { signature: string; location: string }[] }[] };
    };
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent.version).toBe(readPin().version);
    const m = r.structuredContent.hits[0].members[0];
    expect(m.signature).toMatch(/onAgent\(Agent agent, RuntimeContext ctx, AgentInput input/);
    expect(m.location).toMatch(/MiddlewareBase\.java:\d+$/);
    const v = inspector(['--dir', project, '--method', 'tools/call', '--tool-name', 'version_info']) as { structuredContent: { project: { root: string } } };
    expect(v.structuredContent.project.root).toBe(project);
  });
});
