import { and, type Database, eq, idempotencyKeys, lt } from '@ptc/db';

/** A stored idempotency key. */
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Claims `key` for the user's request; true when this call claimed it, false when it was taken. */
export const claimIdempotencyKey = async (db: Database, userId: bigint, key: string, fingerprint: string) =>
  (
    await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
  ).length === 1;

/** The user's row of `key`, if any. */
export const findIdempotencyKey = async (db: Database, userId: bigint, key: string) => {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row ?? null;
};

/** Stores the answer of the request that claimed `key`. */
export const storeIdempotentAnswer = async (
  db: Database,
  userId: bigint,
  key: string,
  status: number,
  response: unknown,
) => {
  await db
    .update(idempotencyKeys)
    .set({ status, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
};

/** Gives `key` up (its request failed unexpectedly, or the row expired), so the next request may claim it. */
export const releaseIdempotencyKey = async (
  db: Database,
  userId: bigint,
  key: string,
  createdBefore?: Date,
) => {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        createdBefore ? lt(idempotencyKeys.createdAt, createdBefore) : undefined,
      ),
    );
};

/** Removes every key claimed before `before`; answers how many. */
export const deleteIdempotencyKeysBefore = async (db: Database, before: Date) =>
  (
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before))
      .returning({ key: idempotencyKeys.key })
  ).length;
