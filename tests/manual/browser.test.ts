import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PACKAGE_ROOT } from '../../src/core/paths.js';
import { CHAPTERS } from '../../src/manual/guide-text.js';

/**
 * The manual in a real browser: Debian's Chromium (no browser download), driven by
 * playwright-core, on the site opened from file://. Screenshots of the three language modes go
 * to test-artifacts/manual/.
 */
const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present) console.warn(`tests/manual/browser.test.ts skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

const shots = join(PACKAGE_ROOT, 'test-artifacts', 'manual');
const made: string[] = [];
let site: string;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

describe.skipIf(!present)('the manual in headless Chromium', () => {
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'as-manual-browser-'));
    made.push(dir);
    site = join(dir, 'site');
    const r = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'bin/agentscope.js'), 'manual', '--out', site], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`agentscope manual failed:\n${r.stdout}\n${r.stderr}`);
    const profile = mkdtempSync(join(tmpdir(), 'as-manual-profile-'));
    made.push(profile);
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1280, height: 900 },
    });
    // Records the language mode at the moment <body> is created: proof it is applied before first paint.
    await context.addInitScript(() => {
      const w = window as unknown as { __langAtBody?: string | null };
      new MutationObserver((_, obs) => {
        if (document.body) {
          w.__langAtBody = document.documentElement.getAttribute('data-lang');
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    mkdirSync(shots, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    for (const d of made) rmSync(d, { recursive: true, force: true });
  });

  const url = (p: string) => pathToFileURL(join(site, p)).href;
  const lang = () => page.evaluate(() => document.documentElement.getAttribute('data-lang'));
  /**
   * Reloads until the page reads `expected` (Chromium hands a localStorage write to its browser
   * process asynchronously: on a loaded machine a reload right after the click may come first).
   * A mode that is never kept still fails, after 10 s.
   */
  const reloadUntil = (read: () => Promise<string | null>, expected: string) =>
    expect
      .poll(
        async () => {
          await page.reload();
          return read();
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(expected);
  const langAtBody = () => page.evaluate(() => (window as unknown as { __langAtBody?: string | null }).__langAtBody);
  /** Whether the first element matching `sel` is rendered (display != none on it and its ancestors). */
  const shown = (sel: string) => page.locator(sel).first().isVisible();

  it('searches "ToolResultBlock" and lands on its page (keyboard only)', async () => {
    await page.goto(url('index.html'));
    expect(await lang()).toBe('mixed');
    await page.keyboard.press('/');
    await page.keyboard.type('ToolResultBlock');
    await page.locator('#results li').first().waitFor();
    const first = await page.locator('#results li.active').textContent();
    expect(first).toContain('ToolResultBlock');
    expect(first).toContain('io.agentscope.core.message');
    // arrow keys move the selection and wrap around
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#results li.active').textContent()).not.toBe(first);
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('#results li.active').textContent()).toBe(first);
    await Promise.all([page.waitForURL(/ToolResultBlock\.html$/), page.keyboard.press('Enter')]);
    expect(page.url()).toBe(url('java/io.agentscope.core.message/ToolResultBlock.html'));
    expect(await page.locator('h1').textContent()).toContain('ToolResultBlock');
    expect(await page.locator('.loc').first().textContent()).toContain('io/agentscope/core/message/ToolResultBlock.java:');
  }, 60_000);

  it('switches zh / en / mixed, keeps the mode across a reload, applied before first paint', async () => {
    await page.goto(url('java/io.agentscope.core.message/ToolResultBlock.html'));
    const summaryZh = '.tx.hasz .lang-zh';
    const summaryEn = '.tx.hasz .lang-en';
    const untranslatedEn = '.member .tx.nozh .lang-en';

    await page.click('[data-set-lang=zh]');
    expect(await lang()).toBe('zh');
    expect(await shown(summaryZh)).toBe(true);
    expect(await shown(summaryEn)).toBe(false);
    // no translation: English with the EN badge
    expect(await shown(untranslatedEn)).toBe(true);
    expect(await page.locator(untranslatedEn).first().evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"EN"');
    await page.screenshot({ path: join(shots, 'zh.png') });
    await reloadUntil(lang, 'zh');
    expect(await langAtBody()).toBe('zh');
    expect(await page.locator('[data-set-lang=zh]').getAttribute('aria-pressed')).toBe('true');

    await page.click('[data-set-lang=en]');
    expect(await lang()).toBe('en');
    expect(await shown(summaryZh)).toBe(false);
    expect(await shown(summaryEn)).toBe(true);
    await page.screenshot({ path: join(shots, 'en.png') });
    await reloadUntil(lang, 'en');
    expect(await langAtBody()).toBe('en');

    await page.click('[data-set-lang=mixed]');
    expect(await shown(summaryZh)).toBe(true);
    expect(await shown(summaryEn)).toBe(true);
    // zh above, en below and muted
    const [zhBox, enBox] = await Promise.all([page.locator(summaryZh).first().boundingBox(), page.locator(summaryEn).first().boundingBox()]);
    expect(enBox!.y).toBeGreaterThan(zhBox!.y);
    const colors = await page.locator(summaryZh).first().evaluate((zh) => [getComputedStyle(zh).color, getComputedStyle(zh.nextElementSibling!).color]);
    expect(colors[1]).not.toBe(colors[0]);
    await page.screenshot({ path: join(shots, 'mixed.png') });
    await reloadUntil(lang, 'mixed');
    expect(await langAtBody()).toBe('mixed');
    // the mode is one setting for the whole site
    await page.goto(url('python/index.html'));
    expect(await lang()).toBe('mixed');
    for (const f of ['zh.png', 'en.png', 'mixed.png']) expect(existsSync(join(shots, f)), f).toBe(true);
  }, 60_000);

  it("shows a member's structured Javadoc: rows labelled in the mode, the exception linked, the example as a code block", async () => {
    await page.goto(url('java/io.agentscope.core.util/JsonCodec.html'));
    await page.click('[data-set-lang=zh]');
    const fromJson = page.locator('[id="fromJson(String,Class)"]');
    expect(await fromJson.locator('dl.jd dt').allInnerTexts()).toEqual(['参数', '返回', '抛出']);
    expect(await fromJson.locator('dl.jd dd').first().innerText()).toBe('json — the JSON string to deserialize');
    // the parameter text has no translation: in Chinese mode it carries the EN badge
    expect(await fromJson.locator('dl.jd dd .tx.nozh .lang-en').first().evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"EN"');
    await page.click('[data-set-lang=en]');
    expect(await fromJson.locator('dl.jd dt').allInnerTexts()).toEqual(['Parameters', 'Returns', 'Throws']);
    // the exception of the inventory is a working link
    await Promise.all([page.waitForURL(/JsonException\.html$/), fromJson.locator('dl.jd dd a', { hasText: 'JsonException' }).click()]);
    expect(await page.locator('h1').textContent()).toContain('JsonException');
    // a <pre>{@code} example: its lines and indentation kept, in a monospace block
    await page.goto(url('java/io.agentscope.core.message/MessageMetadataKeys.html'));
    const code = page.locator('[id="CHAT_USAGE"] pre.example code');
    expect(await code.innerText()).toContain('ChatUsage usage = msg.getChatUsage();\nif (usage != null) {\n    System.out.println(');
    const style = await code.evaluate((el) => ({ ws: getComputedStyle(el.parentElement!).whiteSpace, font: getComputedStyle(el).fontFamily }));
    expect(style.ws).toBe('pre');
    expect(style.font).toMatch(/monospace/);
    await page.locator('[id="CHAT_USAGE"]').screenshot({ path: join(shots, 'javadoc.png') });
    await page.click('[data-set-lang=mixed]');
  }, 60_000);

  it('shows each chapter in zh and en, every API link resolving to a page and anchor of the site', async () => {
    for (const ch of CHAPTERS) {
      await page.goto(url(`guide/${ch.id}.html`));
      await page.click('[data-set-lang=zh]');
      expect(await page.locator('h1 .lang-zh').innerText()).toBe(ch.title.zh);
      expect(await page.locator('h1 .lang-en').isVisible()).toBe(false);
      await page.click('[data-set-lang=en]');
      expect(await page.locator('h1 .lang-en').innerText()).toBe(ch.title.en);
      expect(await page.locator('.tx .lang-zh').first().isVisible()).toBe(false);
      const hrefs = await page.locator('a.api').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(hrefs.length, ch.id).toBeGreaterThan(1);
      for (const h of new Set(hrefs)) {
        const u = new URL(h);
        const file = fileURLToPath(u);
        expect(existsSync(file), h).toBe(true);
        if (u.hash) expect(readFileSync(file, 'utf8'), h).toContain(`id="${decodeURIComponent(u.hash.slice(1)).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);
      }
      // one link followed in the browser: the target is there and shown
      const first = page.locator('.tx .lang-en a.api[href*="#"]').first();
      if (await first.count()) {
        const target = decodeURIComponent(new URL(await first.evaluate((a) => (a as HTMLAnchorElement).href)).hash.slice(1));
        await Promise.all([page.waitForURL(/#/), first.click()]);
        expect(await page.locator(`[id="${target}"]`).isVisible()).toBe(true);
      }
    }
    await page.goto(url('guide/lifecycle.html'));
    await page.screenshot({ path: join(shots, 'chapter-en.png'), fullPage: false });
    await page.click('[data-set-lang=mixed]');
  }, 120_000);

  it('groups artifacts and Python packages, lists the providers, shows the trap note, inherited members and implementations', async () => {
    await page.goto(url('artifacts.html'));
    for (const k of ['core', 'extension', 'starter', 'runtime', 'integration']) expect(await page.locator(`#kind-${k}`).isVisible(), k).toBe(true);
    expect(await page.locator('#dedup').isVisible()).toBe(true);
    await page.goto(url('python/index.html'));
    for (const g of ['core', 'capabilities', 'app', 'devx']) expect(await page.locator(`#pygroup-${g}`).isVisible(), g).toBe(true);
    await page.goto(url('providers.html'));
    expect(await page.locator('tr#openai td').first().innerText()).toBe('openai:');
    expect(await page.locator('tr#openai').innerText()).toContain('OPENAI_API_KEY');
    // the trap note on ToolResultBlock.text(String), in Chinese then in English, linked to its rule
    await page.goto(url('java/io.agentscope.core.message/ToolResultBlock.html'));
    const trap = page.locator('[id="text(String)"] aside.trap');
    await page.click('[data-set-lang=zh]');
    expect(await trap.innerText()).toMatch(/版本陷阱[\s\S]*RUNNING/);
    await page.click('[data-set-lang=en]');
    expect(await trap.innerText()).toMatch(/Version trap[\s\S]*RUNNING[\s\S]*withState\(ToolResultState\.SUCCESS\)/);
    await trap.screenshot({ path: join(shots, 'trap.png') });
    await Promise.all([page.waitForURL(/rules\.html#AS101$/), trap.locator('a[href$="#AS101"]').click()]);
    expect(await page.locator('#AS101').isVisible()).toBe(true);
    // ReActAgent shows the call(Msg) it inherits; MiddlewareBase its implementations
    await page.goto(url('java/io.agentscope.core/ReActAgent.html'));
    // its class example, which calls Toolkit#registerObject, is flagged above the code (English mode here)
    expect(await page.locator('.example-fails').first().innerText()).toMatch(/does not compile in \d[\d.]*: line \d+: Toolkit has no method registerObject/);
    const inherited = page.locator('#inherited ~ p.inherited a', { hasText: /^call\(Msg\)$/ });
    expect(await inherited.first().isVisible()).toBe(true);
    await Promise.all([page.waitForURL(/CallableAgent\.html#call\(Msg\)$/), inherited.first().click()]);
    await page.goto(url('java/io.agentscope.core.middleware/MiddlewareBase.html'));
    expect(await page.locator('table.facts tr', { hasText: 'Known implementations' }).innerText()).toContain('OtelTracingMiddleware');
    // 2.0.2 has MiddlewareBase#order: the extension chapter links it (2.0.0's says what it has instead)
    await page.goto(url('guide/extensions.html'));
    expect(await page.locator('.lang-en a.api[href$="MiddlewareBase.html#order()"]').isVisible()).toBe(true);
  }, 60_000);

  it('shows annotations with their arguments above a member and before its parameters', async () => {
    await page.goto(url('java/io.agentscope.harness.agent.tool/MemorySearchTool.html'));
    const sig = await page.locator('[id="memorySearch(RuntimeContext,String)"] .sig').innerText();
    expect(sig).toMatch(/^@Tool\(name = "memory_search", readOnly = true, description = "Search through long-term memory files[^\n]*\)\npublic String memorySearch\(/);
    expect(sig).toContain('@ToolParam(name = "query", description = "Keywords to search for in memory files") String query)');
    await page.goto(url('java/io.agentscope.core.memory/LongTermMemory.html'));
    expect(await page.locator('h1 + .sig').innerText()).toBe('@Deprecated(forRemoval = true, since = "2.0.0")\npublic interface LongTermMemory');
  }, 60_000);

  it('searches Chinese and short package names as a combobox, with an empty state', async () => {
    await page.goto(url('index.html'));
    const q = page.locator('#q');
    expect(await q.getAttribute('role')).toBe('combobox');
    await q.click();
    await q.fill('权限');
    await page.locator('#results li', { hasText: 'PermissionContextState' }).first().waitFor();
    expect(await q.getAttribute('aria-expanded')).toBe('true');
    expect(await q.getAttribute('aria-activedescendant')).toBe('r-0');
    const names = await page.locator('#results li').allInnerTexts();
    expect(names.some((n) => n.includes('PermissionContextState'))).toBe(true);
    await page.locator('#results li a', { hasText: 'PermissionContextState' }).first().click();
    await page.waitForURL(/PermissionContextState\.html/);
    await page.locator('#q').fill('middleware');
    await page.locator('#results li').first().waitFor();
    const top5 = (await page.locator('#results li').allInnerTexts()).slice(0, 5);
    expect(top5.some((t) => /package\s*io\.agentscope\.core\.middleware/.test(t)), top5.join(' | ')).toBe(true);
    await page.locator('#q').fill('zzqqxxjj');
    await page.locator('#results li.empty').waitFor();
    expect(await page.locator('#results li.empty').innerText()).toContain('No results');
    // the list closes when the box loses focus
    await page.locator('h1').click();
    expect(await page.locator('#results').isVisible()).toBe(false);
    expect(await page.locator('#q').getAttribute('aria-expanded')).toBe('false');
  }, 60_000);

  it('follows the mode with <html lang>, keeps anchors below the sticky header, and has a dark theme', async () => {
    await page.goto(url('index.html'));
    await page.click('[data-set-lang=en]');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await reloadUntil(() => page.evaluate(() => document.documentElement.lang), 'en');
    await page.click('[data-set-lang=zh]');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    await page.click('[data-set-lang=mixed]');
    // a jump to a member: its signature is below the header, not under it
    await page.goto(`${url('java/io.agentscope.core/ReActAgent.html')}#builder()`);
    const header = await page.locator('header.top').boundingBox();
    const sig = await page.locator('[id="builder()"] .sig').boundingBox();
    expect(sig!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(sig!.y).toBeLessThan(900);
    // dark: the system setting, then the toggle overrides it and is remembered
    await page.emulateMedia({ colorScheme: 'dark' });
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await bg()).toBe('rgb(21, 25, 30)');
    await page.click('[data-toggle-theme]');
    expect(await bg()).toBe('rgb(255, 255, 255)');
    await reloadUntil(bg, 'rgb(255, 255, 255)');
    await page.click('[data-toggle-theme]');
    expect(await bg()).toBe('rgb(21, 25, 30)');
    await page.screenshot({ path: join(shots, 'dark.png') });
    await page.evaluate(() => localStorage.removeItem('agentscope-manual.theme'));
    await page.emulateMedia({ colorScheme: 'light' });
  }, 60_000);

  it('fits a 390 px phone: no horizontal overflow, a usable search box', async () => {
    const phone = await context.newPage();
    phone.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await phone.setViewportSize({ width: 390, height: 844 });
    const pages = ['index.html', ...CHAPTERS.map((c) => `guide/${c.id}.html`), 'java/index.html', 'java/io.agentscope.core/ReActAgent.html', 'java/io.agentscope.harness.agent.tool/MemorySearchTool.html', 'java/io.agentscope.core.message/ToolResultBlock.html', 'java/io.agentscope.core.util/JsonCodec.html', 'python/index.html', 'python/agentscope.tool.html', 'artifacts.html', 'providers.html', 'rules.html', 'verdicts.html', 'coverage.html', 'concepts.html'];
    for (const p of pages) {
      await phone.goto(url(p));
      const m = await phone.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth, q: document.getElementById('q')!.getBoundingClientRect().width }));
      expect(m.sw, p).toBeLessThanOrEqual(m.cw);
      expect(m.q, p).toBeGreaterThan(250);
    }
    await phone.goto(`${url('java/io.agentscope.core.message/ToolResultBlock.html')}#text(String)`);
    const header = await phone.locator('header.top').boundingBox();
    const sig = await phone.locator('[id="text(String)"] .sig').boundingBox();
    expect(sig!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(sig!.y + sig!.height).toBeLessThanOrEqual(844);
    await phone.screenshot({ path: join(shots, 'phone.png') });
    // each chapter in Chinese and in English fits the phone too
    for (const mode of ['zh', 'en']) {
      for (const ch of CHAPTERS) {
        await phone.goto(url(`guide/${ch.id}.html`));
        if ((await phone.evaluate(() => document.documentElement.getAttribute('data-lang'))) !== mode) await phone.click(`[data-set-lang=${mode}]`);
        const m = await phone.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
        expect(m.sw, `${mode} ${ch.id}`).toBeLessThanOrEqual(m.cw);
      }
    }
    expect(await phone.evaluate(() => document.documentElement.lang)).toBe('en');
    await phone.click('[data-set-lang=mixed]');
    // the search on the phone: Chinese reaches PermissionContextState, the list stays on screen
    const q = phone.locator('#q');
    await q.click();
    await q.fill('权限');
    const hit = phone.locator('#results li', { hasText: 'PermissionContextState' }).first();
    await hit.waitFor();
    const list = await phone.locator('#results').boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(390);
    expect(await hit.isVisible()).toBe(true);
    await phone.close();
  }, 120_000);

  it('logged no console error, page error or failed request', () => {
    expect(problems).toEqual([]);
  });
});
