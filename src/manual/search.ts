/**
 * The manual's search: a prebuilt index (written as assets/search-index.js, a script, because
 * file:// pages cannot fetch JSON) and the ranking function. The ranking is kept as JavaScript
 * source (SEARCH_SOURCE) that the page embeds verbatim and Node evaluates: the browser and the
 * bench/tests run the very same code, and the page's bytes do not depend on how this file was
 * compiled.
 */

/**
 * [name, kind, context, href from the site root, detail, zh terms (translated summary, chapter
 * title), weight (0 = agentscope-core, larger = less central; written as the index order, not
 * into the file)]. qualified name = context + '.' + name
 */
export type SearchEntry = [string, string, string, string, string, string?, number?];

/**
 * The Chinese glossary of the framework's concepts: a query in Chinese that contains a term (or
 * that a term starts with) also searches the English words. Kept in the search code itself.
 */
const GLOSSARY: [string, string[]][] = [
  ['权限', ['permission']],
  ['工具集', ['toolkit']],
  ['工具组', ['toolgroup']],
  ['工具', ['tool']],
  ['中间件', ['middleware']],
  ['结构化输出', ['structured']],
  ['智能体', ['agent']],
  ['代理', ['agent']],
  ['消息', ['msg', 'message']],
  ['模型', ['model']],
  ['格式化', ['formatter']],
  ['记忆', ['memory']],
  ['长期记忆', ['longtermmemory']],
  ['状态', ['state']],
  ['会话', ['session']],
  ['钩子', ['hook']],
  ['事件', ['event']],
  ['流式', ['stream']],
  ['压缩', ['compaction', 'compression']],
  ['摘要', ['summary']],
  ['上下文', ['context']],
  ['技能', ['skill']],
  ['知识库', ['knowledge']],
  ['检索', ['rag', 'retrieve']],
  ['向量', ['vector', 'embedding']],
  ['嵌入', ['embedding']],
  ['沙箱', ['sandbox']],
  ['工作区', ['workspace']],
  ['提示词', ['prompt']],
  ['系统提示', ['sysprompt', 'systemprompt']],
  ['规则', ['rule']],
  ['确认', ['confirm']],
  ['中断', ['interrupt']],
  ['计划', ['plan']],
  ['任务', ['task']],
  ['调度', ['scheduler']],
  ['渠道', ['channel']],
  ['追踪', ['tracing']],
  ['提供方', ['provider']],
  ['构建器', ['builder']],
  ['配置', ['config']],
  ['异常', ['exception']],
  ['多智能体', ['msghub', 'pipeline']],
  ['语音', ['realtime', 'tts', 'asr']],
  ['架构', ['architecture']],
  ['生命周期', ['lifecycle']],
  ['扩展', ['extension']],
  ['版本', ['version']],
];

interface PreparedIndex {
  entries: SearchEntry[];
  lower: string[];
  qual: string[];
  short: string[];
  zl: string[];
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
export const SEARCH_SOURCE = String.raw`var GLOSSARY = ${JSON.stringify(GLOSSARY)};
function prepareIndex(entries) {
  var lower = new Array(entries.length), qual = new Array(entries.length), short = new Array(entries.length), zl = new Array(entries.length);
  for (var i = 0; i < entries.length; i++) {
    lower[i] = entries[i][0].toLowerCase().replace(/\s+/g, '');
    qual[i] = entries[i][2] ? (entries[i][2] + '.' + entries[i][0]).toLowerCase() : lower[i];
    // a package or module is also found by its last segment ("middleware")
    var k = entries[i][1];
    short[i] = k === 'package' || k === 'module' ? lower[i].slice(lower[i].lastIndexOf('.') + 1) : '';
    zl[i] = entries[i][5] ? entries[i][5].toLowerCase() : '';
  }
  return { entries: entries, lower: lower, qual: qual, short: short, zl: zl, lastQuery: '', lastMatched: null };
}
function searchIndex(ix, query, limit) {
  var q = query.trim().toLowerCase().replace(/#/g, '.').replace(/\s+/g, '');
  if (!q) return [];
  if (/[\u3000-\u9fff\uff00-\uffef]/.test(q)) return searchChinese(ix, q, limit);
  return searchLatin(ix, q, limit);
}
// Chinese: the chapters whose Chinese matches, then the glossary's English words (terms equal
// to the query first) searched as usual, then every translated text
function searchChinese(ix, q, limit) {
  var out = [], seen = {};
  function add(h) { if (out.length < limit && !seen[h.entry[3]]) { seen[h.entry[3]] = 1; out.push(h); } }
  function texts(guide) {
    for (var i = 0; i < ix.entries.length && out.length < limit; i++) {
      var z = ix.entries[i][5];
      if (z && (ix.entries[i][1] === 'guide') === guide && z.indexOf(q) >= 0) add({ entry: ix.entries[i], tier: 2 });
    }
  }
  texts(true);
  for (var pass = 0; pass < 2; pass++) {
    for (var g = 0; g < GLOSSARY.length; g++) {
      var term = GLOSSARY[g][0];
      if (pass === 0 ? term !== q : term === q || (q.indexOf(term) < 0 && term.indexOf(q) !== 0)) continue;
      for (var w = 0; w < GLOSSARY[g][1].length; w++) {
        ix.lastMatched = null;
        var hs = searchLatin(ix, GLOSSARY[g][1][w], limit);
        for (var h = 0; h < hs.length && hs[h].tier < 3; h++) add(hs[h]);
      }
    }
  }
  texts(false);
  ix.lastMatched = null;
  ix.lastQuery = '';
  return out;
}
function searchLatin(ix, q, limit) {
  // a switch, not an object literal: a kind named 'constructor' would find Object.prototype's
  function rank(kind) {
    switch (kind) {
      case 'guide': case 'class': case 'interface': case 'enum': case 'record': case 'annotation': return 0;
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
    if (n === q || f === q || ix.short[i] === q) tier = 0;
    else if (n.startsWith(q) || f.startsWith(q)) tier = 1;
    else if (n.indexOf(q) >= 0 || f.indexOf(q) >= 0 || (ix.zl[i] !== '' && ix.zl[i].indexOf(q) >= 0)) tier = 2;
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
 * written in searchIndex's tie-break order: the owner's weight (agentscope-core first), shorter
 * names, then qualified name, then href. The weight itself is not written; nor empty zh terms.
 */
export function searchIndexScript(entries: SearchEntry[]): string {
  const key = (e: SearchEntry) => (e[2] ? `${e[2]}.${e[0]}` : e[0]).toLowerCase();
  const sorted = entries
    .map((e) => ({ e, k: key(e), w: e[6] ?? 0 }))
    .sort((a, b) => a.w - b.w || a.e[0].length - b.e[0].length || cmp(a.k, b.k) || cmp(a.e[3], b.e[3]))
    .map(({ e }) => (e[5] ? e.slice(0, 6) : e.slice(0, 5)));
  return `window.AGENTSCOPE_MANUAL_INDEX=${JSON.stringify(sorted)};\n`;
}
