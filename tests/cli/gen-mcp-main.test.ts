/**
 * `gen mcp` into a project created without mcp wires Main the way `create --features mcp` does
 * (issue 12, item 6): the clients are opened after the toolkit and closed when main ends, the
 * edit is idempotent, a hand-rewritten Main gets the exact lines printed, and real `mvn -q test`
 * passes with the MCP client's scripted-model test calling a real stdio server.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, cli, snapshot, tempDir } from './helpers.js';
import { mvn, writeAggregator } from '../maven/support.js';

afterAll(cleanup);

async function created(extra: string[] = []): Promise<{ root: string; main: string; pkgDir: string }> {
  const cwd = tempDir('as-genmcp-');
  const r = await cli(cwd, ['create', 'app', '--yes', '--no-git', ...extra]);
  expect(r.code, r.err).toBe(0);
  const root = join(cwd, 'app');
  const pkgDir = join(root, 'src/main/java/com/example/app');
  return { root, main: join(pkgDir, 'Main.java'), pkgDir };
}

/** The lines of main() from the toolkit to main()'s end: what create and gen must agree on. */
function mainTail(file: string): string {
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf('Toolkit toolkit = AgentFactory.createToolkit();');
  return text.slice(from, text.indexOf('\n    }\n', from));
}

describe('gen mcp wires Main like create --features mcp', () => {
  it('wraps the rest of main() in the connections once; a re-run changes nothing', async () => {
    const { root, main } = await created(['--features', 'tool']);
    const r = await cli(root, ['gen', 'mcp', '--mcp', 'stdio,http']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('UPDATE    src/main/java/com/example/app/Main.java');
    expect(r.out).toContain('wired into Main.java: try (McpConnections mcp = McpConnections.fromEnvironment(toolkit))');
    // The same main() as create writes for tool+mcp (the permission policy mcp brings along changes only the chat it runs).
    const { main: reference } = await created(['--features', 'tool,mcp', '--mcp', 'stdio,http']);
    expect(mainTail(main)).toContain('McpConnections.fromEnvironment(toolkit)');
    expect(mainTail(main)).toBe(mainTail(reference));
    const before = snapshot(root);
    const again = await cli(root, ['gen', 'mcp', '--mcp', 'stdio,http']);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('Nothing to change');
    expect(snapshot(root)).toEqual(before);
  });

  it('a Main rewritten by hand is left alone and the exact lines to add are printed (zh too)', async () => {
    const { root, main } = await created(['--features', 'none']);
    const handMade = readFileSync(main, 'utf8').replace('Toolkit toolkit = AgentFactory.createToolkit();', 'Toolkit toolkit = Tools.all();');
    writeFileSync(main, handMade);
    const r = await cli(root, ['gen', 'mcp']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(
      'Main.java has changed beyond recognition (or is missing): in Main.main(), after `Toolkit toolkit = AgentFactory.createToolkit();`, add try (McpConnections mcp = McpConnections.fromEnvironment(toolkit)) { Runtime.getRuntime().addShutdownHook(new Thread(mcp::close)); and close the block with } after the code that uses the agent',
    );
    expect(readFileSync(main, 'utf8')).toBe(handMade);
    const other = await created(['--features', 'none']);
    writeFileSync(other.main, handMade.replace(/package [\w.]+;/, 'package com.example.app;'));
    const zh = await cli(other.root, ['gen', 'mcp', '--lang', 'zh']);
    expect(zh.code, zh.err).toBe(0);
    expect(zh.out).toContain('Main.java 已被改写（或不存在），无法自动接入');
  });

  it('a later gen permission allows the trusted MCP tools, as create --features mcp does', async () => {
    const { root, pkgDir } = await created(['--features', 'none']);
    expect((await cli(root, ['gen', 'mcp'])).code).toBe(0);
    const p = await cli(root, ['gen', 'permission']);
    expect(p.code, p.err).toBe(0);
    expect(readFileSync(join(pkgDir, 'PermissionPolicy.java'), 'utf8')).toMatch(/ALLOW = List\.of\("echo"\)/);
  });

  it('a project with a permission policy gets the trusted MCP tools in ALLOW, as create --features mcp lists them; once', async () => {
    const { root, pkgDir } = await created(['--features', 'tool,permission']);
    const r = await cli(root, ['gen', 'mcp']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('added to PermissionPolicy.ALLOW: "echo" (McpConnections.TRUSTED_TOOLS, as create --features mcp does)');
    const { pkgDir: ref } = await created(['--features', 'tool,permission,mcp']);
    const body = (dir: string) => readFileSync(join(dir, 'PermissionPolicy.java'), 'utf8').split('\n').slice(1).join('\n');
    expect(body(pkgDir)).toBe(body(ref));
    const before = snapshot(root);
    expect((await cli(root, ['gen', 'mcp'])).code).toBe(0);
    expect(snapshot(root)).toEqual(before);
  });

  it('wires a HarnessAgent Main as well', async () => {
    const { root, main } = await created(['--agent', 'harness', '--features', 'none']);
    const r = await cli(root, ['gen', 'mcp']);
    expect(r.code, r.err + r.out).toBe(0);
    const text = readFileSync(main, 'utf8');
    // main() runs the agent inside the connections; run() closes the agent
    expect(text).toMatch(/try \(McpConnections mcp = McpConnections\.fromEnvironment\(toolkit\)\) \{\n {12}Runtime\.getRuntime\(\)\.addShutdownHook\(new Thread\(mcp::close\)\);\n {12}run\(args, model, toolkit\);\n {8}\}\n {4}\}\n/);
    expect(text).toMatch(/static void run\(String\[\] args, Model model, Toolkit toolkit\) \{[\s\S]*try \(HarnessAgent agent = builder\.build\(\)\) \{/);
  });

  it('real mvn -q test passes after create (no features, react and harness; and one with a policy) + gen mcp --mcp stdio,http, and the MCP test calls a real stdio server', async () => {
    const cwd = tempDir('as-genmcp-mvn-');
    const projects = [['plain', ['--features', 'none']], ['harn', ['--features', 'none', '--agent', 'harness']], ['policy', ['--features', 'tool,permission']]] as const;
    for (const [name, extra] of projects) {
      const c = await cli(cwd, ['create', name, '--yes', '--no-git', ...extra]);
      expect(c.code, c.err).toBe(0);
      const r = await cli(join(cwd, name), ['gen', 'mcp', '--mcp', 'stdio,http']);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain('wired into Main.java');
    }
    // One Maven JVM for both projects.
    writeAggregator(cwd, projects.map(([name]) => name));
    const run = mvn(cwd, ['-q', 'test']);
    expect(run.code, run.output).toBe(0);
    for (const [name] of projects) {
      const reports = join(cwd, name, 'target/surefire-reports');
      const xml = readFileSync(join(reports, `TEST-com.example.${name}.McpConnectionsTest.xml`), 'utf8');
      expect(xml).toMatch(/testcase name="agentCallsAToolOfARealStdioServer"/);
      expect(xml).toMatch(/testcase name="streamableHttpClientIsBuiltWithoutConnecting"/);
      expect(xml).toMatch(/<testsuite [^>]*failures="0"/);
      expect(xml).toMatch(/<testsuite [^>]*errors="0"/);
      // Main compiled with the wiring (javac decided).
      expect(readdirSync(join(cwd, name, `target/classes/com/example/${name}`))).toContain('Main.class');
    }
  }, 600_000);
});
