import { overview as enUS } from '../../locales/en-US/overview';
import { overview as ruRU } from '../../locales/ru-RU/overview';
import { overview as zhCN } from '../../locales/zh-CN/overview';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/**
 * The overview's texts in every language. They come with the overview page rather than in the
 * first bundle; importing this module registers them.
 */
export const OVERVIEW_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(OVERVIEW_TEXTS);
