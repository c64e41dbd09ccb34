import { bulletins as enUS } from '../../locales/en-US/bulletins';
import { bulletins as ruRU } from '../../locales/ru-RU/bulletins';
import { bulletins as zhCN } from '../../locales/zh-CN/bulletins';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** The bulletins' texts in every language; they come with the banner, not in the first bundle. */
export const BULLETIN_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(BULLETIN_TEXTS);
