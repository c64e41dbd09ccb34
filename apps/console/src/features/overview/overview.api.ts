import type { costSummarySchema, proxiesSummarySchema, trafficSummarySchema } from '@ptc/contracts';
import { api } from '../../shared/api/api';
import type { ResponseOf } from '../../shared/api/contract-types';

/** `GET /proxy/summary/traffic`: the last 24 hours by hour and the last 30 days by day. */
export type TrafficSummary = ResponseOf<typeof trafficSummarySchema>;
/** `GET /proxy/summary/proxies`: proxies per family by status and switch. */
export type ProxiesSummary = ResponseOf<typeof proxiesSummarySchema>;
/** `GET /proxy/summary/cost/{statistics_type}`: PTC spent per category per day or month. */
export type CostSummary = ResponseOf<typeof costSummarySchema>;
/** `{statistics_type}`: one row per day or per month. */
export type CostPeriod = CostSummary['statistics_type'];

/** TanStack Query keys of the overview, so other pages can refresh what they changed. */
export const OVERVIEW_QUERY_KEYS = {
  all: ['overview'] as const,
  traffic: ['overview', 'traffic'] as const,
  proxies: ['overview', 'proxies'] as const,
  cost: (period: CostPeriod, start: string, end: string) => ['overview', 'cost', period, start, end] as const,
};

/**
 * How long an answer counts as fresh: long enough that the page's first render uses what the entry
 * asked for while the page's code loaded (`overview-prefetch.ts`) instead of asking again, short
 * enough that every later visit asks anew (the gateway flushes usage every 2 s).
 */
export const OVERVIEW_FRESH_MS = 5_000;

// Reads are silent: each card shows its own 'failed to load' state with a retry button.

/** `GET /proxy/summary/traffic`. */
export const fetchTrafficSummary = (signal?: AbortSignal) =>
  api.request<TrafficSummary>({
    path: '/proxy/summary/traffic',
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** `GET /proxy/summary/proxies`. */
export const fetchProxiesSummary = (signal?: AbortSignal) =>
  api.request<ProxiesSummary>({
    path: '/proxy/summary/proxies',
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** `GET /proxy/summary/cost/{day|month}` for `start`..`end` (dates or months, both included). */
export const fetchCostSummary = (
  period: CostPeriod,
  range: { start: string; end: string },
  signal?: AbortSignal,
) =>
  api.request<CostSummary>({
    path: '/proxy/summary/cost/{statistics_type}',
    params: { statistics_type: period },
    data: range,
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** The proxy counts' query, shared by the page, its proxy usage card and the entry's prefetch. */
export const proxiesSummaryQuery = {
  queryKey: OVERVIEW_QUERY_KEYS.proxies,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchProxiesSummary(signal),
  staleTime: OVERVIEW_FRESH_MS,
};

/** The traffic summary's query, shared by the traffic card and the entry's prefetch. */
export const trafficSummaryQuery = {
  queryKey: OVERVIEW_QUERY_KEYS.traffic,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchTrafficSummary(signal),
  staleTime: OVERVIEW_FRESH_MS,
};
