import { useEffect, useState } from 'react';
import { enUS, type TextKey } from './locales/en-US';
import { ruRU } from './locales/ru-RU';
import { zhCN } from './locales/zh-CN';

/** The languages of the popup and the options page. */
export const LOCALES = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;
export type Locale = keyof typeof LOCALES;
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'ru-RU': 'Русский',
};

const STORAGE_KEY = 'ui_locale';

/** The language for a browser UI language: zh* → zh-CN, ru* → ru-RU, else en-US. */
export const matchUiLocale = (language: string): Locale => {
  const lower = language.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('ru')) return 'ru-RU';
  return 'en-US';
};

/** Fills `{name}` placeholders. */
export const format = (text: string, values: Record<string, string> = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A translator for a language. */
export const translator =
  (locale: Locale) =>
  (key: TextKey, values?: Record<string, string>): string =>
    format(LOCALES[locale][key] ?? enUS[key], values);

/** The chosen language (options page) or the browser's, and a setter that keeps the choice. */
export const useLocale = () => {
  const [locale, setLocale] = useState<Locale>(() => matchUiLocale(chrome.i18n.getUILanguage()));
  useEffect(() => {
    void chrome.storage.local.get(STORAGE_KEY).then((values) => {
      const saved = values[STORAGE_KEY];
      if (typeof saved === 'string' && saved in LOCALES) setLocale(saved as Locale);
    });
  }, []);
  const choose = (next: Locale) => {
    setLocale(next);
    void chrome.storage.local.set({ [STORAGE_KEY]: next });
  };
  return { locale, t: translator(locale), choose };
};
