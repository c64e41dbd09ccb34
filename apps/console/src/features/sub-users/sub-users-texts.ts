import { subUsers as enUS } from '../../locales/en-US/sub-users';
import { subUsers as ruRU } from '../../locales/ru-RU/sub-users';
import { subUsers as zhCN } from '../../locales/zh-CN/sub-users';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** The sub-users page's texts in every language; they come with the page (importing this registers them). */
export const SUB_USERS_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(SUB_USERS_TEXTS);
