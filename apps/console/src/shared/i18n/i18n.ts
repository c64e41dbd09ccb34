import { DEFAULT_LOCALE, type Locale, STORAGE_KEYS } from '@ptc/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from '../../locales/en-US';
import { ruRU } from '../../locales/ru-RU';
import { zhCN } from '../../locales/zh-CN';
import { browserStorage } from '../storage/storage';
import { detectLocale, isLocale } from './detect-locale';

/** Texts per interface language. */
export const MESSAGES: Record<Locale, Record<string, string>> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'ru-RU': ruRU,
};

/** dayjs locale name per interface language. */
const DAYJS_LOCALES: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn', 'ru-RU': 'ru' };

/** Native names shown in the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'ru-RU': 'Русский',
};

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

const applyToDocument = (locale: Locale): void => {
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
};

/** The i18next instance of the console. Keys are flat dotted strings, so no key separator. */
export const i18n = i18next.createInstance();

const initialLocale = detectLocale(browserStorage.getItem(STORAGE_KEYS.locale), browserLanguages());

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(MESSAGES).map(([locale, messages]) => [locale, { translation: messages }]),
  ),
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: Object.keys(MESSAGES),
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyToDocument(initialLocale);

/** The language in use. */
export const getLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);

/** Switches the language, remembers it across reloads and updates `<html lang>` and dayjs. */
export const changeLocale = async (locale: Locale): Promise<void> => {
  browserStorage.setItem(STORAGE_KEYS.locale, locale);
  applyToDocument(locale);
  await i18n.changeLanguage(locale);
};

/**
 * Adds the texts of a lazily loaded feature in every language, so the first bundle does not
 * carry them; the feature's pages call it before they render.
 */
export const addLocaleTexts = (texts: Readonly<Record<Locale, Readonly<Record<string, string>>>>): void => {
  for (const [locale, messages] of Object.entries(texts)) {
    i18n.addResourceBundle(locale, 'translation', messages, true, false);
  }
};

/** Translates `key`, answering `undefined` when no language has a text for it. */
export const translateIfExists = (key: string): string | undefined =>
  i18n.exists(key) ? i18n.t(key) : undefined;
