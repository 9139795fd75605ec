import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import prompts from 'prompts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GEN_KINDS } from '../../generators/_core/kinds.js';
import { genArgSpec, GEN_FIELDS } from '../../src/cli/gen-options.js';
import { cleanup, cli, snapshot, tempDir } from './helpers.js';

/** `gen`'s option table (GEN_FIELDS): prompts on a terminal for what is missing, never with --yes or without one. */

afterAll(cleanup);
const injected = () => (prompts as unknown as { _injected?: unknown[] })._injected ?? [];
afterEach(() => {
  (prompts as unknown as { _injected?: unknown[] })._injected = [];
});

let app: string;
beforeAll(async () => {
  const cwd = tempDir();
  const r = await cli(cwd, ['create', 'app', '--yes', '--no-git', '--features', 'none']);
  expect(r.code, r.err).toBe(0);
  app = join(cwd, 'app');
});
const main = (f: string) => join(app, 'src/main/java/com/example/app', f);

describe('gen on a terminal asks for what is missing', () => {
  it('no arguments: the kind, then what that kind needs (mcp: transports, class name)', async () => {
    prompts.inject(['mcp', ['http', 'sse'], 'RemoteTools']);
    const r = await cli(app, ['gen'], {}, true);
    expect(r.code, r.err).toBe(0);
    expect(injected()).toEqual([]);
    const java = readFileSync(main('RemoteTools.java'), 'utf8');
    expect(java).toContain('.streamableHttpTransport(');
    expect(java).toContain('.sseTransport(');
    expect(java).not.toContain('.stdioTransport(');
  });

  it('gen provider: the provider, its model (default offered) and the class name', async () => {
    prompts.inject(['anthropic', 'claude-scripted', 'ClaudeConfig']);
    const r = await cli(app, ['gen', 'provider'], {}, true);
    expect(r.code, r.err).toBe(0);
    // a created project configures its models in ModelProviders: the provider joins it, the class name names its test
    expect(readFileSync(main('ModelProviders.java'), 'utf8')).toContain('ANTHROPIC_MODEL = "anthropic:claude-scripted"');
    expect(readFileSync(join(app, 'src/test/java/com/example/app/ClaudeConfigTest.java'), 'utf8')).toContain('ModelProviders.ANTHROPIC_MODEL');
    expect(readFileSync(join(app, 'pom.xml'), 'utf8')).toContain('<artifactId>agentscope-extensions-model-anthropic</artifactId>');
  });

  it('what is given is not asked again: `gen tool` asks only for the class name; a bad answer is refused', async () => {
    prompts.inject(['NotesTool']);
    const r = await cli(app, ['gen', 'tool'], {}, true);
    expect(r.code, r.err).toBe(0);
    expect(existsSync(main('NotesTool.java'))).toBe(true);
    const before = snapshot(app);
    prompts.inject(['notes tool']);
    const bad = await cli(app, ['gen', 'tool'], {}, true);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('did you mean "NotesTool"?');
    expect(snapshot(app)).toEqual(before);
  });

  it('Ctrl-C at a prompt: exit 130, nothing written', async () => {
    const before = snapshot(app);
    prompts.inject([new Error('cancelled')]);
    const r = await cli(app, ['gen'], {}, true);
    expect(r.code).toBe(130);
    expect(snapshot(app)).toEqual(before);
  });
});

describe('gen never prompts with --yes or without a terminal', () => {
  it('--yes on a terminal takes the defaults', async () => {
    prompts.inject(['never-asked']);
    const r = await cli(app, ['gen', 'middleware', '--yes'], {}, true);
    expect(r.code, r.err).toBe(0);
    expect(injected()).toEqual(['never-asked']);
    expect(existsSync(main('ModelCallLogging.java'))).toBe(true);
  });

  it('a kind has no default: `gen --yes` and `gen` without a terminal are usage errors, nothing written', async () => {
    const before = snapshot(app);
    prompts.inject(['never-asked']);
    for (const interactive of [true, false]) {
      const r = await cli(app, interactive ? ['gen', '-y'] : ['gen'], {}, interactive);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`which kind? one of: ${GEN_KINDS.join(', ')}`);
    }
    expect(injected()).toEqual(['never-asked']);
    expect(snapshot(app)).toEqual(before);
  });
});

describe('gen --help comes from the same table', () => {
  it('lists every kind with its summary and every flag of the table, in en and zh', async () => {
    const flags = GEN_FIELDS.flatMap((f) => (f.flag ? [f.flag] : []));
    expect(flags).toEqual(['mcp', 'model']);
    for (const lang of ['en', 'zh']) {
      const r = await cli(app, ['gen', '--help', '--lang', lang]);
      expect(r.code).toBe(0);
      for (const k of GEN_KINDS) expect(r.out).toMatch(new RegExp(`^  ${k} +\\S`, 'm'));
      for (const flag of Object.keys(genArgSpec())) expect(r.out).toContain(`--${flag}`);
      expect(r.out).toContain(lang === 'zh' ? '使用默认值，不再询问' : 'take the defaults without prompting');
    }
  });
});
