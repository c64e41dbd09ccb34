import { describe, expect, it } from 'vitest';
import { interpolate, Translator } from './translator';

const translator = () => {
  const i18n = new Translator('ru-RU', 'en-US');
  i18n.addTexts('en-US', { hello: 'Hello, {{name}}', onlyEnglish: 'Only English' });
  i18n.addTexts('ru-RU', { hello: 'Привет, {{ name }}' });
  return i18n;
};

describe('the translator', () => {
  it('answers the text of the language in use, interpolated', () => {
    expect(translator().t('hello', { name: 'Аня' })).toBe('Привет, Аня');
  });

  it('falls back to the fallback language, then to defaultValue, then to the key', () => {
    const i18n = translator();
    expect(i18n.t('onlyEnglish')).toBe('Only English');
    expect(i18n.t('admin.kind.refund', { defaultValue: 'refund' })).toBe('refund');
    expect(i18n.t('missing.key')).toBe('missing.key');
    // Keys are looked up as data, not as object properties.
    expect(i18n.t('constructor')).toBe('constructor');
    expect(i18n.exists('constructor')).toBe(false);
    expect([i18n.exists('hello'), i18n.exists('onlyEnglish'), i18n.exists('missing.key')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('keeps texts already added for a key (a feature added its own before the pack came)', () => {
    const i18n = translator();
    i18n.addTexts('ru-RU', { hello: 'Здравствуйте', added: 'Новое' });
    expect([i18n.t('hello', { name: 'x' }), i18n.t('added')]).toEqual(['Привет, x', 'Новое']);
  });

  it('tells the listeners of a change of language, once per real change, until they unsubscribe', async () => {
    const i18n = translator();
    const heard: string[] = [];
    const unsubscribe = i18n.onLanguageChanged((language) => heard.push(language));
    await i18n.changeLanguage('en-US');
    await i18n.changeLanguage('en-US');
    expect([i18n.language, i18n.t('hello', { name: 'Ann' })]).toEqual(['en-US', 'Hello, Ann']);
    unsubscribe();
    await i18n.changeLanguage('zh-CN');
    expect(heard).toEqual(['en-US']);
  });

  it('interpolates numbers, leaves nothing for missing values and touches no text without placeholders', () => {
    expect(interpolate('{{count}} proxies, {{missing}}!', { count: 3 })).toBe('3 proxies, !');
    expect(interpolate('<b>{{html}}</b>', { html: '<i>' })).toBe('<b><i></b>');
    expect(interpolate('100% {{', { count: 1 })).toBe('100% {{');
  });
});
