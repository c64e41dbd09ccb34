import type {
  byteAmountSchema,
  trafficAlarmRequestSchema,
  trafficAlarmSchema,
  trafficPlanOnSaleSchema,
  trafficPoolListSchema,
  trafficPoolQuerySchema,
  trafficPoolSummarySchema,
  trafficPurchaseSchema,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';
import type { RequestOf, ResponseOf } from '../../shared/api/contract-types';

/** A package on sale (`GET /proxy/traffic/payway`). */
export type TrafficPlan = ResponseOf<typeof trafficPlanOnSaleSchema>;
/** A page of purchase records (`GET /proxy/traffic/pool`). */
export type TrafficPoolList = ResponseOf<typeof trafficPoolListSchema>;
/** One purchased package. */
export type TrafficPool = TrafficPoolList['data'][number];
/** Filters and paging of the purchase records. */
export type TrafficPoolQuery = RequestOf<typeof trafficPoolQuerySchema>;
/** Bytes and the same in GB (three decimals). */
export type ByteAmount = ResponseOf<typeof byteAmountSchema>;
/** Bought, used and remaining traffic, and daily use over 30 days. */
export type TrafficPoolSummary = ResponseOf<typeof trafficPoolSummarySchema>;
/** The low-traffic alert. */
export type TrafficAlarm = ResponseOf<typeof trafficAlarmSchema>;
/** What `POST /proxy/traffic/alarm` takes. */
export type TrafficAlarmRequest = RequestOf<typeof trafficAlarmRequestSchema>;
/** What a purchase answers: the package, and the balance after paying it. */
export type TrafficPurchase = ResponseOf<typeof trafficPurchaseSchema>;

/** TanStack Query keys of the traffic packages; a purchase refreshes everything under `all`. */
export const TRAFFIC_QUERY_KEYS = {
  all: ['traffic-package'] as const,
  plans: ['traffic-package', 'plans'] as const,
  remaining: ['traffic-package', 'remaining'] as const,
  summary: ['traffic-package', 'summary'] as const,
  records: ['traffic-package', 'records'] as const,
  alarm: ['traffic-package', 'alarm'] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

// Reads are silent: each part shows its own failed state, with the code table's text and a retry.

/** `GET /proxy/traffic/payway`: the packages on sale. */
export const fetchTrafficPlans = (signal?: AbortSignal) =>
  api.request<TrafficPlan[]>({ path: '/proxy/traffic/payway', silent: true, ...withSignal(signal) });

/**
 * `POST /proxy/traffic/buy`: pays a package from the balance. 3004 (wrong package), 3005 (limit
 * reached) and 3002 (balance insufficient) are shown by the client through the code table.
 */
export const buyTrafficPackage = (packageId: string) =>
  api.request<TrafficPurchase>({
    method: 'POST',
    path: '/proxy/traffic/buy',
    data: { package_id: packageId },
  });

/** `GET /proxy/traffic/pool`: a page of purchase records, newest first. */
export const fetchTrafficPools = (query: TrafficPoolQuery, signal?: AbortSignal) =>
  api.request<TrafficPoolList>({
    path: '/proxy/traffic/pool',
    data: query,
    silent: true,
    ...withSignal(signal),
  });

/** `GET /proxy/traffic/pool/remaining`: package traffic the user can still use. */
export const fetchRemainingTraffic = (signal?: AbortSignal) =>
  api.request<ByteAmount>({ path: '/proxy/traffic/pool/remaining', silent: true, ...withSignal(signal) });

/** `GET /proxy/summary/traffic_pool`: bought, used and remaining, and daily use over 30 days. */
export const fetchTrafficPoolSummary = (signal?: AbortSignal) =>
  api.request<TrafficPoolSummary>({
    path: '/proxy/summary/traffic_pool',
    silent: true,
    ...withSignal(signal),
  });

/** `GET /proxy/traffic/alarm`. */
export const fetchTrafficAlarm = (signal?: AbortSignal) =>
  api.request<TrafficAlarm>({ path: '/proxy/traffic/alarm', silent: true, ...withSignal(signal) });

/** `POST /proxy/traffic/alarm`: threshold in GB, email or SMS and where to send it. */
export const saveTrafficAlarm = (data: TrafficAlarmRequest) =>
  api.request<TrafficAlarm>({ method: 'POST', path: '/proxy/traffic/alarm', data });
