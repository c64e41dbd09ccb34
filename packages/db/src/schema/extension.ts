import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns';
import { proxies } from './proxies';
import { bytea, sessions } from './sessions';
import { users } from './users';

/**
 * Quick-access entries (SPEC §3 Quick access item, §5; issue #18): a favourite site a customer
 * opens through one of their proxies with the browser extension. The limits of the API
 * (`QUICK_ACCESS_*` in the contracts) hold in the table too.
 */
export const quickAccessEntries = pgTable(
  'quick_access_entries',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** Public, opaque id (`PUT`/`DELETE /api/proxy/quick_access/{id}`). */
    publicId: text().notNull(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The proxy it opens through; a deleted (or expired) proxy keeps its entries, flagged. */
    proxyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => proxies.id, { onDelete: 'cascade' }),
    /** A full http(s) URL. */
    url: text().notNull(),
    remark: text(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('quick_access_entries_public_id_key').on(table.publicId),
    index('quick_access_entries_user_idx').on(table.userId, table.createdAt, table.id),
    index('quick_access_entries_proxy_idx').on(table.proxyId),
    check('quick_access_entries_url_length', sql`char_length(${table.url}) between 1 and 2048`),
    check('quick_access_entries_remark_length', sql`char_length(${table.remark}) <= 200`),
  ],
);

/**
 * Pairings of the browser extension (issue #18): a scoped credential the console hands the
 * extension. Only the token's SHA-256 is stored. A pairing lives only as long as the console
 * session that made it (logout, expiry or revocation of that session ends it).
 */
export const extensionPairings = pgTable(
  'extension_pairings',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** Public, opaque id (`DELETE /api/proxy/extension/pairings/{id}`). */
    publicId: text().notNull(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The console session that made it. */
    sessionId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: bytea().notNull(),
    label: text(),
    createdAt: instant().notNull().defaultNow(),
    lastUsedAt: instant(),
    revokedAt: instant(),
  },
  (table) => [
    uniqueIndex('extension_pairings_public_id_key').on(table.publicId),
    uniqueIndex('extension_pairings_token_hash_key').on(table.tokenHash),
    index('extension_pairings_user_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.revokedAt} is null`),
    index('extension_pairings_session_idx').on(table.sessionId),
    check('extension_pairings_label_length', sql`char_length(${table.label}) <= 64`),
  ],
);
