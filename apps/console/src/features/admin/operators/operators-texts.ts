import { adminOperators as enUS } from '../../../locales/en-US/admin-operators';
import { adminOperators as ruRU } from '../../../locales/ru-RU/admin-operators';
import { adminOperators as zhCN } from '../../../locales/zh-CN/admin-operators';
import { addLocaleTexts } from '../../../shared/i18n/i18n';
import '../admin-texts';

/**
 * The operators page's texts in every language (its menu entry's title is the operator area's).
 * They come with the page; importing this module registers them.
 */
export const OPERATORS_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(OPERATORS_TEXTS);
