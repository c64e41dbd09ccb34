import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { exits, proxies } from './proxies';
import { users } from './users';
import { ledgerEntries } from './wallet';

/**
 * Self-service replacements of static addresses (issue #21 item 5): a customer swaps the exit a
 * static proxy leases for another free one of the same type and area, keeping its credentials and
 * expiry. One row per replacement: the limits per period count these rows, `request_id` makes a
 * double click (or a retried request) replace once, and the zero-amount ledger entry puts it in
 * the money trail.
 */
export const proxyReplacements = pgTable(
  'proxy_replacements',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    proxyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => proxies.id),
    /** The caller's id of the request (one per dialog): the same id twice is one replacement. */
    requestId: text().notNull(),
    /** Why: unhealthy, blocked (the old address is quarantined), slow, other. */
    reason: text({ enum: ['unhealthy', 'blocked', 'slow', 'other'] }).notNull(),
    /** The customer's words (at most 200 characters). */
    note: text(),
    oldExitId: bigint({ mode: 'bigint' }).references(() => exits.id),
    newExitId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => exits.id),
    /** The addresses as they were shown (an exit's address may be edited later). */
    oldIp: text(),
    newIp: text(),
    ledgerEntryId: bigint({ mode: 'bigint' }).references(() => ledgerEntries.id),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('proxy_replacements_request_key').on(table.userId, table.requestId),
    index('proxy_replacements_proxy_idx').on(table.proxyId, table.createdAt),
    index('proxy_replacements_user_idx').on(table.userId, table.createdAt),
    check('proxy_replacements_request_id_length', sql`char_length(${table.requestId}) between 1 and 64`),
    check('proxy_replacements_note_length', sql`${table.note} is null or char_length(${table.note}) <= 200`),
  ],
);
