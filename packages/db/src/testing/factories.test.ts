import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../open-database';
import { ledgerEntries, users } from '../schema';
import { createUser } from './factories';
import { createTestDatabase } from './index';
import { expectLedgerAddsUp, readLedgerTotals } from './ledger-assertions';

describe('test factories', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const entriesOf = (userId: bigint) =>
    handle.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

  it('gives a user its balance through one ledger entry', async () => {
    const user = await createUser(handle.db, { balance: 5_000_000n });
    expect(user.balance).toBe(5_000_000n);
    expect(await entriesOf(user.id)).toEqual([
      expect.objectContaining({ amount: 5_000_000n, kind: 'adjustment', balanceAfter: 5_000_000n }),
    ]);
    expect(await readLedgerTotals(handle.db, user.id)).toEqual({ balance: 5_000_000n, sum: 5_000_000n });
  });

  it('writes no entry for a user without a balance', async () => {
    const user = await createUser(handle.db);
    expect(user.balance).toBe(0n);
    expect(await entriesOf(user.id)).toEqual([]);
    expect(await expectLedgerAddsUp(handle.db, user.id)).toBe(0n);
  });

  it('writes the user and its entry in one transaction: no user is left when the entry fails', async () => {
    // An entry already holds the idempotency key the factory gives the next user's balance.
    const other = await createUser(handle.db);
    await handle.db.insert(ledgerEntries).values({
      userId: other.id,
      amount: 1n,
      kind: 'adjustment',
      idempotencyKey: 'test-balance:u_clash',
      balanceAfter: 1n,
    });
    await expect(createUser(handle.db, { uid: 'u_clash', balance: 1_000n })).rejects.toThrow();
    expect(await handle.db.select().from(users).where(eq(users.uid, 'u_clash'))).toEqual([]);
  });

  it('finds a balance that moved without its ledger entry', async () => {
    const user = await createUser(handle.db, { balance: 2_000n });
    expect(await expectLedgerAddsUp(handle.db, user.id)).toBe(2_000n);
    await handle.db.update(users).set({ balance: 1_500n }).where(eq(users.id, user.id));
    expect(await readLedgerTotals(handle.db, user.id)).toEqual({ balance: 1_500n, sum: 2_000n });
    await expect(expectLedgerAddsUp(handle.db, user.id)).rejects.toThrow(/sum of ledger entries/);
  });
});
