import { requireVersion } from '../../core/versions.js';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Io } from '../../core/io.js';
import { CliError, UsageError } from '../../core/errors.js';
import { INVENTORY_DIR } from '../../core/paths.js';
import { readPin } from '../../inventory/pin.js';
import type { Inventory, Manifest } from '../../inventory/schema.js';
import { findInventoryDir, INVENTORY_FILE, loadInventoryFrom, readManifest } from '../../inventory/store.js';
import { seedVerdicts } from '../../api/verdicts.js';
import { PYTHON_EDITION_VERSION } from '../../inventory/python/schema.js';
import { loadPyInventoryFrom, PY_INVENTORY_FILE } from '../../inventory/python/store.js';
import { pyInventoryDir } from './inventory-pull-python.js';
import { commandArgs } from '../lang.js';
import { generateManual, MANUAL_MARKER, manualFolderState, writeSite } from '../../manual/build.js';
import { holdSignals, signalExitCode } from '../../core/signals.js';
import { ChapterError } from '../../manual/chapters.js';
import { Translations } from '../../manual/i18n.js';

const HELP = {
  en: `Usage: agentscope manual [--out DIR] [--agentscope-version V] [--inventory-dir DIR]

Generates the bilingual (中文 / English) API manual as a static site: HTML, CSS and JS only,
readable from file:// or any static host, byte-identical for the same inputs. It covers the
AgentScope Java inventory of a version (a page per package and per type, file:line on every
member, since / changed-in badges from the other inventories shipped with this tool), the
Python edition ${PYTHON_EDITION_VERSION} (inventory/python/), Maven coordinates, the seed-000 verdicts,
a coverage page and client-side search. Every internal link and anchor is checked; a broken
one fails the build and nothing is written.

Options:
  --out DIR             where to write the site (default: ./agentscope-manual); replaced as a whole,
                        so it must be empty, absent, or a manual written before
  --agentscope-version V
                        the AgentScope Java version (default: the pinned one)
  --inventory-dir DIR   read that version's inventory.json.gz + manifest.json from DIR
  --python-dir DIR      read the Python inventory from DIR (default: inventory/python/${PYTHON_EDITION_VERSION})
  --lang en|zh          language of help and messages (default: from LANG/LC_ALL)
  -h, --help            show this help

Exit codes: 0 written, 1 missing inventory or broken links, 2 bad usage.`,
  zh: `用法：agentscope manual [--out 目录] [--agentscope-version V] [--inventory-dir 目录]

把双语（中文 / English）API 手册生成为静态网站：只有 HTML、CSS 和 JS，可从 file:// 或任何
静态主机阅读，相同输入得到逐字节相同的输出。内容包括某个版本的 AgentScope Java 清单（每个
包和每个类型一页，每个成员都有 文件:行号，依据本工具附带的其他清单给出 since / changed-in
标记）、Python 版 ${PYTHON_EDITION_VERSION}（inventory/python/）、Maven 坐标、seed-000 结论、覆盖率页面和
客户端搜索。检查每个内部链接和锚点；有断链则构建失败，不写任何文件。

选项：
  --out 目录            网站写到哪里（默认：./agentscope-manual）；整体替换，因此必须为空、
                        不存在，或是以前写出的手册
  --agentscope-version V
                        AgentScope Java 版本（默认：固定版本）
  --inventory-dir 目录  从该目录读取此版本的 inventory.json.gz + manifest.json
  --python-dir 目录     从该目录读取 Python 清单（默认：inventory/python/${PYTHON_EDITION_VERSION}）
  --lang en|zh          帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help            显示此帮助

退出码：0 已写出，1 缺少清单或有断链，2 用法错误。`,
};

/** Java inventories shipped with the tool (inventory/<version>/): the badges' history. */
function shippedVersions(): string[] {
  return readdirSync(INVENTORY_DIR).filter((d) => existsSync(join(INVENTORY_DIR, d, INVENTORY_FILE))).sort();
}

export async function manualCommand(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('manual', argv, {
    out: { type: 'string' },
    'agentscope-version': { type: 'string' },
    'inventory-dir': { type: 'string' },
    'python-dir': { type: 'string' },
  }, (lang) => HELP[lang], io);
  if (!args) return 0;
  const { values, positionals } = args;
  if (positionals.length) throw new UsageError({ en: `unexpected argument ${positionals[0]}`, zh: `多余的参数 ${positionals[0]}` }, { en: 'see `agentscope manual --help`', zh: '参见 `agentscope manual --help`' });
  const t0 = performance.now();
  const pin = readPin();
  const out = resolve(io.cwd, values.out ?? 'agentscope-manual');
  const state = manualFolderState(out);
  if (state === 'not-a-folder') throw new UsageError({ en: `--out ${out} is a file, not a folder`, zh: `--out ${out} 是文件，不是目录` }, { en: 'choose an empty or new directory with --out', zh: '请用 --out 选择一个空目录或新目录' });
  if (state === 'foreign') throw new UsageError({ en: `${out} is not empty and is not a manual written by agentscope (no ${MANUAL_MARKER} in it); nothing was written`, zh: `${out} 非空，且不是 agentscope 写出的手册（其中没有 ${MANUAL_MARKER}）；未写入任何文件` }, { en: 'choose an empty or new directory with --out', zh: '请用 --out 选择一个空目录或新目录' });

  let dir: string | undefined;
  if (values['inventory-dir']) {
    dir = resolve(io.cwd, values['inventory-dir']);
    if (!existsSync(join(dir, INVENTORY_FILE))) throw new CliError({ en: `no ${INVENTORY_FILE} in ${dir}`, zh: `${dir} 中没有 ${INVENTORY_FILE}` });
  } else {
    const version = values['agentscope-version'] === undefined ? pin.version : requireVersion(values['agentscope-version'], '--agentscope-version');
    dir = findInventoryDir(version, io.env);
    if (!dir) throw new CliError({ en: `no inventory for AgentScope Java ${version}`, zh: `没有 AgentScope Java ${version} 的 API 清单` }, 1, { en: `run \`agentscope inventory pull ${version}\` first`, zh: `请先运行 \`agentscope inventory pull ${version}\`` });
  }
  const java = loadInventoryFrom(dir);
  if (values['agentscope-version'] && java.version !== values['agentscope-version']) throw new CliError({ en: `${dir} holds ${java.version}, not ${values['agentscope-version']}`, zh: `${dir} 中是 ${java.version}，不是 ${values['agentscope-version']}` });
  const manifest: Manifest | undefined = existsSync(join(dir, 'manifest.json')) ? readManifest(dir) : undefined;
  const held: Inventory[] = shippedVersions()
    .filter((v) => v !== java.version)
    .map((v) => loadInventoryFrom(join(INVENTORY_DIR, v)));

  const pyDir = values['python-dir'] ? resolve(io.cwd, values['python-dir']) : pyInventoryDir(PYTHON_EDITION_VERSION, io.env);
  if (values['python-dir'] && !existsSync(join(pyDir, PY_INVENTORY_FILE))) throw new CliError({ en: `no ${PY_INVENTORY_FILE} in ${pyDir}`, zh: `${pyDir} 中没有 ${PY_INVENTORY_FILE}` });
  const python = existsSync(join(pyDir, PY_INVENTORY_FILE)) ? loadPyInventoryFrom(pyDir) : undefined;
  if (!python) io.err(`note: no Python inventory in ${pyDir}: the manual has no Python section (\`agentscope inventory pull-python\`)`);

  const tr = Translations.load(join(INVENTORY_DIR, 'i18n'));
  let site;
  try {
    site = await generateManual({ java, manifest, held, python, tr, verdicts: seedVerdicts(java), target: pin.target });
  } catch (e) {
    // a chapter naming an API this version lacks: the manual's own check, reported plainly
    if (e instanceof ChapterError) throw new CliError(`${e.message}; nothing written`);
    throw e;
  }
  if (site.broken.length) {
    throw new CliError(`${site.broken.length} broken internal link(s); nothing written:\n${site.broken.slice(0, 20).map((b) => `  ${b.page}: ${b.href} (${b.reason})`).join('\n')}`);
  }
  // a signal during the swap waits for it: never a half-swapped manual
  const hold = holdSignals();
  try {
    writeSite(out, site.files);
  } finally {
    await hold.release();
  }
  if (hold.received) {
    io.err(`interrupted; ${out} was written completely before stopping`);
    return signalExitCode(hold.received);
  }
  const bytes = [...site.files.values()].reduce((n, s) => n + Buffer.byteLength(s), 0);
  // CPU time beside wall time: on a shared machine the wall time mostly measures the queue
  const cpu = process.cpuUsage();
  io.out(
    `AgentScope Java ${java.version}${python ? ` + Python ${python.version}` : ''}: ${site.pages} pages, ${site.searchEntries} search entries, ` +
      `${(bytes / 1048576).toFixed(1)} MiB; links checked ${site.linksChecked}, broken 0; ${((performance.now() - t0) / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU)\nwrote ${out}`,
  );
  return 0;
}
