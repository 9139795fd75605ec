import { join, resolve } from 'node:path';
import type { Io } from '../../core/io.js';
import { CliError, UsageError } from '../../core/errors.js';
import { INVENTORY_DIR } from '../../core/paths.js';
import { cacheRoot } from '../../core/cache-dir.js';
import { PYTHON_EDITION_VERSION } from '../../inventory/python/schema.js';
import { commandArgs } from '../lang.js';
import { PythonPullError, pullPython } from '../../inventory/python/pull.js';
import { savePyInventory } from '../../inventory/python/store.js';

const HELP = {
  en: `Usage: agentscope inventory pull-python [version] [--out DIR] [--python EXE]

Downloads the official agentscope wheel of a version with your pip (pip download --no-deps;
your pip configuration applies), extracts its modules, classes, functions, signatures with
defaults, async-ness and docstrings with file:line by parsing it with Python's ast (the package
is never imported), and writes inventory.json.gz + manifest.json. Version ${PYTHON_EDITION_VERSION} (the
default, the one the manual documents) goes to inventory/python/${PYTHON_EDITION_VERSION}/, others to the user
cache. Two extractions of the same wheel are byte-identical.

Options:
  --out DIR      write into DIR instead
  --python EXE   the python whose pip and ast are used (default python3)
  --lang en|zh   language of help and messages (default: from LANG/LC_ALL)
  -h, --help     show this help`,
  zh: `用法：agentscope inventory pull-python [版本] [--out 目录] [--python EXE]

用你的 pip 下载某个版本的官方 agentscope wheel（pip download --no-deps；你的 pip 配置生效），
用 Python 的 ast 解析（从不 import 该包），提取模块、类、函数、带默认值的签名、是否 async
以及带 文件:行号 的 docstring，写出 inventory.json.gz + manifest.json。版本 ${PYTHON_EDITION_VERSION}（默认，
手册所记录的版本）写到 inventory/python/${PYTHON_EDITION_VERSION}/，其他版本写到用户缓存。同一 wheel 提取两次
结果逐字节相同。

选项：
  --out 目录     写到该目录
  --python EXE   使用其 pip 和 ast 的 python（默认 python3）
  --lang en|zh   帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help     显示此帮助`,
};

/** The default location of a Python edition's inventory. */
export function pyInventoryDir(version: string, env: NodeJS.ProcessEnv): string {
  return version === PYTHON_EDITION_VERSION ? join(INVENTORY_DIR, 'python', version) : join(cacheRoot(env), 'inventory', 'python', version);
}

export async function pullPythonCommand(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('inventory pull-python', argv, {
    out: { type: 'string' },
    python: { type: 'string' },
  }, (lang) => HELP[lang], io);
  if (!args) return 0;
  const { values, positionals } = args;
  if (positionals.length > 1) throw new UsageError({ en: `expected at most one version, got ${positionals.join(' ')}`, zh: `最多一个版本，收到 ${positionals.join(' ')}` }, { en: 'see `agentscope inventory pull-python --help`', zh: '参见 `agentscope inventory pull-python --help`' });
  const version = positionals[0] ?? PYTHON_EDITION_VERSION;
  if (!/^\d+(\.\d+)*([.-]?\w+)?$/.test(version)) throw new UsageError({ en: `invalid version "${version}"`, zh: `无效的版本 "${version}"` }, { en: 'a PyPI version such as 2.0.11', zh: '应为 PyPI 版本号，如 2.0.11' });
  const dir = values.out ? resolve(io.cwd, values.out) : pyInventoryDir(version, io.env);
  let inv;
  try {
    inv = pullPython({ version, python: values.python, env: io.env, log: (l) => io.err(l) });
  } catch (e) {
    if (e instanceof PythonPullError) throw new CliError(e.message, 1, { en: 'needs python3 with pip, and access to the package index your pip uses', zh: '需要带 pip 的 python3，并能访问你的 pip 所用的包索引' });
    throw e;
  }
  const m = savePyInventory(dir, inv);
  io.out(
    [
      `agentscope ${version} (Python, ${m.wheel.file}): ${m.counts.modules} modules (${m.counts.publicPackages} public packages), ${m.counts.classes} classes, ${m.counts.functions} functions, ${m.counts.methods} methods`,
      `wrote ${dir}`,
    ].join('\n'),
  );
  return 0;
}
