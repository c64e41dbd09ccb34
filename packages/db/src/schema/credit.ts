import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant, micro, timestamps } from './columns';
import { users } from './users';

/**
 * Credit a gateway process holds for a customer (DESIGN §4 Credit control; RFC 4006's granted
 * units): money reserved from the spendable balance and traffic-package bytes it may still carry,
 * beyond the usage it has flushed. The process consumes it locally; each usage flush takes what
 * was carried out of it; it renews the hold before `expiresAt`, and gives it back when it stops
 * serving the customer. A hold whose holder stopped renewing (a crash) is released after its TTL.
 * `users.held` and `users.held_package_bytes` include every row's amounts.
 */
export const creditGrants = pgTable(
  'credit_grants',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** The gateway process holding it (an id it draws at start). */
    holder: text().notNull(),
    /** Micro-PTC held from the balance, not yet carried. */
    amount: micro().notNull().default(sql`0`),
    /** Traffic-package bytes held, not yet carried. */
    packageBytes: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /** Released unless renewed by then. */
    expiresAt: instant().notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.holder] }),
    index('credit_grants_holder_idx').on(table.holder),
    index('credit_grants_expiry_idx').on(table.expiresAt),
    check('credit_grants_amounts_non_negative', sql`${table.amount} >= 0 and ${table.packageBytes} >= 0`),
  ],
);
