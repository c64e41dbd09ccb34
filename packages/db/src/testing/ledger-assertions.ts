import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Database, queryRows } from '../open-database';
import { ledgerEntries, users } from '../schema';

/** A user's balance and the sum of their ledger entries, read in one statement (one snapshot). */
export const readLedgerTotals = async (
  db: Database,
  userId: bigint,
): Promise<{ balance: bigint; sum: bigint }> => {
  const [row] = await queryRows<{ balance: string; sum: string }>(
    db,
    sql`select ${users.balance}::text as balance,
          (select coalesce(sum(${ledgerEntries.amount}), 0)::text
             from ${ledgerEntries} where ${ledgerEntries.userId} = ${users.id}) as sum
        from ${users} where ${users.id} = ${userId}`,
  );
  if (!row) throw new Error(`no user ${userId}`);
  return { balance: BigInt(row.balance), sum: BigInt(row.sum) };
};

/**
 * Asserts the ledger invariant (DESIGN §4 Ledger) for a user: `users.balance` equals the sum of
 * their entries, so no balance moved without its entry. Answers the balance.
 */
export const expectLedgerAddsUp = async (db: Database, userId: bigint): Promise<bigint> => {
  const { balance, sum } = await readLedgerTotals(db, userId);
  expect(balance, `user ${userId}: balance == sum of ledger entries`).toBe(sum);
  return balance;
};
