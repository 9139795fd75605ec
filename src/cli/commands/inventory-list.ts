import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Io } from '../../core/io.js';
import { INVENTORY_DIR } from '../../core/paths.js';
import { commandArgs } from '../lang.js';
import { readPin } from '../../inventory/pin.js';
import { cacheRoot, INVENTORY_FILE, readManifest } from '../../inventory/store.js';

export async function listCommand(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('inventory list', argv, { json: { type: 'boolean' } }, (lang) =>
    lang === 'zh'
      ? '用法：agentscope inventory list [--json] [--lang en|zh]\n\n列出随工具附带的清单和已拉取到缓存中的清单。'
      : 'Usage: agentscope inventory list [--json] [--lang en|zh]\n\nLists the inventories shipped with the tool and those pulled into the cache.', io);
  if (!args) return 0;
  const { values, lang } = args;
  const pin = readPin();
  const rows: { version: string; where: string; pinned: boolean; types: number; members: number; artifacts: number }[] = [];
  for (const [where, root] of [['shipped', INVENTORY_DIR], ['cache', join(cacheRoot(io.env), 'inventory')]] as const) {
    if (!existsSync(root)) continue;
    for (const v of readdirSync(root).sort()) {
      const dir = join(root, v);
      if (!existsSync(join(dir, INVENTORY_FILE))) continue;
      const m = readManifest(dir);
      rows.push({ version: v, where: `${where}: ${dir}`, pinned: v === pin.version, types: m.counts.types, members: m.counts.members, artifacts: m.counts.artifacts });
    }
  }
  if (values.json) {
    io.out(JSON.stringify(rows, null, 2));
    return 0;
  }
  if (!rows.length) io.out(lang === 'zh' ? '还没有清单；请运行 `agentscope inventory pull`' : 'no inventories yet; run `agentscope inventory pull`');
  for (const r of rows) {
    io.out(`${r.pinned ? '*' : ' '} ${r.version.padEnd(14)} ${String(r.artifacts).padStart(3)} artifacts ${String(r.types).padStart(5)} types ${String(r.members).padStart(6)} members  (${r.where})`);
  }
  return 0;
}
