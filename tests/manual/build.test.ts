import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT, INVENTORY_DIR } from '../../src/core/paths.js';
import { readPin } from '../../src/inventory/pin.js';
import { loadInventory, loadInventoryFrom, readManifest } from '../../src/inventory/store.js';
import { loadPyInventoryFrom } from '../../src/inventory/python/store.js';
import { PYTHON_EDITION_VERSION } from '../../src/inventory/python/schema.js';
import { seedVerdicts } from '../../src/api/verdicts.js';
import { generateManual } from '../../src/manual/build.js';
import { Translations } from '../../src/manual/i18n.js';
import { checkLinks, readSite } from '../../src/manual/links.js';
import { nestedName, typePath } from '../../src/manual/java.js';
import { prepareIndex, searchIndex, type SearchEntry } from '../../src/manual/search.js';
import { CONCEPTS } from '../../src/manual/pages.js';

const pin = readPin();
const bin = join(PACKAGE_ROOT, 'bin/agentscope.js');
const made: string[] = [];
const temp = (p: string) => {
  const d = mkdtempSync(join(tmpdir(), p));
  made.push(d);
  return d;
};
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

let out: string;
let site: Map<string, string>;

beforeAll(() => {
  out = join(temp('as-manual-'), 'site');
  const r = spawnSync(process.execPath, [bin, 'manual', '--out', out], { encoding: 'utf8', env: { ...process.env, AGENTSCOPE_CLI_HOME: temp('as-manual-home-') } });
  if (r.status !== 0) throw new Error(`agentscope manual failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  site = readSite(out);
}, 120_000);

describe(`agentscope manual (AgentScope Java ${pin.version})`, () => {
  it('writes a site whose internal links and anchors all resolve', () => {
    const { checked, broken } = checkLinks(site);
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    for (const p of ['index.html', 'artifacts.html', 'verdicts.html', 'coverage.html', 'concepts.html', 'java/index.html', 'python/index.html', 'assets/search-index.js']) expect(site.has(p), p).toBe(true);
  });

  it('has a page for every type and an anchor with artifact and path:line for every member', () => {
    const inv = loadInventory(pin.version);
    const member = /<div class="member" id="([^"]+)">\n<div class="sig">[\s\S]*?<\/div>\n<div class="loc">([^<]*)<\/div>/g;
    let members = 0;
    for (const t of inv.types) {
      const page = site.get(typePath(t));
      expect(page, typePath(t)).toBeDefined();
      expect(page).toContain(`${t.path}:${t.line}`);
      const locs = [...page!.matchAll(member)].map((m) => m[2]);
      const want = t.members.map((m) => `${t.artifact} · ${t.path}:${m.line}`);
      expect(locs.sort(), t.fqn).toEqual(want.sort());
      members += locs.length;
    }
    expect(members).toBe(inv.types.reduce((n, t) => n + t.members.length, 0));
  });

  it('indexes every type and member for search, and ranks exact > prefix > fuzzy', () => {
    const text = site.get('assets/search-index.js')!;
    const entries = JSON.parse(text.slice(text.indexOf('=') + 1, text.lastIndexOf(';'))) as SearchEntry[];
    const inv = loadInventory(pin.version);
    const members = inv.types.reduce((n, t) => n + t.members.length, 0);
    expect(entries.filter((e) => !e[1].startsWith('py-') && !['package', 'module'].includes(e[1])).length).toBe(inv.types.length + members);
    const ix = prepareIndex(entries);
    const hits = searchIndex(ix, 'ToolResultBlock', 20);
    expect(hits[0].entry[3]).toBe(typePath(inv.types.find((t) => t.fqn === 'io.agentscope.core.message.ToolResultBlock')!));
    expect(hits[0].tier).toBe(0);
    const prefix = searchIndex(ix, 'ToolResultB', 50);
    expect(prefix[0].tier).toBe(1);
    expect(prefix.some((h) => h.entry[0] === 'ToolResultBlock')).toBe(true);
    const fuzzy = searchIndex(ix, 'tlrsltblk', 50);
    expect(fuzzy.length).toBeGreaterThan(0);
    expect(fuzzy.every((h) => h.tier === 3)).toBe(true);
    expect(fuzzy.some((h) => h.entry[0] === 'ToolResultBlock')).toBe(true);
    // tiers never go down the list
    const mixed = searchIndex(ix, 'toolkit', 50);
    for (let i = 1; i < mixed.length; i++) expect(mixed[i].tier).toBeGreaterThanOrEqual(mixed[i - 1].tier);
    // typing narrows the previous matches; the answer is the same as a search from scratch
    for (const word of ['ToolResultBlock', 'tlrsltblk', 'ReActAgent#call', 'msg.gettextcontent']) {
      const typing = prepareIndex(entries);
      for (let k = 1; k <= word.length; k++) {
        const q = word.slice(0, k);
        expect(searchIndex(typing, q, 50), q).toEqual(searchIndex(prepareIndex(entries), q, 50));
      }
    }
  });

  it('is byte-identical when generated again from the same inputs', () => {
    const java = loadInventory(pin.version);
    const held = readdirSync(INVENTORY_DIR)
      .filter((d) => /^\d/.test(d) && d !== pin.version)
      .map((d) => loadInventoryFrom(join(INVENTORY_DIR, d)));
    const again = generateManual({
      java,
      manifest: readManifest(join(INVENTORY_DIR, pin.version)),
      held,
      python: loadPyInventoryFrom(join(INVENTORY_DIR, 'python', PYTHON_EDITION_VERSION)),
      tr: Translations.load(join(INVENTORY_DIR, 'i18n')),
      verdicts: seedVerdicts(java),
      target: pin.target,
    });
    expect([...again.files.keys()].sort()).toEqual([...site.keys()].sort());
    for (const [p, text] of again.files) expect(text === site.get(p), p).toBe(true);
    // without the Python inventory the site still holds together
    const javaOnly = generateManual({ java, held, tr: Translations.load(join(INVENTORY_DIR, 'i18n')), verdicts: seedVerdicts(java) });
    expect(javaOnly.broken).toEqual([]);
    expect(javaOnly.files.get('python/index.html')).toContain('inventory pull-python');
  });

  it('maps the shared concepts to names that exist in both inventories', () => {
    const page = site.get('concepts.html')!;
    const inv = loadInventory(pin.version);
    const py = loadPyInventoryFrom(join(INVENTORY_DIR, 'python', PYTHON_EDITION_VERSION));
    const pyNames = new Set(py.modules.flatMap((m) => [...m.classes, ...m.functions].map((c) => c.name)));
    for (const id of ['agent', 'toolkit', 'tool', 'middleware', 'mcp', 'memory']) {
      const row = new RegExp(`<tr id="${id}">([\\s\\S]*?)</tr>`).exec(page)?.[1];
      expect(row, id).toBeDefined();
      const [javaCell, pyCell] = row!.split('</td><td>');
      const javaNames = [...javaCell.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]);
      const pyShown = [...pyCell.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]);
      expect(javaNames.length + pyShown.length, id).toBeGreaterThan(0);
      for (const n of javaNames) expect(inv.types.some((t) => nestedName(t) === n), n).toBe(true);
      for (const n of pyShown) expect(pyNames.has(n), n).toBe(true);
      const concept = CONCEPTS.find((c) => c.id === id)!;
      for (const n of javaNames) expect(concept.java).toContain(n);
    }
  });

  it('shows every Python class with its file:line', () => {
    const py = loadPyInventoryFrom(join(INVENTORY_DIR, 'python', PYTHON_EDITION_VERSION));
    const all = [...site.entries()].filter(([p]) => p.startsWith('python/')).map(([, t]) => t).join('\n');
    for (const m of py.modules) for (const c of m.classes) expect(all.includes(`${m.path}:${c.line}`), `${m.name}.${c.name}`).toBe(true);
  });

  it('refuses to replace a directory that is not a manual, and writes nothing on bad usage', () => {
    const dir = temp('as-manual-foreign-');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const r = spawnSync(process.execPath, [bin, 'manual', '--out', dir], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('not a manual');
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    const bad = spawnSync(process.execPath, [bin, 'manual', '--bogus'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
  });
});

describe('link check', () => {
  it('reports a missing page and a missing anchor', () => {
    const files = new Map([
      ['index.html', '<a href="java/A.html#m1">a</a> <a href="java/B.html">b</a> <a href="#here">c</a> <a href="https://example.org/x">ext</a>'],
      ['java/A.html', '<h1 id="top">A</h1><a href="../index.html#nowhere">up</a>'],
    ]);
    const { broken } = checkLinks(files);
    expect(broken).toEqual([
      { page: 'index.html', href: 'java/A.html#m1', reason: 'missing anchor' },
      { page: 'index.html', href: 'java/B.html', reason: 'missing file' },
      { page: 'index.html', href: '#here', reason: 'missing anchor' },
      { page: 'java/A.html', href: '../index.html#nowhere', reason: 'missing anchor' },
    ]);
  });
});
