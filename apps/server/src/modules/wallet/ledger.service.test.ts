import { AppError } from '@ptc/contracts';
import { type DatabaseHandle, eq, ledgerEntries, users } from '@ptc/db';
import { createTestDatabase, createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalanceAndSum } from './ledger.repository';
import { moveMoney } from './ledger.service';

describe('the ledger', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const invariant = async (userId: bigint) => {
    const state = await readBalanceAndSum(database.db, userId);
    expect(state?.balance).toBe(state?.sum);
    return state?.balance;
  };

  it('credits and debits, recording the balance after each entry', async () => {
    const user = await createUser(database.db);
    const credit = await moveMoney(database.db, {
      userId: user.id,
      amount: 5_000_000n,
      kind: 'topup',
      idempotencyKey: 'a1',
    });
    const debit = await moveMoney(database.db, {
      userId: user.id,
      amount: -1_250_000n,
      kind: 'purchase',
      idempotencyKey: 'a2',
    });
    expect(credit).toMatchObject({ applied: true, entry: { balanceAfter: 5_000_000n } });
    expect(debit).toMatchObject({ applied: true, entry: { balanceAfter: 3_750_000n } });
    expect(await invariant(user.id)).toBe(3_750_000n);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totalTopUp).toBe(5_000_000n);
  });

  it('refuses to overdraw with 3002 and changes nothing', async () => {
    const user = await createUser(database.db);
    await moveMoney(database.db, {
      userId: user.id,
      amount: 1_000_000n,
      kind: 'topup',
      idempotencyKey: 'b1',
    });
    const attempt = moveMoney(database.db, {
      userId: user.id,
      amount: -1_000_001n,
      kind: 'purchase',
      idempotencyKey: 'b2',
    });
    await expect(attempt).rejects.toMatchObject({ code: 3002 });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(await invariant(user.id)).toBe(1_000_000n);
    expect(await database.db.$count(ledgerEntries, eq(ledgerEntries.idempotencyKey, 'b2'))).toBe(0);
  });

  it('moves money once per idempotency key', async () => {
    const user = await createUser(database.db);
    const first = await moveMoney(database.db, {
      userId: user.id,
      amount: 2_000_000n,
      kind: 'topup',
      idempotencyKey: 'c1',
    });
    const again = await moveMoney(database.db, {
      userId: user.id,
      amount: 2_000_000n,
      kind: 'topup',
      idempotencyKey: 'c1',
    });
    expect(first.applied).toBe(true);
    expect(again).toMatchObject({ applied: false, entry: { id: first.entry.id } });
    expect(await invariant(user.id)).toBe(2_000_000n);
  });

  it('lets exactly 10 of 50 parallel debits through a balance that covers 10', async () => {
    const user = await createUser(database.db);
    await moveMoney(database.db, {
      userId: user.id,
      amount: 10_000_000n,
      kind: 'topup',
      idempotencyKey: 'd0',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        moveMoney(database.db, {
          userId: user.id,
          amount: -1_000_000n,
          kind: 'purchase',
          idempotencyKey: `d${i + 1}`,
        }),
      ),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result) => result.status === 'rejected' && (result.reason as AppError).code === 3002,
    );
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(await invariant(user.id)).toBe(0n);
    const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(entries.every((entry) => entry.balanceAfter >= 0n)).toBe(true);
  });

  it('applies the same key once when it arrives five times at once', async () => {
    const user = await createUser(database.db);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        moveMoney(database.db, { userId: user.id, amount: 7_000_000n, kind: 'topup', idempotencyKey: 'e1' }),
      ),
    );
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(await invariant(user.id)).toBe(7_000_000n);
  });

  it('refuses a zero movement', async () => {
    const user = await createUser(database.db);
    await expect(
      moveMoney(database.db, { userId: user.id, amount: 0n, kind: 'adjustment', idempotencyKey: 'z' }),
    ).rejects.toThrow();
  });
});
