#!/usr/bin/env node
// Prints the start-up time of `agentscope mcp` (spawn -> initialize -> tools/list answered, as an
// MCP client sees it) and the median latency of each tool over a fixed set of calls, in a project
// made by `agentscope create`. Targets (issue 13): start < 500 ms, calls < 100 ms.
//   node bench/mcp.mjs [--starts N] [--rounds N]
// The first call of each tool is printed apart: it pays for loading what that tool needs
// (the checker's parser is compiled in the background right after the handshake).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, median, opt, root } from './_shared.js';

const starts = Number(opt('--starts', '7'));
const rounds = Number(opt('--rounds', '5'));
ensureBuilt();
const { Client } = await import(join(root, 'node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js'));
const { StdioClientTransport } = await import(join(root, 'node_modules/@modelcontextprotocol/sdk/dist/esm/client/stdio.js'));
const bin = join(root, 'bin', 'agentscope.js');

const tmp = mkdtempSync(join(tmpdir(), 'as-bench-mcp-'));
const project = join(tmp, 'demo');
execFileSync(process.execPath, [bin, 'create', project, '--yes', '--lang', 'en'], { stdio: 'ignore', env: { ...process.env, CI: '1' } });

async function connect() {
  const t0 = performance.now();
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp'], cwd: project, stderr: 'ignore' }));
  await client.listTools();
  return { client, ms: performance.now() - t0 };
}

const CALLS = {
  api_lookup: [{ query: 'ToolResultBlock' }, { query: 'McpClientBuilder#streamableHttpTransport' }, { query: 'ReActAgent.Builder' }, { query: 'streamableHttp' }, { query: 'ToolResultBlock#success' }],
  check_java: [
    { source: 'ToolResultBlock r = ToolResultBlock.success("ok");' },
    { source: 'import io.agentscope.core.message.ToolResultBlock;\nclass A { ToolResultBlock f() { return ToolResultBlock.text("x"); } }' },
    { path: 'src/main/java' },
  ],
  plan_generation: [{ kind: 'tool', className: 'StockPriceTool' }, { kind: 'middleware', className: 'AuditMiddleware' }],
  api_diff: [{ from: '1.0.9', type: 'ToolResultBlock' }, { from: '1.0.9', type: 'McpClientBuilder' }],
  version_info: [{}],
};

try {
  const startMs = [];
  for (let i = 0; i < starts; i++) {
    const { client, ms } = await connect();
    startMs.push(ms);
    await client.close();
  }
  const { client } = await connect();
  await new Promise((r) => setTimeout(r, 1500)); // let the post-handshake warm-up finish, as a user's first question would
  const rows = [];
  for (const [tool, argsList] of Object.entries(CALLS)) {
    const first = [];
    const rest = [];
    for (let r = 0; r < rounds; r++) {
      for (const args of argsList) {
        const t = performance.now();
        const res = await client.callTool({ name: tool, arguments: args });
        const ms = performance.now() - t;
        if (res.isError) throw new Error(`${tool} ${JSON.stringify(args)}: ${res.content?.[0]?.text}`);
        (r === 0 ? first : rest).push(ms);
      }
    }
    rows.push({ tool, calls: argsList.length * rounds, first: Math.max(...first), median: median(rest.length ? rest : first), max: Math.max(...rest) });
  }
  await client.close();

  const f = (ms) => `${ms.toFixed(0).padStart(5)} ms`;
  const bare = nodeStart();
  console.log(`agentscope mcp start-up (spawn -> tools/list answered), ${starts} runs: median ${f(median(startMs))}, min ${f(Math.min(...startMs))}  (target < 500 ms)`);
  console.log(`  of which a bare \`node -e 0\` start takes ${f(bare)} on this machine now: the server's own share is ~${f(median(startMs) - bare)}`);
  console.log(`tool latency over ${rounds} rounds of a fixed call set (median excludes the first round):`);
  console.log(`  ${'tool'.padEnd(16)} calls  ${'first round max'.padStart(15)}  ${'median'.padStart(8)}  ${'max'.padStart(8)}`);
  for (const r of rows) console.log(`  ${r.tool.padEnd(16)} ${String(r.calls).padStart(5)}  ${f(r.first).padStart(15)}  ${f(r.median).padStart(8)}  ${f(r.max).padStart(8)}   ${r.median < 100 ? 'ok' : 'over'} (target < 100 ms)`);
  const load = (await import('node:os')).loadavg()[0];
  console.log(`(load average ${load.toFixed(1)} on ${(await import('node:os')).cpus().length} cores)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

function nodeStart() {
  const ms = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    execFileSync(process.execPath, ['-e', '0']);
    ms.push(performance.now() - t);
  }
  return median(ms);
}
