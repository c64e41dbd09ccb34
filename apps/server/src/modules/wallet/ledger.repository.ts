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
 * Adds `amount` to a live user's balance; answers the new balance, or null when the guard refused.
 * A debit must fit in what the user can spend, the balance less what is held for traffic
 * (`held`, DESIGN §4 Credit control); a settlement (`isSettlement`: a debit of held money, whose
 * holds the caller takes down) only in the balance. The row lock serialises concurrent movements
 * of one user, and the guard is checked on the locked row.
 */
export const addToBalance = async (
  db: Database,
  userId: bigint,
  amount: bigint,
  topUp: bigint,
  isSettlement = false,
) => {
  const guard =
    amount >= 0n || isSettlement
      ? sql`${users.balance} + ${amount} >= 0`
      : sql`${users.balance} - ${users.held} + ${amount} >= 0`;
  const [row] = await db
    .update(users)
    .set({
      balance: sql`${users.balance} + ${amount}`,
      totalTopUp: sql`${users.totalTopUp} + ${topUp}`,
    })
    .where(and(eq(users.id, userId), guard))
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
