import { twoFactor as enUS } from '../../locales/en-US/two-factor';
import { twoFactor as ruRU } from '../../locales/ru-RU/two-factor';
import { twoFactor as zhCN } from '../../locales/zh-CN/two-factor';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** Two-factor sign-in's texts in every language; they come with its dialogs and card. */
export const TWO_FACTOR_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(TWO_FACTOR_TEXTS);
