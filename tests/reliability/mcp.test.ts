import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanup, PKG, projectFactory, runEnv, tempDir, tree } from './helpers.js';

/**
 * The MCP server (`agentscope mcp`) spoken to line by line, as a client that misbehaves would:
 * oversized, malformed and premature messages are answered with JSON-RPC errors and the server
 * keeps serving; writes through a symlink out of the project and traversal versions are refused;
 * a FIFO in the project never hangs it. A bounded fuzz run ends the file.
 */
let home: string;
let project: () => string;
beforeAll(() => {
  home = tempDir('as-rel-mcp-home-');
  project = projectFactory(home);
});
afterAll(cleanup);

interface Reply {
  id?: string | number | null;
  result?: { isError?: boolean; content?: { text?: string }[]; structuredContent?: Record<string, unknown> };
  error?: { code: number; message: string };
}

class LineClient {
  private buf = '';
  private readonly replies: Reply[] = [];
  private waiters: (() => void)[] = [];
  readonly proc: ChildProcessWithoutNullStreams;
  exited = false;

  constructor(cwd: string, extra: NodeJS.ProcessEnv = {}) {
    this.proc = spawn(process.execPath, [BIN, 'mcp'], { cwd, env: runEnv(home, extra) });
    this.proc.stdout.on('data', (d) => {
      this.buf += String(d);
      for (let nl = this.buf.indexOf('\n'); nl >= 0; nl = this.buf.indexOf('\n')) {
        const line = this.buf.slice(0, nl);
        this.buf = this.buf.slice(nl + 1);
        if (line.trim()) this.replies.push(JSON.parse(line) as Reply);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.proc.on('exit', () => {
      this.exited = true;
      for (const w of this.waiters.splice(0)) w();
    });
  }

  send(line: string | object): void {
    this.proc.stdin.write((typeof line === 'string' ? line : JSON.stringify(line)) + '\n');
  }

  /** The next reply with this id (null: an error the server could not attach to a request). */
  async reply(id: string | number | null, timeoutMs = 60_000): Promise<Reply> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.replies.findIndex((r) => r.id === id);
      if (i >= 0) return this.replies.splice(i, 1)[0];
      if (this.exited) throw new Error(`the server exited before answering ${id}`);
      if (Date.now() > deadline) throw new Error(`no answer to ${id} within ${timeoutMs} ms`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }

  async call(id: number, method: string, params: object = {}): Promise<Reply> {
    this.send({ jsonrpc: '2.0', id, method, params });
    return this.reply(id);
  }

  async initialize(): Promise<void> {
    const r = await this.call(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'rel', version: '0' } });
    expect(r.result).toBeDefined();
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  close(): void {
    this.proc.stdin.end();
    this.proc.kill();
  }
}

const text = (r: Reply) => r.result?.content?.[0]?.text ?? '';

describe('the MCP server answers bad messages as JSON-RPC says and keeps serving', () => {
  it('no tool call before initialize; parse errors, wrong jsonrpc, batches, oversized requests: each an error reply', async () => {
    const c = new LineClient(project(), { AGENTSCOPE_MCP_MAX_REQUEST_BYTES: '200000' });
    try {
      const early = await c.call(1, 'tools/call', { name: 'version_info', arguments: {} });
      expect(early.error?.code).toBe(-32002);
      expect((await c.call(2, 'ping')).result).toEqual({});
      await c.initialize();
      c.send('{"jsonrpc":"2.0","id":3,"method":');
      expect((await c.reply(null)).error?.code).toBe(-32700);
      c.send({ jsonrpc: '1.0', id: 4, method: 'ping' });
      expect((await c.reply(4)).error?.code).toBe(-32600);
      c.send([{ jsonrpc: '2.0', id: 5, method: 'ping' }]);
      expect((await c.reply(null)).error).toMatchObject({ code: -32600, message: expect.stringMatching(/batch/) });
      // over the cap: skipped to its newline, answered with its id, in whatever chunks it arrives
      const big = JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'api_lookup', arguments: { query: 'x'.repeat(300_000) } } });
      c.proc.stdin.write(big.slice(0, 100_000));
      c.proc.stdin.write(big.slice(100_000) + '\n');
      expect((await c.reply(6)).error).toMatchObject({ code: -32600, message: expect.stringMatching(/over 200000 bytes/) });
      expect((await c.call(7, 'ping')).result).toEqual({});
      // within the cap but over a tool's input limit: a tool error at once, not seconds of work
      const t0 = Date.now();
      const long = await c.call(8, 'tools/call', { name: 'api_lookup', arguments: { query: 'A'.repeat(30_000) } });
      expect(long.result?.isError ?? long.error !== undefined).toBe(true);
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect((await c.call(9, 'tools/list')).result).toBeDefined();
    } finally {
      c.close();
    }
  }, 120_000);

  it('plan_generation write through a package folder symlinked out of the project is refused; traversal versions too; a FIFO never hangs it', async () => {
    const dir = project();
    const outside = tempDir('as-rel-mcp-out-');
    renameSync(join(dir, PKG), join(outside, 'app'));
    symlinkSync(join(outside, 'app'), join(dir, PKG));
    const before = tree(outside);
    const c = new LineClient(dir);
    try {
      await c.initialize();
      const w = await c.call(1, 'tools/call', { name: 'plan_generation', arguments: { kind: 'tool', className: 'Escaped', write: true } });
      expect(w.result?.isError).toBe(true);
      expect(text(w)).toMatch(/outside .* \(through a symlink\)/);
      expect(tree(outside)).toEqual(before);
      for (const [id, name, args] of [
        [2, 'api_lookup', { query: 'ReActAgent', version: '../../../../x/evilinv' }],
        [3, 'api_diff', { from: '../../../../x/evilinv' }],
      ] as const) {
        const r = await c.call(id, 'tools/call', { name, arguments: args });
        expect(r.result?.isError ?? r.error !== undefined, name).toBe(true);
        expect(JSON.stringify(r)).toMatch(/not an AgentScope version/);
      }
      // back to a normal project, with a FIFO named like a source
      const plain = project();
      expect(spawnSync('mkfifo', [join(plain, PKG, 'Fifo.java')]).status).toBe(0);
      const d = new LineClient(plain);
      try {
        await d.initialize();
        const chk = await d.call(4, 'tools/call', { name: 'check_java', arguments: { path: `${PKG}/Fifo.java` } });
        expect(text(chk)).toMatch(/not checked: a FIFO/);
        const plan = await d.call(5, 'tools/call', { name: 'plan_generation', arguments: { kind: 'tool', className: 'Planned' } });
        expect(plan.result?.isError, text(plan)).toBeFalsy();
        // two writes at once to one server: serialized by the project lock, both land
        d.send({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'plan_generation', arguments: { kind: 'tool', className: 'WriteOne', write: true } } });
        d.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'plan_generation', arguments: { kind: 'middleware', className: 'WriteTwo', write: true } } });
        const [a, b] = [await d.reply(6), await d.reply(7)];
        expect([a.result?.isError ?? false, b.result?.isError ?? false], text(a) + text(b)).toEqual([false, false]);
        const factory = readFileSync(join(plain, PKG, 'AgentFactory.java'), 'utf8');
        expect(factory).toContain('new WriteOne(');
        expect(factory).toContain('new WriteTwo(');
        expect(existsSync(join(plain, '.agentscope.lock'))).toBe(false);
      } finally {
        d.close();
      }
    } finally {
      c.close();
    }
  }, 180_000);

  it('fuzz (bounded): random and mutated lines never stop the server from answering', async () => {
    const c = new LineClient(project());
    let seed = 21;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const valid = JSON.stringify({ jsonrpc: '2.0', id: 'v', method: 'tools/call', params: { name: 'api_lookup', arguments: { query: 'ReActAgent' } } });
    try {
      await c.initialize();
      const deadline = Date.now() + 15_000;
      let sent = 0;
      while (Date.now() < deadline && sent < 400) {
        const chars = [...valid];
        for (let k = 0; k < 1 + Math.floor(rnd() * 4); k++) chars[Math.floor(rnd() * chars.length)] = String.fromCharCode(Math.floor(rnd() * 128));
        c.send(rnd() < 0.2 ? Buffer.from(Array.from({ length: 64 }, () => Math.floor(rnd() * 256))).toString('latin1').replace(/\n/g, ' ') : chars.join('').replace(/\n/g, ' '));
        sent++;
      }
      expect((await c.call(99_999, 'ping')).result).toEqual({});
      expect(c.exited).toBe(false);
    } finally {
      c.close();
    }
  }, 120_000);
});
