import type { ExitType, ProxyFamily } from '@ptc/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { pagePath } from '../proxy-list/page-path';
import { type GuideAnswers, type GuideProduct, isAnswer, PRODUCT_TARGETS } from './guide-decision';

/**
 * How a recommendation of the new-user guide reaches the generator: query parameters of the
 * proxy page (`/proxy/static/ip?guide=scraping.long.heavy&type=datacenter&days=30`), which the
 * generators read as their first values. The parameters are plain, so a link written by hand (a
 * help article, a mail) pre-fills the form the same way.
 */
export const PREFILL_PARAMS = {
  /** The guide's answers, `use.keep.volume`: the page shows it came from the guide. */
  answers: 'guide',
  /** Static families: `residential` or `datacenter`. */
  exitType: 'type',
  /** Static IP: rental days, `1` or `30`. */
  days: 'days',
} as const;

/** The route of each family's page. */
const FAMILY_ROUTES: Readonly<Record<ProxyFamily, string>> = {
  'dynamic-traffic': 'proxyDynamicTraffic',
  'dynamic-ip': 'proxyDynamicIp',
  'static-traffic': 'proxyStaticTraffic',
  'static-ip': 'proxyStaticIp',
};

/** Rental days a static IP recommendation pre-fills: one address for days or weeks is a month. */
const LONG_RENTAL_DAYS = 30;

/** The address the recommendation opens: its family's page with the answers pre-filled. */
export const recommendationPath = (product: GuideProduct, answers: GuideAnswers): string => {
  const target = PRODUCT_TARGETS[product];
  const params = new URLSearchParams();
  params.set(PREFILL_PARAMS.answers, `${answers.use}.${answers.keep}.${answers.volume}`);
  if (target.exitType) params.set(PREFILL_PARAMS.exitType, target.exitType);
  if (target.family === 'static-ip' && answers.keep === 'long') {
    params.set(PREFILL_PARAMS.days, String(LONG_RENTAL_DAYS));
  }
  return `${pagePath(FAMILY_ROUTES[target.family])}?${params.toString()}`;
};

/** What a generator takes from the address: only valid values, the rest stays its default. */
export interface GuidePrefill {
  type?: ExitType;
  days?: 1 | 30;
}

/** The pre-filled values from the two parameters' texts. */
const prefillFrom = (type: string | null, days: string | null): GuidePrefill => ({
  ...(type === 'residential' || type === 'datacenter' ? { type } : {}),
  ...(days === '1' || days === '30' ? { days: Number(days) as 1 | 30 } : {}),
});

/** Reads the pre-filled values of a proxy page's address. */
export const readGuidePrefill = (params: URLSearchParams): GuidePrefill =>
  prefillFrom(params.get(PREFILL_PARAMS.exitType), params.get(PREFILL_PARAMS.days));

/** The guide's answers carried by the address, if they are all valid. */
export const readGuideAnswers = (params: URLSearchParams): GuideAnswers | null => {
  const [use, keep, volume] = (params.get(PREFILL_PARAMS.answers) ?? '').split('.');
  return isAnswer('use', use) && isAnswer('keep', keep) && isAnswer('volume', volume)
    ? { use, keep, volume }
    : null;
};

/** The pre-filled values of the current page's address (generators spread it over their defaults). */
export const useGuidePrefill = (): GuidePrefill => {
  const [params] = useSearchParams();
  const type = params.get(PREFILL_PARAMS.exitType);
  const days = params.get(PREFILL_PARAMS.days);
  return useMemo(() => prefillFrom(type, days), [type, days]);
};
