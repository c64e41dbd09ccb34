import { trafficPackage as enUS } from '../../locales/en-US/traffic-package';
import { trafficPackage as ruRU } from '../../locales/ru-RU/traffic-package';
import { trafficPackage as zhCN } from '../../locales/zh-CN/traffic-package';
import { addLocaleTexts } from '../../shared/i18n/i18n';

/**
 * The traffic package texts in every language. They come with the traffic proxy pages rather
 * than in the first bundle; importing this module registers them.
 */
export const TRAFFIC_PACKAGE_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(TRAFFIC_PACKAGE_TEXTS);
