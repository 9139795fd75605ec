import type { Io } from '../../core/io.js';
import { CliError, UsageError } from '../../core/errors.js';
import { ensureInventory } from '../../upgrade/ensure.js';
import { modulePom, planUpgrade } from '../../upgrade/upgrade.js';
import { formatReport, planJson, WRITE_HINT } from '../../upgrade/report.js';
import { readAgentscopeDeclaration } from '../../pom/agentscope-version.js';
import { checkPrintWrite } from '../apply.js';
import { withProjectLock } from '../../core/lock.js';
import { requireVersion } from '../../core/versions.js';
import { dirname } from 'node:path';
import { commandArgs } from '../lang.js';

const HELP = {
  en: `Usage: agentscope upgrade --to <version> [--write] [--json] [--from <version>]

Moves the Maven project around the current directory (nearest pom.xml upwards) to another
AgentScope Java version. First it reports, grouped by file, every line the move breaks, with
the fix when one is known, then the files it would change with their diff; nothing is changed
(dry run).

With --write it bumps the version where it is declared (the agentscope.version property, an
io.agentscope BOM import, dependency or parent version; in a parent pom on disk when the
module inherits it; comments and formatting kept), adds io.agentscope dependencies for types
that moved to another artifact, and applies the fixes that are certain (moved types' imports,
confident method renames). Everything else is listed as TODO. All files are written or none.

Options:
  --to <version>     target AgentScope Java version (required)
  --from <version>   current version (default: read from pom.xml and its parents)
  --write            apply the changes
  --json             machine-readable report
  --lang en|zh       language of help and messages (default: from LANG/LC_ALL)
  -h, --help         show this help

Exit code: 0 nothing left to do by hand, 1 lines remain to change (or an error), 2 bad usage.`,
  zh: `用法：agentscope upgrade --to <版本> [--write] [--json] [--from <版本>]

把当前目录所在的 Maven 项目（向上最近的 pom.xml）迁移到另一个 AgentScope Java 版本。
先按文件报告迁移会破坏的每一行，已知修法时一并给出；不改动任何东西（演练）。

使用 --write 时：修改 pom.xml 中的版本（agentscope.version 属性或 io.agentscope 依赖的
版本；保留注释和格式），为迁移到其他 artifact 的类型添加 io.agentscope 依赖，并应用确定
的修复（迁移类型的 import、有把握的方法改名）。其余列为 TODO。所有文件要么全部写入，
要么都不写。

选项：
  --to <版本>        目标 AgentScope Java 版本（必需）
  --from <版本>      当前版本（默认从 pom.xml 及其父 pom 读取）
  --write            应用改动
  --json             机器可读的报告
  --lang en|zh       帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help         显示此帮助

退出码：0 没有需要手动处理的内容，1 仍有需要修改的行（或出错），2 用法错误。`,
};

export async function run(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('upgrade', argv, {
    to: { type: 'string' },
    from: { type: 'string' },
    write: { type: 'boolean' },
    json: { type: 'boolean' },
  }, (lang) => HELP[lang], io);
  if (!args) return 0;
  const { values, positionals, lang } = args;
  if (positionals.length) throw new UsageError({ en: `unexpected argument "${positionals[0]}"`, zh: `多余的参数 "${positionals[0]}"` }, { en: 'usage: agentscope upgrade --to <version> [--write] [--json]', zh: '用法：agentscope upgrade --to <版本> [--write] [--json]' });
  if (!values.to) throw new UsageError({ en: '--to <version> is required', zh: '必须给出 --to <版本>' }, { en: 'e.g. `agentscope upgrade --to 2.0.0`', zh: '例如 `agentscope upgrade --to 2.0.0`' });
  requireVersion(values.to, '--to');
  if (values.from !== undefined) requireVersion(values.from, '--from');
  const pom = modulePom(io.cwd);
  const from = values.from ?? readAgentscopeDeclaration(pom).version;
  if (!from) throw new CliError(
      { en: `${pom}: no AgentScope version found (no agentscope.version property and no io.agentscope dependency, BOM or parent version, here or in a parent pom)`, zh: `${pom}：找不到 AgentScope 版本（本 pom 及其父 pom 中都没有 agentscope.version 属性，也没有带版本的 io.agentscope 依赖、BOM 或 parent）` },
      1,
      { en: 'pass --from <version>', zh: '请用 --from <版本> 指定' },
    );
  if (from === values.to) {
    io.out(lang === 'zh' ? `已经是 AgentScope Java ${from}；无需改动` : `already on AgentScope Java ${from}; nothing to do`);
    return 0;
  }
  const a = await ensureInventory(from, { io });
  const b = await ensureInventory(values.to, { io });
  const write = Boolean(values.write);
  // --write: one writer per project, the plan made on what is on disk (src/core/lock.ts)
  const run = async () => {
    const plan = await planUpgrade(io.cwd, a, b);
    if (!values.json) for (const line of formatReport(plan, io.cwd)) io.out(line);
    // The generators' tail: the plan (with its diff in a dry run) and one all-or-nothing write.
    const { exitCode } = await checkPrintWrite(plan.tree, { io, lang: 'en', dryRun: !write, inventory: b, check: false, quiet: Boolean(values.json) });
    return { plan, exitCode };
  };
  const { plan, exitCode } = write ? await withProjectLock(dirname(pom), run, io.env) : await run();
  if (values.json) io.out(JSON.stringify(planJson(plan, write), null, 2));
  else if (!write && plan.tree.list().some((c) => c.kind !== 'unchanged')) io.out(WRITE_HINT);
  return exitCode || (plan.counts.todos ? 1 : 0);
}
