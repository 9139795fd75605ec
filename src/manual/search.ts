/**
 * The manual's search: a prebuilt index (written as assets/search-index.js, a script, because
 * file:// pages cannot fetch JSON) and the ranking function. The ranking is kept as JavaScript
 * source (SEARCH_SOURCE) that the page embeds verbatim and Node evaluates: the browser and the
 * bench/tests run the very same code, and the page's bytes do not depend on how this file was
 * compiled.
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

/**
 * prepareIndex(entries) -> { entries, lower, qual }.
 * searchIndex(ix, query, limit) ranks by tier: 0 exact (name or qualified name), 1 prefix,
 * 2 substring, 3 fuzzy (the query's letters in order, 3+ letters); within a tier Java types,
 * then Python classes, then packages/modules, then members; then shorter names, then by
 * qualified name. `Type#member` and `Type.member` both search qualified names.
 */
export const SEARCH_SOURCE = String.raw`function prepareIndex(entries) {
  var lower = new Array(entries.length), qual = new Array(entries.length);
  for (var i = 0; i < entries.length; i++) {
    lower[i] = entries[i][0].toLowerCase();
    qual[i] = entries[i][2] ? (entries[i][2] + '.' + entries[i][0]).toLowerCase() : lower[i];
  }
  return { entries: entries, lower: lower, qual: qual };
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
  var fuzzy = q.length >= 3, hits = [];
  for (var i = 0; i < ix.lower.length; i++) {
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
    hits.push({ i: i, score: tier * 4 + rank(ix.entries[i][1]) });
  }
  hits.sort(function (a, b) {
    return a.score - b.score || ix.lower[a.i].length - ix.lower[b.i].length || (ix.qual[a.i] < ix.qual[b.i] ? -1 : ix.qual[a.i] > ix.qual[b.i] ? 1 : 0);
  });
  var out = [];
  for (var h = 0; h < hits.length && h < limit; h++) out.push({ entry: ix.entries[hits[h].i], tier: hits[h].score >> 2 });
  return out;
}
`;

const compiled = new Function(`${SEARCH_SOURCE}\nreturn { prepareIndex: prepareIndex, searchIndex: searchIndex };`)() as {
  prepareIndex(entries: SearchEntry[]): PreparedIndex;
  searchIndex(ix: PreparedIndex, query: string, limit: number): SearchHit[];
};

export const prepareIndex = compiled.prepareIndex;
export const searchIndex = compiled.searchIndex;

/** The index file: one assignment, loaded with a script tag (works from file://). */
export function searchIndexScript(entries: SearchEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0));
  return `window.AGENTSCOPE_MANUAL_INDEX=${JSON.stringify(sorted)};\n`;
}
