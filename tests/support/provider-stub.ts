/**
 * A local model server for end-to-end tests of a generated project's real provider path: it speaks
 * two wire protocols on 127.0.0.1 only, as the 2.0.2 provider extensions call them:
 *
 * - OpenAI-compatible chat completions: POST <base>/chat/completions (OpenAIClient joins
 *   "/v1/chat/completions" to the base URL, dropping the "/v1" when the base already ends in a
 *   version); streamed as SSE `data:` chunks ending in `data: [DONE]`, tool calls as
 *   `delta.tool_calls` fragments.
 * - Anthropic messages: POST <base>/v1/messages (the official anthropic-java SDK the Anthropic
 *   extension uses); streamed as named SSE events (message_start, content_block_*, message_delta,
 *   message_stop), tool calls as tool_use blocks with input_json_delta fragments.
 *
 * Only streaming is scripted (both providers stream by default in 2.0.2); a non-streamed request is
 * answered with 400. The script, per protocol: a request whose latest message is the user's and
 * asks for the tool (its text contains `toolWhen`) gets a call to the named tool; a request ending
 * with that tool's result gets the final answer, which quotes the result; any other request gets a
 * plain reply quoting the user's latest text, so a multi-turn chat can be followed turn by turn.
 * Every request is recorded (with the user and assistant texts it carries) so a test can assert
 * what the agent actually sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubProtocol = 'openai' | 'anthropic';

export interface StubScript {
  /** The tool the stub calls (must be among the request's tools, or the stub answers 400). */
  toolName: string;
  toolInput: Record<string, unknown>;
  /** The final answer: `${finalPrefix}${protocol}: ${tool result text}`. */
  finalPrefix: string;
  /** A user text containing this asks for the tool. */
  toolWhen: string;
  /** Any other answer: `${replyPrefix}${protocol}: ${latest user text}`. */
  replyPrefix: string;
}

interface StubRequest {
  protocol: StubProtocol;
  path: string;
  /** Authorization (openai) or x-api-key (anthropic) as received. */
  credential: string;
  stream: boolean;
  model: string;
  toolNames: string[];
  /** Text of the tool result the request ends with, for the stub's call ('' if none). */
  toolResult: string;
  /** The texts of the user's and the assistant's messages the request carries, in order. */
  userTexts: string[];
  assistantTexts: string[];
  /** What the stub answered: 'tool_call', 'final', 'reply' or an error. */
  answered: string;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface ProviderStub {
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

const TOOL_CALL_ID = { openai: 'call_stub_1', anthropic: 'toolu_stub_1' } as const;

export async function startProviderStub(script: StubScript): Promise<ProviderStub> {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    readJson(req)
      .then((body) => {
        const path = (req.url ?? '').split('?')[0];
        if (req.method === 'POST' && /\/chat\/completions$/.test(path)) return openai(req, res, path, body, script, requests);
        if (req.method === 'POST' && /\/v1\/messages$/.test(path)) return anthropic(req, res, path, body, script, requests);
        sendJson(res, 404, { error: { message: `stub: no route for ${req.method} ${path}` } });
      })
      .catch((e: Error) => sendJson(res, 400, { error: { message: `stub: ${e.message}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// request bodies are whatever JSON the client sent; the stub reads them like a server would
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

function openai(req: IncomingMessage, res: ServerResponse, path: string, body: Json, script: StubScript, log: StubRequest[]): void {
  const toolNames: string[] = (body.tools ?? []).map((t: Json) => t?.function?.name).filter(Boolean);
  const messages: Json[] = body.messages ?? [];
  const last = messages[messages.length - 1];
  const result = last?.role === 'tool' && last.tool_call_id === TOOL_CALL_ID.openai ? last : undefined;
  const textsOf = (role: string) => messages.filter((m) => m.role === role && m.content).map((m) => textOf(m.content)).filter(Boolean);
  const entry: StubRequest = {
    protocol: 'openai',
    path,
    credential: String(req.headers.authorization ?? ''),
    stream: body.stream === true,
    model: String(body.model ?? ''),
    toolNames,
    toolResult: result ? textOf(result.content) : '',
    userTexts: textsOf('user'),
    assistantTexts: textsOf('assistant'),
    answered: '',
    at: Date.now(),
  };
  log.push(entry);
  if (!entry.stream) {
    entry.answered = 'error: not streaming';
    return sendJson(res, 400, { error: { message: 'stub: only streamed chat completions are scripted (the providers stream by default)' } });
  }
  const wantsTool = !result && last?.role === 'user' && textOf(last.content).includes(script.toolWhen);
  if (wantsTool && !toolNames.includes(script.toolName)) {
    entry.answered = 'error: tool not offered';
    return sendJson(res, 400, { error: { message: `stub: the request offers no tool ${script.toolName} (got ${toolNames.join(', ')})` } });
  }
  const id = `chatcmpl-stub-${log.length}`;
  const chunk = (delta: Json, finish: string | null) => ({ id, object: 'chat.completion.chunk', created: 1, model: entry.model, choices: [{ index: 0, delta, finish_reason: finish }] });
  const args = JSON.stringify(script.toolInput);
  if (wantsTool) {
    entry.answered = 'tool_call';
    // the arguments arrive in fragments, as real servers send them
    const half = Math.ceil(args.length / 2);
    return sendSse(res, [
      chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: TOOL_CALL_ID.openai, type: 'function', function: { name: script.toolName, arguments: '' } }] }, null),
      chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] }, null),
      chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }, null),
      chunk({}, 'tool_calls'),
    ].map((c) => ({ data: JSON.stringify(c) })).concat({ data: '[DONE]' }));
  }
  entry.answered = result ? 'final' : 'reply';
  const answer = result ? `${script.finalPrefix}openai: ${entry.toolResult}` : `${script.replyPrefix}openai: ${entry.userTexts.at(-1) ?? ''}`;
  const pieces = splitText(answer);
  sendSse(res, [
    ...pieces.map((p, i) => chunk(i === 0 ? { role: 'assistant', content: p } : { content: p }, null)),
    chunk({}, 'stop'),
  ].map((c) => ({ data: JSON.stringify(c) })).concat({ data: '[DONE]' }));
}

function anthropic(req: IncomingMessage, res: ServerResponse, path: string, body: Json, script: StubScript, log: StubRequest[]): void {
  const toolNames: string[] = (body.tools ?? []).map((t: Json) => t?.name).filter(Boolean);
  const messages: Json[] = body.messages ?? [];
  const last = messages[messages.length - 1];
  const lastBlocks: Json[] = last?.role === 'user' && Array.isArray(last.content) ? last.content : [];
  const result = lastBlocks.find((b) => b.type === 'tool_result' && b.tool_use_id === TOOL_CALL_ID.anthropic);
  // a user message's own text (string content or text blocks), not the tool results it carries
  const textsOf = (role: string) => messages.filter((m) => m.role === role).map((m) => textOf(Array.isArray(m.content) ? m.content.filter((b: Json) => b.type === 'text') : m.content)).filter(Boolean);
  const entry: StubRequest = {
    protocol: 'anthropic',
    path,
    credential: String(req.headers['x-api-key'] ?? ''),
    stream: body.stream === true,
    model: String(body.model ?? ''),
    toolNames,
    toolResult: result ? textOf(result.content) : '',
    userTexts: textsOf('user'),
    assistantTexts: textsOf('assistant'),
    answered: '',
    at: Date.now(),
  };
  log.push(entry);
  if (!req.headers['anthropic-version']) {
    entry.answered = 'error: no anthropic-version';
    return sendJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'stub: anthropic-version header missing' } });
  }
  if (!entry.stream) {
    entry.answered = 'error: not streaming';
    return sendJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'stub: only streamed messages are scripted (the provider streams by default)' } });
  }
  const wantsTool = !result && last?.role === 'user' && textOf(Array.isArray(last.content) ? last.content.filter((b: Json) => b.type === 'text') : last.content).includes(script.toolWhen);
  if (wantsTool && !toolNames.includes(script.toolName)) {
    entry.answered = 'error: tool not offered';
    return sendJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: `stub: the request offers no tool ${script.toolName}` } });
  }
  const id = `msg_stub_${log.length}`;
  const started = { id, type: 'message', role: 'assistant', model: entry.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } };
  const input = JSON.stringify(script.toolInput);
  const answer = result ? `${script.finalPrefix}anthropic: ${entry.toolResult}` : `${script.replyPrefix}anthropic: ${entry.userTexts.at(-1) ?? ''}`;
  entry.answered = wantsTool ? 'tool_call' : result ? 'final' : 'reply';
  const events: { event: string; data: Json }[] = [{ event: 'message_start', data: { type: 'message_start', message: started } }];
  if (wantsTool) {
    const half = Math.ceil(input.length / 2);
    events.push(
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: TOOL_CALL_ID.anthropic, name: script.toolName, input: {} } } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: input.slice(0, half) } } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: input.slice(half) } } },
    );
  } else {
    events.push({ event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } });
    for (const p of splitText(answer)) events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: p } } });
  }
  events.push(
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: wantsTool ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  );
  sendSse(res, events.map((e) => ({ event: e.event, data: JSON.stringify(e.data) })));
}

/** Tool-result content as text: a string, or the text parts of a content array. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? p : (p?.text ?? ''))).join('');
  return '';
}

function splitText(s: string): string[] {
  const third = Math.max(1, Math.ceil(s.length / 3));
  const out: string[] = [];
  for (let i = 0; i < s.length; i += third) out.push(s.slice(i, i + third));
  return out;
}

function readJson(req: IncomingMessage): Promise<Json> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        reject(new Error('request body is not JSON'));
      }
    });
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendSse(res: ServerResponse, events: { event?: string; data: string }[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${e.data}\n\n`);
  res.end();
}
