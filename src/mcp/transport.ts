/**
 * The MCP server's stdio transport: newline-delimited JSON-RPC 2.0 on stdin/stdout, like the
 * SDK's, with the guards a long-running server needs against what a client may send:
 *
 * - a message over the size cap is skipped up to its newline and answered with an Invalid
 *   Request error (the SDK's transport closes the server instead);
 * - a line that is no JSON is answered with a Parse error (-32700), a JSON value that is no
 *   JSON-RPC 2.0 message (wrong or missing `jsonrpc`, a batch, no method) with Invalid Request
 *   (-32600), as JSON-RPC 2.0 says, instead of being dropped;
 * - before `initialize`, every request but `ping` is answered with an error (-32002).
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const DEFAULT_MAX_REQUEST_BYTES = 4 << 20;

function maxRequestBytes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.AGENTSCOPE_MCP_MAX_REQUEST_BYTES);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_MAX_REQUEST_BYTES;
}

type Id = string | number | null;

/** The id of a (possibly truncated or invalid) request, when one can be read from its start. */
function idOf(value: unknown): Id {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function idFromPrefix(prefix: string): Id {
  const m = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,20})/.exec(prefix);
  if (!m) return null;
  try {
    return JSON.parse(m[1]) as string | number;
  } catch {
    return null;
  }
}

export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Inside a message over the cap: its first bytes (for the id), the rest is dropped. */
  private oversized?: string;
  private initialized = false;
  private readonly maxBytes: number;

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.maxBytes = maxRequestBytes(env);
  }

  private readonly onData = (chunk: Buffer) => {
    try {
      this.take(chunk);
    } catch (e) {
      this.onerror?.(e as Error);
    }
  };

  private readonly onError = (e: Error) => this.onerror?.(e);

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
  }

  private take(chunk: Buffer): void {
    let rest = chunk;
    for (;;) {
      const nl = rest.indexOf(10);
      if (nl < 0) break;
      const piece = rest.subarray(0, nl);
      rest = rest.subarray(nl + 1);
      if (this.oversized !== undefined) {
        this.reply(idFromPrefix(this.oversized), -32600, `Invalid Request: message over ${this.maxBytes} bytes (the server's limit); it was not read`);
        this.oversized = undefined;
      } else if (this.size + piece.length > this.maxBytes) {
        this.reply(idFromPrefix(Buffer.concat([...this.chunks, piece.subarray(0, 512)]).toString('utf8', 0, 512)), -32600, `Invalid Request: message over ${this.maxBytes} bytes (the server's limit); it was not read`);
      } else {
        this.chunks.push(piece);
        this.line(Buffer.concat(this.chunks).toString('utf8'));
      }
      this.chunks = [];
      this.size = 0;
    }
    if (!rest.length) return;
    if (this.oversized !== undefined) return;
    if (this.size + rest.length > this.maxBytes) {
      this.oversized = Buffer.concat([...this.chunks, rest.subarray(0, 512)]).toString('utf8', 0, 512);
      this.chunks = [];
      this.size = 0;
      return;
    }
    this.chunks.push(Buffer.from(rest));
    this.size += rest.length;
  }

  private line(text: string): void {
    const trimmed = text.replace(/\r$/, '');
    if (!trimmed.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      this.reply(null, -32700, 'Parse error: the message is not valid JSON');
      return;
    }
    if (Array.isArray(value)) {
      this.reply(null, -32600, 'Invalid Request: batches are not supported by MCP');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    const obj = value as { jsonrpc?: unknown; method?: unknown; id?: unknown };
    if (!parsed.success || obj?.jsonrpc !== '2.0') {
      // a malformed notification gets no answer (it has no id); everything else does
      if (obj && typeof obj === 'object' && 'id' in obj) this.reply(idOf(value), -32600, 'Invalid Request: not a JSON-RPC 2.0 message (jsonrpc must be "2.0", with a string method)');
      else if (!obj || typeof obj !== 'object' || typeof obj.method !== 'string') this.reply(null, -32600, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    const message = parsed.data;
    if ('method' in message && !this.initialized) {
      if (message.method === 'initialize') this.initialized = true;
      else if (message.method !== 'ping') {
        if ('id' in message) this.reply(message.id, -32002, `Server not initialized: send initialize before ${message.method}`);
        return;
      }
    }
    this.onmessage?.(message);
  }

  private reply(id: Id, code: number, message: string): void {
    this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(JSON.stringify(message) + '\n')) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    this.chunks = [];
    this.onclose?.();
  }
}
