import type { ProxyFamily } from '@ptc/contracts';
import type { ProxiesSummary, TrafficSummary } from './overview.api';
import { readBytes, type UsagePoint } from './traffic-series';

/**
 * The first run of an account (issue #16): the way to its first working request is top up →
 * pick a proxy type → copy a ready snippet from the proxy's connect dialog.
 */
export const FIRST_RUN_STEPS = ['topUp', 'pickType', 'connect'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

/** The route of each family's page: its generator above its list (the connect dialog is in the list). */
export const FAMILY_PAGES: Readonly<Record<ProxyFamily, string>> = {
  'dynamic-traffic': 'proxyDynamicTraffic',
  'dynamic-ip': 'proxyDynamicIp',
  'static-traffic': 'proxyStaticTraffic',
  'static-ip': 'proxyStaticIp',
};

/** Whether a wire amount (`"12.500000"`) is above zero. */
export const isPositiveAmount = (text: string | null | undefined): boolean =>
  typeof text === 'string' && /^\d+(\.\d+)?$/.test(text) && /[1-9]/.test(text);

/** True once the summary says the account holds no proxy at all: the overview shows the first steps. */
export const isFirstRun = (proxies: ProxiesSummary | undefined): boolean => proxies?.total === 0;

/**
 * The step the customer is on: a balance first, then a proxy; with both, the snippet is left.
 * (A customer whose balance was spent but who holds proxies is past the first run.)
 */
export const currentFirstRunStep = (state: {
  balance: string | undefined;
  proxyCount: number;
}): FirstRunStep => {
  if (state.proxyCount > 0) return 'connect';
  return isPositiveAmount(state.balance) ? 'pickType' : 'topUp';
};

/** The family whose page the "connect" step opens: the first one holding proxies, else rotating traffic. */
export const connectFamily = (proxies: ProxiesSummary | undefined): ProxyFamily =>
  proxies?.families.find((usage) => usage.total > 0)?.family ?? 'dynamic-traffic';

/** Whether a series carried any byte: an empty one gets an empty state, not axes of "1 B". */
export const hasUsage = (points: readonly UsagePoint[]): boolean =>
  points.some((point) => readBytes(point.bytes) > 0n);

/** Whether the account carried traffic in the last 30 days (which covers the last 24 hours). */
export const hasAnyTraffic = (summary: TrafficSummary): boolean =>
  readBytes(summary.total_30d) > 0n || hasUsage(summary.days) || hasUsage(summary.hours);
