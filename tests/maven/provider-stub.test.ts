/**
 * The real provider path, end to end: generated projects run their agent (`mvn -q compile
 * exec:java`) through the real provider extension against a local stub server speaking the
 * provider's wire protocol (tests/support/provider-stub.ts), the base URL taken from the
 * environment variable the generator documents. No real key, nothing beyond 127.0.0.1.
 *
 * - The chat (no arguments): a ReAct and a HarnessAgent project per protocol get two lines on
 *   stdin; the stub answers each turn with a streamed reply quoting the question, so the test
 *   sees two streamed requests, the second carrying the first turn, and both replies printed.
 * - Asking once (`-Dexec.args`): the ReAct projects; the stub first calls the project's tool,
 *   then, once the tool's result arrives in the next request, answers with a final text that
 *   quotes it; the process must print that answer.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentKind } from '../../generators/_core/options.js';
import { toolNameFor } from '../../generators/_core/java.js';
import { providerBaseUrlEnv } from '../../generators/_core/providers.js';
import { startProviderStub, type ProviderStub, type StubProtocol } from '../support/provider-stub.js';
import { harnessLeftovers, inventory, mvn, providerChoices, tempDir, writeAggregator, writeProject } from './support.js';

const root = tempDir('agentscope-provider-stub-');
const TOOL = toolNameFor('GreetingTool');
const FINAL = 'STUB FINAL ANSWER via ';
const REPLY = 'STUB REPLY via ';
const PROTOCOLS: StubProtocol[] = ['openai', 'anthropic'];
const KINDS: AgentKind[] = ['react', 'harness'];
const PROJECTS = KINDS.flatMap((kind) => PROTOCOLS.map((prefix) => ({ kind, prefix, name: `stub-${kind}-${prefix}` })));
const CHAT = ['My name is Ada.', 'What is my name?'];

let stub: ProviderStub;
let compile: { code: number; output: string; ms: number };

beforeAll(async () => {
  stub = await startProviderStub({ toolName: TOOL, toolInput: { name: 'Ada' }, finalPrefix: FINAL, toolWhen: 'greet', replyPrefix: REPLY });
  for (const p of PROJECTS) {
    const provider = providerChoices().find((c) => c.prefix === p.prefix);
    if (!provider) throw new Error(`the pinned inventory offers no ${p.prefix} provider`);
    await writeProject(join(root, p.name), { name: p.name, features: ['tool'], providers: [provider], agent: p.kind });
  }
  writeAggregator(root, PROJECTS.map((p) => p.name));
  // One reactor compiles every project (and resolves everything exec:java needs below).
  compile = mvn(root, ['-q', 'compile']);
  console.log(`provider-stub: reactor compile of ${PROJECTS.length} projects ${compile.ms} ms`);
}, 900_000);

afterAll(async () => {
  await stub?.close();
  if (!process.env.KEEP_PROVIDER_STUB) rmSync(root, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
  /** The stub's requests made with this run's key, in order. */
  seen: ProviderStub['requests'];
}

/**
 * `mvn -q compile exec:java` in a project, with a key of its own and the base URL set; `input`
 * is piped to stdin, `args` become -Dexec.args. Asynchronous: the stub answers from this same
 * Node process, so a synchronous child would deadlock it. HarnessAgent's workspace and session
 * state go into the project's temp dir, never the home directory.
 */
async function runAgent(project: string, prefix: StubProtocol, opts: { input?: string; args?: string }): Promise<Run> {
  const dir = join(root, project);
  const pkg = project.replace(/-/g, '');
  const models = readFileSync(join(dir, 'src/main/java/com/example', pkg, 'ModelProviders.java'), 'utf8');
  const keyEnv = /PRIMARY_API_KEY_ENV = "([A-Z_]+)"/.exec(models)![1];
  const urlEnv = /PRIMARY_BASE_URL_ENV = "([A-Z_]+)"/.exec(models)![1];
  const key = `dummy-key-${project}-${Date.now()}`;
  // OpenAI-compatible servers are conventionally given with their version path; the Anthropic SDK appends /v1/messages to the bare origin
  const baseUrl = prefix === 'openai' ? `${stub.origin}/v1` : stub.origin;
  const env: NodeJS.ProcessEnv = { ...process.env, [keyEnv]: key, [urlEnv]: baseUrl };
  const state = join(dir, 'target', 'agentscope');
  mkdirSync(state, { recursive: true });
  const argv = ['-B', '-q', 'compile', 'exec:java', `-Dagentscope.state.home=${join(state, 'state')}`, `-Dagentscope.workspace=${join(state, 'workspace')}`];
  if (opts.args) argv.push(`-Dexec.args=${opts.args}`);
  const started = Date.now();
  const child = spawn('mvn', argv, { cwd: dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(opts.input ?? '');
  // a hung agent (e.g. a stream that never completes) fails the test instead of stalling the suite
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  clearTimeout(timer);
  // Maven resets the terminal colour around the program's output even in batch mode
  stdout = stdout.replace(/\u001b\[[0-9;]*m/g, '');
  const ms = Date.now() - started;
  const seen = stub.requests.filter((r) => r.credential.includes(key));
  console.log(`provider-stub: ${project} ${opts.args ? 'ask once' : 'chat'} ${ms} ms; ${seen.length} requests (${seen.map((r) => `+${r.at - started} ms ${r.path} stream=${r.stream} -> ${r.answered}`).join('; ')})`);
  expect(stdout + stderr, 'the key never reaches the output').not.toContain(key);
  return { code, stdout, stderr, ms, seen };
}

const pathsOf = (prefix: StubProtocol) => (prefix === 'openai' ? '/v1/chat/completions' : '/v1/messages');

describe('a generated agent runs through the real provider extension against a local stub', () => {
  it('the generated projects compile', () => {
    expect(compile.code, compile.output.slice(-6000)).toBe(0);
  });

  it('the base-URL variable the generated code reads is the one the generator table derives', () => {
    for (const prefix of PROTOCOLS) expect(providerBaseUrlEnv(inventory(), prefix).baseUrlEnv).toBe(`${prefix.toUpperCase()}_BASE_URL`);
  });

  it.each(PROJECTS)('$name: a two-line chat on stdin is one streamed conversation', async ({ name, prefix, kind }) => {
    expect(compile.code, 'compile failed, see the first test').toBe(0);
    const run = await runAgent(name, prefix, { input: `${CHAT.join('\n')}\n` });
    expect(run.code, run.stdout + run.stderr.slice(-6000)).toBe(0);

    // one request per turn (the ones offering the project's tools: HarnessAgent's memory flush
    // makes tool-less calls of its own), all streamed, with the key from the environment
    const turns = run.seen.filter((r) => r.toolNames.includes(TOOL));
    expect(turns.length, JSON.stringify(run.seen)).toBe(2);
    expect(run.seen.every((r) => r.stream && r.path === pathsOf(prefix) && r.model === `${prefix}-test-model`)).toBe(true);
    // the first turn asks the first line; the second carries the first turn: question and answer
    expect(turns[0].userTexts.at(-1)).toBe(CHAT[0]);
    expect(turns[1].userTexts.slice(-2)).toEqual(CHAT);
    expect(turns[1].assistantTexts).toContain(`${REPLY}${prefix}: ${CHAT[0]}`);
    // both replies printed, in order, without prompts (stdin is a pipe)
    const lines = run.stdout.split('\n').filter((l) => l.startsWith(REPLY));
    expect(lines, run.stdout).toEqual(CHAT.map((q) => `${REPLY}${prefix}: ${q}`));
    expect(run.stdout).not.toContain('> ');
    if (kind === 'harness') expect(harnessLeftovers(join(root, name)), 'HarnessAgent wrote into the project').toEqual([]);
  }, 240_000);

  it.each(PROTOCOLS)('%s: -Dexec.args asks once: the agent calls the project tool and prints the stub final answer', async (prefix) => {
    expect(compile.code, 'compile failed, see the first test').toBe(0);
    const run = await runAgent(`stub-react-${prefix}`, prefix, { args: 'Please greet Ada with your tool.' });
    expect(run.code, run.stdout + run.stderr.slice(-6000)).toBe(0);
    const seen = run.seen;

    // first request: the project's tool offered, answered with a call to it
    expect(seen.length, JSON.stringify(seen)).toBe(2);
    expect(seen.every((r) => r.protocol === prefix)).toBe(true);
    expect(seen[0].toolNames).toContain(TOOL);
    expect(seen[0].answered).toBe('tool_call');
    // the provider's default is streaming
    expect(seen.every((r) => r.stream)).toBe(true);
    expect(seen[0].model).toBe(`${prefix}-test-model`);
    expect(seen.map((r) => r.path)).toEqual([pathsOf(prefix), pathsOf(prefix)]);
    // second request: the tool really ran and its result went back to the model
    expect(seen[1].toolResult).toBe('Hello, Ada!');
    expect(seen[1].answered).toBe('final');
    // the call is shown as one line, then the stub's final answer (which quotes the tool result)
    expect(run.stdout).toMatch(new RegExp(`^  \\[${TOOL}\\] \\{"name":"Ada"\\}$`, 'm'));
    expect(run.stdout).toContain(`${FINAL}${prefix}: Hello, Ada!`);
  }, 240_000);
});
