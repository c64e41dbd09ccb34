import { domainUsage as enUS } from '../../locales/en-US/domain-usage';
import { domainUsage as ruRU } from '../../locales/ru-RU/domain-usage';
import { domainUsage as zhCN } from '../../locales/zh-CN/domain-usage';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/** Per-domain usage texts in every language; they come with its card, dialog and switch (importing this registers them). */
export const DOMAIN_USAGE_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(DOMAIN_USAGE_TEXTS);
