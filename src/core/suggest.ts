/** Damerau-free Levenshtein distance, small and allocation-light. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[n];
}

/**
 * Nearest candidates for "did you mean": case-insensitive edit distance within a third
 * of the length, plus candidates that contain the input (ToolResult -> ToolResultBlock).
 */
export function suggest(input: string, candidates: Iterable<string>, max = 5): string[] {
  const needle = input.toLowerCase();
  const limit = Math.max(2, Math.floor(needle.length / 3));
  const scored: [number, string][] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    if (seen.has(c)) continue;
    seen.add(c);
    const lc = c.toLowerCase();
    let score = editDistance(needle, lc);
    if (score > limit && needle.length >= 4 && (lc.includes(needle) || needle.includes(lc))) score = limit + 0.5;
    if (score <= limit + 0.5) scored.push([score, c]);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  return scored.slice(0, max).map(([, c]) => c);
}
