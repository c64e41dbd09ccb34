import { describe, expect, it } from 'vitest';
import { format, LOCALES, matchUiLocale, translator } from './i18n';
import { enUS } from './locales/en-US';

describe('the extension texts', () => {
  it('exist in every language for every key, with the same placeholders', () => {
    for (const [locale, texts] of Object.entries(LOCALES)) {
      expect(Object.keys(texts).sort(), locale).toEqual(Object.keys(enUS).sort());
      for (const [key, text] of Object.entries(texts)) {
        const names = (value: string) => (value.match(/\{\w+\}/g) ?? []).sort();
        expect(names(text), `${locale} ${key}`).toEqual(names(enUS[key as keyof typeof enUS]));
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
      }
    }
  });

  it("follow the browser's language", () => {
    expect(matchUiLocale('zh-TW')).toBe('zh-CN');
    expect(matchUiLocale('ru')).toBe('ru-RU');
    expect(matchUiLocale('de-DE')).toBe('en-US');
  });

  it('fill placeholders', () => {
    expect(format('a {x} b {y}', { x: '1' })).toBe('a 1 b {y}');
    expect(translator('ru-RU')('pairing.paired', { username: 'ivan' })).toBe('Связано с ivan');
  });
});
