import { describe, expect, it } from 'vitest';
import { newUserGuide as enUS } from '../../locales/en-US/new-user-guide';
import { newUserGuide as ruRU } from '../../locales/ru-RU/new-user-guide';
import { newUserGuide as zhCN } from '../../locales/zh-CN/new-user-guide';
import {
  DECISION_TABLE,
  GUIDE_PRODUCTS,
  GUIDE_QUESTIONS,
  type GuideAnswers,
  PRODUCT_TARGETS,
  QUESTION_ORDER,
  recommend,
} from './guide-decision';
import { readGuideAnswers, readGuidePrefill, recommendationPath } from './guide-prefill';

/** Every combination of answers the guide can be given. */
const ALL_ANSWERS: GuideAnswers[] = GUIDE_QUESTIONS.use.flatMap((use) =>
  GUIDE_QUESTIONS.keep.flatMap((keep) => GUIDE_QUESTIONS.volume.map((volume) => ({ use, keep, volume }))),
);

/** The uses that want a home (residential) address when the address is static. */
const RESIDENTIAL_USES = new Set(['accounts', 'ecommerce', 'seo']);

const PAGES = {
  'dynamic-traffic': '/proxy/dynamic/traffic',
  'dynamic-ip': '/proxy/dynamic/ip',
  'static-traffic': '/proxy/static/traffic',
  'static-ip': '/proxy/static/ip',
} as const;

describe('the new-user guide’s decision table', () => {
  it('asks exactly three questions', () => {
    expect(QUESTION_ORDER).toEqual(['use', 'keep', 'volume']);
    expect(Object.keys(GUIDE_QUESTIONS).sort()).toEqual([...QUESTION_ORDER].sort());
    expect(ALL_ANSWERS).toHaveLength(5 * 3 * 2);
  });

  it('has a row for every combination and nothing else', () => {
    expect(Object.keys(DECISION_TABLE).sort()).toEqual([...GUIDE_QUESTIONS.use].sort());
    for (const use of GUIDE_QUESTIONS.use) {
      expect(Object.keys(DECISION_TABLE[use]).sort()).toEqual([...GUIDE_QUESTIONS.keep].sort());
      for (const keep of GUIDE_QUESTIONS.keep) {
        expect(Object.keys(DECISION_TABLE[use][keep]).sort()).toEqual([...GUIDE_QUESTIONS.volume].sort());
      }
    }
  });

  it.each(ALL_ANSWERS)(
    'recommends one of the six types for $use / $keep / $volume, as the table’s rules say',
    (answers) => {
      const product = recommend(answers);
      expect(GUIDE_PRODUCTS).toContain(product);
      const target = PRODUCT_TARGETS[product];
      if (answers.keep === 'rotate') expect(product).toBe('dynamic-traffic');
      if (answers.keep === 'day') expect(product).toBe('dynamic-ip');
      if (answers.keep === 'long') {
        expect(target.family).toBe(answers.volume === 'light' ? 'static-traffic' : 'static-ip');
        expect(target.exitType).toBe(RESIDENTIAL_USES.has(answers.use) ? 'residential' : 'datacenter');
      }
    },
  );

  it('reaches each of the six types from some answers', () => {
    expect(new Set(ALL_ANSWERS.map(recommend))).toEqual(new Set(GUIDE_PRODUCTS));
  });

  it.each(ALL_ANSWERS)(
    'opens the generator of $use / $keep / $volume with its answers pre-filled',
    (answers) => {
      const product = recommend(answers);
      const target = PRODUCT_TARGETS[product];
      const url = new URL(recommendationPath(product, answers), 'http://console.test');
      expect(url.pathname).toBe(PAGES[target.family]);
      expect(readGuideAnswers(url.searchParams)).toEqual(answers);
      expect(readGuidePrefill(url.searchParams)).toEqual({
        ...(target.exitType ? { type: target.exitType } : {}),
        ...(target.family === 'static-ip' ? { days: 30 } : {}),
      });
    },
  );

  it('ignores pre-fill values a generator does not offer', () => {
    const params = new URLSearchParams('type=mobile&days=7&guide=scraping.forever.heavy');
    expect(readGuidePrefill(params)).toEqual({});
    expect(readGuideAnswers(params)).toBeNull();
    expect(readGuidePrefill(new URLSearchParams('type=datacenter&days=1'))).toEqual({
      type: 'datacenter',
      days: 1,
    });
  });

  it.each([
    ['en-US', enUS],
    ['zh-CN', zhCN],
    ['ru-RU', ruRU],
  ])('has %s texts for every question, answer, step and recommendation', (_locale, texts) => {
    const needed = [
      ...QUESTION_ORDER.flatMap((question) => [
        `guide.step.${question}`,
        `guide.${question}.question`,
        ...GUIDE_QUESTIONS[question].flatMap((answer) => [
          `guide.${question}.${answer}`,
          `guide.${question}.${answer}.hint`,
        ]),
      ]),
      'guide.step.result',
      ...GUIDE_PRODUCTS.flatMap((product) => [`guide.product.${product}`, `guide.product.${product}.text`]),
    ];
    const own = texts as Record<string, string>;
    expect(needed.filter((key) => !own[key]?.trim())).toEqual([]);
    expect(Object.keys(own).sort()).toEqual(Object.keys(enUS).sort());
  });
});
