import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import prompts from 'prompts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, cli, snapshot, tempDir } from './helpers.js';
import { readPin } from '../../src/inventory/pin.js';
import { findInventoryDir, loadInventory, readManifest, saveInventory } from '../../src/inventory/store.js';
import { availableProviders } from '../../generators/_core/providers.js';

/** Small behaviours of create and gen: required tool names, the project's language, the provider note, per-kind help, -d/-f. */

afterAll(cleanup);
afterEach(() => {
  (prompts as unknown as { _injected?: unknown[] })._injected = [];
});

async function project(extra: string[] = []): Promise<string> {
  const cwd = tempDir();
  const r = await cli(cwd, ['create', 'app', '--yes', '--no-git', '--features', 'none', ...extra]);
  expect(r.code, r.err).toBe(0);
  return join(cwd, 'app');
}
const mainDir = (app: string) => join(app, 'src/main/java/com/example/app');

describe('gen tool needs a name', () => {
  let app: string;
  beforeAll(async () => {
    app = await project();
  });

  it('without a terminal: a usage error naming an example, exit 2, nothing written', async () => {
    const before = snapshot(app);
    for (const [kind, example] of [['tool', 'WeatherTool']]) {
      const r = await cli(app, ['gen', kind]);
      expect(r.code, kind).toBe(2);
      expect(r.err).toContain(`\`gen ${kind}\` needs a class name`);
      expect(r.err).toContain(`agentscope gen ${kind} ${example}`);
    }
    expect(snapshot(app)).toEqual(before);
    // a kind a project has one of keeps its default name
    expect((await cli(app, ['gen', 'permission', '--dry-run'])).code).toBe(0);
  });

  it('on a terminal it is asked, with no name filled in', async () => {
    prompts.inject(['NotesTool']);
    const r = await cli(app, ['gen', 'tool'], {}, true);
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(mainDir(app), 'NotesTool.java'))).toBe(true);
  });
});

describe('gen keeps the language of the project', () => {
  it('a --lang zh project gets Chinese comments from gen; --lang en overrides; the README marker is enough without project.json', async () => {
    const app = await project(['--lang', 'zh']);
    const r = await cli(app, ['gen', 'hitl']);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(mainDir(app), 'HumanApproval.java'), 'utf8')).toContain('人机确认流程');
    const en = await cli(app, ['gen', 'toolbase', 'EnglishNotes', '--lang', 'en']);
    expect(en.code, en.err).toBe(0);
    expect(readFileSync(join(mainDir(app), 'EnglishNotes.java'), 'utf8')).toContain('A ToolBase subclass');
    rmSync(join(app, '.agentscope'), { recursive: true, force: true });
    const again = await cli(app, ['gen', 'middleware']);
    expect(again.code, again.err).toBe(0);
    expect(readFileSync(join(mainDir(app), 'ModelCallLogging.java'), 'utf8')).toContain('为每次模型调用计时');
  });

  it('an English project stays English under a Chinese locale', async () => {
    const app = await project(['--lang', 'en']);
    const r = await cli(app, ['gen', 'hitl'], { LANG: 'zh_CN.UTF-8' });
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(mainDir(app), 'HumanApproval.java'), 'utf8')).toContain('Human in the loop');
  });
});

describe('create on a version without the default provider says which one it took', () => {
  it('one note line naming both providers; none with --provider or on the pin', async () => {
    // a cached inventory of a version whose providers lack the pin's default: the pinned one without it
    const pinned = loadInventory(readPin().version);
    const pinDefault = availableProviders(pinned)[0].prefix;
    const home = tempDir('as-home-');
    const version = '9.9.9';
    const inv = { ...pinned, version, providers: (pinned.providers ?? []).filter((p) => p.prefix !== pinDefault) };
    const manifest = { ...readManifest(findInventoryDir(readPin().version)!), version };
    saveInventory(join(home, 'inventory', version), inv, manifest);
    const chosen = availableProviders(inv)[0].prefix;
    const env = { AGENTSCOPE_CLI_HOME: home };
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'app', '--yes', '--no-git', '--dry-run', '--agentscope-version', version], env);
    expect(r.code, r.err).toBe(0);
    expect(r.out.split('\n').filter((l) => l.includes('default provider'))).toEqual([`note: the default provider ${pinDefault} is not in AgentScope Java ${version}; using ${chosen} (choose with --provider <name>)`]);
    const zh = await cli(cwd, ['create', 'app', '--yes', '--no-git', '--dry-run', '--agentscope-version', version, '--lang', 'zh'], env);
    expect(zh.out).toContain(`注意：默认提供方 ${pinDefault} 不在 AgentScope Java ${version} 中；改用 ${chosen}`);
    const given = await cli(cwd, ['create', 'app', '--yes', '--no-git', '--dry-run', '--agentscope-version', version, '--provider', chosen], env);
    expect(given.code, given.err).toBe(0);
    expect(given.out).not.toContain('default provider');
    const onPin = await cli(cwd, ['create', 'app', '--yes', '--no-git', '--dry-run']);
    expect(onPin.out).not.toContain('default provider');
  });
});

describe('gen <kind> --help and the short flags', () => {
  it('each kind prints its usage, only the options it takes, and an example', async () => {
    const cwd = tempDir();
    const tool = await cli(cwd, ['gen', 'tool', '--help']);
    expect(tool.code).toBe(0);
    expect(tool.out).toMatch(/^Usage: agentscope gen tool <Name> \[options\]$/m);
    expect(tool.out).toMatch(/^ {2}agentscope gen tool WeatherTool$/m);
    expect(tool.out).not.toContain('--mcp');
    expect(tool.out).not.toContain('--model');
    const mcp = await cli(cwd, ['gen', 'mcp', '--help']);
    expect(mcp.out).toMatch(/^Usage: agentscope gen mcp \[Name\] \[options\]$/m);
    expect(mcp.out).toContain('--mcp stdio,http,sse');
    expect(mcp.out).toContain('Without a Name the class is McpConnections.');
    const provider = await cli(cwd, ['gen', 'provider', '-h', '--lang', 'zh']);
    expect(provider.out).toMatch(/^用法：agentscope gen provider <provider> \[Name\] \[options\]$/m);
    expect(provider.out).toContain('--model <name>');
    expect(provider.out).toMatch(/^ {2}agentscope gen provider anthropic$/m);
    const all = await cli(cwd, ['gen', '--help']);
    expect(all.out).toContain('agentscope gen <kind> --help');
    const bad = await cli(cwd, ['gen', 'tol', '--help']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('did you mean: tool?');
  });

  it('-d is --dry-run and -f is --force, on gen and on create', async () => {
    const cwd = tempDir();
    const dry = await cli(cwd, ['create', 'app', '-y', '-d', '--no-git']);
    expect(dry.code, dry.err).toBe(0);
    expect(existsSync(join(cwd, 'app'))).toBe(false);
    const app = await project();
    const before = snapshot(app);
    const g = await cli(app, ['gen', 'permission', '-d']);
    expect(g.code, g.err).toBe(0);
    expect(snapshot(app)).toEqual(before);
    const file = join(mainDir(app), 'GreetingTool.java');
    expect((await cli(app, ['gen', 'tool', 'GreetingTool'])).code).toBe(0);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, readFileSync(file, 'utf8').replace('class GreetingTool', 'class GreetingTool /* edited */'));
    expect((await cli(app, ['gen', 'tool', 'GreetingTool'])).code).not.toBe(0);
    const forced = await cli(app, ['gen', 'tool', 'GreetingTool', '-f']);
    expect(forced.code, forced.err).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain('/* edited */');
    for (const cmd of [['create'], ['gen', 'tool']]) {
      const h = await cli(cwd, [...cmd, '--help']);
      expect(h.out, cmd.join(' ')).toMatch(/-d, --dry-run/);
      expect(h.out, cmd.join(' ')).toMatch(/-f, --force/);
    }
  });
});

describe('the MCP server generates as gen does (needs the built CLI: npm run build)', () => {
  it('plan_generation: kind=tool needs a className; the project language is kept', async () => {
    const { connectServer, textOf } = await import('../mcp/helpers.js');
    const app = await project(['--lang', 'zh']);
    const { client } = await connectServer(app);
    try {
      const noName = await client.callTool({ name: 'plan_generation', arguments: { kind: 'tool' } });
      expect(noName.isError).toBe(true);
      expect(textOf(noName)).toContain('kind=tool needs `className`');
      const hitl = await client.callTool({ name: 'plan_generation', arguments: { kind: 'hitl' } });
      expect(hitl.isError, textOf(hitl)).toBeFalsy();
      expect((hitl.structuredContent as { diff: string }).diff).toContain('人机确认流程');
    } finally {
      await client.close();
    }
  });
});
