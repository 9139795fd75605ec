/**
 * A generated project's MCP client against a real MCP server we did not write:
 * @modelcontextprotocol/server-everything (node_modules), over stdio, streamable HTTP and SSE.
 * The scripted model calls the server's `echo` tool through the generated agent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mvn, tempDir, writeProject } from './support.js';

const require = createRequire(import.meta.url);
const serverEntry = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
const root = tempDir('agentscope-mcp-real-');
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts server-everything with a transport and waits until it says it listens. */
async function startServer(transport: 'streamableHttp' | 'sse', port: number): Promise<void> {
  const child = spawn(process.execPath, [serverEntry, transport], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`${transport} server did not start:\n${log}`)), 20_000);
    const onData = (d: Buffer) => {
      log += d.toString();
      if (/listening|running/i.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${transport} server exited with ${code}:\n${log}`)));
  });
}

let httpUrl = '';
let sseUrl = '';
let projectDir = '';

beforeAll(async () => {
  const httpPort = await freePort();
  await startServer('streamableHttp', httpPort);
  httpUrl = `http://127.0.0.1:${httpPort}/mcp`;
  const ssePort = await freePort();
  await startServer('sse', ssePort);
  sseUrl = `http://127.0.0.1:${ssePort}/sse`;

  projectDir = join(root, 'mcp-real');
  const { opts } = await writeProject(projectDir, { name: 'mcpreal', features: ['mcp'], mcpTransports: ['stdio', 'http', 'sse'] });
  const fixture = readFileSync(new URL('../fixtures/generators/RealMcpServerTest.java.txt', import.meta.url), 'utf8');
  writeFileSync(join(projectDir, 'src/test/java', opts.packagePath, 'RealMcpServerTest.java'), fixture.replace('__PACKAGE__', opts.packageName));
}, 120_000);

afterAll(() => {
  for (const c of children) c.kill();
  rmSync(root, { recursive: true, force: true });
});

it('the generated MCP client calls echo on server-everything over stdio, streamable HTTP and SSE', () => {
  const run = mvn(projectDir, ['-q', 'test', '-Dtest=RealMcpServerTest', `-Dmcp.node=${process.execPath}`, `-Dmcp.server=${serverEntry}`, `-Dmcp.httpUrl=${httpUrl}`, `-Dmcp.sseUrl=${sseUrl}`]);
  expect(run.code, run.output.slice(-6000)).toBe(0);
  const report = readFileSync(join(projectDir, 'target/surefire-reports', `TEST-com.example.mcpreal.RealMcpServerTest.xml`), 'utf8');
  expect(report).toMatch(/tests="3"/);
  expect(report).toMatch(/failures="0"/);
  expect(report).toMatch(/errors="0"/);
  expect(report).toMatch(/skipped="0"/);
}, 300_000);
