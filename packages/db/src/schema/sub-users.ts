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
