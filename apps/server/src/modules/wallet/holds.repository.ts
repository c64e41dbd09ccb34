import { creditGrants, type Database, eq, sql, users } from '@ptc/db';

/**
 * A user's balance and holds, locked until the end of the transaction. Lock order everywhere: a
 * proxy, then its owner, then the owner's holds and packages.
 */
export const lockHolds = async (db: Database, userId: bigint) => {
  const [row] = await db
    .select({
      balance: users.balance,
      held: users.held,
      heldPackageBytes: users.heldPackageBytes,
      /** The owner's custom discount, for pricing under the same lock. */
      discountBasisPoints: users.discountBasisPoints,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
};

/** Changes a user's holds by signed amounts (never below zero). */
export const adjustHolds = async (
  db: Database,
  userId: bigint,
  change: { money: bigint; packageBytes: bigint },
) => {
  if (change.money === 0n && change.packageBytes === 0n) return;
  await db
    .update(users)
    .set({
      held: sql`greatest(${users.held} + ${change.money}, 0)`,
      heldPackageBytes: sql`greatest(${users.heldPackageBytes} + ${change.packageBytes}, 0)`,
    })
    .where(eq(users.id, userId));
};

/** Drops every hold of a user (the account is deleted: nothing it held is owed any more). */
export const dropHolds = async (db: Database, userId: bigint) => {
  await db.delete(creditGrants).where(eq(creditGrants.userId, userId));
  await db.update(users).set({ held: 0n, heldPackageBytes: 0n }).where(eq(users.id, userId));
};
