import { readdirSync, readFileSync, statSync } from 'node:fs';
import { posix, join } from 'node:path';

/** One internal link that leads nowhere. */
export interface BrokenLink {
  page: string;
  href: string;
  reason: 'missing file' | 'missing anchor';
}

const ID = /\sid="([^"]*)"/g;
const LINK = /\s(?:href|src)="([^"]*)"/g;
const INDEX_ENTRY = /^window\.AGENTSCOPE_MANUAL_INDEX=(.*);\n?$/s;

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function unescapeAttr(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * Checks every relative href/src of every HTML page, and every target in the search index,
 * against the site's files and the ids of the target page. External links (with a scheme)
 * and data: URLs are not followed.
 */
export function checkLinks(files: Map<string, string>): { checked: number; broken: BrokenLink[] } {
  const ids = new Map<string, Set<string>>();
  for (const [path, text] of files) {
    if (!path.endsWith('.html')) continue;
    const set = new Set<string>();
    for (const m of text.matchAll(ID)) set.add(unescapeAttr(m[1]));
    ids.set(path, set);
  }
  const broken: BrokenLink[] = [];
  let checked = 0;
  const check = (page: string, rawHref: string, base: string) => {
    const href = unescapeAttr(rawHref);
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return;
    checked++;
    const hash = href.indexOf('#');
    const filePart = (hash < 0 ? href : href.slice(0, hash)).replace(/\?.*$/, '');
    const anchor = hash < 0 ? undefined : decode(href.slice(hash + 1));
    const target = filePart === '' ? page : posix.normalize(posix.join(base, decode(filePart)));
    if (!files.has(target)) {
      broken.push({ page, href, reason: 'missing file' });
      return;
    }
    if (anchor !== undefined && anchor !== '' && !ids.get(target)?.has(anchor)) broken.push({ page, href, reason: 'missing anchor' });
  };
  for (const [path, text] of files) {
    if (path.endsWith('.html')) {
      for (const m of text.matchAll(LINK)) check(path, m[1], posix.dirname(path));
    } else if (path === 'assets/search-index.js') {
      const m = INDEX_ENTRY.exec(text);
      if (!m) {
        broken.push({ page: path, href: '', reason: 'missing file' });
        continue;
      }
      for (const e of JSON.parse(m[1]) as string[][]) check(path, e[3], '.');
    }
  }
  return { checked, broken };
}

/** The same check over a site on disk (what the tests run on the written output). */
export function readSite(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (sub: string) => {
    for (const name of readdirSync(join(dir, sub)).sort()) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(join(dir, rel)).isDirectory()) walk(rel);
      else files.set(rel, readFileSync(join(dir, rel), 'utf8'));
    }
  };
  walk('');
  return files;
}
