import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Io } from '../../core/io.js';
import { CliError, UsageError } from '../../core/errors.js';
import { ensureInventory } from '../../upgrade/ensure.js';
import { modulePom, planUpgrade } from '../../upgrade/upgrade.js';
import { CONFLICT_REFUSAL, formatReport, planJson, writeHint } from '../../upgrade/report.js';
import { readAgentscopeDeclaration } from '../../pom/agentscope-version.js';
import { checkPrintWrite } from '../apply.js';
import { withProjectLock } from '../../core/lock.js';
import { requireVersion } from '../../core/versions.js';
import { dirname } from 'node:path';
import { commandArgs } from '../lang.js';

const HELP = {
  en: `Usage: agentscope upgrade --to <version> [--write [--allow-conflicts]] [--dry-run] [--json]
                          [--from <version>] [--base-templates <dir>]

Moves the Maven project around the current directory (nearest pom.xml upwards) to another
AgentScope Java version, and regenerates the files agentscope generated. First it reports,
grouped by file, every line the move breaks, with the fix when one is known, what happens to
each generated file, then the files it would change with their diff; nothing is changed (dry
run, also --dry-run).

Regeneration: every generated file (it carries an @generated marker) is rendered again from
the answers create and gen recorded in .agentscope/project.json (a project without one gets
them inferred from the markers and the pom; the report lists what was inferred), for the
target version with the templates of this release. A file you never edited is replaced; a file
you edited is merged three ways: your file, the new render, and the render it was written from
(rendered again from the answers for the old version, or found in git history; --base-templates
<dir> renders it with an older release's templates/). Where your edits and the template changes
overlap, the conflict is reported with its hunk and nothing is written (exit 1), unless
--allow-conflicts writes the file with git-style <<<<<<< markers. Use --to with the current
version to take the templates of a newer release only. A second run changes nothing.

With --write it also bumps the version where it is declared (the agentscope.version property,
an io.agentscope BOM import, dependency or parent version; in a parent pom on disk when the
module inherits it; comments and formatting kept), adds io.agentscope dependencies for types
that moved to another artifact, and applies the fixes that are certain (moved types' imports,
confident method renames) to your own code too. Everything else is listed as TODO. All files
are written or none.

Options:
  --to <version>          target AgentScope Java version (required; the current one: newer templates only)
  --from <version>        current version (default: read from pom.xml and its parents)
  --write                 apply the changes
  --dry-run               show every change with its diff, write nothing (the default)
  --allow-conflicts       with --write: write conflicting files with git-style markers
  --base-templates <dir>  the templates/ of the release that generated the project (base of the merge)
  --json                  machine-readable report
  --lang en|zh            language of help and messages (default: from LANG/LC_ALL)
  -h, --help              show this help

Exit code: 0 nothing left to do by hand, 1 lines to change or conflicts remain (or an error),
2 bad usage.`,
  zh: `用法：agentscope upgrade --to <版本> [--write [--allow-conflicts]] [--dry-run] [--json]
                          [--from <版本>] [--base-templates <目录>]

把当前目录所在的 Maven 项目（向上最近的 pom.xml）迁移到另一个 AgentScope Java 版本，并重新
生成 agentscope 生成的文件。先按文件报告迁移会破坏的每一行（已知修法时一并给出）、每个生成
文件将如何处理，再列出将改动的文件及其 diff；不改动任何东西（演练，也可写 --dry-run）。

重新生成：每个生成的文件（带 @generated 标记）都按 create 和 gen 记录在
.agentscope/project.json 中的回答，用本版本的模板为目标版本重新渲染（没有该文件的项目从标记
和 pom 推断回答，报告会列出推断了什么）。从未修改过的文件直接替换；修改过的文件做三方合并：
你的文件、新的渲染结果、以及它当初生成时的渲染（按旧版本重新渲染回答，或从 git 历史中找到；
--base-templates <目录> 用旧发布的 templates/ 渲染）。你的修改与模板改动重叠时，报告冲突及其
片段且不写入任何文件（退出码 1），除非用 --allow-conflicts 以 git 风格的 <<<<<<< 标记写入。
--to 当前版本：只采用新发布的模板。再次运行不会改动任何东西。

使用 --write 时还会：修改声明版本的位置（agentscope.version 属性、io.agentscope BOM、依赖或
parent 的版本；模块从父 pom 继承时改父 pom；保留注释和格式），为迁移到其他 artifact 的类型添加
io.agentscope 依赖，并对你自己的代码应用确定的修复（迁移类型的 import、有把握的方法改名）。
其余列为 TODO。所有文件要么全部写入，要么都不写。

选项：
  --to <版本>             目标 AgentScope Java 版本（必需；当前版本：只更新模板）
  --from <版本>           当前版本（默认从 pom.xml 及其父 pom 读取）
  --write                 应用改动
  --dry-run               显示每个改动及其 diff，不写入（默认）
  --allow-conflicts       与 --write 一起：以 git 风格标记写入有冲突的文件
  --base-templates <目录> 生成该项目的发布版的 templates/（合并的基准）
  --json                  机器可读的报告
  --lang en|zh            帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help              显示此帮助

退出码：0 没有需要手动处理的内容，1 仍有需要修改的行或冲突（或出错），2 用法错误。`,
};

export async function run(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('upgrade', argv, {
    to: { type: 'string' },
    from: { type: 'string' },
    write: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    'allow-conflicts': { type: 'boolean' },
    'base-templates': { type: 'string' },
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
  const baseTemplates = values['base-templates'] === undefined ? undefined : resolve(io.cwd, values['base-templates']);
  if (baseTemplates && !existsSync(join(baseTemplates, 'project'))) throw new UsageError({ en: `--base-templates ${baseTemplates}: not a templates directory (no project/ in it)`, zh: `--base-templates ${baseTemplates}：不是模板目录（其中没有 project/）` });
  const a = await ensureInventory(from, { io });
  const b = from === values.to ? a : await ensureInventory(values.to, { io });
  const allowConflicts = Boolean(values['allow-conflicts']);
  const wantWrite = Boolean(values.write) && !values['dry-run'];
  // --write: one writer per project from plan to write, the plan made on what is on disk (src/core/lock.ts)
  const run = async () => {
    const plan = await planUpgrade(io.cwd, a, b, { baseTemplates, allowConflicts });
    const changes = plan.tree.list().some((c) => c.kind !== 'unchanged');
    const conflicts = plan.regeneration?.conflicts ?? 0;
    if (from === values.to && !changes && !plan.counts.todos && !conflicts) {
      const templates = plan.regeneration ? { zh: '，生成的文件与本版本的模板一致', en: ", generated files as this release's templates render them" } : { zh: '', en: '' };
      io.out(lang === 'zh' ? `已经是 AgentScope Java ${from}${templates.zh}；无需改动` : `already on AgentScope Java ${from}${templates.en}; nothing to do`);
      return 0;
    }
    // a conflict is never written silently: --write refuses the whole plan without --allow-conflicts
    const refused = wantWrite && conflicts > 0 && !allowConflicts;
    const write = wantWrite && !refused;
    if (!values.json) for (const line of formatReport(plan, io.cwd, lang)) io.out(line);
    // The generators' tail: the plan (with its diff in a dry run) and one all-or-nothing write.
    const { exitCode } = await checkPrintWrite(plan.tree, { io, lang, dryRun: !write, inventory: b, check: false, quiet: Boolean(values.json) || refused });
    if (values.json) io.out(JSON.stringify(planJson(plan, write), null, 2));
    else if (refused) io.out(CONFLICT_REFUSAL(conflicts, lang));
    else if (!write && changes) io.out(writeHint(lang));
    return exitCode || (plan.counts.todos || conflicts ? 1 : 0);
  };
  return wantWrite ? withProjectLock(dirname(pom), run, io.env) : run();
}
