import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant, micro, timestamps } from './columns';
import { proxies } from './proxies';
import { users } from './users';

/**
 * Sub-users of a customer (issue #21 item 2): each has its own proxy credential (a rotating
 * proxy billed by traffic, owned by the customer, `proxy_id`), optional traffic and spending
 * limits per calendar period in UTC, and can be paused. The owner's balance and traffic packages
 * pay for what it carries; the gateway enforces the limits (README "Sub-users").
 */
export const subUsers = pgTable(
  'sub_users',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** The sub-user's credential: a dynamic-traffic proxy of the owner. */
    proxyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => proxies.id),
    /** 1–64 characters, unique among the owner's live sub-users. */
    name: text().notNull(),
    status: text({ enum: ['active', 'paused'] })
      .notNull()
      .default('active'),
    /** Bytes it may carry per period; null: no traffic limit. */
    trafficLimitBytes: bigint({ mode: 'bigint' }),
    /** Micro-PTC it may spend per period (traffic priced at its proxy's price); null: no spending limit. */
    spendingLimit: micro(),
    /** Calendar period of the limits and figures, in UTC: day, ISO week (from Monday) or month. */
    period: text({ enum: ['day', 'week', 'month'] })
      .notNull()
      .default('month'),
    deletedAt: instant(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sub_users_proxy_key').on(table.proxyId),
    uniqueIndex('sub_users_name_key').on(table.userId, table.name).where(sql`${table.deletedAt} is null`),
    index('sub_users_user_idx').on(table.userId, table.createdAt),
    check('sub_users_name_length', sql`char_length(${table.name}) between 1 and 64`),
    check(
      'sub_users_limits_valid',
      sql`(${table.trafficLimitBytes} is null or ${table.trafficLimitBytes} > 0) and (${table.spendingLimit} is null or ${table.spendingLimit} > 0)`,
    ),
  ],
);

/**
 * What each sub-user's credential carried per UTC day: bytes and the micro-PTC they were priced
 * at (traffic-package bytes cost nothing). Kept by the gateway's usage flush in the same
 * transaction as the proxy's own counters; the period figures and limits sum these rows.
 */
export const subUserUsageDaily = pgTable(
  'sub_user_usage_daily',
  {
    subUserId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => subUsers.id),
    day: date({ mode: 'string' }).notNull(),
    bytes: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    cost: micro().notNull().default(sql`0`),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subUserId, table.day] })],
);

/**
 * What a gateway process holds of a sub-user's limits of the period (issue #21; as
 * `credit_grants` holds an owner's credit): bytes of its traffic limit and micro-PTC of its
 * spending limit that the process may still carry, beyond the usage it has flushed. A grant is
 * made only from what is left of a limit (the limit, less the period's flushed usage, less every
 * live grant of the sub-user), under the sub-user row's lock; each usage flush takes what was
 * carried out of it; the process renews it with its credit grants, gives it back when the
 * sub-user is idle or the process stops, and a grant whose holder stopped renewing it lapses
 * after its TTL. A limit the sub-user does not have is not held (0).
 */
export const subUserGrants = pgTable(
  'sub_user_grants',
  {
    subUserId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => subUsers.id),
    /** The gateway process holding it (the holder of its credit grants). */
    holder: text().notNull(),
    /** Bytes of the traffic limit held, not yet carried. */
    bytes: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /** Micro-PTC of the spending limit held, not yet carried. */
    amount: micro().notNull().default(sql`0`),
    /** Released unless renewed by then. */
    expiresAt: instant().notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.subUserId, table.holder] }),
    index('sub_user_grants_holder_idx').on(table.holder),
    index('sub_user_grants_expiry_idx').on(table.expiresAt),
    check('sub_user_grants_amounts_non_negative', sql`${table.bytes} >= 0 and ${table.amount} >= 0`),
  ],
);
