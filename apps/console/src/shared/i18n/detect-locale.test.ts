import { describe, expect, it } from 'vitest';
import { detectLocale, matchLocale } from './detect-locale';

describe('detectLocale', () => {
  it('prefers the language stored under arco-locale', () => {
    expect(detectLocale('ru-RU', ['zh-CN'])).toBe('ru-RU');
  });

  it('ignores a stored value that is not an interface language', () => {
    expect(detectLocale('de-DE', ['zh-CN'])).toBe('zh-CN');
  });

  it('falls back to the first supported browser language', () => {
    expect(detectLocale(null, ['de-DE', 'ru', 'en-US'])).toBe('ru-RU');
  });

  it('falls back to English when nothing matches', () => {
    expect(detectLocale(null, ['de-DE', 'fr'])).toBe('en-US');
    expect(detectLocale(null, [])).toBe('en-US');
  });
});

describe('matchLocale', () => {
  it('maps regional and script variants to the interface language of the same language', () => {
    expect(matchLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLocale('en-GB')).toBe('en-US');
    expect(matchLocale('RU-ru')).toBe('ru-RU');
    expect(matchLocale('pt-BR')).toBeUndefined();
  });
});
