import { requireVersion } from '../../core/versions.js';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Io } from '../../core/io.js';
import { commandArgs } from '../lang.js';
import { CliError, UsageError } from '../../core/errors.js';
import { INVENTORY_DIR } from '../../core/paths.js';
import { readPin, type Pin } from '../../inventory/pin.js';
import { findInventoryDir } from '../../inventory/store.js';
import { ensureInventory } from '../../upgrade/ensure.js';
import { describeChange } from '../../diff/format.js';
import { reverify, type ReverifyResult } from '../../upgrade/reverify.js';

const HELP = {
  en: `Usage: agentscope inventory pin <version> [--write] [--force] [--json]

Prepares moving the pin (inventory/pin.json) to another AgentScope Java version: pulls the
version if needed, diffs pinned -> new, renders every template with the generators and checks
the result against the new inventory (checker + diff scan), and checks the API every checker
rule relies on. Prints each template line and rule that no longer holds, with the diff
entries behind it. Nothing changes without --write.

Options:
  --write     update inventory/pin.json (and copy the inventory into inventory/<version>)
  --force     with --write: move the pin even though templates or rules break
  --json      machine-readable result
  --lang en|zh  language of help and messages (default: from LANG/LC_ALL)
  -h, --help  show this help

Exit code: 0 everything holds, 1 something breaks (or an error), 2 bad usage.`,
  zh: `用法：agentscope inventory pin <版本> [--write] [--force] [--json]

为把固定版本（inventory/pin.json）移到另一个 AgentScope Java 版本做准备：必要时拉取该版本，
比较 固定版本 -> 新版本 的差异，用生成器渲染每个模板并按新清单检查结果（检查器 + 差异扫描），
并检查每条检查规则所依赖的 API。打印每个不再成立的模板行和规则，以及背后的差异条目。
没有 --write 时不改动任何东西。

选项：
  --write     更新 inventory/pin.json（并把清单复制到 inventory/<版本>）
  --force     与 --write 一起：即使模板或规则失效也移动固定版本
  --json      机器可读的结果
  --lang en|zh  帮助与消息的语言（默认取自 LANG/LC_ALL）
  -h, --help  显示此帮助

退出码：0 全部成立，1 有失效项（或出错），2 用法错误。`,
};

export function formatReverify(r: ReverifyResult): string {
  const out: string[] = [];
  const s = r.diff.summary;
  out.push(`Pin move ${r.from} -> ${r.to}`);
  out.push(`  API diff: ${s.typesRemoved} types removed, ${s.typesRenamed} renamed/moved, ${s.typesAdded} added; ${s.membersRemoved} members removed, ${s.membersRenamed} renamed, ${s.membersChanged} changed; ${s.breakingForCallers} caller-breaking, ${s.breakingForImplementers} implementer-breaking`);
  out.push(`  templates rendered: ${r.templates.rendered.length} (${r.templates.files} files); rules checked: ${r.rules.checked}`);
  for (const e of r.templates.renderErrors) out.push(`  could not render ${e.what}: ${e.error}`);
  out.push('');
  if (r.templates.breaks.length) {
    out.push(`Template lines that no longer hold (${r.templates.breaks.length}):`);
    let cur = '';
    for (const b of r.templates.breaks) {
      if (b.template !== cur) {
        cur = b.template;
        out.push(`  templates/${b.template}.ejs`);
      }
      out.push(`    ${b.templateLine ? `template line ${b.templateLine}, ` : ''}rendered line ${b.line}: ${b.text}`);
      out.push(`      ${b.message}  [${b.by}]`);
      for (const c of b.changes) out.push(`      diff: ${c.typeTo ?? c.type}${c.scope === 'member' ? ' ' : ': '}${describeChange(c)}`);
    }
  } else out.push('Every rendered template line holds against ' + r.to + '.');
  out.push('');
  if (r.rules.breaks.length) {
    out.push(`Checker rules that no longer hold (${r.rules.breaks.length}):`);
    for (const b of r.rules.breaks) {
      out.push(`  ${b.rule} (${b.name})`);
      for (const m of b.missing) out.push(`    relies on ${m.type}${m.member ? `.${m.member}` : ''}${m.kind ? ` (${m.kind}${m.arity !== undefined ? `/${m.arity}` : ''})` : ''}: missing in ${r.to}`);
      if (b.nowExists) out.push(`    ${b.nowExists}`);
      for (const f of b.facts ?? []) out.push(`    fact changed: ${f.fact}: ${r.from} ${f.from.value} (${f.from.at}) -> ${r.to} ${f.to ? `${f.to.value} (${f.to.at})` : 'no such fact'}`);
      for (const c of b.changes.slice(0, 6)) out.push(`    diff: ${c.typeTo ?? c.type}${c.scope === 'member' ? ' ' : ': '}${describeChange(c)}`);
    }
  } else out.push('Every checker rule still holds.');
  if (r.rules.holding.length) out.push(`  still holding: ${r.rules.holding.join(', ')}`);
  out.push(`  inventory-driven (hold by construction): ${r.rules.inventoryDriven.join(', ')}`);
  if (r.fragmentGaps.length) {
    out.push('', 'Template fragments without a variant for ' + r.to + ':');
    for (const g of r.fragmentGaps) out.push(`  templates/${g.kind}/versions.json ${g.fragment} (ranges: ${g.ranges.join(' ')})`);
  }
  if (r.versionMentions.length) {
    out.push('', `Template lines that state behaviour of ${r.from} in prose (review them by reading the ${r.to} sources; no API check can):`);
    for (const m of r.versionMentions) out.push(`  templates/${m.template}:${m.line}: ${m.text}`);
  }
  return out.join('\n');
}

export function breaks(r: ReverifyResult): number {
  return r.templates.breaks.length + r.rules.breaks.length + r.fragmentGaps.length + r.templates.renderErrors.length;
}

/** Writes pin.json atomically (temp + rename), keeping the other fields. */
export function writePin(pinFile: string, version: string): Pin {
  const pin = JSON.parse(readFileSync(pinFile, 'utf8')) as Pin;
  const next: Pin = { ...pin, version };
  const tmp = `${pinFile}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(next, null, 2) + '\n');
  renameSync(tmp, pinFile);
  return next;
}

/** The pinned version's inventory ships in inventory/<v>: copy it there from the cache when needed. */
function shipInventory(version: string, env: NodeJS.ProcessEnv): string {
  const shipped = join(INVENTORY_DIR, version);
  const found = findInventoryDir(version, env);
  if (!found) throw new CliError({ en: `no inventory for ${version} to ship`, zh: `没有可随工具附带的 ${version} 清单` });
  if (found === shipped) return shipped;
  const tmp = `${shipped}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  cpSync(found, tmp, { recursive: true });
  if (existsSync(shipped)) rmSync(shipped, { recursive: true, force: true });
  renameSync(tmp, shipped);
  return shipped;
}

export async function pinCommand(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('inventory pin', argv, {
    write: { type: 'boolean' },
    force: { type: 'boolean' },
    json: { type: 'boolean' },
  }, (lang) => HELP[lang], io);
  if (!args) return 0;
  const { values, positionals } = args;
  if (positionals.length !== 1) throw new UsageError({ en: 'inventory pin needs one version', zh: 'inventory pin 需要一个版本' }, { en: 'e.g. `agentscope inventory pin 1.0.9`', zh: '例如 `agentscope inventory pin 1.0.9`' });
  const version = requireVersion(positionals[0], 'inventory pin');
  const pin = readPin();
  if (version === pin.version) {
    io.out(`already pinned to ${version}`);
    return 0;
  }
  const a = await ensureInventory(pin.version, { io });
  const b = await ensureInventory(version, { io });
  const result = await reverify(a, b);
  const n = breaks(result);
  if (values.json) {
    const { diff, ...rest } = result;
    io.out(JSON.stringify({ ...rest, diff: { summary: diff.summary, artifacts: diff.artifacts } }, null, 2));
  } else io.out(formatReverify(result));
  if (values.write) {
    if (n && !values.force) {
      io.err(`not moving the pin: ${n} template line(s)/rule(s) break against ${version}; fix them (templates/<kind>/versions.json for version-specific fragments) or pass --force`);
      return 1;
    }
    const dir = shipInventory(version, io.env);
    writePin(join(INVENTORY_DIR, 'pin.json'), version);
    io.out(`\npin moved: ${pin.version} -> ${version} (inventory/pin.json; inventory in ${dir})`);
  } else {
    io.out(`\nDry run: inventory/pin.json still pins ${pin.version}. Run with --write to move it.`);
  }
  return n ? 1 : 0;
}
