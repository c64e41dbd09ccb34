import { ERRORS } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { resolveRoutes } from '../app/navigation/route-tree';
import { enUS as enUSFirst } from './en-US';
import { admin as enUSAdmin } from './en-US/admin';
import { adminOperators as enUSAdminOperators } from './en-US/admin-operators';
import { apiKeys as enUSApiKeys } from './en-US/api-keys';
import { extension as enUSExtension } from './en-US/extension';
import { overview as enUSOverview } from './en-US/overview';
import { proxies as enUSProxies } from './en-US/proxies';
import { trafficPackage as enUSTrafficPackage } from './en-US/traffic-package';
import { wallet as enUSWallet } from './en-US/wallet';
import { ruRU as ruRUFirst } from './ru-RU';
import { admin as ruRUAdmin } from './ru-RU/admin';
import { adminOperators as ruRUAdminOperators } from './ru-RU/admin-operators';
import { apiKeys as ruRUApiKeys } from './ru-RU/api-keys';
import { extension as ruRUExtension } from './ru-RU/extension';
import { overview as ruRUOverview } from './ru-RU/overview';
import { proxies as ruRUProxies } from './ru-RU/proxies';
import { trafficPackage as ruRUTrafficPackage } from './ru-RU/traffic-package';
import { wallet as ruRUWallet } from './ru-RU/wallet';
import { zhCN as zhCNFirst } from './zh-CN';
import { admin as zhCNAdmin } from './zh-CN/admin';
import { adminOperators as zhCNAdminOperators } from './zh-CN/admin-operators';
import { apiKeys as zhCNApiKeys } from './zh-CN/api-keys';
import { extension as zhCNExtension } from './zh-CN/extension';
import { overview as zhCNOverview } from './zh-CN/overview';
import { proxies as zhCNProxies } from './zh-CN/proxies';
import { trafficPackage as zhCNTrafficPackage } from './zh-CN/traffic-package';
import { wallet as zhCNWallet } from './zh-CN/wallet';

// The wallet's texts load with its pages (`features/charge/wallet-texts.ts`), the operator area's
// with its layout (`features/admin/admin-texts.ts`) or its pages (the operators page's), and are
// checked alike.
const enUS = {
  ...enUSFirst,
  ...enUSWallet,
  ...enUSProxies,
  ...enUSOverview,
  ...enUSTrafficPackage,
  ...enUSAdmin,
  ...enUSAdminOperators,
  ...enUSApiKeys,
  ...enUSExtension,
};
const zhCN = {
  ...zhCNFirst,
  ...zhCNWallet,
  ...zhCNProxies,
  ...zhCNOverview,
  ...zhCNTrafficPackage,
  ...zhCNAdmin,
  ...zhCNAdminOperators,
  ...zhCNApiKeys,
  ...zhCNExtension,
};
const ruRU = {
  ...ruRUFirst,
  ...ruRUWallet,
  ...ruRUProxies,
  ...ruRUOverview,
  ...ruRUTrafficPackage,
  ...ruRUAdmin,
  ...ruRUAdminOperators,
  ...ruRUApiKeys,
  ...ruRUExtension,
};

const LOCALE_MESSAGES = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;

/** Flattens nested objects into dotted keys, so a nested locale file would still be compared key by key. */
const flattenKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object'
      ? flattenKeys(inner, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

const keySets = Object.fromEntries(
  Object.entries(LOCALE_MESSAGES).map(([locale, messages]) => [locale, new Set(flattenKeys(messages))]),
);

describe('locale files', () => {
  it.each(Object.keys(LOCALE_MESSAGES))('%s has every key that another locale has', (locale) => {
    const own = keySets[locale] ?? new Set();
    const missing = Object.values(keySets)
      .flatMap((keys) => [...keys])
      .filter((key) => !own.has(key));
    expect([...new Set(missing)]).toEqual([]);
  });

  it.each(Object.keys(LOCALE_MESSAGES))(
    '%s has a text for every messageKey of the error catalogue',
    (locale) => {
      const own = keySets[locale] ?? new Set();
      const missing = Object.values(ERRORS)
        .map((error) => error.messageKey)
        .filter((key) => !own.has(key));
      expect(missing).toEqual([]);
    },
  );

  it.each(Object.keys(LOCALE_MESSAGES))('%s has a title for every route of the table', (locale) => {
    const own = keySets[locale] ?? new Set();
    const missing = resolveRoutes()
      .map(({ route }) => route.titleKey)
      .filter((key) => !own.has(key));
    expect(missing).toEqual([]);
  });

  it('has no empty texts', () => {
    for (const messages of Object.values(LOCALE_MESSAGES)) {
      for (const [key, text] of Object.entries(messages)) expect(text.trim(), key).not.toBe('');
    }
  });

  it('keeps the same interpolation placeholders in every language', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(enUS)) {
      expect(placeholders(zhCN[key as keyof typeof zhCN]), key).toEqual(placeholders(text));
      expect(placeholders(ruRU[key as keyof typeof ruRU]), key).toEqual(placeholders(text));
    }
  });
});
