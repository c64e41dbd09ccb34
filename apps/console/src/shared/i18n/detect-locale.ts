import { DEFAULT_LOCALE, LOCALES, type Locale } from '@ptc/contracts';

/** True when `value` is one of the interface languages. */
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Maps a browser language tag (`ru`, `zh-Hans-CN`, `en-GB`) to the closest interface language. */
export const matchLocale = (tag: string): Locale | undefined => {
  const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.split('-')[0]?.toLowerCase();
  return LOCALES.find((locale) => locale.split('-')[0]?.toLowerCase() === language);
};

/**
 * Picks the interface language (SPEC §1): the stored choice, else the first browser
 * language we support, else English.
 */
export const detectLocale = (stored: string | null, browserLanguages: readonly string[]): Locale => {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
};
