import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/**
 * A customer's preferred gateway host (SPEC §7 `GET`/`PUT /proxy/proxy/host`; issue #20): one of
 * the hosts the operator lists (`GATEWAY_PUBLIC_HOSTS`). No row: the operator's default. A stored
 * host the operator no longer lists counts as no choice.
 */
export const gatewayHostPreferences = pgTable(
  'gateway_host_preferences',
  {
    userId: bigint({ mode: 'bigint' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    host: text().notNull(),
    ...timestamps,
  },
  (table) => [
    check('gateway_host_preferences_host_length', sql`char_length(${table.host}) between 1 and 253`),
  ],
);
