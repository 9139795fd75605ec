/**
 * `check` at the root of a multi-module build: every module is checked against the AgentScope
 * version it builds with (its pom chain's `agentscope.version`, BOM, dependency or parent; the
 * pin when it names none). Modules of one version are checked in one run; the other modules'
 * files go along as context (their classes are known, their findings belong to their own run).
 */
import { join, sep } from 'node:path';
import { requireVersion } from '../core/versions.js';
import { readAgentscopeDeclaration } from '../pom/agentscope-version.js';
import { buildModules, isAggregator } from '../pom/modules.js';

export interface VersionGroup {
  version: string;
  /** The modules checked against it, by their path from the root. */
  modules: string[];
  /** The files judged in this run (the others are context). */
  files: Set<string>;
}

/**
 * The files of an aggregator's modules grouped by each module's AgentScope version, in the
 * order the modules are listed; undefined when `root` is no aggregator (one version for all).
 */
export function moduleVersionGroups(root: string, files: string[], pin: string): VersionGroup[] | undefined {
  if (!isAggregator(join(root, 'pom.xml'))) return undefined;
  const modules = buildModules(root).map((m) => {
    const pom = join(m.dir, 'pom.xml');
    const declared = readAgentscopeDeclaration(pom).version;
    return { ...m, version: declared === undefined ? pin : requireVersion(declared, `${pom} <agentscope.version>`, 1) };
  });
  const groups = new Map<string, VersionGroup>();
  const group = (version: string) => {
    let g = groups.get(version);
    if (!g) groups.set(version, (g = { version, modules: [], files: new Set() }));
    return g;
  };
  for (const m of modules) group(m.version).modules.push(m.name);
  for (const f of files) {
    // the innermost module holding the file
    const owner = modules.filter((m) => f.startsWith(m.dir + sep)).sort((a, b) => b.dir.length - a.dir.length)[0];
    group(owner?.version ?? pin).files.add(f);
  }
  return [...groups.values()].filter((g) => g.files.size > 0);
}

/** How the text and JSON reports name the versions: `2.0.2 (app, shared); 2.0.0 (legacy)`. */
export function describeGroups(groups: VersionGroup[]): string {
  return groups.map((g) => `${g.version} (${g.modules.join(', ') || '-'})`).join('; ');
}
