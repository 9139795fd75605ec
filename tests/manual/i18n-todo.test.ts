// scripts/i18n-todo.mjs: the summaries the manual shows without a current Chinese translation,
// each with the English the manual compares a translation against (runs the built dist/).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVENTORY_DIR, PACKAGE_ROOT } from '../../src/core/paths.js';
import { readPin } from '../../src/inventory/pin.js';
import { loadInventory } from '../../src/inventory/store.js';
import { PYTHON_EDITION_VERSION } from '../../src/inventory/python/schema.js';
import { loadPyInventoryFrom } from '../../src/inventory/python/store.js';
import { History } from '../../src/manual/history.js';
import { Translations, type Entry } from '../../src/manual/i18n.js';
import { javaContext, javaPages } from '../../src/manual/java.js';
import { pyContext, pythonPages } from '../../src/manual/python.js';

function todo(...args: string[]) {
  const r = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'scripts', 'i18n-todo.mjs'), ...args], { encoding: 'utf8' });
  return { status: r.status, out: r.status === 0 ? (JSON.parse(r.stdout) as Record<string, Entry>) : {}, err: r.stderr };
}

/** The shipped translations plus `extra` with a Chinese text each, as the manual would load them. */
function withTranslated(extra: Record<string, Entry>): Translations {
  const tr = Translations.load(join(INVENTORY_DIR, 'i18n'));
  for (const [id, e] of Object.entries(extra)) tr.entries.set(id, { en: e.en, zh: '译文' });
  return tr;
}

describe('scripts/i18n-todo.mjs', () => {
  it('finds every Java summary id the manual asks for, and no stale translation among the shipped ones', () => {
    const { status, out, err } = todo('java');
    expect(status, err).toBe(0);
    const m = /^java: (\d+) summaries, (\d+) translated, (\d+) missing, (\d+) stale; printed (\d+)$/m.exec(err);
    expect(m, err).not.toBeNull();
    const [total, translated, missing, stale, printed] = m!.slice(1).map(Number);
    expect(stale).toBe(0);
    expect(translated + missing).toBe(total);
    expect(printed).toBe(missing);
    for (const [id, e] of Object.entries(out)) {
      expect(id).toMatch(/^java:/);
      expect(e.zh).toBe('');
      expect(e.en.length).toBeGreaterThan(0);
    }
    // what the pages ask is what the script counts; translating what it printed leaves nothing untranslated
    const java = loadInventory(readPin().version);
    const tr = withTranslated(out);
    javaPages(javaContext(java, tr, new History(java, [])));
    const asked = [...tr.docAsked].filter((id) => id.startsWith('java:'));
    expect(asked).toHaveLength(total);
    expect(asked.filter((id) => !tr.docHit.has(id))).toEqual([]);
    expect([...tr.stale]).toEqual([]);
  });

  it('finds every Python summary id the manual asks for, and no stale translation among the shipped ones', () => {
    const { status, out, err } = todo('py');
    expect(status, err).toBe(0);
    const m = /^py: (\d+) summaries, (\d+) translated, (\d+) missing, (\d+) stale; printed (\d+)$/m.exec(err);
    expect(m, err).not.toBeNull();
    const [total, translated, missing, stale, printed] = m!.slice(1).map(Number);
    expect(stale).toBe(0);
    expect(translated + missing).toBe(total);
    expect(printed).toBe(missing);
    expect(Object.keys(out)).toHaveLength(missing);
    // what the pages ask is what the script counts; translating what it printed leaves nothing untranslated
    const tr = withTranslated(out);
    pythonPages(pyContext(loadPyInventoryFrom(join(INVENTORY_DIR, 'python', PYTHON_EDITION_VERSION)), tr));
    const asked = [...tr.docAsked].filter((id) => id.startsWith('py:'));
    expect(asked).toHaveLength(total);
    expect(asked.filter((id) => !tr.docHit.has(id))).toEqual([]);
    expect([...tr.stale]).toEqual([]);
  });

  it('refuses a bad edition or limit', () => {
    expect(todo('kotlin').status).toBe(2);
    expect(todo('py', '--limit', 'x').status).toBe(2);
  });
});
