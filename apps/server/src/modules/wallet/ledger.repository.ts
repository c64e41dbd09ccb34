import { and, type Database, eq, ledgerEntries, sql, users } from '@ptc/db';

/** The entry recorded under an idempotency key, if any. */
export const findEntryByKey = async (db: Database, idempotencyKey: string) => {
  const [entry] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, idempotencyKey))
    .limit(1);
  return entry ?? null;
};

/**
 * Adds `amount` to a live user's balance unless it would go negative; answers the new balance,
 * or null when the guard refused. The row lock serialises concurrent movements of one user.
 */
export const addToBalance = async (db: Database, userId: bigint, amount: bigint, topUp: bigint) => {
  const [row] = await db
    .update(users)
    .set({
      balance: sql`${users.balance} + ${amount}`,
      totalTopUp: sql`${users.totalTopUp} + ${topUp}`,
    })
    .where(and(eq(users.id, userId), sql`${users.balance} + ${amount} >= 0`))
    .returning({ balance: users.balance });
  return row?.balance ?? null;
};

/** Appends an entry. */
export const insertEntry = async (db: Database, entry: typeof ledgerEntries.$inferInsert) => {
  const [row] = await db.insert(ledgerEntries).values(entry).returning();
  if (!row) throw new Error('insert returned no entry');
  return row;
};

/** A user's balance and the sum of their entries (for invariant checks). */
export const readBalanceAndSum = async (db: Database, userId: bigint) => {
  const [[user], [entries]] = await Promise.all([
    db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)),
    db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId)),
  ]);
  return user ? { balance: user.balance, sum: BigInt(entries?.sum ?? '0') } : null;
};
