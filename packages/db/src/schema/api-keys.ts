import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { bytea } from './sessions';
import { users } from './users';

/**
 * API keys (issue #17): the V2 keys a customer names (at most 10 live) and the single legacy V1
 * key. The secret is never stored, only its SHA-256 (a random 32-byte secret needs no slow hash).
 * A deleted key is revoked, not removed, so the money trail can still name it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** Public, opaque id (`DELETE /api/key/{key_id}`). */
    publicId: text().notNull(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text({ enum: ['v1', 'v2'] }).notNull(),
    name: text().notNull(),
    /** `full`: everything the owner may do; `read`: reads only. */
    scope: text({ enum: ['full', 'read'] })
      .notNull()
      .default('full'),
    /** Client addresses or CIDR blocks the key is accepted from; any when empty. */
    allowList: text().array().notNull().default(sql`'{}'::text[]`),
    secretHash: bytea().notNull(),
    /** The secret's prefix, first four and last four characters, for lists. */
    hint: text().notNull(),
    createdAt: instant().notNull().defaultNow(),
    lastUsedAt: instant(),
    lastUsedIp: text(),
    revokedAt: instant(),
  },
  (table) => [
    uniqueIndex('api_keys_public_id_key').on(table.publicId),
    uniqueIndex('api_keys_secret_hash_key').on(table.secretHash),
    index('api_keys_user_idx').on(table.userId, table.createdAt),
    // One live legacy key per account: a regenerated one replaces it.
    uniqueIndex('api_keys_live_v1_key')
      .on(table.userId)
      .where(sql`${table.version} = 'v1' and ${table.revokedAt} is null`),
  ],
);

/**
 * Idempotency keys of the public API (issue #17): the first request under a key claims the row,
 * runs, and stores its answer; a retry with the same key replays the answer. Rows live 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The `Idempotency-Key` header's value. */
    key: text().notNull(),
    /** SHA-256 of the method, path and body of the request that claimed the key. */
    fingerprint: text().notNull(),
    /** HTTP status of the stored answer; null while the first request runs. */
    status: integer(),
    /** The stored answer: `{ ok: data }` or `{ error: { code, msg, data } }`. */
    response: jsonb().$type<unknown>(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
