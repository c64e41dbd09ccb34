import type { Locale } from '@ptc/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';

/**
 * Everything one interface language needs at the first screen: the console's base texts, antd's
 * own texts and the dayjs locale name. One chunk per language, loaded for the language in use
 * only (the other two never reach a browser that does not switch to them).
 */
export interface LocalePack {
  texts: Readonly<Record<string, string>>;
  /** antd's texts; absent for English, antd's default. */
  antd?: AntdLocale;
  /** The dayjs locale the pack registered. */
  dayjs: string;
}

/** The pack of each language, as a lazily loaded chunk. */
export const LOCALE_PACKS: Readonly<Record<Locale, () => Promise<{ pack: LocalePack }>>> = {
  'en-US': () => import('./locale-pack.en-US'),
  'zh-CN': () => import('./locale-pack.zh-CN'),
  'ru-RU': () => import('./locale-pack.ru-RU'),
};
