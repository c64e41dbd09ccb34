import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generators as enUS } from '../../locales/en-US/generators';
import { generators as ruRU } from '../../locales/ru-RU/generators';
import { generators as zhCN } from '../../locales/zh-CN/generators';
import { LINES, PRECISIONS, PROTOCOLS, RENTAL_DAYS, ROUTE_TYPES, STATIC_TYPES } from './generator-rules';

const LOCALES = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

const here = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(here)
  .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
  .map((name) => readFileSync(join(here, name), 'utf8'));

/** Keys the panels build from values (`generators.protocol.${value}` …). */
const BUILT_KEYS = [
  ...['required', 'integer', 'min', 'max'].map((error) => `generators.count.${error}`),
  ...PRECISIONS.map((value) => `generators.precision.${value}`),
  ...PROTOCOLS.map((value) => `generators.protocol.${value}`),
  ...ROUTE_TYPES.flatMap((value) => [`generators.route.${value}`, `generators.route.hint.${value}`]),
  ...STATIC_TYPES.map((value) => `generators.staticType.${value}`),
  ...RENTAL_DAYS.map((value) => `generators.days.${value}`),
  ...['gb', 'ip', 'day', '30days'].map((unit) => `generators.unit.${unit}`),
];

/** Every literal `generators.*` key the panels' code names. */
const usedKeys = [
  ...new Set(
    sources.flatMap((source) => [...source.matchAll(/'(generators\.[\w.]+)'/g)].map((match) => match[1])),
  ),
] as string[];

describe('generator texts', () => {
  it.each(Object.keys(LOCALES))('%s has the same keys as en-US', (locale) => {
    expect(Object.keys(LOCALES[locale as keyof typeof LOCALES]).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('has a text in every language for each key the code uses', () => {
    expect(usedKeys.length).toBeGreaterThan(40);
    for (const key of [...usedKeys, ...BUILT_KEYS]) {
      for (const [locale, texts] of Object.entries(LOCALES)) {
        expect(texts[key as keyof typeof texts], `${locale} ${key}`).toBeTruthy();
      }
    }
  });

  it('has no unused key', () => {
    const used = new Set([...usedKeys, ...BUILT_KEYS]);
    expect(Object.keys(enUS).filter((key) => !used.has(key))).toEqual([]);
  });

  it('keeps the placeholders of every text in every language', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(enUS)) {
      expect(placeholders(zhCN[key as keyof typeof zhCN]), key).toEqual(placeholders(text));
      expect(placeholders(ruRU[key as keyof typeof ruRU]), key).toEqual(placeholders(text));
    }
  });

  it('translates every text that is not a technical name', () => {
    const technical = new Set(['HTTP', 'SOCKS5', 'IP', 'GB', '{{price}} PTC / {{unit}}', '{{amount}} PTC']);
    for (const [key, text] of Object.entries(enUS)) {
      if (technical.has(text)) continue;
      expect(zhCN[key as keyof typeof zhCN], key).not.toBe(text);
      expect(ruRU[key as keyof typeof ruRU], key).not.toBe(text);
    }
  });

  it('names lines 1 to 4', () => {
    expect(LINES).toEqual([1, 2, 3, 4]);
  });
});
