import { adminBulletins as enUS } from '../../../locales/en-US/admin-bulletins';
import { adminBulletins as ruRU } from '../../../locales/ru-RU/admin-bulletins';
import { adminBulletins as zhCN } from '../../../locales/zh-CN/admin-bulletins';
import { addLocaleTexts } from '../../../shared/i18n/i18n';
import '../admin-texts';

/**
 * The operator bulletins page's texts in every language (its menu entry's title is the operator
 * area's). They come with the page; importing this module registers them.
 */
export const ADMIN_BULLETINS_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(ADMIN_BULLETINS_TEXTS);
