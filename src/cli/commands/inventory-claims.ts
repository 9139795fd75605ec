import { requireVersion } from '../../core/versions.js';
import { readFileSync } from 'node:fs';
import type { Io } from '../../core/io.js';
import { readPin } from '../../inventory/pin.js';
import { loadInventory } from '../../inventory/store.js';
import { commandArgs } from '../lang.js';
import { ClaimEvaluator, describeCheck, verdictsMarkdown, type Claim } from '../../api/claims.js';
import { readSeedClaims } from '../../api/verdicts.js';

const HELP = {
  en: `Usage: agentscope inventory claims [--agentscope-version V] [--file claims.json] [--markdown] [--json]

Checks API claims (by default the research note seed 000's) against an inventory and prints
a verdict for each: holds / does not hold, with the declarations that decide it.
Exit 0 always when the check ran (a claim that does not hold is information, not an error).
--lang en|zh sets the language of help and messages (default: from LANG/LC_ALL).`,
  zh: `用法：agentscope inventory claims [--agentscope-version V] [--file claims.json] [--markdown] [--json]

按某个清单检查 API 论断（默认为研究笔记 seed 000 的论断），并为每条给出结论：成立 / 不成立，
附上决定结论的声明。检查运行完即退出码 0（论断不成立是信息，不是错误）。
--lang en|zh 设置帮助与消息的语言（默认取自 LANG/LC_ALL）。`,
};

export async function claimsCommand(argv: string[], io: Io): Promise<number> {
  const args = commandArgs('inventory claims', argv, {
    'agentscope-version': { type: 'string' },
    file: { type: 'string' },
    markdown: { type: 'boolean' },
    json: { type: 'boolean' },
  }, (lang) => HELP[lang], io);
  if (!args) return 0;
  const { values } = args;
  const pin = readPin();
  const inv = loadInventory(values['agentscope-version'] === undefined ? pin.version : requireVersion(values['agentscope-version'], '--agentscope-version'), io.env);
  const claims: Claim[] = values.file ? (JSON.parse(readFileSync(values.file, 'utf8')) as Claim[]) : readSeedClaims();
  const ev = new ClaimEvaluator(inv);
  const verdicts = claims.map((c) => ev.verdict(c));
  if (values.markdown) {
    io.out(verdictsMarkdown(verdicts, inv.version, pin.target));
  } else if (values.json) {
    io.out(JSON.stringify(verdicts, null, 2));
  } else {
    for (const v of verdicts) {
      io.out(`${v.holds ? 'holds        ' : 'DOES NOT HOLD'}  ${v.claim.id}  ${v.claim.text}`);
      for (const r of v.results.filter((x) => !x.holds)) {
        io.out(`    ✗ ${describeCheck(r.check)}${r.evidence.length ? `\n      ${r.evidence.join('\n      ')}` : ''}`);
      }
    }
    io.out(`\n${verdicts.filter((v) => v.holds).length}/${verdicts.length} claims hold in ${inv.version}`);
  }
  return 0;
}
