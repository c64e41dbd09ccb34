import { DEFAULT_LOCALE, type Locale, STORAGE_KEYS } from '@ptc/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { browserStorage } from '../storage/storage';
import { detectLocale, isLocale } from './detect-locale';
import { LOCALE_PACKS, type LocalePack } from './locale-pack';
import { Translator } from './translator';

/** Native names shown in the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'ru-RU': 'Русский',
};

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** The packs loaded so far (texts, antd and dayjs locales), by language. */
const loadedPacks = new Map<Locale, LocalePack>();

const applyToDocument = (locale: Locale): void => {
  dayjs.locale(loadedPacks.get(locale)?.dayjs ?? 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
};

const initialLocale = detectLocale(browserStorage.getItem(STORAGE_KEYS.locale), browserLanguages());

/**
 * The console's translator (keys are flat dotted strings). Texts arrive per language with its
 * pack (`loadLocalePack`); features add theirs as they load (`addLocaleTexts`).
 */
export const i18n = new Translator(initialLocale, DEFAULT_LOCALE);

/**
 * Loads a language's pack once (its own chunk) and adds its texts. Only the language in use is
 * loaded: the first screen carries neither the other languages' texts nor their antd and dayjs
 * locales.
 */
export const loadLocalePack = async (locale: Locale): Promise<LocalePack> => {
  const loaded = loadedPacks.get(locale);
  if (loaded) return loaded;
  const { pack } = await LOCALE_PACKS[locale]();
  // Features may have added their texts already; the base texts join them.
  i18n.addTexts(locale, pack.texts);
  loadedPacks.set(locale, pack);
  return pack;
};

/** antd's texts of a loaded language (`undefined`: antd's own English). */
export const getAntdLocale = (locale: Locale): AntdLocale | undefined => loadedPacks.get(locale)?.antd;

/**
 * Resolves once the texts of the language in use are there: `main.tsx` renders after it (the
 * router is created first, so the pages' chunks load meanwhile).
 */
export const localeReady: Promise<void> = loadLocalePack(initialLocale).then(() =>
  applyToDocument(initialLocale),
);

// Tests import modules and render at once, so there the module waits for the texts itself; the
// production build drops this line (MODE is a constant) and with it the top-level await.
if (import.meta.env.MODE === 'test') await localeReady;

/** The language in use. */
export const getLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);

/** Switches the language, remembers it across reloads and updates `<html lang>` and dayjs. */
export const changeLocale = async (locale: Locale): Promise<void> => {
  browserStorage.setItem(STORAGE_KEYS.locale, locale);
  await loadLocalePack(locale);
  applyToDocument(locale);
  await i18n.changeLanguage(locale);
};

/**
 * Adds the texts of a lazily loaded feature in every language, so the first bundle does not
 * carry them; the feature's pages call it before they render.
 */
export const addLocaleTexts = (texts: Readonly<Record<Locale, Readonly<Record<string, string>>>>): void => {
  for (const [locale, messages] of Object.entries(texts)) {
    i18n.addTexts(locale, messages);
  }
};

/** Translates `key`, answering `undefined` when no language has a text for it. */
export const translateIfExists = (key: string): string | undefined =>
  i18n.exists(key) ? i18n.t(key) : undefined;
