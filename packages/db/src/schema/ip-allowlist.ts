import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  cidr,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { proxies } from './proxies';
import { users } from './users';

/**
 * IP allow-list authentication (issue #21 item 3): a customer lists source addresses (a host or a
 * CIDR network); a client connecting from one of them without credentials is carried as the
 * entry's proxy (HTTP without Proxy-Authorization, SOCKS5 "no authentication"). `network` is the
 * normalised network (host bits zero); no two customers' networks overlap (checked under an
 * advisory lock when an entry is added, README "IP allow-list"); within one customer's list the
 * longest prefix wins. Gateways hold the whole table in memory, reloaded on NOTIFY.
 */
export const ipAllowlistEntries = pgTable(
  'ip_allowlist_entries',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** The proxy its connections are carried as (the customer's own). */
    proxyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => proxies.id),
    /** Normalised network, e.g. `203.0.113.0/24`, `2001:db8:1::/48`, `198.51.100.7/32`. */
    network: cidr().notNull(),
    /** The customer's words (at most 100 characters). */
    note: text(),
    /**
     * Targeting by gateway port (README "IP allow-list"): gateway port (one of
     * GATEWAY_TARGET_PORTS, as text) -> username parameters without the base, e.g.
     * `{"10001": "country-us-session-a1"}`; any other port uses the proxy's own targeting.
     */
    portRules: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ip_allowlist_entries_network_key').on(table.userId, table.network),
    index('ip_allowlist_entries_user_idx').on(table.userId, table.createdAt),
    index('ip_allowlist_entries_proxy_idx').on(table.proxyId),
    // The overlap check (`&&`) of a new entry against every customer's.
    index('ip_allowlist_entries_network_overlap_idx').using('gist', table.network.op('inet_ops')),
    check(
      'ip_allowlist_entries_note_length',
      sql`${table.note} is null or char_length(${table.note}) <= 100`,
    ),
  ],
);
