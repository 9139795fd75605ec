/**
 * Which AgentScope version `check` judges each file against: the version its module builds with
 * (the nearest pom.xml above the file, through its parent chain: `agentscope.version`, BOM,
 * dependency or parent; else what the sibling modules it depends on bring: pom/reactor-version.ts;
 * or the nearest Gradle build script's io.agentscope dependency: pom/gradle.ts), the pin when it
 * names none. A version without an inventory on this
 * machine is judged by the nearest one of its major version, with a note saying so; between two
 * inventories, by both (inventory/nearest.ts: the one above confirms). Files of one version are
 * checked in one run; the other files go along as context (their classes are known,
 * their findings belong to their own run).
 */
import { dirname, relative, sep } from 'node:path';
import type { Bilingual } from '../core/errors.js';
import { findBuildFileUpward } from '../core/files.js';
import { inventoryVersions, judgedVersionName, projectInventoryVersion } from '../inventory/nearest.js';

export interface VersionGroup {
  version: string;
  /** The inventory that confirms what `version` reports, for a version between two inventories. */
  confirm?: string;
  /** The modules checked against it, by their path from the root ('.' for the root). */
  modules: string[];
  /** The files judged in this run (the others are context). */
  files: Set<string>;
}

/** The files grouped by the inventory version that judges them, in the order first met; notes on versions judged by another. */
export function versionGroups(root: string, files: string[], pin: string, env: NodeJS.ProcessEnv): { groups: VersionGroup[]; notes: Bilingual[] } {
  let versions: string[] | undefined;
  const available = () => (versions ??= inventoryVersions(env));
  const buildFileOfDir = new Map<string, string | undefined>();
  const versionOfPom = new Map<string, { version: string; confirm?: string }>();
  const notes: Bilingual[] = [];
  const noted = new Set<string>();
  const groups = new Map<string, VersionGroup>();
  const judgeFor = (pom: string): { version: string; confirm?: string } => {
    const known = versionOfPom.get(pom);
    if (known) return known;
    const p = projectInventoryVersion(pom, pin, available);
    if (p.why === 'nearest' && !noted.has(p.declared)) {
      noted.add(p.declared);
      const at = relative(root, pom) || pom;
      const missing = { en: `${at} builds with AgentScope ${p.declared}, which has no inventory here (\`agentscope inventory pull ${p.declared}\` adds it)`, zh: `${at} 使用 AgentScope ${p.declared}，本机没有它的清单（\`agentscope inventory pull ${p.declared}\` 可补充）` };
      notes.push(
        p.confirm
          ? {
              en: `${missing.en}: checked against ${p.version} and ${p.confirm}, the nearest below and above; a finding is reported only where both agree`,
              zh: `${missing.zh}：改用其前后最接近的 ${p.version} 和 ${p.confirm} 检查，只报告两者一致的问题`,
            }
          : { en: `${missing.en}: checked against ${p.version}, the nearest`, zh: `${missing.zh}：改用最接近的 ${p.version} 检查` },
      );
    }
    const judged = p.why === 'nearest' && p.confirm ? { version: p.version, confirm: p.confirm } : { version: p.version };
    versionOfPom.set(pom, judged);
    return judged;
  };
  for (const f of files) {
    const dir = dirname(f);
    const pom = findBuildFileUpward(dir, buildFileOfDir);
    const judged = pom ? judgeFor(pom) : { version: pin };
    const key = judgedVersionName(judged.version, judged.confirm);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ...judged, modules: [], files: new Set() }));
    g.files.add(f);
    const module = pom ? relative(root, dirname(pom)).split(sep).join('/') || '.' : '-';
    if (!g.modules.includes(module)) g.modules.push(module);
  }
  return { groups: [...groups.values()], notes };
}

/** How the text and JSON reports name the versions: `2.0.2 (app, shared); 2.0.0 (legacy); 2.0.0+2.0.2 (between)`. */
export function describeGroups(groups: VersionGroup[]): string {
  return groups.map((g) => `${judgedVersionName(g.version, g.confirm)} (${g.modules.join(', ') || '-'})`).join('; ');
}
