/**
 * The manual's search: a prebuilt index (written as assets/search-index.js, a script, because
 * file:// pages cannot fetch JSON) and the ranking function. The ranking is kept as JavaScript
 * source (SEARCH_SOURCE) that the page embeds verbatim and Node evaluates: the browser and the
 * bench/tests run the very same code, and the page's bytes do not depend on how this file was
 * compiled.
 */

/** [name, kind, context, href from the site root, detail]. qualified name = context + '.' + name */
export type SearchEntry = [string, string, string, string, string];

interface PreparedIndex {
  entries: SearchEntry[];
  lower: string[];
  qual: string[];
  /** The previous query and the indices it matched, in index order (see searchIndex). */
  lastQuery: string;
  lastMatched: number[] | null;
}

interface SearchHit {
  entry: SearchEntry;
  tier: number;
}

/**
 * prepareIndex(entries) -> { entries, lower, qual }.
 * searchIndex(ix, query, limit) ranks by tier: 0 exact (name or qualified name), 1 prefix,
 * 2 substring, 3 fuzzy (the query's letters in order, 3+ letters); within a tier Java types,
 * then Python classes, then packages/modules, then members; then in index order (shorter
 * names, then by qualified name: see searchIndexScript). `Type#member` and `Type.member` both search qualified names.
 */
export const SEARCH_SOURCE = String.raw`function prepareIndex(entries) {
  var lower = new Array(entries.length), qual = new Array(entries.length);
  for (var i = 0; i < entries.length; i++) {
    lower[i] = entries[i][0].toLowerCase();
    qual[i] = entries[i][2] ? (entries[i][2] + '.' + entries[i][0]).toLowerCase() : lower[i];
  }
  return { entries: entries, lower: lower, qual: qual, lastQuery: '', lastMatched: null };
}
function searchIndex(ix, query, limit) {
  var q = query.trim().toLowerCase().replace(/#/g, '.').replace(/\s+/g, '');
  if (!q) return [];
  // a switch, not an object literal: a kind named 'constructor' would find Object.prototype's
  function rank(kind) {
    switch (kind) {
      case 'class': case 'interface': case 'enum': case 'record': case 'annotation': return 0;
      case 'py-class': return 1;
      case 'package': case 'module': return 2;
      default: return 3;
    }
  }
  // One bucket per (tier, kind rank). The index file is already in tie-break order (shorter
  // names first, then qualified name), so each bucket fills sorted and nothing is sorted here.
  var fuzzy = q.length >= 3, buckets = [], matched = [];
  for (var b = 0; b < 16; b++) buckets.push([]);
  // Typing one more letter: whatever matches the longer query (exact, prefix, substring or
  // subsequence) matched the shorter one too, once fuzzy matching is on (3+ letters), so only
  // the previous matches need a look.
  var scan = ix.lastMatched && ix.lastQuery.length >= 3 && q.startsWith(ix.lastQuery) ? ix.lastMatched : null;
  var count = scan ? scan.length : ix.lower.length;
  for (var s = 0; s < count; s++) {
    var i = scan ? scan[s] : s;
    var n = ix.lower[i], f = ix.qual[i], tier;
    if (n === q || f === q) tier = 0;
    else if (n.startsWith(q) || f.startsWith(q)) tier = 1;
    else if (n.indexOf(q) >= 0 || f.indexOf(q) >= 0) tier = 2;
    else if (fuzzy) {
      var k = 0;
      for (var j = 0; j < n.length && k < q.length; j++) if (n.charCodeAt(j) === q.charCodeAt(k)) k++;
      if (k < q.length) continue;
      tier = 3;
    } else continue;
    matched.push(i);
    var bucket = buckets[tier * 4 + rank(ix.entries[i][1])];
    if (bucket.length < limit) bucket.push(i);
  }
  ix.lastQuery = q;
  ix.lastMatched = matched;
  var out = [];
  for (var c = 0; c < 16 && out.length < limit; c++) {
    for (var h = 0; h < buckets[c].length && out.length < limit; h++) out.push({ entry: ix.entries[buckets[c][h]], tier: c >> 2 });
  }
  return out;
}
`;

const compiled = new Function(`${SEARCH_SOURCE}\nreturn { prepareIndex: prepareIndex, searchIndex: searchIndex };`)() as {
  prepareIndex(entries: SearchEntry[]): PreparedIndex;
  searchIndex(ix: PreparedIndex, query: string, limit: number): SearchHit[];
};

export const prepareIndex = compiled.prepareIndex;
export const searchIndex = compiled.searchIndex;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The index file: one assignment, loaded with a script tag (works from file://). Entries are
 * written in searchIndex's tie-break order: shorter names first, then qualified name, then href.
 */
export function searchIndexScript(entries: SearchEntry[]): string {
  const key = (e: SearchEntry) => (e[2] ? `${e[2]}.${e[0]}` : e[0]).toLowerCase();
  const sorted = entries
    .map((e) => ({ e, k: key(e) }))
    .sort((a, b) => a.e[0].length - b.e[0].length || cmp(a.k, b.k) || cmp(a.e[3], b.e[3]))
    .map((x) => x.e);
  return `window.AGENTSCOPE_MANUAL_INDEX=${JSON.stringify(sorted)};\n`;
}
