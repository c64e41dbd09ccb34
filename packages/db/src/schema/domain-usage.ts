import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { proxies } from './proxies';
import { users } from './users';

/** The longest domain the gateway records (a DNS name is at most 253 characters). */
export const DOMAIN_USAGE_MAX_DOMAIN = 253;

/**
 * What each proxy carried per target domain and UTC hour (issue #21 item 4): the CONNECT or SOCKS5
 * target, or the Host of a forwarded request, lower-case, without port (IP literals as they are;
 * "(other)" for what went past the gateway's cap of distinct domains per proxy and flush). Written
 * by the gateway's usage flush in the same transaction as `proxy_usage_hourly`, unless the owner
 * switched collection off (`domain_usage_opt_outs`); kept DOMAIN_USAGE_RETENTION_DAYS.
 */
export const domainUsageHourly = pgTable(
  'domain_usage_hourly',
  {
    proxyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => proxies.id),
    /** Start of the UTC hour. */
    hour: instant().notNull(),
    domain: text().notNull(),
    /** The proxy's owner (denormalised for the per-customer figures). */
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** Both directions. */
    bytes: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /** Tunnels (CONNECT, SOCKS5) and forwarded requests. */
    requests: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [
    primaryKey({ columns: [table.proxyId, table.hour, table.domain] }),
    index('domain_usage_hourly_user_idx').on(table.userId, table.hour),
    index('domain_usage_hourly_hour_idx').on(table.hour),
    check('domain_usage_hourly_domain_length', sql`char_length(${table.domain}) between 1 and 253`),
  ],
);

/** Customers who switched per-domain usage collection off (the default is on: no row). */
export const domainUsageOptOuts = pgTable('domain_usage_opt_outs', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  createdAt: instant().notNull().defaultNow(),
});
