import { wallet as enUS } from '../../locales/en-US/wallet';
import { wallet as ruRU } from '../../locales/ru-RU/wallet';
import { wallet as zhCN } from '../../locales/zh-CN/wallet';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/**
 * The wallet's texts in every language. They come with the wallet pages (charge, card, WeChat)
 * rather than in the first bundle; importing this module registers them.
 */
export const WALLET_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(WALLET_TEXTS);
