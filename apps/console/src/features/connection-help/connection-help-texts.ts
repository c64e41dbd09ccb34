import { connectionHelp as enUS } from '../../locales/en-US/connection-help';
import { connectionHelp as ruRU } from '../../locales/ru-RU/connection-help';
import { connectionHelp as zhCN } from '../../locales/zh-CN/connection-help';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/**
 * The connection-help pages' own texts (headings, labels) in every language; the content itself
 * (tools, apps, partners) comes from the server. Importing this module registers them.
 */
export const CONNECTION_HELP_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(CONNECTION_HELP_TEXTS);
