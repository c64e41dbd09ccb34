import { z } from 'zod';
import { trafficPlanSchema, trafficPoolSchema } from './proxies';
import { ptcAmountSchema } from './user';

/* Shapes of the traffic package calls (SPEC §7 Traffic). */

/** A plan on sale, with its purchase limit per user (null for none). */
export const trafficPlanOnSaleSchema = trafficPlanSchema.extend({
  limit_per_user: z.number().int().nullable(),
});

/**
 * Filters and paging of the purchase records: `GET /proxy/traffic/pool` takes them as a query,
 * `POST /proxy/traffic/pool` as a JSON or form body (SPEC §7 lists both methods).
 */
export const trafficPoolQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  /** Purchases at or after / before these instants. */
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
  /** usable: bytes left and not expired; used_up; expired with bytes left. */
  state: z.enum(['all', 'usable', 'used_up', 'expired']).default('all'),
});

export const trafficPoolListSchema = z.object({
  data: z.array(trafficPoolSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** Bytes, and the same as GB with three decimals. */
export const byteAmountSchema = z.object({ bytes: z.string(), gb: z.string() });

/** `POST /proxy/traffic/buy`: the package bought, and the balance after paying it. */
export const trafficPurchaseSchema = z.object({ pool: trafficPoolSchema, balance: ptcAmountSchema });

/** Bytes carried in one period (an hour's ISO instant or a calendar date). */
export const usagePointSchema = z.object({
  time: z.string(),
  bytes_up: z.string(),
  bytes_down: z.string(),
  bytes: z.string(),
});

/** `GET /proxy/summary/traffic_pool`. */
export const trafficPoolSummarySchema = z.object({
  bought: byteAmountSchema,
  used: byteAmountSchema,
  remaining: byteAmountSchema,
  /** What traffic proxies carried per calendar day (in the `tz` header's zone), last 30 days. */
  days: z.array(usagePointSchema),
});
