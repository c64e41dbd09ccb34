import { adminSurvey as enUS } from '../../../locales/en-US/admin-survey';
import { adminSurvey as ruRU } from '../../../locales/ru-RU/admin-survey';
import { adminSurvey as zhCN } from '../../../locales/zh-CN/admin-survey';
import { addLocaleTexts } from '../../../shared/i18n/i18n';
import '../admin-texts';

/**
 * The operator survey page's texts in every language (its menu entry's title is the operator
 * area's). They come with the page; importing this module registers them.
 */
export const ADMIN_SURVEY_TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

addLocaleTexts(ADMIN_SURVEY_TEXTS);
