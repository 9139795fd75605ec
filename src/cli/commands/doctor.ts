/**
 * `agentscope doctor`: is this machine ready to build the project around the current directory
 * (or a new one)? Node, the JDK mvn will use, Maven, and whether the project's AgentScope
 * artifacts resolve through the user's own mvn (settings, mirrors, proxies apply).
 */
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Io } from '../../core/io.js';
import { CliError, UsageError, type Bilingual } from '../../core/errors.js';
import { commandArgs } from '../lang.js';
import { detectJdk, javaHomeProblem } from '../jdk.js';
import { readPin } from '../../inventory/pin.js';
import { resolveArtifact, withoutUrls } from '../../inventory/maven.js';
import { findPomUpward, readProject } from '../../../generators/_core/project.js';
import { surefireState } from '../../pom/surefire.js';
import { TOOLING_VERSIONS } from '../../../generators/project/tooling.js';

const HELP = {
  en: `Usage: agentscope doctor [--offline] [--json]

Checks what building an AgentScope Java project needs, for the Maven project around the current
directory (else for a new project on the pinned version):
  node     the Node.js running this tool (>= 20.19)
  java     the JDK that mvn will use (JAVA_HOME, else java on PATH) against the project's
           maven.compiler.release
  maven    mvn on PATH (or $AGENTSCOPE_MVN), version >= 3.8
  agentscope  io.agentscope:agentscope-core of the project's version resolves through your mvn

Options:
  --offline   do not ask Maven to download anything (mvn -o): reports what the local repository has
  --json      machine-readable result
  --lang en|zh  language of help and messages (default: from LANG/LC_ALL)
  -h, --help  show this help

Exit code: 0 everything needed is there, 1 something is missing, 2 bad usage.`,
  zh: `用法：agentscope doctor [--offline] [--json]

检查构建 AgentScope Java 项目所需的环境，针对当前目录所在的 Maven 项目（没有项目时针对
固定版本的新项目）：
  node     运行本工具的 Node.js（>= 20.19）
  java     mvn 将使用的 JDK（JAVA_HOME，否则 PATH 上的 java），对照项目的
           maven.compiler.release
  maven    PATH 上的 mvn（或 $AGENTSCOPE_MVN），版本 >= 3.8
  agentscope  项目所用版本的 io.agentscope:agentscope-core 能否通过你的 mvn 解析

选项：
  --offline   不让 Maven 下载任何东西（mvn -o）：报告本地仓库已有的内容
  --json      机器可读的结果
  --lang en|zh  帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help  显示此帮助

退出码：0 所需一切齐全，1 有缺失，2 用法错误。`,
};

type Status = 'ok' | 'warn' | 'fail';
interface Check {
  name: string;
  status: Status;
  /** English in --json (stable for scripts); the display picks the user's language. */
  detail: Bilingual;
}

const MIN_NODE: [number, number] = [20, 19];
const MIN_MAVEN: [number, number] = [3, 8];

function atLeast(v: number[], min: [number, number]): boolean {
  return v[0] > min[0] || (v[0] === min[0] && (v[1] ?? 0) >= min[1]);
}

export async function run(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('doctor', argv, { offline: { type: 'boolean' }, json: { type: 'boolean' }}, (lang) => HELP[lang], io);
  if (!args) return 0;
  const { values, positionals, lang } = args;
  if (positionals.length) throw new UsageError({ en: `doctor takes no arguments, got: ${positionals.join(' ')}`, zh: `doctor 不接受参数，收到：${positionals.join(' ')}` }, { en: 'see `agentscope doctor --help`', zh: '参见 `agentscope doctor --help`' });

  const checks: Check[] = [];
  // A pom that cannot be read is one more finding, not a reason to skip the machine's checks.
  let project: ReturnType<typeof readProject> | undefined;
  const pom = findPomUpward(io.cwd);
  try {
    project = pom ? readProject(io.cwd) : undefined;
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    checks.push({ name: 'pom', status: 'fail', detail: { en: `${pom}: ${e.texts.en}`, zh: `${pom}：${e.texts.zh}` } });
  }
  const version = project?.agentscopeVersion ?? readPin().version;
  const release = project?.javaRelease ?? 17;

  const node = process.versions.node.split('.').map(Number);
  checks.push({ name: 'node', status: atLeast(node, MIN_NODE) ? 'ok' : 'fail', detail: { en: `Node.js ${process.versions.node} (needs >= ${MIN_NODE.join('.')})`, zh: `Node.js ${process.versions.node}（需要 >= ${MIN_NODE.join('.')}）` } });

  const jdk = detectJdk(io.env);
  const badHome = javaHomeProblem(io.env);
  if (badHome) checks.push({ name: 'java', status: 'fail', detail: badHome });
  else if (!jdk) checks.push({ name: 'java', status: 'fail', detail: { en: 'no JDK found (set JAVA_HOME or put java on PATH)', zh: '找不到 JDK（请设置 JAVA_HOME，或把 java 放到 PATH 中）' } });
  else {
    const ok = jdk.major >= release;
    checks.push({
      name: 'java',
      status: ok ? 'ok' : 'fail',
      detail: {
        en: `JDK ${jdk.major} at ${jdk.home} (from ${jdk.from}); the project compiles for Java ${release}${ok ? '' : `: mvn will fail with "release version ${release} not supported"`}`,
        zh: `JDK ${jdk.major}，位于 ${jdk.home}（来自 ${jdk.from}）；项目按 Java ${release} 编译${ok ? '' : `：mvn 会报 "release version ${release} not supported"`}`,
      },
    });
  }

  const mvn = io.env.AGENTSCOPE_MVN ?? 'mvn';
  const mv = await execa(mvn, ['-v', '-B'], { env: io.env, reject: false, stdin: 'ignore', all: true });
  const mavenVersion = /Apache Maven (\d+)\.(\d+)(?:\.(\d+))?/.exec(mv.all ?? '');
  if ((mv.exitCode !== 0 || !mavenVersion) && badHome && mv.exitCode !== undefined) checks.push({ name: 'maven', status: 'fail', detail: { en: `${mvn} does not start until JAVA_HOME is fixed (see java)`, zh: `在修正 JAVA_HOME 之前 ${mvn} 无法启动（见 java）` } });
  else if (mv.exitCode !== 0 || !mavenVersion) checks.push({ name: 'maven', status: 'fail', detail: { en: `cannot run ${mvn}${mv.exitCode === undefined ? ' (not found)' : ''}`, zh: `无法运行 ${mvn}${mv.exitCode === undefined ? '（找不到）' : ''}` } });
  else {
    const v = [Number(mavenVersion[1]), Number(mavenVersion[2])];
    checks.push({ name: 'maven', status: atLeast(v, MIN_MAVEN) ? 'ok' : 'warn', detail: { en: `Maven ${mavenVersion[0].replace('Apache Maven ', '')} (needs >= ${MIN_MAVEN.join('.')})`, zh: `Maven ${mavenVersion[0].replace('Apache Maven ', '')}（需要 >= ${MIN_MAVEN.join('.')}）` } });
  }

  if (checks.at(-1)!.status !== 'fail') {
    const work = mkdtempSync(join(tmpdir(), 'agentscope-doctor-'));
    try {
      const r = await resolveArtifact({ groupId: 'io.agentscope', artifactId: 'agentscope-core', version, type: 'pom' }, work, { env: io.env, mvn, args: values.offline ? ['-o'] : [] });
      checks.push({
        name: 'agentscope',
        status: r.ok ? 'ok' : 'fail',
        detail: r.ok
          ? { en: `io.agentscope:agentscope-core:${version} resolves through your mvn`, zh: `io.agentscope:agentscope-core:${version} 可通过你的 mvn 解析` }
          : { en: `io.agentscope:agentscope-core:${version} does not resolve: ${withoutUrls(r.error)}`, zh: `io.agentscope:agentscope-core:${version} 无法解析：${withoutUrls(r.error)}` },
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  } else checks.push({ name: 'agentscope', status: 'fail', detail: badHome ? { en: 'not checked: fix JAVA_HOME first', zh: '未检查：请先修正 JAVA_HOME' } : { en: 'not checked: Maven is missing', zh: '未检查：缺少 Maven' } });

  if (project) checks.push(surefireCheck(project.pomPath));

  const failed = checks.some((c) => c.status === 'fail');
  if (values.json) io.out(JSON.stringify({ project: project?.root ?? null, agentscopeVersion: version, checks: checks.map((c) => ({ ...c, detail: c.detail.en })) }, null, 2));
  else {
    const zh = lang === 'zh';
    if (project) io.out(zh ? `项目 ${project.root}（AgentScope Java ${version}，Java ${release}）` : `Project ${project.root} (AgentScope Java ${version}, Java ${release})`);
    else if (pom) io.out(zh ? `${pom} 无法读取；按 AgentScope Java ${version} 检查` : `${pom} cannot be read; checking for AgentScope Java ${version}`);
    else io.out(zh ? `此处没有 Maven 项目；按 AgentScope Java ${version} 的新项目检查` : `No Maven project here; checking for a new project on AgentScope Java ${version}`);
    const w = Math.max(...checks.map((c) => c.name.length));
    for (const c of checks) io.out(`  ${c.status === 'ok' ? 'ok  ' : c.status === 'warn' ? 'warn' : 'FAIL'}  ${c.name.padEnd(w)}  ${c.detail[lang]}`);
  }
  return failed ? 1 : 0;
}

/** Whether `mvn test` runs the project's JUnit 5 tests at all (see src/pom/surefire.ts). */
function surefireCheck(pomPath: string): Check {
  const s = surefireState(pomPath);
  if (s.status === 'ok') return { name: 'surefire', status: 'ok', detail: { en: `maven-surefire-plugin ${s.version} runs JUnit 5 tests`, zh: `maven-surefire-plugin ${s.version} 可运行 JUnit 5 测试` } };
  if (s.status === 'unknown') return { name: 'surefire', status: 'ok', detail: { en: `maven-surefire-plugin: from the parent ${s.parent} (not on disk, not checked)`, zh: `maven-surefire-plugin：来自父 pom ${s.parent}（不在本地磁盘上，未检查）` } };
  const was = s.status === 'default' ? { en: `none declared: Maven 3.8 runs its default ${s.version}`, zh: `未声明：Maven 3.8 使用默认的 ${s.version}` } : { en: `${s.version} declared`, zh: `声明的是 ${s.version}` };
  const fix = `<artifactId>maven-surefire-plugin</artifactId><version>${TOOLING_VERSIONS.surefirePlugin}</version>`;
  return {
    name: 'surefire',
    status: 'warn',
    detail: {
      en: `maven-surefire-plugin ${was.en}, which finds no JUnit 5 test (mvn test reports "Tests run: 0"); declare ${fix} in build/plugins (\`agentscope gen\` adds it when it writes tests)`,
      zh: `maven-surefire-plugin ${was.zh}，它找不到 JUnit 5 测试（mvn test 显示 "Tests run: 0"）；请在 build/plugins 中声明 ${fix}（\`agentscope gen\` 写测试时会自动加入）`,
    },
  };
}
