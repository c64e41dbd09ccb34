/**
 * Sub-users (issue #21 item 2): a customer's sub-users each have their own proxy credential (a
 * rotating proxy billed by traffic, paid from the owner's balance and traffic packages), optional
 * traffic and spending limits per calendar period in UTC, their own usage figures, and can be
 * paused. The gateway enforces the limits while traffic flows (README "Sub-users").
 */
import { z } from 'zod';
import { ptcAmountSchema } from './user';

/** Periods of the limits and figures: calendar day, ISO week (Monday to Sunday) or month, in UTC. */
export const SUB_USER_PERIODS = ['day', 'week', 'month'] as const;
export type SubUserPeriod = (typeof SUB_USER_PERIODS)[number];

export const SUB_USER_STATUSES = ['active', 'paused'] as const;
export type SubUserStatus = (typeof SUB_USER_STATUSES)[number];

/** The longest name of a sub-user. */
export const SUB_USER_NAME_MAX = 64;
/** Sub-users per account unless the operator sets `SUB_USERS_MAX_PER_ACCOUNT`. */
export const SUB_USERS_MAX_DEFAULT = 50;
/** The largest traffic limit (1 PB), well inside a 64-bit integer. */
export const SUB_USER_TRAFFIC_LIMIT_MAX = 2 ** 50;
/** The largest spending limit in PTC. */
export const SUB_USER_SPENDING_LIMIT_MAX_PTC = 1_000_000_000;
/** Days of usage history one call answers at most. */
export const SUB_USER_HISTORY_DAYS_MAX = 366;

const DAY_MS = 86_400_000;

/** The calendar period (UTC) that `at` falls in: its first instant and the first of the next one. */
export const subUserPeriodOf = (period: SubUserPeriod, at: Date): { start: Date; end: Date } => {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const day = at.getUTCDate();
  if (period === 'month')
    return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
  const today = Date.UTC(year, month, day);
  if (period === 'day') return { start: new Date(today), end: new Date(today + DAY_MS) };
  // ISO weeks start on Monday (getUTCDay: 0 is Sunday).
  const start = today - ((at.getUTCDay() + 6) % 7) * DAY_MS;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
};

/** A limit in bytes (whole, positive, at most 1 PB); null removes it. */
const trafficLimitSchema = z.number().int().min(1).max(SUB_USER_TRAFFIC_LIMIT_MAX).nullable();
/** A spending limit in PTC (a decimal string, more than zero); null removes it. */
const spendingLimitSchema = ptcAmountSchema
  .refine((text) => !text.startsWith('-') && Number(text) > 0, 'more than zero')
  .refine(
    (text) => Number(text) <= SUB_USER_SPENDING_LIMIT_MAX_PTC,
    `at most ${SUB_USER_SPENDING_LIMIT_MAX_PTC}`,
  )
  .nullable();
const nameSchema = z.string().trim().min(1).max(SUB_USER_NAME_MAX);

/** `POST /api/sub_users`: body. */
export const createSubUserBodySchema = z.object({
  name: nameSchema,
  traffic_limit_bytes: trafficLimitSchema.optional(),
  spending_limit: spendingLimitSchema.optional(),
  period: z.enum(SUB_USER_PERIODS).optional(),
});
export type CreateSubUserBody = z.input<typeof createSubUserBodySchema>;

/** `PUT /api/sub_users/{id}`: the fields to change (rename, limits, period, pause or resume). */
export const updateSubUserBodySchema = z.object({
  name: nameSchema.optional(),
  traffic_limit_bytes: trafficLimitSchema.optional(),
  spending_limit: spendingLimitSchema.optional(),
  period: z.enum(SUB_USER_PERIODS).optional(),
  status: z.enum(SUB_USER_STATUSES).optional(),
});
export type UpdateSubUserBody = z.input<typeof updateSubUserBodySchema>;

/** `{id}` of the sub-user calls. */
export const subUserParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'a sub-user id') });

/** One sub-user as the console and the public API show it. */
export const subUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(SUB_USER_STATUSES),
  period: z.enum(SUB_USER_PERIODS),
  traffic_limit_bytes: z.number().nullable(),
  /** PTC per period, null: none. */
  spending_limit: ptcAmountSchema.nullable(),
  /** The current period (ISO instants, UTC). */
  period_start: z.string(),
  period_end: z.string(),
  /** What its credential carried this period (flushed by the gateway every few seconds). */
  used_bytes: z.number(),
  /** PTC its traffic cost the owner this period (bytes carried on traffic packages cost nothing). */
  used_spending: ptcAmountSchema,
  /** Its proxy credential: the gateway's address, username and password (as the proxy list shows them). */
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  password: z.string(),
  protocol: z.enum(['http', 'socks5']),
  created_at: z.string(),
});
export type SubUser = z.infer<typeof subUserSchema>;

/** `GET /api/sub_users`. */
export const subUserListSchema = z.object({
  list: z.array(subUserSchema),
  /** How many sub-users the account may have. */
  max: z.number().int(),
});
export type SubUserList = z.infer<typeof subUserListSchema>;

/** `GET /api/sub_users/{id}/usage?days=N`: bytes and PTC per UTC day, newest first, days without traffic left out. */
export const subUserUsageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(SUB_USER_HISTORY_DAYS_MAX).default(31),
});
export const subUserUsageSchema = z.object({
  days: z.array(z.object({ day: z.string(), bytes: z.number(), spending: ptcAmountSchema })),
});
export type SubUserUsage = z.infer<typeof subUserUsageSchema>;
