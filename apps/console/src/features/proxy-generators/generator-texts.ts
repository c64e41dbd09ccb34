import { generators as enUS } from '../../locales/en-US/generators';
import { generators as ruRU } from '../../locales/ru-RU/generators';
import { generators as zhCN } from '../../locales/zh-CN/generators';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/**
 * The generators' texts in every language. They come with the proxy pages rather than in the
 * first bundle; importing this module registers them.
 */
export const GENERATOR_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(GENERATOR_TEXTS);
