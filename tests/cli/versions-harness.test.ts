/**
 * `create --agent harness` and `create --agentscope-version V` / `gen` on a V project, through
 * the CLI in-process on real temp directories and the shipped inventories.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPin } from '../../src/inventory/pin.js';
import { cleanup, cli, snapshot, tempDir } from './helpers.js';

const pin = readPin();
afterAll(cleanup);

const read = (root: string, rel: string) => readFileSync(join(root, rel), 'utf8');

describe('create --agent harness', () => {
  it('writes a HarnessAgent project: harness artifact, its own factory, Main and a temp-dir workspace test', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'h', '--agent', 'harness', '--features', 'tool,permission', '--provider', 'openai,anthropic', '-y']);
    expect(r.code, r.err).toBe(0);
    const root = join(cwd, 'h');
    const pom = read(root, 'pom.xml');
    expect(pom).toContain('<artifactId>agentscope-harness</artifactId>');
    const base = 'src/main/java/com/example/h';
    const factory = read(root, `${base}/AgentFactory.java`);
    expect(factory).toContain('import io.agentscope.harness.agent.HarnessAgent;');
    expect(factory).toContain('public static HarnessAgent.Builder builder(Model model, Toolkit toolkit, Path workspace)');
    expect(factory).toContain('.permissionContext(PermissionPolicy.interactive())');
    expect(factory).toContain('.fallbackModel(fallbackModel).maxRetries(MAX_RETRIES)');
    expect(factory).not.toMatch(/ReActAgent\.(builder|Builder)/);
    expect(read(root, `${base}/Main.java`)).toContain('try (HarnessAgent agent = builder.build())');
    const test = read(root, 'src/test/java/com/example/h/AgentFactoryTest.java');
    expect(test).toMatch(/@TempDir\s+Path workspace;/);
    expect(test).toMatch(/\.stateStore\(\s*new InMemoryAgentStateStore\(\)\s*\)/);
    expect(test).toContain('void asksBeforeWritingToTheWorkspace()');
    expect(test).toContain('void switchesToTheFallbackModelWhenThePrimaryFails()');
    // the feature classes are the same as in a ReAct project
    expect(existsSync(join(root, `${base}/GreetingTool.java`))).toBe(true);
  });

  it('refuses the features it does not generate, with why; nothing written', async () => {
    const cwd = tempDir();
    const before = snapshot(cwd);
    const r = await cli(cwd, ['create', 'h', '--agent', 'harness', '--features', 'tool,hitl,structured', '-y']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--agent harness does not generate: hitl: ');
    expect(r.err).toContain('structured: ');
    expect(r.err).toContain('agent.call(messages, YourRecord.class, ctx)');
    expect(snapshot(cwd)).toEqual(before);
  });

  it('gen in a harness project: tool works, hitl is refused with why', async () => {
    const cwd = tempDir();
    expect((await cli(cwd, ['create', 'h', '--agent', 'harness', '--features', 'none', '-y'])).code).toBe(0);
    const root = join(cwd, 'h');
    const before = snapshot(root);
    const refused = await cli(root, ['gen', 'hitl']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('a harness project does not take `gen hitl`: ');
    expect(refused.err).toContain('this project uses HarnessAgent');
    expect(snapshot(root)).toEqual(before);
    const tool = await cli(root, ['gen', 'tool', 'Clock']);
    expect(tool.code, tool.err).toBe(0);
    expect(existsSync(join(root, 'src/main/java/com/example/h/Clock.java'))).toBe(true);
  });

  it('--help names the version flag and the harness limits', async () => {
    const r = await cli(tempDir(), ['create', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/--agentscope-version V\s+the AgentScope Java version to generate for/);
    expect(r.out).toContain(`default: ${pin.version}`);
    expect(r.out).toContain('--agent harness: no hitl: ');
    const zh = await cli(tempDir(), ['create', '--help', '--lang', 'zh']);
    expect(zh.out).toContain('生成代码所针对的 AgentScope Java 版本');
  });
});

describe('create --agentscope-version', () => {
  it('2.0.0: providers, agent kinds and BOM come from the 2.0.0 inventory (the whole release)', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'old', '--agentscope-version', '2.0.0', '--features', 'tool,permission', '-y']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('(AgentScope Java 2.0.0)');
    const pom = read(join(cwd, 'old'), 'pom.xml');
    expect(pom).toContain('<agentscope.version>2.0.0</agentscope.version>');
    // 2.0.0 has its BOM: the default provider is dashscope, as at 2.0.2, managed by the BOM.
    expect(pom).toMatch(/<artifactId>agentscope-bom<\/artifactId>\s*<version>\$\{agentscope\.version\}<\/version>/);
    expect(pom).toContain('<artifactId>agentscope-extensions-model-dashscope</artifactId>');
    expect(read(join(cwd, 'old'), 'src/main/java/com/example/old/AgentFactory.java')).toContain('version=2.0.0');

    const help = await cli(cwd, ['create', '--agentscope-version', '2.0.0', '--help']);
    expect(help.out).toMatch(/Providers in the AgentScope Java 2\.0\.0 inventory: dashscope, openai, anthropic, gemini, ollama/);
    expect(help.out).not.toMatch(/harness: not available/);

    const harness = await cli(cwd, ['create', 'h', '--agentscope-version', '2.0.0', '--agent', 'harness', '--provider', 'ollama', '-y']);
    expect(harness.code, harness.err).toBe(0);
    expect(read(join(cwd, 'h'), 'pom.xml')).toContain('<artifactId>agentscope-harness</artifactId>');
    expect(read(join(cwd, 'h'), 'src/main/java/com/example/h/AgentFactory.java')).toContain('import io.agentscope.harness.agent.HarnessAgent;');
  });

  it('1.0.9: what its inventory lacks is refused with why; nothing written', async () => {
    const cwd = tempDir();
    const help = await cli(cwd, ['create', '--agentscope-version', '1.0.9', '--help']);
    expect(help.out).toMatch(/harness: not available: agentscope-harness is not part of the AgentScope 1\.0\.9 inventory/);
    const before = snapshot(cwd);
    // 1.0.9 predates the ModelProvider registry: no provider, so no project at all.
    for (const args of [['--agent', 'harness'], ['--provider', 'dashscope']]) {
      const r = await cli(cwd, ['create', 'h', '--agentscope-version', '1.0.9', ...args, '-y']);
      expect(r.code).toBe(1);
      expect(r.err).toContain('the AgentScope Java 1.0.9 inventory lists no model provider');
    }
    expect(snapshot(cwd)).toEqual(before);
  });

  it('gen in a 2.0.0 project generates and checks for 2.0.0', async () => {
    const cwd = tempDir();
    expect((await cli(cwd, ['create', 'old', '--agentscope-version', '2.0.0', '--provider', 'openai', '--features', 'none', '-y'])).code).toBe(0);
    const root = join(cwd, 'old');
    const r = await cli(root, ['gen', 'middleware', 'Audit']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('AgentScope Java 2.0.0');
    expect(read(root, 'src/main/java/com/example/old/Audit.java')).toContain('version=2.0.0');
  });

  it('a malformed version is a usage error; nothing written', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'x', '--agentscope-version', 'latest', '-y']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--agentscope-version: "latest" is not a version');
    expect(existsSync(join(cwd, 'x'))).toBe(false);
  });
});
