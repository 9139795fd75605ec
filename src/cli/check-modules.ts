/**
 * Which AgentScope version `check` judges each file against: the version its module builds with
 * (the nearest pom.xml above the file, through its parent chain: `agentscope.version`, BOM,
 * dependency or parent), the pin when it names none. A version without an inventory on this
 * machine is judged by the nearest one of its major version, with a note saying so. Files of one
 * version are checked in one run; the other files go along as context (their classes are known,
 * their findings belong to their own run).
 */
import { dirname, relative, sep } from 'node:path';
import type { Bilingual } from '../core/errors.js';
import { findPomUpward } from '../core/files.js';
import { isVersion } from '../core/versions.js';
import { inventoryVersions, nearestInventoryVersion } from '../inventory/nearest.js';
import { readAgentscopeDeclaration } from '../pom/agentscope-version.js';

export interface VersionGroup {
  version: string;
  /** The modules checked against it, by their path from the root ('.' for the root). */
  modules: string[];
  /** The files judged in this run (the others are context). */
  files: Set<string>;
}

/** The files grouped by the inventory version that judges them, in the order first met; notes on versions judged by another. */
export function versionGroups(root: string, files: string[], pin: string, env: NodeJS.ProcessEnv): { groups: VersionGroup[]; notes: Bilingual[] } {
  const available = inventoryVersions(env);
  const pomOfDir = new Map<string, string | undefined>();
  const versionOfPom = new Map<string, string>();
  const notes: Bilingual[] = [];
  const noted = new Set<string>();
  const groups = new Map<string, VersionGroup>();
  const judgeFor = (pom: string): string => {
    let v = versionOfPom.get(pom);
    if (v) return v;
    let declared: string | undefined;
    try {
      declared = readAgentscopeDeclaration(pom).version;
    } catch {
      declared = undefined;
    }
    if (!declared || !isVersion(declared)) v = pin;
    else {
      v = nearestInventoryVersion(declared, available) ?? pin;
      if (v !== declared && !noted.has(declared)) {
        noted.add(declared);
        const at = relative(root, pom) || pom;
        notes.push({
          en: `${at} builds with AgentScope ${declared}, which has no inventory here (\`agentscope inventory pull ${declared}\` adds it): checked against ${v}, the nearest`,
          zh: `${at} 使用 AgentScope ${declared}，本机没有它的清单（\`agentscope inventory pull ${declared}\` 可补充）：改用最接近的 ${v} 检查`,
        });
      }
    }
    versionOfPom.set(pom, v);
    return v;
  };
  for (const f of files) {
    const dir = dirname(f);
    if (!pomOfDir.has(dir)) pomOfDir.set(dir, findPomUpward(dir));
    const pom = pomOfDir.get(dir);
    const version = pom ? judgeFor(pom) : pin;
    let g = groups.get(version);
    if (!g) groups.set(version, (g = { version, modules: [], files: new Set() }));
    g.files.add(f);
    const module = pom ? relative(root, dirname(pom)).split(sep).join('/') || '.' : '-';
    if (!g.modules.includes(module)) g.modules.push(module);
  }
  return { groups: [...groups.values()], notes };
}

/** How the text and JSON reports name the versions: `2.0.2 (app, shared); 2.0.0 (legacy)`. */
export function describeGroups(groups: VersionGroup[]): string {
  return groups.map((g) => `${g.version} (${g.modules.join(', ') || '-'})`).join('; ');
}
