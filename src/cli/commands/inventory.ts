import type { Io } from '../../core/io.js';
import { UsageError } from '../../core/errors.js';
import { suggest } from '../../core/suggest.js';
import { argvLang } from '../lang.js';

const HELP = {
  en: `Usage: agentscope inventory <subcommand> [options]

Subcommands:
  pull [version]        resolve every source-bearing io.agentscope artifact of a version through
                        mvn and extract its API inventory (default: the pinned version)
  list                  inventories available locally (shipped and pulled)
  diff <from> <to>      API differences between two pulled versions
  pin <version>         pull a version, re-verify every template and checker rule against it,
                        and (with --write) move the pin
  claims                check API claims (seed 000's by default) against an inventory
  pull-python [version] extract the Python edition's API from its wheel (default 2.0.11)

Run \`agentscope inventory <subcommand> --help\` for its options.`,
  zh: `用法：agentscope inventory <子命令> [选项]

子命令：
  pull [版本]           通过 mvn 解析某个版本所有带源码的 io.agentscope artifact，并提取其
                        API 清单（默认：固定版本）
  list                  本地可用的清单（随工具附带的和已拉取的）
  diff <from> <to>      两个已拉取版本之间的 API 差异
  pin <版本>            拉取一个版本，针对它重新验证每个模板和检查规则，并（使用 --write
                        时）移动固定版本
  claims                按某个清单检查 API 论断（默认为 seed 000 的论断）
  pull-python [版本]    从 wheel 提取 Python 版的 API（默认 2.0.11）

运行 \`agentscope inventory <子命令> --help\` 查看其选项。`,
};

type Sub = (argv: string[], io: Io) => Promise<number>;

const SUBCOMMANDS: Record<string, () => Promise<Sub>> = {
  pull: async () => (await import('./inventory-pull.js')).pullCommand,
  list: async () => (await import('./inventory-list.js')).listCommand,
  diff: async () => (await import('./diff.js')).diffCommand,
  pin: async () => (await import('./inventory-pin.js')).pinCommand,
  claims: async () => (await import('./inventory-claims.js')).claimsCommand,
  'pull-python': async () => (await import('./inventory-pull-python.js')).pullPythonCommand,
};

export async function run(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h' || sub.startsWith('--lang')) {
    io.out(HELP[argvLang(argv, io.env)]);
    return sub && !sub.startsWith('--lang') ? 0 : 2;
  }
  const load = SUBCOMMANDS[sub];
  if (!load) {
    const near = suggest(sub, Object.keys(SUBCOMMANDS));
    throw new UsageError(
      { en: `unknown inventory subcommand "${sub}"`, zh: `未知的 inventory 子命令 "${sub}"` },
      near.length ? { en: `did you mean: ${near.join(', ')}?`, zh: `你是不是想要：${near.join(', ')}？` } : { en: 'see `agentscope inventory --help`', zh: '参见 `agentscope inventory --help`' },
    );
  }
  return (await load())(rest, io);
}
