/**
 * CLI consistency (issue 12, item 11): unknown flags get a "did you mean", empty values and
 * flags of another kind are usage errors (exit 2), and nothing is written.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, cli, snapshot, tempDir } from './helpers.js';

afterAll(cleanup);

describe('usage errors exit 2 with a useful hint and write nothing', () => {
  const cases: { argv: string[]; err: RegExp; hint?: RegExp }[] = [
    { argv: ['create', 'x', '--yse'], err: /Unknown option '--yse'/, hint: /did you mean --yes\?/ },
    { argv: ['create', 'x', '--provder', 'openai'], err: /Unknown option '--provder'/, hint: /did you mean --provider\?/ },
    { argv: ['gen', 'tool', 'X', '--dryrun'], err: /Unknown option '--dryrun'/, hint: /did you mean --dry-run\?/ },
    { argv: ['create', 'x', '--yes', '--provider='], err: /option '--provider' needs a value/ },
    { argv: ['create', 'x', '--yes', '--name', ''], err: /option '--name' needs a value/ },
    { argv: ['create', '', '--yes'], err: /the directory name is empty/ },
    { argv: ['gen', 'tool', 'X', '--mcp', 'http'], err: /--mcp applies only to `gen mcp`, not to `gen tool`/ },
    { argv: ['gen', 'middleware', 'X', '--model', 'm'], err: /--model applies only to `gen provider`/ },
    { argv: ['api', ''], err: /expected exactly one name/ },
  ];
  for (const c of cases) {
    it(c.argv.map((a) => (a === '' ? "''" : a)).join(' '), async () => {
      const cwd = tempDir();
      const before = snapshot(cwd);
      const r = await cli(cwd, c.argv);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(c.err);
      if (c.hint) expect(r.err).toMatch(c.hint);
      expect(r.out).toBe('');
      expect(snapshot(cwd)).toEqual(before);
    });
  }
});

describe('usage errors in Chinese (issue 12, item 8)', () => {
  it('follow --lang zh and a zh locale', async () => {
    const cwd = tempDir();
    const flag = await cli(cwd, ['create', 'x', '--lang', 'zh', '--yse']);
    expect(flag.code).toBe(2);
    expect(flag.err).toContain("未知选项 '--yse'");
    expect(flag.err).toContain('你是不是想要 --yes?');
    const env = await cli(cwd, ['gen', 'tool', 'X', '--name='], { LANG: 'zh_CN.UTF-8' });
    expect(env.code).toBe(2);
    expect(env.err).toMatch(/未知选项 '--name'|选项 '--name' 需要一个值/);
    const empty = await cli(cwd, ['create', 'x', '--yes', '--lang=zh', '--provider=']);
    expect(empty.err).toContain("选项 '--provider' 需要一个值");
    expect(empty.err).toContain('参见 `agentscope create --help`');
  });
});

describe('--version is the tool\'s version everywhere; an AgentScope version is --agentscope-version V', () => {
  it('bare --version on every command prints the tool\'s version and writes nothing', async () => {
    const { COMMANDS } = await import('../../src/cli/main.js');
    const cwd = tempDir();
    const top = await cli(cwd, ['--version']);
    expect(top.out).toMatch(/^agentscope \d+\.\d+\.\d+ /);
    for (const argv of [...Object.keys(COMMANDS).map((c) => [c, '--version']), ['check', '--version', '--json'], ['create', 'app', '--version'], ['gen', 'tool', 'X', '--version']]) {
      const r = await cli(cwd, argv);
      expect(r.code, `${argv.join(' ')}: ${r.err}`).toBe(0);
      expect(r.out, argv.join(' ')).toBe(top.out);
    }
    expect(snapshot(cwd)).toEqual({});
  });

  it('every command that takes an AgentScope version documents --agentscope-version V (en and zh); --version V stays an alias', async () => {
    const cwd = tempDir();
    for (const cmd of [['check'], ['api'], ['init-assistant'], ['inventory', 'claims'], ['manual'], ['create']]) {
      for (const lang of ['en', 'zh']) {
        const help = await cli(cwd, [...cmd, '--help', '--lang', lang]);
        expect(help.out, `${cmd.join(' ')} ${lang}`).toContain('--agentscope-version V');
        expect(help.out, `${cmd.join(' ')} ${lang}`).not.toMatch(/--version (V|<v>)/);
      }
    }
    const documented = await cli(cwd, ['api', 'ReActAgent', '--agentscope-version', '2.0.0', '--json']);
    const alias = await cli(cwd, ['api', 'ReActAgent', '--version', '2.0.0', '--json']);
    expect(documented.code, documented.err).toBe(0);
    expect(JSON.parse(documented.out).version).toBe('2.0.0');
    expect(alias.out).toBe(documented.out);
    const src = tempDir();
    writeFileSync(join(src, 'A.java'), 'class A {}\n');
    const missing = await cli(src, ['check', 'A.java', '--agentscope-version', '9.9.9']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('9.9.9');
  });
});
