import { rewards as enUS } from '../../locales/en-US/rewards';
import { rewards as ruRU } from '../../locales/ru-RU/rewards';
import { rewards as zhCN } from '../../locales/zh-CN/rewards';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** The rewards' texts in every language, loaded with the rewards card (not in the first bundle). */
export const REWARDS_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(REWARDS_TEXTS);
