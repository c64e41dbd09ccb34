import {
  and,
  asc,
  type Database,
  desc,
  eq,
  extensionPairings,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sessions,
  sql,
  users,
} from '@ptc/db';

/** A stored pairing. */
export type PairingRow = typeof extensionPairings.$inferSelect;

/** A pairing is live while it is not revoked and the console session that made it is live. */
const liveAt = (now: Date) =>
  and(isNull(extensionPairings.revokedAt), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/** Locks the user's row until the transaction ends, so concurrent pairings queue. */
export const lockUserForPairings = async (db: Database, userId: bigint) => {
  await db.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
};

/** The user's live pairings, newest first. */
export const listLivePairings = (db: Database, userId: bigint, now: Date) =>
  db
    .select({ pairing: extensionPairings })
    .from(extensionPairings)
    .innerJoin(sessions, eq(sessions.id, extensionPairings.sessionId))
    .where(and(eq(extensionPairings.userId, userId), liveAt(now)))
    .orderBy(desc(extensionPairings.createdAt), desc(extensionPairings.id))
    .then((rows) => rows.map((row) => row.pairing));

/** Marks pairings revoked; answers how many were live. */
export const revokePairings = async (db: Database, ids: readonly bigint[], now: Date) =>
  ids.length === 0
    ? 0
    : (
        await db
          .update(extensionPairings)
          .set({ revokedAt: now })
          .where(and(inArray(extensionPairings.id, [...ids]), isNull(extensionPairings.revokedAt)))
          .returning({ id: extensionPairings.id })
      ).length;

/**
 * Revokes the user's pairings whose session has ended (they can no longer be used, but should not
 * be counted or listed either).
 */
export const revokeEndedPairings = async (db: Database, userId: bigint, now: Date) => {
  const ended = await db
    .select({ id: extensionPairings.id })
    .from(extensionPairings)
    .innerJoin(sessions, eq(sessions.id, extensionPairings.sessionId))
    .where(
      and(
        eq(extensionPairings.userId, userId),
        isNull(extensionPairings.revokedAt),
        or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, now)),
      ),
    );
  return revokePairings(
    db,
    ended.map((row) => row.id),
    now,
  );
};

/** The user's live pairings, oldest first (the ones to revoke beyond the limit). */
export const oldestLivePairings = (db: Database, userId: bigint, now: Date) =>
  db
    .select({ id: extensionPairings.id })
    .from(extensionPairings)
    .innerJoin(sessions, eq(sessions.id, extensionPairings.sessionId))
    .where(and(eq(extensionPairings.userId, userId), liveAt(now)))
    .orderBy(asc(extensionPairings.createdAt), asc(extensionPairings.id));

/** Stores a new pairing. */
export const insertPairing = async (db: Database, pairing: typeof extensionPairings.$inferInsert) => {
  const [row] = await db.insert(extensionPairings).values(pairing).returning();
  if (!row) throw new Error('insert returned no pairing');
  return row;
};

/** Revokes one live pairing of the user by its public id; answers it, or null when there is none. */
export const revokePairingByPublicId = async (db: Database, userId: bigint, publicId: string, now: Date) => {
  const [row] = await db
    .update(extensionPairings)
    .set({ revokedAt: now })
    .where(
      and(
        eq(extensionPairings.userId, userId),
        eq(extensionPairings.publicId, publicId),
        isNull(extensionPairings.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
};

/**
 * The live pairing with this token hash, with its user: null when unknown, revoked, its session
 * ended (logout, expiry, revocation), or its user deleted or locked.
 */
export const findLivePairingByTokenHash = async (db: Database, tokenHash: Uint8Array, now: Date) => {
  const [row] = await db
    .select({ pairing: extensionPairings, user: users })
    .from(extensionPairings)
    .innerJoin(sessions, eq(sessions.id, extensionPairings.sessionId))
    .innerJoin(users, eq(users.id, extensionPairings.userId))
    .where(
      and(
        eq(extensionPairings.tokenHash, tokenHash),
        liveAt(now),
        eq(sessions.userId, extensionPairings.userId),
        isNull(users.deletedAt),
        isNull(users.lockedAt),
      ),
    )
    .limit(1);
  return row ?? null;
};

/** Records that a pairing was used. */
export const touchPairing = async (db: Database, pairingId: bigint, now: Date) => {
  await db.update(extensionPairings).set({ lastUsedAt: now }).where(eq(extensionPairings.id, pairingId));
};
