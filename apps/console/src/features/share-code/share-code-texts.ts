import { shareCode as enUS } from '../../locales/en-US/share-code';
import { shareCode as ruRU } from '../../locales/ru-RU/share-code';
import { shareCode as zhCN } from '../../locales/zh-CN/share-code';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** The share-code page's texts in every language; importing this module registers them. */
export const SHARE_CODE_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(SHARE_CODE_TEXTS);
