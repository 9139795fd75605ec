import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryIo } from '../../src/core/io.js';
import { run } from '../../src/cli/commands/check.js';
import { UsageError } from '../../src/core/errors.js';
import { readPin } from '../../src/inventory/pin.js';


const GOOD = `package demo;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolResultState;
public class Good {
    ToolResultBlock ok() { return ToolResultBlock.text("x").withState(ToolResultState.SUCCESS); }
}
`;
const BAD = `package demo;
import io.agentscope.core.message.ToolResultBlock;
public class Bad {
    ToolResultBlock ok() { return ToolResultBlock.success("x"); }
}
`;

const PIN = readPin().version;

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'as-check-'));
  made.push(dir);
  writeFileSync(join(dir, 'pom.xml'), '<project/>');
  const src = join(dir, 'src', 'main', 'java', 'demo');
  mkdirSync(src, { recursive: true });
  for (const [n, c] of Object.entries(files)) writeFileSync(join(src, n), c);
  return dir;
}

describe('agentscope check (command)', () => {
  test('clean project: exit 0, default = Maven project around the cwd', async () => {
    const dir = project({ 'Good.java': GOOD });
    const io = memoryIo(join(dir, 'src', 'main'));
    expect(await run([], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(`ok: 1 file(s) checked against AgentScope Java ${PIN}: 0 error(s), 0 warning(s)`);
  });

  test('error finding: exit 1, file:line:col, rule, message and fix in text', async () => {
    const dir = project({ 'Good.java': GOOD, 'Bad.java': BAD });
    const io = memoryIo(dir);
    expect(await run([], io)).toBe(1);
    const out = io.stdout.join('\n');
    expect(out).toContain(`src/main/java/demo/Bad.java:4:51: error AS002 unknown-member: ToolResultBlock has no method success() in AgentScope ${PIN}`);
    expect(out).toContain('fix: use ToolResultBlock.text(text).withState(ToolResultState.SUCCESS)');
  });

  test('--format json and sarif (2.1.0)', async () => {
    const dir = project({ 'Bad.java': BAD });
    const j = memoryIo(dir);
    expect(await run(['--format', 'json', 'src'], j)).toBe(1);
    const json = JSON.parse(j.stdout.join(''));
    expect(json).toMatchObject({ agentscopeVersion: PIN, files: 1, errors: 1, warnings: 0 });
    expect(json.findings[0]).toMatchObject({ rule: 'AS002', ruleName: 'unknown-member', line: 4, col: 51, severity: 'error' });
    const s = memoryIo(dir);
    expect(await run(['--format', 'sarif'], s)).toBe(1);
    const sarif = JSON.parse(s.stdout.join(''));
    expect(sarif.version).toBe('2.1.0');
    const r = sarif.runs[0].results[0];
    expect(r).toMatchObject({ ruleId: 'AS002', level: 'error' });
    expect(r.locations[0].physicalLocation).toMatchObject({ artifactLocation: { uri: 'src/main/java/demo/Bad.java', uriBaseId: 'SRCROOT' }, region: { startLine: 4, startColumn: 51 } });
    expect(sarif.runs[0].tool.driver.rules.map((x: { id: string }) => x.id)).toContain('AS104');
  });

  test('--rules filters, warnings alone exit 0', async () => {
    const dir = project({
      'T.java': `package demo;
import io.agentscope.core.permission.PermissionMode;
class T { PermissionMode m = PermissionMode.DONT_ASK; }
`,
    });
    const io = memoryIo(dir);
    expect(await run([], io)).toBe(0);
    expect(io.stdout.join('\n')).toContain('warning AS103 dont-ask-not-absolute');
    const io2 = memoryIo(dir);
    expect(await run(['--rules', 'AS001'], io2)).toBe(0);
    expect(io2.stdout.join('\n')).not.toContain('AS103');
  });

  test('bad usage is exit 2 (UsageError)', async () => {
    const dir = project({ 'Good.java': GOOD });
    await expect(run(['--format', 'xml'], memoryIo(dir))).rejects.toBeInstanceOf(UsageError);
    await expect(run(['--rules', 'AS999'], memoryIo(dir))).rejects.toBeInstanceOf(UsageError);
    await expect(run(['nope/'], memoryIo(dir))).rejects.toMatchObject({ exitCode: 2 });
    await expect(run([], memoryIo(tmpdir()))).rejects.toMatchObject({ exitCode: 2 });
  });

  test('--version of an inventory that is not pulled: a CliError naming the pull command', async () => {
    const dir = project({ 'Good.java': GOOD });
    await expect(run(['--version', '9.9.9'], memoryIo(dir, { AGENTSCOPE_CLI_HOME: join(dir, 'cache') }))).rejects.toMatchObject({ exitCode: 1, hint: expect.stringContaining('agentscope inventory pull 9.9.9') });
  });
});
