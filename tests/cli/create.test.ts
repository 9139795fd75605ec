import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import prompts from 'prompts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readPin } from '../../src/inventory/pin.js';
import { cleanup, cli, pinnedProviderList, snapshot, tempDir } from './helpers.js';

afterAll(cleanup);
// answers a test injected but the CLI never asked for must not leak into the next test
afterEach(() => {
  (prompts as unknown as { _injected?: unknown[] })._injected = [];
});
const pin = readPin();

describe('create, non-interactive', () => {
  it('--yes writes a whole project with defaults, the pinned version and next steps', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'my-agent', '--yes']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const pom = readFileSync(join(cwd, 'my-agent', 'pom.xml'), 'utf8');
    expect(pom).toContain(`<agentscope.version>${pin.version}</agentscope.version>`);
    expect(pom).toContain('<artifactId>my-agent</artifactId>');
    expect(pom).toContain('<groupId>com.example</groupId>');
    expect(existsSync(join(cwd, 'my-agent', 'src/main/java/com/example/myagent/Main.java'))).toBe(true);
    expect(r.out).toMatch(/^CREATE {4}my-agent\/pom\.xml \(\d/m);
    expect(r.out).toContain('Next steps:');
    expect(r.out).toMatch(/^ {2}cd my-agent$/m);
    expect(r.out).toMatch(/^ {2}export [A-Z_]+_API_KEY=<your key>$/m);
    // the offline tests come before the key, which only running the agent needs
    const next = r.out.slice(r.out.indexOf('Next steps:'));
    expect(next.indexOf('mvn -q test')).toBeGreaterThan(0);
    expect(next.indexOf('mvn -q test')).toBeLessThan(next.search(/export [A-Z_]+_API_KEY/));
    expect(next.search(/export [A-Z_]+_API_KEY/)).toBeLessThan(next.indexOf('mvn -q compile exec:java'));
    expect(next).toMatch(/mvn -q test +# offline/);
    // project extras a scaffolder is expected to write
    expect(readFileSync(join(cwd, 'my-agent', '.editorconfig'), 'utf8')).toMatch(/^root = true$/m);
    expect(readFileSync(join(cwd, 'my-agent', 'src/test/resources/simplelogger.properties'), 'utf8')).toMatch(/^org\.slf4j\.simpleLogger\.defaultLogLevel=warn$/m);
    expect(readdirSync(cwd)).toEqual(['my-agent']); // no staging folder, temp file or lock left
  });

  it('says what it derived from a non-ASCII directory name, and why (never silently)', async () => {
    const cwd = tempDir();
    const uber = await cli(cwd, ['create', 'über', '--yes']);
    expect(uber.code, uber.err).toBe(0);
    expect(uber.out).toContain('artifactId "uber" and package com.example.uber were derived from the directory name "über"');
    expect(readFileSync(join(cwd, 'über', 'pom.xml'), 'utf8')).toContain('<artifactId>uber</artifactId>');
    const cjk = await cli(cwd, ['create', '日本語', '--yes', '--lang', 'zh']);
    expect(cjk.code, cjk.err).toBe(0);
    expect(cjk.out).toContain('artifactId "agentscope-app" 与包名 com.example.agentscopeapp 由目录名 "日本語" 推导而来');
    const chosen = await cli(cwd, ['create', 'ünï', '--yes', '--artifact-id', 'uni']);
    expect(chosen.out).not.toContain('derived from');
  });

  it('takes every option as a flag (two providers, per-provider model, features, MCP transports, Java 21)', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, [
      'create', 'bot', '--group-id', 'org.acme', '--artifact-id', 'support-bot', '--package', 'org.acme.support',
      '--java', '21', '--provider', 'openai', '--provider', 'anthropic', '--model', 'anthropic=claude-test-model',
      '--model', 'openai=gpt-test', '--agent', 'react', '--name', 'Helper', '--system-prompt', 'Be brief.',
      '--features', 'tool,toolbase', '--mcp', 'http',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const root = join(cwd, 'bot');
    const pom = readFileSync(join(root, 'pom.xml'), 'utf8');
    expect(pom).toContain('<artifactId>support-bot</artifactId>');
    expect(pom).toContain('<maven.compiler.release>21</maven.compiler.release>');
    expect(pom).toContain('<artifactId>agentscope-extensions-model-openai</artifactId>');
    expect(pom).toContain('<artifactId>agentscope-extensions-model-anthropic</artifactId>');
    const javaFiles = Object.keys(snapshot(root)).filter((p) => p.startsWith('src/main/java/org/acme/support/'));
    expect(javaFiles.length).toBeGreaterThan(2);
    const all = Object.entries(snapshot(root)).filter(([p]) => p.endsWith('.java')).map(([, c]) => c).join('\n');
    expect(all).toContain('openai:gpt-test');
    expect(all).toContain('anthropic:claude-test-model');
    expect(all).toContain('Be brief.');
  });

  it('a second identical run with --force reports every file UNCHANGED and writes nothing', async () => {
    const cwd = tempDir();
    expect((await cli(cwd, ['create', 'app', '--yes'])).code).toBe(0);
    const before = snapshot(join(cwd, 'app'));
    const r = await cli(cwd, ['create', 'app', '--yes', '--force']);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/^(CREATE|UPDATE|OVERWRITE) /m);
    expect(r.out).toMatch(/^UNCHANGED {1}app\/pom\.xml$/m);
    expect(r.out).toContain('Nothing to change');
    expect(snapshot(join(cwd, 'app'))).toEqual(before);
  });

  it('--dry-run prints the plan and writes nothing', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'dry', '--yes', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^CREATE {4}dry\/pom\.xml/m);
    expect(r.out).toContain('Dry run: nothing was written.');
    expect(r.out).not.toContain('Next steps');
    expect(snapshot(cwd)).toEqual({});
  });

  it('removes a staging directory left behind by a killed run, and only that', async () => {
    const cwd = tempDir();
    const dead = spawnSync(process.execPath, ['-e', '']).pid; // a pid that no longer runs
    const stale = join(cwd, `.agentscope-staging-${dead}-abc`);
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, 'half.txt'), 'x');
    const r = await cli(cwd, ['create', 'app', '--yes']);
    expect(r.code).toBe(0);
    expect(existsSync(join(cwd, 'app', 'half.txt'))).toBe(false);
    expect(readdirSync(cwd)).toEqual(['app']);
  });
});

describe('create, bad input: clear message, non-zero exit, nothing written', () => {
  const bad = async (argv: string[], code: number, ...patterns: (RegExp | string)[]) => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'keep.txt'), 'keep');
    const before = snapshot(cwd);
    const r = await cli(cwd, ['create', 'x', '--yes', ...argv]);
    expect(r.code).toBe(code);
    for (const p of patterns) expect(r.err).toMatch(p);
    expect(snapshot(cwd)).toEqual(before);
    return r;
  };

  it('a Java keyword in the package, with the corrected suggestion', async () => {
    await bad(['--package', 'com.example.class'], 2, /"class" is a Java keyword/, /did you mean "com\.example\.class_"\?/);
  });
  it('a leading digit in the package', async () => {
    await bad(['--package', 'com.9lives.app'], 2, /"9lives" starts with a digit/, /did you mean "com\._9lives\.app"\?/);
  });
  it('a hyphen in the package', async () => {
    await bad(['--package', 'com.my-co.app'], 2, /"my-co" contains a hyphen/, /did you mean "com\.my_co\.app"\?/);
  });
  it('an invalid groupId and artifactId', async () => {
    await bad(['--group-id', 'com..x'], 2, /invalid groupId/);
    await bad(['--artifact-id', 'My App'], 2, /invalid artifactId/, /did you mean "my-app"/);
  });
  it('an unknown provider lists the available ones from the inventory', async () => {
    const r = await bad(['--provider', 'openia'], 2, /unknown provider "openia"/, `available in AgentScope Java ${pin.version}: ${await pinnedProviderList()}`, /did you mean: openai\?/);
    expect(r.out).toBe('');
  });
  it('more than two providers, or a --model for a provider not chosen', async () => {
    await bad(['--provider', 'openai,anthropic,openai'], 2, /at most two providers/);
    await bad(['--provider', 'openai', '--model', 'anthropic=x'], 2, /provider "anthropic" is not among the chosen providers/);
  });
  it('unknown feature, MCP transport, Java release, flag', async () => {
    await bad(['--features', 'tool,middlewear'], 2, /--features: "middlewear" is not one of/, /did you mean: middleware\?/);
    await bad(['--mcp', 'websocket'], 2, /--mcp: "websocket" is not one of stdio, http, sse/);
    await bad(['--java', '11'], 2, /--java: "11" is not one of 17, 21/);
    await bad(['--colour'], 2, /Unknown option '--colour'/);
  });
  it('a non-empty target directory without --force', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'taken'));
    writeFileSync(join(cwd, 'taken', 'notes.md'), 'mine');
    const before = snapshot(cwd);
    const r = await cli(cwd, ['create', 'taken', '--yes']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`target directory ${join(cwd, 'taken')} is not empty`);
    expect(r.err).toContain('--force');
    expect(snapshot(cwd)).toEqual(before);
    // with --force the project is written beside the existing file, which stays
    const f = await cli(cwd, ['create', 'taken', '--yes', '--force']);
    expect(f.code).toBe(0);
    expect(readFileSync(join(cwd, 'taken', 'notes.md'), 'utf8')).toBe('mine');
    expect(existsSync(join(cwd, 'taken', 'pom.xml'))).toBe(true);
  });
  it('an unwritable location (below a regular file: fails for root too)', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'file'), 'x');
    const before = snapshot(cwd);
    const r = await cli(cwd, ['create', 'file/sub/app', '--yes']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${join(cwd, 'file')} is not a directory`);
    expect(snapshot(cwd)).toEqual(before);
  });
  it('an unwritable location (read-only mount: /proc)', async () => {
    const r = await cli(tempDir(), ['create', '/proc/agentscope-test-app', '--yes']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cannot write to \/proc\/agentscope-test-app|nothing was created/);
    expect(existsSync('/proc/agentscope-test-app')).toBe(false);
  });
});

describe('create, interactive (scripted answers through prompts.inject)', () => {
  it('asks every question in order and uses the answers', async () => {
    const cwd = tempDir();
    prompts.inject([
      'chat-app', // directory
      'io.demo', // groupId
      'chat-app', // artifactId
      'io.demo.chat', // package
      21, // java
      'maven', // flavour
      'anthropic', // primary provider
      'openai', // fallback
      'claude-scripted', // model for anthropic
      'gpt-scripted', // model for openai
      'react', // agent
      'Chatty', // name
      'You chat.', // system prompt
      ['tool', 'mcp'], // features
      ['stdio', 'sse'], // MCP transports
      true, // write these files?
    ]);
    const r = await cli(cwd, ['create'], {}, true);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const root = join(cwd, 'chat-app');
    const pom = readFileSync(join(root, 'pom.xml'), 'utf8');
    expect(pom).toContain('<groupId>io.demo</groupId>');
    expect(pom).toContain('<maven.compiler.release>21</maven.compiler.release>');
    expect(pom).toContain('agentscope-extensions-model-anthropic');
    expect(pom).toContain('agentscope-extensions-model-openai');
    const java = Object.entries(snapshot(root)).filter(([p]) => p.startsWith('src/main/java/io/demo/chat/')).map(([, c]) => c).join('\n');
    expect(java).toContain('anthropic:claude-scripted');
    expect(java).toContain('openai:gpt-scripted');
    expect(java).toContain('You chat.');
  });

  it('flags given are not asked again; undefined answers take the defaults', async () => {
    const cwd = tempDir();
    // directory, groupId, artifactId, package are flags; then java, flavour, primary, fallback, model, agent, name, prompt, features.
    // An undefined answer to a text prompt takes its default (prompts' `initial`).
    prompts.inject([17, 'maven', 'openai', '', undefined, 'react', undefined, undefined, [], true]);
    const r = await cli(cwd, ['create', 'quick', '--group-id', 'com.q', '--artifact-id', 'quick', '--package', 'com.q.quick'], {}, true);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(join(cwd, 'quick', 'src/main/java/com/q/quick/Main.java'))).toBe(true);
  });

  it('Ctrl-C in a prompt cancels with exit 130 and writes nothing', async () => {
    const cwd = tempDir();
    prompts.inject(['app', 'com.example', new Error('aborted')]);
    const r = await cli(cwd, ['create'], {}, true);
    expect(r.code).toBe(130);
    expect(r.err).toContain('cancelled; nothing was written');
    expect(snapshot(cwd)).toEqual({});
  });

  it('shows the plan and asks before writing; "no" writes nothing', async () => {
    const cwd = tempDir();
    prompts.inject([false]);
    const flags = ['--group-id', 'com.q', '--artifact-id', 'plan', '--package', 'com.q.plan', '--java', '17', '--provider', 'openai', '--model', 'm', '--agent', 'react', '--name', 'A', '--system-prompt', 'B', '--features', 'tool', '--flavor', 'maven'];
    const r = await cli(cwd, ['create', 'plan', ...flags], {}, true);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^CREATE {4}plan\/pom\.xml/m);
    expect(r.out).toContain('Nothing was written.');
    expect(r.out).not.toContain('Next steps:');
    expect(snapshot(cwd)).toEqual({});
  });

  it('a non-empty directory asks for confirmation; "no" asks for another directory and leaves the first untouched', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'busy'));
    writeFileSync(join(cwd, 'busy', 'a.txt'), 'a');
    const before = snapshot(join(cwd, 'busy'));
    prompts.inject([false, 'fresh', undefined, true]); // no, another directory, artifactId (default), write
    const flags = ['--group-id', 'com.q', '--package', 'com.q.app', '--java', '17', '--provider', 'openai', '--model', 'm', '--agent', 'react', '--name', 'A', '--system-prompt', 'B', '--features', 'none', '--flavor', 'maven'];
    const r = await cli(cwd, ['create', 'busy', ...flags], {}, true);
    expect(r.code, r.err).toBe(0);
    expect(snapshot(join(cwd, 'busy'))).toEqual(before);
    expect(readFileSync(join(cwd, 'fresh', 'pom.xml'), 'utf8')).toContain('<artifactId>fresh</artifactId>');
  });

  it('--yes on a terminal never prompts', async () => {
    const cwd = tempDir();
    prompts.inject([new Error('must not be asked')]);
    const r = await cli(cwd, ['create', 'y', '--yes'], {}, true);
    expect(r.code).toBe(0);
    expect((prompts as unknown as { _injected: unknown[] })._injected).toHaveLength(1);
  });
});

describe('create, languages and help', () => {
  it('speaks Chinese with --lang zh or a zh locale', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'zh-app', '--yes', '--lang', 'zh']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('正在创建 zh-app');
    expect(r.out).toContain('后续步骤：');
    const r2 = await cli(cwd, ['create', 'zh-app2', '--yes'], { LANG: 'zh_CN.UTF-8' });
    expect(r2.out).toContain('后续步骤：');
    const bad = await cli(cwd, ['create', 'x', '--yes', '--lang', 'fr']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('unknown language "fr"');
  });

  it('--help lists every flag with defaults and the inventory providers, in en and zh', async () => {
    const cwd = tempDir();
    const en = await cli(cwd, ['create', '--help']);
    expect(en.code).toBe(0);
    for (const flag of ['--group-id', '--artifact-id', '--package', '--java', '--provider', '--model', '--agent', '--name', '--system-prompt', '--features', '--mcp', '--agentscope-version', '--lang', '--force', '--dry-run', '--yes', '--help']) {
      expect(en.out).toContain(flag);
    }
    expect(en.out).toContain(`Providers in the AgentScope Java ${pin.version} inventory: ${await pinnedProviderList()}`);
    const zh = await cli(cwd, ['create', '--help', '--lang', 'zh']);
    expect(zh.out).toContain('用法：agentscope create');
    expect(zh.out).toContain('选项：');
    expect(snapshot(cwd)).toEqual({});
  });
});
