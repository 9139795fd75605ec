/**
 * The real provider path, end to end: a generated project with the `tool` feature runs its agent
 * (`mvn -q compile exec:java`) through the real provider extension against a local stub server
 * speaking the provider's wire protocol (tests/support/provider-stub.ts), the base URL taken from
 * the environment variable the generator documents. The stub first calls the project's tool,
 * then, once the tool's result arrives in the next request, answers with a final text that
 * quotes it; the process must print that answer. No real key, nothing beyond 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolNameFor } from '../../generators/_core/java.js';
import { providerBaseUrlEnv } from '../../generators/_core/providers.js';
import { startProviderStub, type ProviderStub, type StubProtocol } from '../support/provider-stub.js';
import { inventory, mvn, providerChoices, tempDir, writeAggregator, writeProject } from './support.js';

const root = tempDir('agentscope-provider-stub-');
const TOOL = toolNameFor('GreetingTool');
const FINAL = 'STUB FINAL ANSWER via ';
const DUMMY_KEY = 'dummy-key-for-the-local-stub';
const PROTOCOLS: StubProtocol[] = ['openai', 'anthropic'];

let stub: ProviderStub;
let compile: { code: number; output: string; ms: number };

beforeAll(async () => {
  stub = await startProviderStub({ toolName: TOOL, toolInput: { name: 'Ada' }, finalPrefix: FINAL });
  for (const prefix of PROTOCOLS) {
    const provider = providerChoices().find((p) => p.prefix === prefix);
    if (!provider) throw new Error(`the pinned inventory offers no ${prefix} provider`);
    await writeProject(join(root, prefix), { name: `stub-${prefix}`, features: ['tool'], providers: [provider] });
  }
  writeAggregator(root, PROTOCOLS);
  // One reactor compiles both projects (and resolves everything exec:java needs below).
  compile = mvn(root, ['-q', 'compile']);
  console.log(`provider-stub: reactor compile of ${PROTOCOLS.length} projects ${compile.ms} ms`);
}, 600_000);

afterAll(async () => {
  await stub?.close();
  if (!process.env.KEEP_PROVIDER_STUB) rmSync(root, { recursive: true, force: true });
});

/**
 * `mvn -q compile exec:java` in a project, with this provider's key and base URL set. Asynchronous:
 * the stub answers from this same Node process, so a synchronous child would deadlock it.
 */
async function runAgent(prefix: StubProtocol, baseUrl: string): Promise<{ code: number; output: string; ms: number; started: number }> {
  const models = readFileSync(join(root, prefix, 'src/main/java', `com/example/stub${prefix}`, 'ModelProviders.java'), 'utf8');
  const keyEnv = /PRIMARY_API_KEY_ENV = "([A-Z_]+)"/.exec(models)![1];
  const urlEnv = /PRIMARY_BASE_URL_ENV = "([A-Z_]+)"/.exec(models)![1];
  const env: NodeJS.ProcessEnv = { ...process.env, [keyEnv]: DUMMY_KEY, [urlEnv]: baseUrl };
  const started = Date.now();
  const child = spawn('mvn', ['-B', '-q', 'compile', 'exec:java', '-Dexec.args=Please greet Ada with your tool.'], { cwd: join(root, prefix), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  // a hung agent (e.g. a stream that never completes) fails the test instead of stalling the suite
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  clearTimeout(timer);
  return { code, output, ms: Date.now() - started, started };
}

describe('a generated agent runs through the real provider extension against a local stub', () => {
  it('the generated projects compile', () => {
    expect(compile.code, compile.output.slice(-6000)).toBe(0);
  });

  it.each([
    // OpenAI-compatible servers are conventionally given with their version path
    { prefix: 'openai' as const, base: (origin: string) => `${origin}/v1` },
    // the Anthropic SDK appends /v1/messages to the bare origin
    { prefix: 'anthropic' as const, base: (origin: string) => origin },
  ])('$prefix: the agent calls the project tool and prints the stub final answer', async ({ prefix, base }) => {
    expect(compile.code, 'compile failed, see the previous test').toBe(0);
    // the variable the generated code reads is the one the generator table derives
    expect(providerBaseUrlEnv(inventory(), prefix).baseUrlEnv).toBe(`${prefix.toUpperCase()}_BASE_URL`);
    const before = stub.requests.length;
    const run = await runAgent(prefix, base(stub.origin));
    const seen = stub.requests.slice(before);
    console.log(`provider-stub: ${prefix} mvn compile exec:java ${run.ms} ms; ${seen.length} requests (${seen.map((r) => `+${r.at - run.started} ms ${r.path} stream=${r.stream} -> ${r.answered}`).join('; ')})`);
    expect(run.code, run.output.slice(-6000)).toBe(0);

    // first request: the project's tool offered, answered with a call to it
    expect(seen.length, JSON.stringify(seen)).toBe(2);
    expect(seen.every((r) => r.protocol === prefix)).toBe(true);
    expect(seen[0].toolNames).toContain(TOOL);
    expect(seen[0].answered).toBe('tool_call');
    // the provider's default is streaming, and the key came from the environment
    expect(seen.every((r) => r.stream)).toBe(true);
    expect(seen[0].credential).toContain(DUMMY_KEY);
    expect(seen[0].model).toBe(`${prefix}-test-model`);
    expect(seen.map((r) => r.path)).toEqual(prefix === 'openai' ? ['/v1/chat/completions', '/v1/chat/completions'] : ['/v1/messages', '/v1/messages']);
    // second request: the tool really ran and its result went back to the model
    expect(seen[1].toolResult).toBe('Hello, Ada!');
    expect(seen[1].answered).toBe('final');
    // the process printed the stub's final answer (which quotes the tool result)
    expect(run.output).toContain(`${FINAL}${prefix}: Hello, Ada!`);
    // the dummy key never reaches the output
    expect(run.output).not.toContain(DUMMY_KEY);
  }, 240_000);
});
