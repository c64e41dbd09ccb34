import { newUserGuide as enUS } from '../../locales/en-US/new-user-guide';
import { newUserGuide as ruRU } from '../../locales/ru-RU/new-user-guide';
import { newUserGuide as zhCN } from '../../locales/zh-CN/new-user-guide';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/**
 * The guide's texts in every language. They come with the guide's dialog rather than in the
 * first bundle; importing this module registers them.
 */
export const GUIDE_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(GUIDE_TEXTS);
