import { requireVersion } from '../../core/versions.js';
import type { Io } from '../../core/io.js';
import { UsageError } from '../../core/errors.js';
import { readPin } from '../../inventory/pin.js';
import { progressDisplay } from '../../inventory/progress.js';
import { commandArgs } from '../lang.js';
import { pullInventory } from '../../inventory/pull.js';

const HELP = {
  en: `Usage: agentscope inventory pull [version] [--out DIR] [--json]

Resolves every source-bearing io.agentscope artifact of a version through your mvn (settings.xml,
mirrors and MAVEN_OPTS apply) and extracts its public/protected API from the -sources.jars.
Discovery uses the version's agentscope-bom when Maven serves one, otherwise the known module
list; every listed artifact's pom and -sources.jar is fetched in one mvn run. The pinned
version is written to inventory/<version>/, any other version to the user cache; two pulls of
the same version are byte-identical. On a terminal one status line shows the progress.

Arguments:
  version          AgentScope Java version (default: the pinned ${'<pin>'})

Options:
  --out DIR        write inventory.json.gz + manifest.json into DIR instead
  --mvn-arg=ARG    extra argument for mvn (repeatable), e.g. --mvn-arg=-Dmaven.repo.local=/path
                   (write it with '=': an argument starting with '-' is otherwise read as an option)
  --json           print the manifest as JSON on stdout
  --lang en|zh     language of help and messages (default: from LANG/LC_ALL)
  -h, --help       show this help

Exit codes: 0 pulled, 1 nothing could be resolved (mvn's reason is quoted), 2 bad usage.`,
  zh: `用法：agentscope inventory pull [版本] [--out 目录] [--json]

通过你的 mvn（settings.xml、镜像和 MAVEN_OPTS 均生效）解析某个版本所有带源码的
io.agentscope artifact，并从 -sources.jar 中提取 public/protected API。Maven 提供该版本的
agentscope-bom 时据此发现模块，否则使用已知的模块列表；所有 artifact 的 pom 与 -sources.jar
在一次 mvn 运行中获取。固定版本写到 inventory/<版本>/，其他版本写到用户缓存；同一版本拉取
两次结果逐字节相同。在终端中用一行状态显示进度。

参数：
  版本             AgentScope Java 版本（默认：固定版本 <pin>）

选项：
  --out 目录       把 inventory.json.gz + manifest.json 写到该目录
  --mvn-arg=ARG    传给 mvn 的额外参数（可重复），如 --mvn-arg=-Dmaven.repo.local=/path
                   （请用 '=' 连接：以 '-' 开头的参数否则会被当成选项）
  --json           在 stdout 上以 JSON 打印 manifest
  --lang en|zh     帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help       显示此帮助

退出码：0 已拉取，1 什么都无法解析（引用 mvn 给出的原因），2 用法错误。`,
};

export async function pullCommand(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('inventory pull', argv, {
    out: { type: 'string' },
    'mvn-arg': { type: 'string', multiple: true },
    json: { type: 'boolean' },
  }, (lang) => HELP[lang].replace('<pin>', readPin().version), io);
  if (!args) return 0;
  const { values, positionals } = args;
  if (positionals.length > 1) throw new UsageError({ en: `expected at most one version, got ${positionals.join(' ')}`, zh: `最多一个版本，收到 ${positionals.join(' ')}` }, { en: 'see `agentscope inventory pull --help`', zh: '参见 `agentscope inventory pull --help`' });
  const version = positionals[0] ?? readPin().version;
  requireVersion(version, 'inventory pull');
  const out = values.out ? (values.out.startsWith('/') ? values.out : `${io.cwd}/${values.out}`) : undefined;
  // On a terminal one status line moves; otherwise a few plain lines (none with --json).
  const live = values.json || !io.status ? undefined : progressDisplay(io.status, version, process.stderr.columns);
  const log = values.json || live ? undefined : (l: string) => io.err(l);
  const result = await pullInventory({ version, out, args: values['mvn-arg'], env: io.env, log, progress: live?.update }).finally(() => live?.stop());
  const m = result.manifest;
  if (values.json) {
    io.out(JSON.stringify({ dir: result.dir, ...m }, null, 2));
    return 0;
  }
  const tried = result.outcomes.length;
  io.out(
    [
      `AgentScope Java ${version}: ${m.counts.artifacts} artifact(s) with sources (${m.discovery === 'bom' ? 'from the BOM' : `probed ${tried} candidate artifactIds; no agentscope-bom ${version} is served`})`,
      ...m.artifacts.map((a) => `  ${a.artifactId.padEnd(45)} ${String(a.javaFiles).padStart(4)} files ${String(a.types).padStart(4)} types`),
      `types ${m.counts.types}, members ${m.counts.members}, duplicates resolved ${m.counts.duplicatesResolved}, rejected files ${m.counts.rejectedFiles}`,
      `not served here: ${m.unavailable?.length ?? 0} artifactIds${m.skipped?.length ? `; skipped ${m.skipped.map((s) => s.artifactId).join(', ')}` : ''}`,
      `resolution ${(result.resolveMs / 1000).toFixed(1)} s, extraction ${(result.extractMs / 1000).toFixed(2)} s, total ${(result.totalMs / 1000).toFixed(1)} s`,
      `wrote ${result.dir}`,
    ].join('\n'),
  );
  return 0;
}
