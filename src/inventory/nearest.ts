/**
 * Which inventory answers for a project: the version its pom builds with when this machine has
 * that inventory (shipped or pulled), else the nearest one of the same major version (the greatest
 * below it, else the least above it), else the pin. A version between two inventories (2.0.1
 * between 2.0.0 and 2.0.2) is judged by both: the one below judges, the one above confirms, and a
 * finding stands only where both report it. An API added in between is in the one above and not
 * in the one below, one removed in between the other way round; judged by the one below alone,
 * code using either would be reported although its own version compiles it. `check` and the MCP
 * server share this and each say, in their own words, which ones they used.
 */
import { compareVersions, isVersion } from '../core/versions.js';
import { readAgentscopeDeclaration } from '../pom/agentscope-version.js';
import { gradleAgentscopeVersion, isGradleBuildFile } from '../pom/gradle.js';
import { agentscopeVersionThroughReactor } from '../pom/reactor-version.js';
import { storedInventories } from './store.js';

/** The versions with an inventory on this machine: shipped first, then pulled; newest first within each. */
export function inventoryVersions(env: NodeJS.ProcessEnv = process.env): string[] {
  return storedInventories(env).map((i) => i.version).filter(isVersion);
}

const major = (v: string) => v.split(/[.-]/)[0];

/** `wanted` when available; else the nearest available version of its major version; else undefined. */
export function nearestInventoryVersion(wanted: string, available: string[]): string | undefined {
  if (available.includes(wanted)) return wanted;
  const same = available.filter((v) => major(v) === major(wanted));
  const below = same.filter((v) => compareVersions(v, wanted) < 0).sort((a, b) => compareVersions(b, a));
  const above = same.filter((v) => compareVersions(v, wanted) > 0).sort(compareVersions);
  return below[0] ?? above[0];
}

/**
 * For `wanted` with no inventory here, lying between two of its major version that have one: the
 * least above it, which confirms what the nearest (the greatest below) reports.
 */
export function confirmingInventoryVersion(wanted: string, available: string[]): string | undefined {
  if (available.includes(wanted)) return undefined;
  const same = available.filter((v) => major(v) === major(wanted));
  if (!same.some((v) => compareVersions(v, wanted) < 0)) return undefined;
  return same.filter((v) => compareVersions(v, wanted) > 0).sort(compareVersions)[0];
}

/** How reports name the inventories that judged: `2.0.0+2.0.2` when the one above confirms. */
export function judgedVersionName(version: string, confirm?: string): string {
  return confirm ? `${version}+${confirm}` : version;
}

/**
 * The inventory version for the project of `buildFile` (a pom.xml, or a Gradle build script:
 * pom/gradle.ts), and why: `declared` (its own), `nearest` (no inventory of `declared` here), or
 * the pin when the build names `none`, an `invalid` version (an unresolved property), or one with
 * no inventory of its major version (`unavailable`).
 */
export type ProjectVersion =
  | { version: string; why: 'declared' | 'unavailable'; declared: string }
  /** `confirm`: the inventory above `declared` when `version` is the one below it (confirmingInventoryVersion). */
  | { version: string; why: 'nearest'; declared: string; confirm?: string }
  | { version: string; why: 'none' }
  | { version: string; why: 'invalid'; declared: string };

export function projectInventoryVersion(buildFile: string, pin: string, available: () => string[]): ProjectVersion {
  let declared: string | undefined;
  try {
    if (isGradleBuildFile(buildFile)) declared = gradleAgentscopeVersion(buildFile);
    else {
      const own = readAgentscopeDeclaration(buildFile);
      // a module naming none builds with what a sibling module it depends on brings
      declared = own.version ?? agentscopeVersionThroughReactor(buildFile, own.chain);
    }
  } catch {
    declared = undefined;
  }
  if (!declared) return { version: pin, why: 'none' };
  if (!isVersion(declared)) return { version: pin, why: 'invalid', declared };
  if (declared === pin) return { version: pin, why: 'declared', declared };
  const have = available();
  const near = nearestInventoryVersion(declared, have);
  if (near === declared) return { version: near, why: 'declared', declared };
  if (!near) return { version: pin, why: 'unavailable', declared };
  const confirm = confirmingInventoryVersion(declared, have);
  return confirm ? { version: near, why: 'nearest', declared, confirm } : { version: near, why: 'nearest', declared };
}
