/**
 * Chinese beyond create/gen (issue 12, item 8): every command's --help and the errors a user
 * meets, through the real launcher in a subprocess with --lang zh (or a zh locale); the error
 * thrown deep in src/ or generators/ carries both texts and the CLI prints the chosen one.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, snapshot, tempDir } from './helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const AGENTSCOPE = join(ROOT, 'bin/agentscope.js');

afterAll(cleanup);

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, LANG: 'en_US.UTF-8', NO_COLOR: '1', ...extra };
  delete e.CI;
  delete e.LC_ALL;
  delete e.LC_MESSAGES;
  return e;
}

function run(args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [AGENTSCOPE, ...args], { cwd, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const HAN = /[\u4e00-\u9fff]/;

const COMMANDS = ['check', 'api', 'inventory', 'inventory pull', 'inventory list', 'inventory diff', 'inventory pin', 'inventory claims', 'inventory pull-python', 'upgrade', 'doctor', 'manual', 'mcp', 'init-assistant'];

describe('--help in Chinese', () => {
  it.each(COMMANDS)('agentscope %s --help --lang zh', (command) => {
    const r = run([...command.split(' '), '--help', '--lang', 'zh'], tempDir());
    expect(r.code, r.err).toBe(0);
    expect(r.out.startsWith(`用法：agentscope ${command}`), r.out).toBe(true);
    // Prose lines are Chinese, not only the first one: more than half the non-empty lines have Han characters.
    const lines = r.out.split('\n').filter((l) => l.trim());
    expect(lines.filter((l) => HAN.test(l)).length, r.out).toBeGreaterThan(lines.length / 2);
    // The English help is still the default.
    const en = run([...command.split(' '), '--help'], tempDir());
    expect(en.out.startsWith(`Usage: agentscope ${command}`), en.out).toBe(true);
    expect(HAN.test(en.out.split('\n')[0])).toBe(false);
  });

  it('the command list, with --lang before the command too, and from a zh locale', () => {
    const cwd = tempDir();
    const top = run(['--help', '--lang', 'zh'], cwd);
    expect(top.code).toBe(0);
    expect(top.out).toContain('用法：agentscope <命令> [选项]');
    expect(top.out).toContain('检查 Node、JDK、Maven');
    const leading = run(['--lang', 'zh', 'doctor', '--help'], cwd);
    expect(leading.code).toBe(0);
    expect(leading.out).toContain('用法：agentscope doctor');
    const viaHelp = run(['help', 'inventory', 'pull', '--lang', 'zh'], cwd);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.out).toContain('用法：agentscope inventory pull');
    const locale = run(['check', '--help'], cwd, { LANG: 'zh_CN.UTF-8' });
    expect(locale.out).toContain('用法：agentscope check');
    const bad = run(['check', '--lang', 'fr'], cwd);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--lang: unknown language "fr" (use en or zh)');
  });
});

describe('errors in Chinese, with their exit codes', () => {
  it('no pom.xml: check, gen, upgrade, init-assistant', () => {
    const cwd = tempDir();
    const cases: [string[], number, string][] = [
      [['check'], 2, '中没有 pom.xml'],
      [['gen', 'tool', 'Weather'], 1, '及其上级目录中都没有 pom.xml'],
      [['upgrade', '--to', '2.0.0'], 1, '及其上级目录中都没有 pom.xml'],
      [['init-assistant'], 1, '及其上级目录中都没有 pom.xml'],
    ];
    for (const [args, code, text] of cases) {
      const r = run([...args, '--lang', 'zh'], cwd);
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(code);
      expect(r.err, args.join(' ')).toContain(`错误：`);
      expect(r.err, args.join(' ')).toContain(text);
      expect(snapshot(cwd)).toEqual({});
    }
  });

  it("check's own errors and api's", () => {
    const cwd = tempDir();
    const cases: [string[], number, string][] = [
      [['check', 'Missing.java'], 2, '错误：没有这个文件或目录：Missing.java'],
      [['check', '--format', 'xml', 'x'], 2, '错误：未知的 --format "xml"'],
      [['check', '--rules', 'AS999', 'x'], 2, '错误：未知的规则 id AS999'],
      [['api', 'NoSuchTypeAnywhere'], 1, 'API 中没有 "NoSuchTypeAnywhere"'],
      [['api', '--version', '9.9.9', 'Msg'], 1, '错误：没有 AgentScope Java 9.9.9 的 API 清单'],
      [['api'], 2, '错误：需要恰好一个名称'],
      [['nosuchcommand'], 2, '错误：未知命令 "nosuchcommand"'],
      [['inventory', 'pul'], 2, '你是不是想要：pull'],
      [['inventory', 'pull', 'not-a-version'], 2, '错误：inventory pull："not-a-version" 不是 AgentScope 版本号'],
    ];
    writeFileSync(join(cwd, 'x'), '');
    for (const [args, code, text] of cases) {
      const r = run([...args, '--lang', 'zh'], cwd, { AGENTSCOPE_CLI_HOME: join(cwd, '.cache') });
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(code);
      expect(r.err, args.join(' ')).toContain(text);
    }
    // The same error in English without --lang: one error, two texts.
    const en = run(['api', '--version', '9.9.9', 'Msg'], cwd, { AGENTSCOPE_CLI_HOME: join(cwd, '.cache') });
    expect(en.err).toContain('error: no inventory for AgentScope Java 9.9.9');
  });

  it('mvn not found is said as such (not as "not served"), in Chinese', () => {
    const cwd = tempDir();
    const r = run(['inventory', 'pull', '2.0.1', '--lang', 'zh'], cwd, { AGENTSCOPE_MVN: join(cwd, 'no-such-mvn'), AGENTSCOPE_CLI_HOME: join(cwd, '.cache') });
    expect(r.code, r.err).toBe(1);
    expect(r.err).toContain(`错误：无法运行 ${join(cwd, 'no-such-mvn')}：获取 AgentScope Java 2.0.1 需要 Maven，但它未安装或不在 PATH 中`);
    expect(r.err).not.toContain('没有提供');
    const en = run(['inventory', 'pull', '2.0.1'], cwd, { AGENTSCOPE_MVN: join(cwd, 'no-such-mvn'), AGENTSCOPE_CLI_HOME: join(cwd, '.cache') });
    expect(en.err).toContain('Maven is needed to fetch AgentScope Java 2.0.1, and it is not installed or not on PATH');
    // doctor says the same in its own lines; --json stays English for scripts
    const doctor = run(['doctor', '--offline', '--lang', 'zh'], cwd, { AGENTSCOPE_MVN: join(cwd, 'no-such-mvn') });
    expect(doctor.code).toBe(1);
    expect(doctor.out).toContain('此处没有 Maven 项目');
    expect(doctor.out).toMatch(/FAIL {2}maven {7}无法运行 .*no-such-mvn（找不到）/);
    expect(doctor.out).toContain('未检查：缺少 Maven');
    const json = JSON.parse(run(['doctor', '--offline', '--json', '--lang', 'zh'], cwd, { AGENTSCOPE_MVN: join(cwd, 'no-such-mvn') }).out);
    expect(json.checks.find((c: { name: string }) => c.name === 'agentscope').detail).toBe('not checked: Maven is missing');
    // A broken pom is one more finding: the machine is still checked.
    writeFileSync(join(cwd, 'pom.xml'), '<project><artifactId>x</project>');
    const broken = run(['doctor', '--offline', '--lang', 'zh'], cwd, { AGENTSCOPE_MVN: join(cwd, 'no-such-mvn') });
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/FAIL {2}pom {8}.*pom\.xml：pom\.xml 不是格式正确的 XML（第 1 行/);
    expect(broken.out).toMatch(/ok {4}node/);
  });

  it('gen: a pom without AgentScope, and a file that exists without --force', () => {
    const cwd = tempDir();
    const plain = join(cwd, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version></project>\n');
    const noDep = run(['gen', 'tool', 'Weather', '--lang', 'zh'], plain);
    expect(noDep.code).toBe(1);
    expect(noDep.err).toContain('没有 io.agentscope 依赖');

    expect(run(['create', 'app', '--yes', '--no-git'], cwd).code).toBe(0);
    const app = join(cwd, 'app');
    expect(run(['gen', 'tool', 'Weather'], app).code).toBe(0);
    const file = join(app, 'src/main/java/com/example/app/Weather.java');
    writeFileSync(file, readFileSync(file, 'utf8') + '\n// mine\n');
    const before = snapshot(app);
    const again = run(['gen', 'tool', 'Weather', '--lang', 'zh'], app);
    expect(again.code).toBe(1);
    expect(again.err).toContain('错误：src/main/java/com/example/app/Weather.java 已存在，且与将要生成的内容不同');
    expect(again.err).toContain('未写入任何文件；使用 --force 覆盖，或换一个名字');
    expect(snapshot(app)).toEqual(before);
    const clash = run(['gen', 'tool', 'String', '--lang', 'zh'], app);
    expect(clash.code).toBe(2);
    expect(clash.err).toContain('错误：类名 String：String 是 java.lang 中的类型');
    expect(clash.err).toContain('你是不是想要 `gen tool StringTool` 或 `gen tool MyString`？（未写入任何文件）');
    expect(snapshot(app)).toEqual(before);
    // A zh locale picks the same texts without --lang.
    const locale = run(['gen', 'tool', 'Weather'], app, { LANG: 'zh_CN.UTF-8' });
    expect(locale.code).toBe(1);
    expect(locale.err).toContain('已存在，且与将要生成的内容不同');
  });
});
