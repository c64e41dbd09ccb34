import { invitation as enUS } from '../../locales/en-US/invitation';
import { invitation as ruRU } from '../../locales/ru-RU/invitation';
import { invitation as zhCN } from '../../locales/zh-CN/invitation';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** The invitation page's texts in every language; importing this module registers them. */
export const INVITATION_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(INVITATION_TEXTS);
