import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Text } from './html.js';

/**
 * Translations: JSON files in inventory/i18n/, each `{ "<stable id>": { "en": "...", "zh": "..." } }`.
 * Ids: `ui.*` for the manual's own texts, `java:<fqn>` / `java:<fqn>#<member key>` and
 * `py:<module>.<name>` for documentation summaries. `en` is the English text the translation
 * was made from: when the inventory's text changes, the translation is stale and not shown
 * (the coverage page counts it).
 */
export interface Entry {
  en: string;
  zh: string;
}

export class Translations {
  readonly entries = new Map<string, Entry>();
  /** Ids whose source text no longer matches the inventory (filled while rendering). */
  readonly stale = new Set<string>();
  /** Doc ids looked up while rendering, and those found current. */
  readonly docAsked = new Set<string>();
  readonly docHit = new Set<string>();

  constructor(files: Record<string, Record<string, Entry>> = {}) {
    for (const name of Object.keys(files).sort()) {
      for (const [id, e] of Object.entries(files[name])) {
        if (typeof e?.en !== 'string' || typeof e?.zh !== 'string') throw new Error(`${name}: entry ${id} needs "en" and "zh" strings`);
        if (this.entries.has(id)) throw new Error(`${name}: duplicate translation id ${id}`);
        this.entries.set(id, e);
      }
    }
  }

  static load(dir: string): Translations {
    if (!existsSync(dir)) return new Translations();
    const files: Record<string, Record<string, Entry>> = {};
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      try {
        files[f] = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, Entry>;
      } catch (e) {
        throw new Error(`${join(dir, f)}: ${(e as Error).message}`, { cause: e });
      }
    }
    return new Translations(files);
  }

  /** A UI text by id; a missing id is a bug in the generator, not a missing translation. */
  ui(id: string): Text {
    const e = this.entries.get(id);
    if (!e) throw new Error(`no UI text ${id} in inventory/i18n`);
    return e.zh ? { en: e.en, zh: e.zh } : { en: e.en };
  }

  /** A documentation text: the translation when it was made from this exact English. */
  doc(id: string, en: string): Text {
    this.docAsked.add(id);
    const e = this.entries.get(id);
    if (!e || !e.zh) return { en };
    if (e.en !== en) {
      this.stale.add(id);
      return { en };
    }
    this.docHit.add(id);
    return { en, zh: e.zh };
  }

  uiIds(): string[] {
    return [...this.entries.keys()].filter((k) => k.startsWith('ui.')).sort();
  }
}
