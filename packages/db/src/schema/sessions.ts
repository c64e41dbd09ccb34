import { bigint, bigserial, customType, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './users';

/** Raw bytes (hashes). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Signed-in sessions. The token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: bytea().notNull(),
    /** How the session was started (password, sms, google, github, tourist …). */
    method: text().notNull(),
    createdAt: instant().notNull().defaultNow(),
    lastSeenAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    revokedAt: instant(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);
