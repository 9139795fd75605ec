import { describe, expect, it } from 'vitest';
import { detectLang, messageKeys, t } from '../../src/cli/i18n.js';

describe('i18n', () => {
  it('every message has en and zh with the same placeholders, and zh differs from en where it is prose', () => {
    for (const key of messageKeys()) {
      const en = t('en', key);
      const zh = t('zh', key);
      const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(holes(zh), key).toEqual(holes(en));
      expect(en.length, key).toBeGreaterThan(0);
      expect(zh.length, key).toBeGreaterThan(0);
    }
    expect(t('zh', 'next.title')).toBe('后续步骤：');
  });

  it('picks the language from --lang, then LC_ALL, LC_MESSAGES, LANG', () => {
    expect(detectLang(undefined, {})).toBe('en');
    expect(detectLang(undefined, { LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(detectLang(undefined, { LC_ALL: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(detectLang(undefined, { LC_MESSAGES: 'zh_TW', LANG: 'en_US' })).toBe('zh');
    expect(detectLang('zh', { LANG: 'en_US' })).toBe('zh');
    expect(detectLang('en-GB', { LANG: 'zh_CN' })).toBe('en');
    expect(() => detectLang('fr', {})).toThrow(/unknown language "fr"/);
  });

  it('fills placeholders', () => {
    expect(t('en', 'err.unknownKind', { kind: 'x' })).toBe('unknown kind "x"');
    expect(t('zh', 'err.unknownKind', { kind: 'x' })).toBe('未知类型 "x"');
  });
});
