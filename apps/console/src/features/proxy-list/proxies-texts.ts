import { proxies as enUS } from '../../locales/en-US/proxies';
import { proxies as ruRU } from '../../locales/ru-RU/proxies';
import { proxies as zhCN } from '../../locales/zh-CN/proxies';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/**
 * The proxy list's texts in every language. They come with the proxy pages rather than in the
 * first bundle; importing this module registers them.
 */
export const PROXIES_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(PROXIES_TEXTS);
