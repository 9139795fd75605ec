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
import { generateManual, MANUAL_MARKER } from '../../src/manual/build.js';
import { checkExamples, exampleKey } from '../../src/manual/examples.js';
import { firstSentence } from '../../src/manual/docstring.js';
import { ApiRefs, ChapterError, guidePages, textFor } from '../../src/manual/chapters.js';
import type { Inventory } from '../../src/inventory/schema.js';
import { Translations } from '../../src/manual/i18n.js';
import { checkLinks, readSite } from '../../src/manual/links.js';
import { javaContext, nestedName, typePath } from '../../src/manual/java.js';
import { History } from '../../src/manual/history.js';
import { compareVersions } from '../../src/core/versions.js';
import { esc } from '../../src/manual/html.js';
import { prepareIndex, searchIndex, type SearchEntry } from '../../src/manual/search.js';
import { CONCEPTS } from '../../src/manual/pages.js';
import { CHAPTERS } from '../../src/manual/guide-text.js';

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
    expect(entries.filter((e) => !e[1].startsWith('py-') && !['package', 'module', 'guide'].includes(e[1])).length).toBe(inv.types.length + members);
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

  it('finds Chinese terms, packages by their last segment, the core owner first, and chapters', () => {
    const text = site.get('assets/search-index.js')!;
    const ix = prepareIndex(JSON.parse(text.slice(text.indexOf('=') + 1, text.lastIndexOf(';'))) as SearchEntry[]);
    const names = (q: string, n = 30) => searchIndex(ix, q, n).map((h) => `${h.entry[1]} ${h.entry[2] ? `${h.entry[2]}.` : ''}${h.entry[0]}`);
    // the glossary: 权限 -> permission; 中间件 -> middleware; 结构化输出 -> structured
    expect(names('权限')).toContain('class io.agentscope.core.permission.PermissionContextState');
    expect(names('中间件', 5)).toContain('package io.agentscope.core.middleware');
    expect(names('结构化输出').some((n) => /Structured/.test(n))).toBe(true);
    // a package by its short name, in the first five
    expect(names('middleware', 5)).toContain('package io.agentscope.core.middleware');
    expect(names('permission', 5)).toContain('package io.agentscope.core.permission');
    // equal names: the agentscope-core owner before an extension's
    const reg = names('registerTool', 10).filter((n) => n.endsWith('.registerTool'));
    expect(reg[0]).toBe('method Toolkit.registerTool');
    // chapters by English and by Chinese words
    expect(names('compression')[0]).toBe('guide guide.Context compression');
    expect(names('生命周期')[0]).toBe('guide guide.Lifecycle of one reply');
    // nothing found is an empty list (the page shows its "no results" line)
    expect(searchIndex(ix, 'zzqqxxjj', 30)).toEqual([]);
    // Python methods show their parameters
    const pyMethods = ix.entries.filter((e) => e[1] === 'py-method');
    expect(pyMethods.filter((e) => /^\(\w/.test(e[4])).length).toBeGreaterThan(pyMethods.length / 2);
    expect(pyMethods.some((e) => e[4].includes('self'))).toBe(false);
  });

  it('has the chapters in both languages, every API name a link, and the reference structure of seed 002', () => {
    for (const ch of CHAPTERS) {
      const page = site.get(`guide/${ch.id}.html`)!;
      expect(page, ch.id).toBeDefined();
      expect(page).toContain(`lang="zh">${esc(ch.title.zh)}`);
      expect(page).toContain(`lang="en">${esc(ch.title.en)}`);
      const refs = (textFor(ch.en, pin.version, ch.id).match(/\[\[/g) ?? []).length + (textFor(ch.zh, pin.version, ch.id).match(/\[\[/g) ?? []).length;
      expect(count(page, 'class="api"'), ch.id).toBe(refs);
      expect(page).not.toContain('[[');
    }
    expect(site.get('guide/architecture.html')).toContain('Mono&lt;T&gt;');
    expect(site.get('concepts.html')).toContain('id="async"');
    // taxonomy: the five kinds on the artifacts page, the dedup rule and count; Python groups
    const artifacts = site.get('artifacts.html')!;
    for (const k of ['core', 'extension', 'starter', 'runtime', 'integration']) expect(artifacts).toContain(`id="kind-${k}"`);
    expect(artifacts).toMatch(/id="dedup"[\s\S]*<strong>\d+<\/strong>/);
    expect(site.get('java/index.html')).toContain('id="kind-core"');
    for (const g of ['core', 'capabilities', 'app', 'devx']) expect(site.get('python/index.html')).toContain(`id="pygroup-${g}"`);
    // the providers page lists every provider of the inventory
    const inv = loadInventory(pin.version);
    for (const p of inv.providers) expect(site.get('providers.html')).toContain(`<tr id="${p.prefix}">`);
    // the trap note on ToolResultBlock.text in both languages, linked to its rule
    const trb = site.get('java/io.agentscope.core.message/ToolResultBlock.html')!;
    const note = trb.slice(trb.indexOf('id="text(String)"'), trb.indexOf('</aside>', trb.indexOf('id="text(String)"')));
    expect(note).toContain('href="../../rules.html#AS101"');
    expect(note).toContain('RUNNING');
    expect(note).toMatch(/lang="zh">[^<]*RUNNING/);
    expect(note).toContain('withState(ToolResultState.SUCCESS)');
    expect(site.get('rules.html')).toContain('id="AS101"');
    // inherited members and known implementations
    const react = site.get('java/io.agentscope.core/ReActAgent.html')!;
    const inherited = react.slice(react.indexOf('id="inherited"'));
    expect(inherited).toContain('CallableAgent.html#call(Msg)"><code>call(Msg)</code>');
    expect(site.get('java/io.agentscope.core.middleware/MiddlewareBase.html')).toMatch(/Known implementations[\s\S]*OtelTracingMiddleware/);
    // the summary lists public members before protected ones
    const summary = react.slice(react.indexOf('id="summary"'), react.indexOf('id="inherited"'));
    const firstProtected = summary.indexOf('<td class="loc">protected');
    expect(firstProtected).toBeGreaterThan(0);
    expect(summary.lastIndexOf('<td class="loc">static') < firstProtected || !summary.includes('<td class="loc">static')).toBe(true);
    expect(summary.indexOf('<code>call(List, RuntimeContext)</code>')).toBeLessThan(firstProtected);
    // verdicts in both languages, the 2.0.4 explanation, evidence linked to the reference
    const verdicts = site.get('verdicts.html')!;
    expect(verdicts).toContain('2.0.4');
    expect(verdicts).toMatch(/<div class="evidence"><a href="java\//);
    expect(verdicts).toContain('lang="zh">成立');
  });

  it('is byte-identical when generated again from the same inputs', async () => {
    const java = loadInventory(pin.version);
    const held = readdirSync(INVENTORY_DIR)
      .filter((d) => /^\d/.test(d) && d !== pin.version)
      .map((d) => loadInventoryFrom(join(INVENTORY_DIR, d)));
    const again = await generateManual({
      java,
      manifest: readManifest(join(INVENTORY_DIR, pin.version)),
      held,
      python: loadPyInventoryFrom(join(INVENTORY_DIR, 'python', PYTHON_EDITION_VERSION)),
      tr: Translations.load(join(INVENTORY_DIR, 'i18n')),
      verdicts: seedVerdicts(java),
      target: pin.target,
    });
    // the written folder holds the pages and the marker that lets the next run replace it
    expect([...again.files.keys(), MANUAL_MARKER].sort()).toEqual([...site.keys()].sort());
    for (const [p, text] of again.files) expect(text === site.get(p), p).toBe(true);
    // without the Python inventory the site still holds together
    const javaOnly = await generateManual({ java, held, tr: Translations.load(join(INVENTORY_DIR, 'i18n')), verdicts: seedVerdicts(java) });
    expect(javaOnly.broken).toEqual([]);
    expect(javaOnly.files.get('python/index.html')).toContain('inventory pull-python');
    // a chapter naming what the version does not have fails the build, with the name
    const plant = (text: string) => () =>
      generateManual({ java, held: [], tr: Translations.load(join(INVENTORY_DIR, 'i18n')), verdicts: [], chapters: [{ id: 'planted', title: { en: 'Planted', zh: '植入' }, keywords: '', en: text, zh: text }] });
    await expect(plant('Call [[ReActAgent#callTwice]] twice.')).rejects.toThrow(/\[\[ReActAgent#callTwice\]\]: no member callTwice/);
    await expect(plant('Add [[artifact:agentscope-extensions-model-nowhere]].')).rejects.toThrow(ChapterError);
    await expect(plant('Use [[NoSuchAgent]].')).rejects.toThrow(/no type NoSuchAgent/);
    await expect(plant('Ambiguous [[DeepSeekFormatter]].')).rejects.toThrow(/ambiguous/);
    await expect(plant('Fine: [[ReActAgent#call(Msg)]] is inherited.')()).resolves.toBeDefined();
  });

  it('shows the annotations with their arguments as written: above types and members, before parameters', () => {
    const inv = loadInventory(pin.version);
    let checked = 0;
    for (const t of inv.types) {
      const page = site.get(typePath(t))!;
      const uses = [...(t.annotationArgs ?? []), ...t.members.flatMap((m) => [...(m.annotationArgs ?? []), ...(m.params ?? []).flatMap((p) => p.annotationArgs ?? [])])];
      for (const u of uses) {
        // a qualified name is shortened like every type name (its full name in the tooltip)
        expect(page, `${t.fqn} @${u.name}`).toMatch(new RegExp(`@(<[^>]+>)?${u.name.slice(u.name.lastIndexOf('.') + 1)}(</[^>]+>)?\\(`));
        // string literals are shown untouched (type names inside them are not shortened or linked)
        for (const [k, v] of Object.entries(u.args)) if (/^"[^"]*"$/.test(v)) expect(page, `${t.fqn} @${u.name} ${k}`).toContain(k === 'value' ? esc(v) : `${k} = ${esc(v)}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    const tool = site.get('java/io.agentscope.harness.agent.tool/MemorySearchTool.html')!;
    expect(tool).toContain('<div class="sig">@Tool(name = &quot;memory_search&quot;, readOnly = true, description = &quot;Search through long-term memory files');
    expect(tool).toContain('@ToolParam(name = &quot;query&quot;, description = &quot;Keywords to search for in memory files&quot;) <span title="java.lang.String">String</span> query)');
    expect(site.get('java/io.agentscope.core.memory/LongTermMemory.html')).toContain('<div class="sig">@Deprecated(forRemoval = true, since = &quot;2.0.0&quot;)\npublic interface LongTermMemory');
  });

  it('builds the chapters for every shipped version, each saying what is true of it, its names checked against it', () => {
    const tr = Translations.load(join(INVENTORY_DIR, 'i18n'));
    const guide = (version: string, chapters = CHAPTERS) => {
      const inv = loadInventory(version);
      const pages = guidePages(chapters, new ApiRefs(javaContext(inv, tr, new History(inv, [])), undefined), tr, [], version);
      return new Map(pages.map((p) => [p.path, p.body]));
    };
    const versions = readdirSync(INVENTORY_DIR).filter((d) => /^\d/.test(d));
    expect(versions).toEqual(expect.arrayContaining(['1.0.9', '2.0.0', pin.version]));
    for (const v of versions) {
      const pages = guide(v);
      // every chapter that applies is there, the others are named on the index
      for (const ch of CHAPTERS) {
        const applies = !ch.since || compareVersions(v, ch.since) >= 0;
        expect(pages.has(`guide/${ch.id}.html`), `${v} ${ch.id}`).toBe(applies);
        if (!applies) expect(pages.get('guide/index.html')).toMatch(new RegExp(`id="later"[\\s\\S]*${ch.title.en}`));
      }
    }
    // 2.0.0 has no MiddlewareBase#order: its extension chapter says what it offers instead
    const v200 = guide('2.0.0').get('guide/extensions.html')!;
    expect(v200).not.toContain('MiddlewareBase.html#order()');
    expect(v200).toContain('ReActAgent.Builder.html#middleware(MiddlewareBase)');
    expect(v200).toMatch(/lang="zh">[^]*最先加入的在最外层/);
    const v202 = site.get('guide/extensions.html')!;
    expect(v202).toContain('MiddlewareBase.html#order()');
    expect(v202).not.toContain('最先加入的在最外层');
    // 1.0.9 (no middleware): the 2.x chapters are left out, the shared ones speak of hooks
    expect(guide('1.0.9').get('guide/pipeline.html')).toContain('Hook.html');
    // a name planted in the text a version keeps fails that version's build; in the dropped text it is left to the versions that keep it
    const planted = (text: string) => [{ id: 'planted', title: { en: 'Planted', zh: '植入' }, keywords: '', en: text, zh: text }];
    expect(() => guide('2.0.0', planted('{{before 2.0.2: [[MiddlewareBase#order]]}}'))).toThrow(/\[\[MiddlewareBase#order\]\]: no member order/);
    expect(() => guide('2.0.0', planted('{{since 2.0.0 before 2.0.2: [[ReActAgent#callTwice]]}}'))).toThrow(ChapterError);
    expect(guide('2.0.0', planted('{{since 2.0.2: [[MiddlewareBase#order]]}} x')).get('guide/planted.html')).not.toContain('order');
    expect(guide(pin.version, planted('{{since 2.0.2: [[MiddlewareBase#order]]}} x')).get('guide/planted.html')).toContain('MiddlewareBase.html#order()');
    expect(() => guide(pin.version, planted('{{from 2.0.2: x}}'))).toThrow(/write \{\{since V/);
  });

  it('shows the structured Javadoc of a real member: parameters, returns, throws, inline code as <code>', () => {
    // ReActAgent.java (ReActAgent.Builder#model(String)) of the pinned sources:
    //   @param modelId registry id or {@code provider:model} string
    //   @return this builder
    //   @throws IllegalArgumentException if the id cannot be resolved
    const t = loadInventory(pin.version).types.find((x) => x.fqn === 'io.agentscope.core.ReActAgent.Builder')!;
    const model = memberDiv(site.get(typePath(t))!, 'model(String)');
    // English-only texts carry the EN badge in Chinese mode (.tx.nozh)
    expect(model).toContain('<dd><code>modelId</code> — <span class="tx nozh"><span class="lang-en">registry id or <code>provider:model</code> string</span></span></dd>');
    expect(model).toMatch(/Returns<\/span><\/span><\/dt><dd><span class="tx nozh"><span class="lang-en">this builder<\/span><\/span><\/dd>/);
    expect(model).toMatch(/Throws<\/span><\/span><\/dt><dd><code><span title="java.lang.IllegalArgumentException">IllegalArgumentException<\/span><\/code> — <span class="tx nozh"><span class="lang-en">if the id cannot be resolved<\/span><\/span><\/dd>/);
    // an exception type of the inventory links to its page (JsonCodec.java: @throws JsonException)
    const codec = site.get('java/io.agentscope.core.util/JsonCodec.html')!;
    expect(memberDiv(codec, 'fromJson(String,Class)')).toContain(
      '<dd><code><a href="../../java/io.agentscope.core.util/JsonException.html" title="io.agentscope.core.util.JsonException">JsonException</a></code> — <span class="tx nozh"><span class="lang-en">if deserialization fails</span></span></dd>',
    );
    // the zh label of the new rows comes from inventory/i18n
    expect(model).toContain('<span class="lang-zh" lang="zh">抛出</span>');
  });

  it('renders every Javadoc record of the inventory: each parameter, throws entry and code example on its page', () => {
    const inv = loadInventory(pin.version);
    const by = new Map(inv.types.map((t) => [t.fqn, t]));
    const relTo = (from: string, to: string) => '../'.repeat(from.split('/').length - 1) + to;
    let examples = 0;
    let params = 0;
    for (const t of inv.types) {
      const page = site.get(typePath(t))!;
      const docs = [t, ...t.members].map((x) => x.javadoc).filter((j) => j !== undefined);
      const want = (f: (j: NonNullable<(typeof docs)[number]>) => number) => docs.reduce((n, j) => n + f(j), 0);
      expect(count(page, '<pre class="example"><code>'), t.fqn).toBe(want((j) => j.examples?.length ?? 0));
      expect(count(page, '<dd><code>'), t.fqn).toBeGreaterThanOrEqual(want((j) => (j.params?.length ?? 0) + (j.throws?.length ?? 0)));
      for (const j of docs) {
        // code blocks verbatim (escaped) inside <pre><code>, never as prose
        for (const e of j.examples ?? []) expect(page, t.fqn).toContain(`<pre class="example"><code>${esc(e)}</code></pre>`);
        for (const p of j.params ?? []) expect(page, `${t.fqn} @param ${p.name}`).toContain(`<dd><code>${esc(p.name)}</code> — `);
        // the exception type linked when the inventory has it, its simple name otherwise
        for (const x of j.throws ?? []) {
          const owner = by.get(x.type);
          expect(page, `${t.fqn} @throws ${x.type}`).toContain(owner ? `<dd><code><a href="${relTo(typePath(t), typePath(owner))}"` : `<dd><code>${x.type.includes('.') ? `<span title="${esc(x.type)}">` : esc(x.type)}`);
        }
        examples += j.examples?.length ?? 0;
        params += j.params?.length ?? 0;
      }
    }
    expect(examples).toBeGreaterThan(100);
    expect(params).toBeGreaterThan(1000);
    // a real example: MessageMetadataKeys.java's <pre>{@code ...}</pre> under CHAT_USAGE, lines and indentation kept
    const keys = memberDiv(site.get('java/io.agentscope.core.message/MessageMetadataKeys.html')!, 'CHAT_USAGE');
    expect(keys).toContain('<pre class="example"><code>Msg msg = agent.call(userMsg).block();\nChatUsage usage = msg.getChatUsage();\nif (usage != null) {\n    System.out.println(');
  });

  it('flags the Javadoc examples that do not compile in the version, and only those the checker is certain of', async () => {
    const page = (p: string) => site.get(p)!;
    // ReActAgent's class example calls toolkit.registerObject(..), which no held version has
    const react = page('java/io.agentscope.core/ReActAgent.html');
    expect(react).toMatch(/class="example-fails">.*does not compile in 2\.0\.2.*line 11: Toolkit has no method registerObject\(\)/);
    expect(react).toContain('在 2.0.2 中无法编译');
    // the builder's generateOptions example compiles: no flag on it
    const builder = page('java/io.agentscope.core/ReActAgent.Builder.html');
    const at = builder.indexOf('id="generateOptions(GenerateOptions)"');
    expect(at).toBeGreaterThan(0);
    expect(builder.slice(at, builder.indexOf('class="member"', at + 30))).not.toContain('example-fails');
    // the checker itself, on planted examples: a certain unknown member is flagged, a fragment is not judged
    const inv = loadInventory(pin.version);
    const t = inv.types.find((x) => x.fqn === 'io.agentscope.core.ReActAgent')!;
    const planted: Inventory = { ...inv, types: [{ ...t, javadoc: { examples: ['Toolkit toolkit = new Toolkit();\ntoolkit.registerTools(x);', 'Toolkit toolkit = new Toolkit();\ntoolkit.registerTool(new MyTool());', 'toolkit.registerObject(...);\n// and so on', 'Msg m = Msg.builder().nosuch().build();'] }, members: [] }, ...inv.types.filter((x) => x !== t)] };
    const found = await checkExamples(planted);
    const of = (code: string) => found.get(exampleKey(t, code));
    expect(of('Toolkit toolkit = new Toolkit();\ntoolkit.registerTools(x);')).toMatchObject({ line: 2, rule: 'AS002' });
    expect(of('Toolkit toolkit = new Toolkit();\ntoolkit.registerTool(new MyTool());')).toBeUndefined();
    expect(of('toolkit.registerObject(...);\n// and so on')).toBeUndefined();
    expect(of('Msg m = Msg.builder().nosuch().build();')?.message).toMatch(/nosuch/);
  });

  it('renders the RST of Python docstrings and links the types of Python signatures', () => {
    const page = site.get('python/agentscope.agent.html')!;
    // no raw role or literal markup left in the prose (attribute defaults are source code, kept as written)
    expect(page).not.toMatch(/:(class|meth|func):`/);
    expect(page).not.toMatch(/<(p|li)[^>]*>[^<]*``/);
    expect(page).toContain('Unlike <code><a href="agentscope.agent.html#Agent" title="agentscope.agent.Agent">Agent</a></code>');
    // a code-block directive is a code block, without the directive
    expect(page).toMatch(/<pre class="doc"><code>agent = RealtimeAgent\(/);
    expect(page).not.toContain('.. code-block::');
    // parameter types of the inventory link to their pages
    expect(page).toMatch(/def __init__\(self, name: str, [^<]*model: <a href="agentscope\.model\.html#ChatModelBase"[^>]*>ChatModelBase<\/a>, toolkit: <a href="agentscope\.tool\.html#Toolkit"/);
    // a name the module does not import is linked when exactly one class of the inventory has it
    expect(page).toMatch(/middlewares: list\[<a href="agentscope\.middleware\.html#MiddlewareBase"/);
  });

  it('marks a summary the inventory cut before its sentence ended, and cuts Python summaries at a sentence end', () => {
    const box = site.get('java/io.agentscope.core.skill/SkillBox.html')!;
    expect(box).toContain('Exposes the skill prompt provider so callers (e.g. …');
    // the Python index shows each package's first sentence, not its first line
    const index = site.get('python/index.html')!;
    const py = loadPyInventoryFrom(join(INVENTORY_DIR, 'python', PYTHON_EDITION_VERSION));
    const cut = py.modules.find((m) => m.doc && m.path.endsWith('__init__.py') && !/[.!?:]\s*$/.test(m.doc.split('\n')[0]) && m.doc.split('\n')[1]?.trim());
    expect(cut, 'a package docstring whose sentence runs over its first line').toBeDefined();
    expect(index).toContain(esc(firstSentence(cut!.doc!)).slice(-40));
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

/** The HTML of one member on a page, by its anchor. */
function memberDiv(page: string, id: string): string {
  const start = page.indexOf(`<div class="member" id="${id}">`);
  expect(start, id).toBeGreaterThanOrEqual(0);
  const end = page.indexOf('<div class="member"', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

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
