/** `upgrade` speaks the user's language in its own report; findings and diffs stay data (English). */
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { cleanup, cli, tempDir } from '../cli/helpers.js';
import { readPin } from '../../src/inventory/pin.js';

afterAll(cleanup);
const pin = readPin().version;

describe('upgrade --lang', () => {
  test('a 2.0.0 project moved to the pin: the report in Chinese with --lang zh, in English with --lang en', async () => {
    const cwd = tempDir('as-upgrade-lang-');
    const made = await cli(cwd, ['create', 'app', '--yes', '--no-git', '--agentscope-version', '2.0.0']);
    expect(made.code, made.err).toBe(0);
    const root = join(cwd, 'app');
    const zh = await cli(root, ['upgrade', '--to', pin, '--lang', 'zh']);
    expect(zh.err).toBe('');
    expect(zh.out).toContain(`AgentScope Java upgrade 2.0.0 -> ${pin}`);
    expect(zh.out).toContain(`重新生成：用 `);
    expect(zh.out).toMatch(/\d+ 处自动修复，\d+ 行需要手动修改，涉及 \d+ 个文件。/);
    expect(zh.out).toContain('加上 --write 重新运行');
    expect(zh.out).not.toContain('mechanical fix');
    const en = await cli(root, ['upgrade', '--to', pin, '--lang', 'en']);
    expect(en.out).toMatch(/\d+ mechanical fix\(es\), \d+ line\(s\) to change by hand, in \d+ file\(s\)\./);
    expect(en.out).toContain('Run again with --write');
    expect(en.out).not.toMatch(/[\u4e00-\u9fff]/);
    // the same plan in both languages: only the words differ
    expect(zh.code).toBe(en.code);
  });
});
