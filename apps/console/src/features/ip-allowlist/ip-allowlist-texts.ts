import { ipAllowList as enUS } from '../../locales/en-US/ip-allowlist';
import { ipAllowList as ruRU } from '../../locales/ru-RU/ip-allowlist';
import { ipAllowList as zhCN } from '../../locales/zh-CN/ip-allowlist';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** The IP allow-list page's texts in every language; they come with the page (importing this registers them). */
export const IP_ALLOWLIST_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(IP_ALLOWLIST_TEXTS);
