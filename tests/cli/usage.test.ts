/**
 * CLI consistency (issue 12, item 11): unknown flags get a "did you mean", empty values and
 * flags of another kind are usage errors (exit 2), and nothing is written.
 */
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
