import { CliError } from './errors.js';
// Version order shared by the inventory store, the manual, the MCP server and upgrade.

/** Maven-like ordering: numeric segments compared as numbers; a qualifier (2.1.0-BETA1) sorts before the release. */
export function compareVersions(x: string, y: string): number {
  const split = (v: string) => {
    const [nums, ...q] = v.split('-');
    return { n: nums.split('.').map((s) => Number(s) || 0), q: q.join('-') };
  };
  const a = split(x);
  const b = split(y);
  for (let i = 0; i < Math.max(a.n.length, b.n.length); i++) {
    const d = (a.n[i] ?? 0) - (b.n[i] ?? 0);
    if (d) return d;
  }
  if (a.q === b.q) return 0;
  if (!a.q) return 1;
  if (!b.q) return -1;
  return a.q.localeCompare(b.q, 'en', { numeric: true });
}

/**
 * What a version string may be wherever it names an inventory folder, a Maven coordinate or text
 * written into a pom: digits and dots, then qualifiers (`2.0.2`, `2.1.0-RC1`, `1.0.0.M2`). No
 * slash, no `..`, no space, no XML or shell character can pass, so a version never leaves the
 * inventory folders nor needs escaping.
 */
export const VERSION_PATTERN = /^[0-9]+(\.[0-9]+)*([-.][A-Za-z0-9]+)*$/;
const MAX_VERSION_LENGTH = 64;

export function isVersion(v: string): boolean {
  return typeof v === 'string' && v.length <= MAX_VERSION_LENGTH && VERSION_PATTERN.test(v);
}

/**
 * The one validator of the versions every entry point takes (flags, positionals, a pom's
 * `<agentscope.version>`, MCP arguments): returns the version, or throws a one-line error naming
 * where it came from (exit 2 for a flag or argument, 1 for a file's content) before anything reads
 * a file or starts Maven.
 */
export function requireVersion(v: string, from = 'version', exitCode = 2): string {
  if (isVersion(v)) return v;
  const shown = JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v);
  throw new CliError(
    { en: `${from}: ${shown} is not an AgentScope version`, zh: `${from}：${shown} 不是 AgentScope 版本号` },
    exitCode,
    { en: 'a Maven version such as 2.0.2 or 2.1.0-RC1', zh: '应为 Maven 版本号，如 2.0.2 或 2.1.0-RC1' },
  );
}
