import { and, type Database, eq, gt, isNull, passwordResets } from '@ptc/db';

/** Stores a reset request (hash of its link credential). */
export const insertPasswordReset = async (db: Database, row: typeof passwordResets.$inferInsert) => {
  await db.insert(passwordResets).values(row);
};

/** The live reset request of a link credential. */
export const findLiveReset = async (db: Database, credentialHash: Uint8Array, now: Date) => {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.credentialHash, credentialHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
};

/** Spends a reset request; false when it was spent already. */
export const useReset = async (db: Database, id: bigint, now: Date) => {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
};

/** Spends every open reset request of a user. */
export const useResetsOf = async (db: Database, userId: bigint, now: Date) => {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
};
