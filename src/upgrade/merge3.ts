/**
 * A three-way line merge (diff3): `base` is the text both sides started from, `ours` the user's
 * file, `theirs` the new render. A region only one side changed takes that side; a region both
 * changed the same way takes it once; a region both changed differently is a conflict, written
 * with git's markers (diff3 style, the base between `|||||||` and `=======`).
 *
 * The alignment is the longest common subsequence of lines (Myers' O(ND) diff) of base with each
 * side; a base line matched in both is a stable point, everything between two stable points is
 * one chunk (Khanna, Kunal and Pierce, "A Formal Investigation of Diff3").
 */

export interface ConflictHunk {
  /** 1-based line of the `<<<<<<<` marker in the merged text. */
  line: number;
  base: string[];
  ours: string[];
  theirs: string[];
}

export interface MergeResult {
  /** The merged text; with conflicts, the text with markers. */
  text: string;
  conflicts: ConflictHunk[];
}

export interface MergeLabels {
  ours: string;
  base: string;
  theirs: string;
}

/**
 * For each line of `a`, the index of the line of `b` it is matched with in a longest common
 * subsequence (Myers' greedy forward algorithm with its trace), or -1.
 */
export function matchLines(a: readonly string[], b: readonly string[]): Int32Array {
  const n = a.length;
  const m = b.length;
  const match = new Int32Array(n).fill(-1);
  // common prefix and suffix first: the usual case is a small edit in a long file
  let start = 0;
  while (start < n && start < m && a[start] === b[start]) match[start] = start++;
  let endA = n;
  let endB = m;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) match[--endA] = --endB;
  const N = endA - start;
  const M = endB - start;
  if (!N || !M) return match;
  const max = N + M;
  const offset = max;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < N && y < M && a[start + x] === b[start + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= N && y >= M) break outer;
    }
  }
  // walk the trace back from (N, M), recording the diagonal moves (the matched lines)
  let x = N;
  let y = M;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const vd = trace[d];
    const k = x - y;
    const prevK = d === 0 ? 0 : k === -d || (k !== d && vd[offset + k - 1] < vd[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : vd[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      match[start + x] = start + y;
    }
    x = prevX;
    y = prevY;
  }
  return match;
}

const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((l, i) => l === y[i]);

/** Merges three texts line by line. Texts with CRLF line ends are merged as LF and given back CRLF when `ours` has them. */
export function merge3(base: string, ours: string, theirs: string, labels: MergeLabels): MergeResult {
  const crlf = ours.includes('\r\n');
  const split = (s: string) => s.replace(/\r\n/g, '\n').split('\n');
  const O = split(base);
  const A = split(ours);
  const B = split(theirs);
  const mA = matchLines(O, A);
  const mB = matchLines(O, B);
  const out: string[] = [];
  const conflicts: ConflictHunk[] = [];
  const chunk = (oc: string[], ac: string[], bc: string[]) => {
    if (same(ac, oc)) return void out.push(...bc);
    if (same(bc, oc) || same(ac, bc)) return void out.push(...ac);
    // lines both sides agree on at the edges of the chunk are not part of the conflict
    let pre = 0;
    while (pre < ac.length && pre < bc.length && ac[pre] === bc[pre]) pre++;
    let suf = 0;
    while (suf < ac.length - pre && suf < bc.length - pre && ac[ac.length - 1 - suf] === bc[bc.length - 1 - suf]) suf++;
    out.push(...ac.slice(0, pre));
    const hunk: ConflictHunk = { line: out.length + 1, base: oc, ours: ac.slice(pre, ac.length - suf), theirs: bc.slice(pre, bc.length - suf) };
    conflicts.push(hunk);
    out.push(`<<<<<<< ${labels.ours}`, ...hunk.ours, `||||||| ${labels.base}`, ...hunk.base, '=======', ...hunk.theirs, `>>>>>>> ${labels.theirs}`);
    out.push(...ac.slice(ac.length - suf));
  };
  let o = 0;
  let a = 0;
  let b = 0;
  for (;;) {
    // the next base line matched on both sides
    let k = o;
    while (k < O.length && (mA[k] < 0 || mB[k] < 0)) k++;
    if (k === O.length) {
      chunk(O.slice(o), A.slice(a), B.slice(b));
      break;
    }
    if (k === o && mA[k] === a && mB[k] === b) {
      out.push(O[o]);
      o++;
      a++;
      b++;
      continue;
    }
    chunk(O.slice(o, k), A.slice(a, mA[k]), B.slice(b, mB[k]));
    o = k;
    a = mA[k];
    b = mB[k];
  }
  const text = out.join('\n');
  return { text: crlf ? text.replace(/\n/g, '\r\n') : text, conflicts };
}
