import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { instant, micro, timestamps } from './columns';
import { bytea } from './sessions';
import { users } from './users';

/**
 * The price table (SPEC §9), editable by an operator. Keys: `dynamic_traffic_line1`…`line4`,
 * `dynamic_ip`, `static_traffic_residential`, `static_traffic_datacenter`,
 * `static_ip_residential_1`, `static_ip_residential_30`, `static_ip_datacenter_1`, `static_ip_datacenter_30`.
 */
export const prices = pgTable('prices', {
  key: text().primaryKey(),
  /** Micro-PTC per unit. */
  price: micro().notNull(),
  /** gb, ip, or the rental cycle (1 day, 30 days). */
  unit: text({ enum: ['gb', 'ip', 'day', '30days'] }).notNull(),
  updatedAt: instant().notNull().defaultNow(),
});

/** Traffic packages on sale (SPEC §3 Traffic pool/package). */
export const trafficPlans = pgTable('traffic_plans', {
  id: bigserial({ mode: 'bigint' }).primaryKey(),
  /** Size in GB (2^30 bytes each). */
  gb: integer().notNull(),
  /** Price per GB after discount, micro-PTC. */
  pricePerGb: micro().notNull(),
  /** Discount against the list price, in basis points (shown). */
  discountBasisPoints: integer().notNull().default(0),
  /** Never expires (else valid `validDays` days). */
  isPermanent: boolean().notNull().default(true),
  validDays: integer(),
  /** Purchases of this package per user (3005 beyond); null for no limit. */
  maxPerUser: integer(),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

/**
 * The catalogue's stored settings (issue #15), one row per name, its value validated by the
 * contracts (`admin-catalogue.ts`) on write and on read; amounts are micro-PTC digit strings.
 * `top_up_packages` `{amounts}`, `top_up_bonus` `{threshold, basis_points}`, `top_up_fees`
 * `{<method>: {basis_points, fixed}}`. No row: the defaults (configuration and SPEC §9).
 */
export const catalogueSettings = pgTable(
  'catalogue_settings',
  {
    name: text().primaryKey(),
    value: jsonb().notNull(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check(
      'catalogue_settings_name_valid',
      sql`${table.name} in ('top_up_packages', 'top_up_bonus', 'top_up_fees')`,
    ),
  ],
);

/** Traffic a user bought: consumed before the balance when traffic is billed. */
export const trafficPools = pgTable(
  'traffic_pools',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    planId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => trafficPlans.id),
    bytesTotal: bigint({ mode: 'bigint' }).notNull(),
    bytesUsed: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /** What was paid. */
    amount: micro().notNull(),
    purchasedAt: instant().notNull().defaultNow(),
    expiresAt: instant(),
  },
  (table) => [index('traffic_pools_user_idx').on(table.userId, table.purchasedAt)],
);

/** Low-traffic alert (SPEC §3 Traffic alarm): one per crossing below the threshold. */
export const trafficAlarms = pgTable('traffic_alarms', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  /** Remaining GB below which the alert fires. */
  thresholdGb: integer().notNull(),
  method: text({ enum: ['email', 'sms'] }).notNull(),
  address: text().notNull(),
  armed: boolean().notNull().default(true),
  lang: text().notNull().default('en-US'),
  lastNotifiedAt: instant(),
  ...timestamps,
});

/** Static IP searches per user per day (SPEC §8 4010), restored by a residential static purchase. */
export const staticSearches = pgTable(
  'static_searches',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    byArea: integer().notNull().default(0),
    byIp: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** Generated export files (csv, xls, xlsx), downloaded once by their opaque id. */
export const proxyExports = pgTable('proxy_exports', {
  id: text().primaryKey(),
  userId: bigint({ mode: 'bigint' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  format: text({ enum: ['csv', 'xls', 'xlsx'] }).notNull(),
  fileName: text().notNull(),
  content: bytea().notNull(),
  rows: integer().notNull(),
  createdAt: instant().notNull().defaultNow(),
  expiresAt: instant().notNull(),
});
