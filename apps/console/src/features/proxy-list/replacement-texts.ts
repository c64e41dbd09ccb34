import { proxyReplacement as enUS } from '../../locales/en-US/proxy-replacement';
import { proxyReplacement as ruRU } from '../../locales/ru-RU/proxy-replacement';
import { proxyReplacement as zhCN } from '../../locales/zh-CN/proxy-replacement';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** The texts of the IP replacement (issue #21) in every language; importing this module registers them. */
export const REPLACEMENT_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(REPLACEMENT_TEXTS);
