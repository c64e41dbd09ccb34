import { adminCatalogue as enUS } from '../../../locales/en-US/admin-catalogue';
import { adminCatalogue as ruRU } from '../../../locales/ru-RU/admin-catalogue';
import { adminCatalogue as zhCN } from '../../../locales/zh-CN/admin-catalogue';
import { addLocaleTexts } from '../../../shared/i18n/i18n';
import '../admin-texts';

/**
 * The catalogue page's texts in every language (its menu entry's title is the operator area's).
 * They come with the page; importing this module registers them.
 */
export const CATALOGUE_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(CATALOGUE_TEXTS);
