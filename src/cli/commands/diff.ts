import { requireVersion } from '../../core/versions.js';
import type { Io } from '../../core/io.js';
import { UsageError } from '../../core/errors.js';
import { diffInventories } from '../../diff/diff.js';
import { formatDiff, type DiffFormat } from '../../diff/format.js';
import { commandArgs } from '../lang.js';
import { ensureInventory } from '../../upgrade/ensure.js';

const HELP = {
  en: `Usage: agentscope inventory diff <from> <to> [options]

API differences between two AgentScope Java versions: types and members added, removed,
renamed/moved (likely) and changed, each rated source-breaking for callers and for
implementers/subclasses. Missing inventories are pulled first (mvn).

Options:
  --json                        machine-readable output (JSON)
  --format text|markdown        output format (default text)
  --breaking                    only entries that break source code
  --no-added                    hide additions
  --lang en|zh                  language of help and messages (default: from LANG/LC_ALL)
  -h, --help                    show this help

Exit code: 0 (differences are not an error).`,
  zh: `用法：agentscope inventory diff <from> <to> [选项]

两个 AgentScope Java 版本之间的 API 差异：新增、删除、（可能）改名/迁移以及变更的类型和
成员，每一项都标明对调用方和对实现方/子类是否破坏源码兼容。缺少的清单会先拉取（mvn）。

选项：
  --json                        机器可读的输出（JSON）
  --format text|markdown        输出格式（默认 text）
  --breaking                    只显示破坏源码兼容的条目
  --no-added                    隐藏新增
  --lang en|zh                  帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help                    显示此帮助

退出码：0（有差异不算错误）。`,
};

const FORMATS: DiffFormat[] = ['text', 'markdown', 'json'];

export async function diffCommand(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('inventory diff', argv, {
    format: { type: 'string' },
    breaking: { type: 'boolean' },
    'no-added': { type: 'boolean' },
  }, (lang) => HELP[lang], io);
  if (!args) return 0;
  const { values, positionals } = args;
  if (positionals.length !== 2) throw new UsageError({ en: 'inventory diff needs exactly two versions: <from> <to>', zh: 'inventory diff 需要恰好两个版本：<from> <to>' }, { en: 'e.g. `agentscope inventory diff 1.0.9 2.0.0`', zh: '例如 `agentscope inventory diff 1.0.9 2.0.0`' });
  const format = (values.format ?? 'text') as DiffFormat;
  if (!FORMATS.includes(format)) throw new UsageError({ en: `unknown --format "${values.format}"`, zh: `未知的 --format "${values.format}"` }, { en: `use one of: ${FORMATS.join(', ')}`, zh: `可用：${FORMATS.join(', ')}` });
  const [from, to] = positionals.map((v, i) => requireVersion(v, i ? '<to>' : '<from>'));
  const a = await ensureInventory(from, { io });
  const b = await ensureInventory(to, { io });
  io.out(formatDiff(diffInventories(a, b), format, { breakingOnly: values.breaking, hideAdded: values['no-added'] }));
  return 0;
}
