import { reportError, UsageError, type Bilingual } from '../core/errors.js';
import { argvLang, pick } from './lang.js';
import { asksToolVersion } from './args.js';
import type { Lang } from './i18n.js';
import { processIo, type Io } from '../core/io.js';
import { versionLine } from './version.js';
import { GLOBAL_INSTALL, NPX_AGENTSCOPE } from '../core/run-command.js';

export type CommandRunner = (argv: string[], io: Io) => Promise<number>;

interface CommandEntry {
  summary: Bilingual;
  /** Lazy so `agentscope api` does not load the generators, and vice versa. */
  load: () => Promise<CommandRunner>;
}

/** The one table of commands: drives dispatch and the help text. */
export const COMMANDS: Record<string, CommandEntry> = {
  create: { summary: { en: 'create a new AgentScope Java Maven project', zh: '创建新的 AgentScope Java Maven 项目' }, load: async () => (await import('./commands/create.js')).run },
  gen: { summary: { en: 'add a tool, middleware, permission policy, MCP client, ... to a Maven project', zh: '向 Maven 项目添加工具、中间件、权限策略、MCP 客户端等' }, load: async () => (await import('./commands/gen.js')).run },
  check: { summary: { en: 'check Java files against the pinned AgentScope API', zh: '按固定版本的 AgentScope API 检查 Java 文件' }, load: async () => (await import('./commands/check.js')).run },
  api: { summary: { en: 'look up a type or member in the pinned API inventory', zh: '在固定版本的 API 清单中查找类型或成员' }, load: async () => (await import('./commands/api.js')).run },
  inventory: { summary: { en: 'pull, diff, pin and list API inventories', zh: '拉取、比较、固定和列出 API 清单' }, load: async () => (await import('./commands/inventory.js')).run },
  manual: { summary: { en: 'generate the bilingual static API manual (Java + Python editions, search, link-checked)', zh: '生成双语静态 API 手册（Java 与 Python 版、搜索、链接已检查）' }, load: async () => (await import('./commands/manual.js')).manualCommand },
  doctor: { summary: { en: 'check Node, the JDK, Maven and that the AgentScope artifacts resolve', zh: '检查 Node、JDK、Maven，以及 AgentScope 构件能否解析' }, load: async () => (await import('./commands/doctor.js')).run },
  mcp: { summary: { en: 'serve the API, checker and generators to AI coding assistants (MCP over stdio)', zh: '为 AI 编程助手提供 API、检查器和生成器（stdio 上的 MCP）' }, load: async () => (await import('./commands/mcp.js')).run },
  'init-assistant': { summary: { en: 'write AGENTS.md (version facts for AI coding assistants) into a project', zh: '向项目写入 AGENTS.md（供 AI 编程助手使用的版本事实）' }, load: async () => (await import('./commands/init-assistant.js')).run },
  upgrade: { summary: { en: 'move a project to another AgentScope version (report first, --write to apply)', zh: '把项目迁移到另一个 AgentScope 版本（先报告，--write 才应用）' }, load: async () => (await import('./commands/upgrade.js')).run },
};

const MAIN_HELP = {
  en: `Usage: agentscope <command> [options]
       {npx} <command>   (without \`{install}\`)

Writes, checks and upgrades version-correct AgentScope Java code.

Commands:
{commands}

Options:
  -h, --help     show help (also \`agentscope <command> --help\`)
  -v, --version  print the tool version and the pinned AgentScope version
  --lang en|zh   language of help and messages (default: from LANG/LC_ALL)

Exit codes: 0 ok, 1 error or findings, 2 bad usage.`,
  zh: `用法：agentscope <命令> [选项]
      {npx} <命令>   （未执行 \`{install}\` 时）

编写、检查并升级与版本一致的 AgentScope Java 代码。

命令：
{commands}

选项：
  -h, --help     显示帮助（也可用 \`agentscope <命令> --help\`）
  -v, --version  打印工具版本和固定的 AgentScope 版本
  --lang en|zh   帮助与消息的语言（默认取自 LANG/LC_ALL）

退出码：0 成功，1 出错或有检查发现，2 用法错误。`,
};

function mainHelp(lang: Lang): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines = Object.entries(COMMANDS).map(([k, c]) => `  ${k.padEnd(width)}  ${c.summary[lang]}`);
  return pick(MAIN_HELP, lang, { commands: lines.join('\n'), npx: NPX_AGENTSCOPE, install: GLOBAL_INSTALL });
}

/** Runs one CLI invocation; returns the exit code instead of exiting, so tests can call it. */
export async function runCli(argv: string[], io: Io = processIo()): Promise<number> {
  const lang = argvLang(argv, io.env);
  try {
    // `agentscope --lang zh check ...`: the language goes to the command, which reads it too.
    const lead = argv[0] === '--lang' ? 2 : argv[0]?.startsWith('--lang=') ? 1 : 0;
    const [cmd, ...rest] = lead ? [...argv.slice(lead), ...argv.slice(0, lead)] : argv;
    // `agentscope help check` is `agentscope check --help`
    if (cmd === 'help' && rest[0] && COMMANDS[rest[0]]) return await (await COMMANDS[rest[0]].load())([...rest.slice(1), '--help'], io);
    if (cmd === undefined || cmd.startsWith('--lang') || cmd === '-h' || cmd === '--help' || cmd === 'help') {
      io.out(mainHelp(lang));
      return cmd === undefined || cmd.startsWith('--lang') ? 2 : 0;
    }
    if (cmd === '-v' || cmd === '--version') {
      io.out(versionLine());
      return 0;
    }
    const entry = COMMANDS[cmd];
    // `agentscope check --version`: the tool's version on every command (a value after it is an AgentScope version)
    if (entry && asksToolVersion(rest)) {
      io.out(versionLine());
      return 0;
    }
    if (!entry) {
      const { suggest } = await import('../core/suggest.js');
      const near = suggest(cmd, Object.keys(COMMANDS));
      throw new UsageError(
        { en: `unknown command "${cmd}"`, zh: `未知命令 "${cmd}"` },
        near.length ? { en: `did you mean: ${near.join(', ')}?`, zh: `你是不是想要：${near.join(', ')}？` } : { en: 'run `agentscope --help`', zh: '运行 `agentscope --help` 查看命令' },
      );
    }
    return await (await entry.load())(rest, io);
  } catch (e) {
    return reportError(e, io, lang);
  }
}
