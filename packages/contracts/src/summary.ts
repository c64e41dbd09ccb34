import { z } from 'zod';
import { COST_CATEGORIES } from './proxies';
import { PROXY_FAMILIES } from './statuses';
import { usagePointSchema } from './traffic';
import { ptcAmountSchema } from './user';

/* Shapes of the dashboard summaries (SPEC §2 Dashboard overview, §7 Proxies). */

/**
 * Longest ranges the cost summary answers (longer ones are refused with 1002): 366 days, so
 * "last 1 year" fits in a leap year, and 36 months.
 */
export const COST_RANGE_LIMITS = { day: 366, month: 36 } as const;

/** `{statistics_type}` of `GET /proxy/summary/cost/{statistics_type}`. */
export const costSummaryParamsSchema = z.object({ statistics_type: z.enum(['day', 'month']) });

/** Dates (YYYY-MM-DD) for `day`, months (YYYY-MM) for `month`; both ends included. */
export const costSummaryQuerySchema = z.object({
  start: z.string().trim().min(1).max(10),
  end: z.string().trim().min(1).max(10),
});

const costsSchema = z.object(
  Object.fromEntries(COST_CATEGORIES.map((category) => [category, ptcAmountSchema])) as Record<
    (typeof COST_CATEGORIES)[number],
    typeof ptcAmountSchema
  >,
);

export const costSummarySchema = z.object({
  statistics_type: z.enum(['day', 'month']),
  start: z.string(),
  end: z.string(),
  /** Every day or month of the range, with PTC spent per category (refunds deducted). */
  records: z.array(z.object({ time: z.string(), costs: costsSchema })),
  totals: costsSchema,
});

/** `GET /proxy/summary/traffic`. */
export const trafficSummarySchema = z.object({
  /** The last 24 UTC hours (ISO instant of each hour's start), the current one last. */
  hours: z.array(usagePointSchema),
  /** The last 30 calendar days in the `tz` header's zone, today last. */
  days: z.array(usagePointSchema),
  total_24h: z.string(),
  total_30d: z.string(),
});

/** `GET /proxy/summary/proxies`. */
export const proxiesSummarySchema = z.object({
  families: z.array(
    z.object({
      family: z.enum(PROXY_FAMILIES),
      total: z.number().int(),
      normal: z.number().int(),
      invalid: z.number().int(),
      expired: z.number().int(),
      unhealthy: z.number().int(),
      on: z.number().int(),
      off: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
