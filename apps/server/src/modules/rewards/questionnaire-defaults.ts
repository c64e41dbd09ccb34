import type { QuestionType } from '@ptc/contracts';

type Texts = { 'en-US': string; 'zh-CN': string; 'ru-RU': string };

/** A survey question in the three console languages. */
export interface QuestionDefinition {
  id: string;
  type: QuestionType;
  title: Texts;
  required: boolean;
  options: { id: string; label: Texts }[];
  maxLength?: number;
}

const option = (id: string, en: string, zh: string, ru: string) => ({
  id,
  label: { 'en-US': en, 'zh-CN': zh, 'ru-RU': ru },
});

/**
 * The survey the console shows (SPEC §4 "Survey reward", §7 `/api/questionnaires`): what the
 * customer uses proxies for, how they found the product, and an optional remark. Answering it and
 * binding a phone earns the reward.
 */
export const DEFAULT_QUESTIONNAIRE: readonly QuestionDefinition[] = [
  {
    id: 'use_case',
    type: 'multiple',
    title: {
      'en-US': 'What do you use proxies for?',
      'zh-CN': '您使用代理做什么？',
      'ru-RU': 'Для чего вы используете прокси?',
    },
    required: true,
    options: [
      option('ecommerce', 'E-commerce', '跨境电商', 'Электронная коммерция'),
      option('social', 'Social media', '社交媒体', 'Социальные сети'),
      option('scraping', 'Data collection', '数据采集', 'Сбор данных'),
      option('ads', 'Ad verification', '广告验证', 'Проверка рекламы'),
      option('gaming', 'Gaming', '游戏', 'Игры'),
      option('other', 'Other', '其他', 'Другое'),
    ],
  },
  {
    id: 'source',
    type: 'single',
    title: {
      'en-US': 'How did you hear about us?',
      'zh-CN': '您是如何了解到我们的？',
      'ru-RU': 'Как вы о нас узнали?',
    },
    required: true,
    options: [
      option('search', 'Search engine', '搜索引擎', 'Поисковая система'),
      option('friend', 'A friend', '朋友推荐', 'От друга'),
      option('social', 'Social media', '社交媒体', 'Социальные сети'),
      option(
        'partner',
        'A partner (fingerprint browser …)',
        '合作伙伴（指纹浏览器等）',
        'Партнёр (антидетект-браузер …)',
      ),
      option('other', 'Other', '其他', 'Другое'),
    ],
  },
  {
    id: 'remark',
    type: 'text',
    title: {
      'en-US': 'Anything we should improve? (optional)',
      'zh-CN': '有什么需要我们改进的吗？（选填）',
      'ru-RU': 'Что нам стоит улучшить? (необязательно)',
    },
    required: false,
    options: [],
    maxLength: 500,
  },
];
