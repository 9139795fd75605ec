/**
 * The manual's search: a prebuilt index (written as assets/search-index.js, a script, because
 * file:// pages cannot fetch JSON) and the ranking function. The same two functions run in
 * Node (bench, tests) and in the page: manual.js embeds their source via Function#toString, so
 * they must stay self-contained (no imports, no outer variables).
 */

/** [name, kind, context, href from the site root, detail]. qualified name = context + '.' + name */
export type SearchEntry = [string, string, string, string, string];

export interface PreparedIndex {
  entries: SearchEntry[];
  lower: string[];
  qual: string[];
}

export interface SearchHit {
  entry: SearchEntry;
  tier: number;
}

export function prepareIndex(entries: SearchEntry[]): PreparedIndex {
  const lower = new Array<string>(entries.length);
  const qual = new Array<string>(entries.length);
  for (let i = 0; i < entries.length; i++) {
    lower[i] = entries[i][0].toLowerCase();
    qual[i] = entries[i][2] ? (entries[i][2] + '.' + entries[i][0]).toLowerCase() : lower[i];
  }
  return { entries, lower, qual };
}

/**
 * Ranks by tier: 0 exact (name or qualified name), 1 prefix, 2 substring, 3 fuzzy (the query's
 * letters in order); within a tier types before members, then shorter names, then by name.
 * `Type#member` and `Type.member` both search qualified names.
 */
export function searchIndex(ix: PreparedIndex, query: string, limit: number): SearchHit[] {
  const q = query.trim().toLowerCase().replace(/#/g, '.').replace(/\s+/g, '');
  if (!q) return [];
  const typeKinds: Record<string, number> = { class: 0, interface: 0, enum: 0, record: 0, annotation: 0, 'py-class': 0, package: 1, module: 1 };
  const fuzzy = q.length >= 3;
  const hits: { i: number; score: number }[] = [];
  for (let i = 0; i < ix.lower.length; i++) {
    const n = ix.lower[i];
    const f = ix.qual[i];
    let tier: number;
    if (n === q || f === q) tier = 0;
    else if (n.startsWith(q) || f.startsWith(q)) tier = 1;
    else if (n.includes(q) || f.includes(q)) tier = 2;
    else if (fuzzy) {
      let k = 0;
      for (let j = 0; j < n.length && k < q.length; j++) if (n.charCodeAt(j) === q.charCodeAt(k)) k++;
      if (k < q.length) continue;
      tier = 3;
    } else continue;
    const kind = typeKinds[ix.entries[i][1]];
    hits.push({ i, score: tier * 4 + (kind === undefined ? 2 : kind) });
  }
  hits.sort((a, b) => a.score - b.score || ix.lower[a.i].length - ix.lower[b.i].length || (ix.qual[a.i] < ix.qual[b.i] ? -1 : ix.qual[a.i] > ix.qual[b.i] ? 1 : 0));
  const out: SearchHit[] = [];
  for (let k = 0; k < hits.length && k < limit; k++) out.push({ entry: ix.entries[hits[k].i], tier: hits[k].score >> 2 });
  return out;
}

/** The index file: one assignment, loaded with a script tag (works from file://). */
export function searchIndexScript(entries: SearchEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0));
  return `window.AGENTSCOPE_MANUAL_INDEX=${JSON.stringify(sorted)};\n`;
}
