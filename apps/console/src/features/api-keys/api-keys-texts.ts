import { apiKeys as enUS } from '../../locales/en-US/api-keys';
import { apiKeys as ruRU } from '../../locales/ru-RU/api-keys';
import { apiKeys as zhCN } from '../../locales/zh-CN/api-keys';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** The API key pages' texts in every language; they come with the pages (importing this registers them). */
export const API_KEYS_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(API_KEYS_TEXTS);
