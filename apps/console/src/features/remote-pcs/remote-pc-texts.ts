import { remotePcs as enUS } from '../../locales/en-US/remote-pcs';
import { remotePcs as ruRU } from '../../locales/ru-RU/remote-pcs';
import { remotePcs as zhCN } from '../../locales/zh-CN/remote-pcs';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/**
 * The remote PCs' texts in every language. They come with the /remote-service pages rather than in
 * the first bundle; importing this module registers them.
 */
export const REMOTE_PC_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(REMOTE_PC_TEXTS);
