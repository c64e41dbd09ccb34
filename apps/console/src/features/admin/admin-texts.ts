import { admin as enUS } from '../../locales/en-US/admin';
import { admin as ruRU } from '../../locales/ru-RU/admin';
import { admin as zhCN } from '../../locales/zh-CN/admin';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/**
 * The operator area's texts in every language. They come with its layout and pages, so customers
 * never download them; importing this module registers them.
 */
export const ADMIN_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(ADMIN_TEXTS);
