import type { ChangeKind, FileChange } from './tree.js';

/**
 * The change list printed by `create` and `gen`, in real and dry runs alike:
 *   CREATE    src/main/java/com/example/demo/WeatherTool.java (1.2 kB)
 *   UPDATE    pom.xml
 *   UNCHANGED README.md
 * In a dry run, updates and overwrites are followed by a unified diff.
 */

const LABEL: Record<ChangeKind, string> = { create: 'CREATE', update: 'UPDATE', overwrite: 'OVERWRITE', unchanged: 'UNCHANGED' };
const COLOR: Record<ChangeKind, string> = { create: '32', update: '33', overwrite: '35', unchanged: '2' };

export interface PlanOptions {
  dryRun: boolean;
  color?: boolean;
  /** Prefix for paths, e.g. `my-agent/` when the plan is for a new directory. */
  prefix?: string;
}

function size(n: number): string {
  return n < 1000 ? `${n} B` : `${(n / 1000).toFixed(1)} kB`;
}

export function formatPlan(changes: FileChange[], opts: PlanOptions): string[] {
  const paint = (code: string, s: string) => (opts.color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const out: string[] = [];
  for (const c of changes) {
    const label = paint(COLOR[c.kind], LABEL[c.kind].padEnd(9));
    const bytes = c.kind === 'create' || c.kind === 'overwrite' ? ` (${size(Buffer.byteLength(c.content))})` : '';
    out.push(`${label} ${opts.prefix ?? ''}${c.path}${bytes}`);
    if (opts.dryRun && (c.kind === 'update' || c.kind === 'overwrite') && c.before !== undefined) {
      for (const line of unifiedDiff(c.before, c.content, `a/${c.path}`, `b/${c.path}`)) {
        const code = line.startsWith('+') && !line.startsWith('+++') ? '32' : line.startsWith('-') && !line.startsWith('---') ? '31' : line.startsWith('@@') ? '36' : '';
        out.push(code ? paint(code, line) : line);
      }
    }
  }
  return out;
}

type Op = { op: ' ' | '-' | '+'; line: string; a: number; b: number };

/** Line diff by LCS (files here are small: poms and generated sources). */
function diffLines(a: string[], b: string[]): Op[] {
  // trim common head and tail so the quadratic table covers only the changed middle
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  const n = am.length;
  const m = bm.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = am[i] === bm[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops: Op[] = [];
  for (let k = 0; k < head; k++) ops.push({ op: ' ', line: a[k], a: k, b: k });
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && am[i] === bm[j]) {
      ops.push({ op: ' ', line: am[i], a: head + i, b: head + j });
      i++;
      j++;
    } else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      // on a tie the old line goes first, as `diff -u` prints a replaced line
      ops.push({ op: '-', line: am[i], a: head + i, b: head + j });
      i++;
    } else {
      ops.push({ op: '+', line: bm[j], a: head + i, b: head + j });
      j++;
    }
  }
  for (let k = 0; k < tail; k++) ops.push({ op: ' ', line: a[a.length - tail + k], a: a.length - tail + k, b: b.length - tail + k });
  return ops;
}

function splitLines(s: string): string[] {
  const lines = s.split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A unified diff (`diff -u` format) with `context` lines around each change. */
export function unifiedDiff(before: string, after: string, fromName: string, toName: string, context = 3): string[] {
  const ops = diffLines(splitLines(before), splitLines(after));
  const changed = ops.map((o, k) => (o.op !== ' ' ? k : -1)).filter((k) => k >= 0);
  if (!changed.length) return [];
  const out = [`--- ${fromName}`, `+++ ${toName}`];
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k] - context);
    let end = Math.min(ops.length, changed[k] + context + 1);
    while (k + 1 < changed.length && changed[k + 1] - context <= end) {
      k++;
      end = Math.min(ops.length, changed[k] + context + 1);
    }
    k++;
    const hunk = ops.slice(start, end);
    const aLines = hunk.filter((o) => o.op !== '+').length;
    const bLines = hunk.filter((o) => o.op !== '-').length;
    const aStart = hunk[0].a + (aLines ? 1 : 0);
    const bStart = hunk[0].b + (bLines ? 1 : 0);
    out.push(`@@ -${aStart},${aLines} +${bStart},${bLines} @@`);
    for (const o of hunk) out.push(`${o.op}${o.line}`);
  }
  return out;
}
