import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PACKAGE_ROOT } from '../../src/core/paths.js';

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
    await page.reload();
    expect(await lang()).toBe('zh');
    expect(await langAtBody()).toBe('zh');
    expect(await page.locator('[data-set-lang=zh]').getAttribute('aria-pressed')).toBe('true');

    await page.click('[data-set-lang=en]');
    expect(await lang()).toBe('en');
    expect(await shown(summaryZh)).toBe(false);
    expect(await shown(summaryEn)).toBe(true);
    await page.screenshot({ path: join(shots, 'en.png') });
    await page.reload();
    expect(await lang()).toBe('en');
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
    await page.reload();
    expect(await lang()).toBe('mixed');
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

  it('logged no console error, page error or failed request', () => {
    expect(problems).toEqual([]);
  });
});
