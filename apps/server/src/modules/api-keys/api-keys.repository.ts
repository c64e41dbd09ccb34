import { and, apiKeys, count, type Database, desc, eq, isNull, sql, users } from '@ptc/db';

/** A stored key. */
export type ApiKeyRow = typeof apiKeys.$inferSelect;

const live = isNull(apiKeys.revokedAt);

/** Locks the user's row until the transaction ends, so concurrent key creations queue. */
export const lockUserForKeys = async (db: Database, userId: bigint) => {
  await db.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
};

/** How many live keys of `version` the user holds. */
export const countLiveKeys = async (db: Database, userId: bigint, version: ApiKeyRow['version']) => {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.version, version), live));
  return row?.n ?? 0;
};

/** Stores a new key. */
export const insertApiKey = async (db: Database, key: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> => {
  const [row] = await db.insert(apiKeys).values(key).returning();
  if (!row) throw new Error('insert returned no key');
  return row;
};

/** The user's live keys of `version`, newest first. */
export const listLiveKeys = (db: Database, userId: bigint, version: ApiKeyRow['version']) =>
  db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.version, version), live))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

/** Revokes one live V2 key of the user by its public id; answers it, or null when there is none. */
export const revokeKeyByPublicId = async (db: Database, userId: bigint, publicId: string, now: Date) => {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.publicId, publicId), eq(apiKeys.version, 'v2'), live))
    .returning();
  return row ?? null;
};

/** Revokes the user's live keys of `version` (every version when absent); answers how many. */
export const revokeUserKeys = async (
  db: Database,
  userId: bigint,
  now: Date,
  version?: ApiKeyRow['version'],
) =>
  (
    await db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, userId), version ? eq(apiKeys.version, version) : undefined, live))
      .returning({ id: apiKeys.id })
  ).length;

/** The live key with this secret hash and its live owner; null when unknown or revoked. */
export const findLiveKeyBySecretHash = async (db: Database, secretHash: Uint8Array) => {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.secretHash, secretHash), live, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
};

/** Records that a key was used, from where. */
export const touchApiKey = async (db: Database, keyId: bigint, now: Date, ip: string) => {
  await db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: ip }).where(eq(apiKeys.id, keyId));
};
