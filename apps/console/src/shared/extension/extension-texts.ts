import { extension as enUS } from '../../locales/en-US/extension';
import { extension as ruRU } from '../../locales/ru-RU/extension';
import { extension as zhCN } from '../../locales/zh-CN/extension';
import { addLocaleTexts } from '../i18n/i18n';

/**
 * The browser extension's texts (its page, the quick-access page and the outcome dialog of the
 * proxy list) in every language; they come with those modules (importing this registers them).
 */
export const EXTENSION_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(EXTENSION_TEXTS);
