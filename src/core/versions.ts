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
