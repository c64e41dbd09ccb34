import { randomUUID } from 'node:crypto';
import { BYTES_PER_GB, DYNAMIC_TRAFFIC_PRICE_PER_GB } from '@ptc/contracts';
import {
  creditGrants,
  type DatabaseHandle,
  eq,
  proxies,
  sql,
  trafficPlans,
  trafficPools,
  users,
} from '@ptc/db';
import { createProxy, createTestDatabase, createUser, expectLedgerAddsUp } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbCreditStore, releaseLapsedGrants } from './credit-store';
import { createDbUsageSink } from './usage-sink';

const PRICE = Number(DYNAMIC_TRAFFIC_PRICE_PER_GB[1]);
const MIB = 1_048_576;
/** What `bytes` of traffic cost at PRICE, rounded up to the micro-PTC as a hold is. */
const costUp = (bytes: number) => (BigInt(bytes) * BigInt(PRICE) + BYTES_PER_GB - 1n) / BYTES_PER_GB;

describe('credit held in the database (quota grants)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const holdsOf = async (userId: bigint) => {
    const [row] = await handle.db
      .select({ balance: users.balance, held: users.held, heldPackageBytes: users.heldPackageBytes })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  };
  const grantsOf = (userId: bigint) =>
    handle.db.select().from(creditGrants).where(eq(creditGrants.userId, userId));
  const withPackage = async (userId: bigint, bytes: bigint) => {
    const [plan] = await handle.db.insert(trafficPlans).values({ gb: 1, pricePerGb: 1_000_000n }).returning();
    await handle.db
      .insert(trafficPools)
      .values({ userId, planId: plan?.id ?? 0n, bytesTotal: bytes, amount: 1_000_000n });
  };

  it('holds money of the spendable balance, never more than is spendable, and gives it back', async () => {
    const user = await createUser(handle.db, { balance: 100_000n });
    const store = createDbCreditStore(handle);
    const request = { userId: user.id.toString(), bytes: 4 * MIB, pricePerGb: PRICE };
    expect(await store.reserve(request)).toEqual({
      ok: true,
      credit: { packageBytes: 0, money: Number(costUp(4 * MIB)) },
    });
    expect(await holdsOf(user.id)).toEqual({
      balance: 100_000n,
      held: costUp(4 * MIB),
      heldPackageBytes: 0n,
    });
    // A second process holds what is left, and no more; then nothing is left for anyone.
    const other = createDbCreditStore(handle);
    const rest = 100_000n - costUp(4 * MIB);
    expect(await other.reserve({ ...request, bytes: 1024 * MIB })).toEqual({
      ok: true,
      credit: { packageBytes: 0, money: Number(rest) },
    });
    expect(await store.reserve(request)).toEqual({ ok: false, reason: 'no_funds' });
    expect((await holdsOf(user.id))?.held).toBe(100_000n);
    expect(await grantsOf(user.id)).toHaveLength(2);
    // Each process gives back only its own.
    await other.release([user.id.toString()]);
    expect((await holdsOf(user.id))?.held).toBe(costUp(4 * MIB));
    await store.release([user.id.toString()]);
    expect(await holdsOf(user.id)).toEqual({ balance: 100_000n, held: 0n, heldPackageBytes: 0n });
    expect(await grantsOf(user.id)).toHaveLength(0);
    await expectLedgerAddsUp(handle.db, user.id);
  });

  it('holds traffic-package bytes first, then money for the rest', async () => {
    const user = await createUser(handle.db, { balance: 1_000_000n });
    await withPackage(user.id, BigInt(MIB));
    const store = createDbCreditStore(handle);
    const answer = await store.reserve({ userId: user.id.toString(), bytes: 3 * MIB, pricePerGb: PRICE });
    expect(answer).toEqual({ ok: true, credit: { packageBytes: MIB, money: Number(costUp(2 * MIB)) } });
    expect(await holdsOf(user.id)).toEqual({
      balance: 1_000_000n,
      held: costUp(2 * MIB),
      heldPackageBytes: BigInt(MIB),
    });
    // The package is all held: the next grant is money only.
    const next = await store.reserve({ userId: user.id.toString(), bytes: MIB, pricePerGb: PRICE });
    expect(next).toEqual({ ok: true, credit: { packageBytes: 0, money: Number(costUp(MIB)) } });
    await store.release([user.id.toString()]);
    expect(await holdsOf(user.id)).toEqual({ balance: 1_000_000n, held: 0n, heldPackageBytes: 0n });
    await expectLedgerAddsUp(handle.db, user.id);
  });

  it('refuses an owner with nothing spendable, and a deleted one', async () => {
    const broke = await createUser(handle.db);
    const deleted = await createUser(handle.db, { balance: 1_000_000n, deletedAt: new Date() });
    const store = createDbCreditStore(handle);
    for (const user of [broke, deleted]) {
      expect(await store.reserve({ userId: user.id.toString(), bytes: MIB, pricePerGb: PRICE })).toEqual({
        ok: false,
        reason: 'no_funds',
      });
      await expectLedgerAddsUp(handle.db, user.id);
    }
  });

  it('a flush consumes the holder’s grant: package bytes, then money; the overrun is owed', async () => {
    const user = await createUser(handle.db, { balance: 1_000_000n });
    await withPackage(user.id, BigInt(MIB));
    const proxy = await createProxy(handle.db, user.id);
    const store = createDbCreditStore(handle);
    const sink = createDbUsageSink(handle, { holder: store.holder });
    await store.reserve({ userId: user.id.toString(), bytes: 2 * MIB, pricePerGb: PRICE });
    const granted = costUp(MIB);
    // 1 MiB on the package, then 1 MiB + 100 KiB on money: 100 KiB past the grant.
    const moneyBytes = MIB + 100 * 1024;
    await sink.flush({
      batchId: randomUUID(),
      at: new Date(),
      deltas: [
        {
          proxyId: proxy.id.toString(),
          bytesUp: 1_000,
          bytesDown: MIB + moneyBytes - 1_000,
          connections: 1,
          packageBytes: MIB,
        },
      ],
    });
    const [row] = await handle.db.select().from(proxies).where(eq(proxies.id, proxy.id));
    const cost = (BigInt(moneyBytes) * BigInt(PRICE)) / BYTES_PER_GB;
    expect(row).toMatchObject({
      accruedBytes: BigInt(MIB + moneyBytes),
      accruedPackageBytes: BigInt(MIB),
      accruedCost: cost,
    });
    // The grant is used up (the money part entirely, past it the cost is owed, still held).
    const [grant] = await grantsOf(user.id);
    expect(grant).toMatchObject({ amount: 0n, packageBytes: 0n });
    expect(await holdsOf(user.id)).toEqual({
      balance: 1_000_000n,
      held: cost,
      heldPackageBytes: BigInt(MIB),
    });
    expect(cost).toBeGreaterThan(granted);
    await store.release([user.id.toString()]);
    // Releasing the used-up grant leaves what usage accrued held until billing settles it.
    expect(await holdsOf(user.id)).toEqual({
      balance: 1_000_000n,
      held: cost,
      heldPackageBytes: BigInt(MIB),
    });
    await expectLedgerAddsUp(handle.db, user.id);
  });

  it('holds lapse unless renewed: a dead holder’s are released, a live one’s are kept', async () => {
    const user = await createUser(handle.db, { balance: 1_000_000n });
    const dead = createDbCreditStore(handle, { ttlMs: 200 });
    const alive = createDbCreditStore(handle, { ttlMs: 200 });
    await dead.reserve({ userId: user.id.toString(), bytes: MIB, pricePerGb: PRICE });
    await alive.reserve({ userId: user.id.toString(), bytes: MIB, pricePerGb: PRICE });
    expect((await holdsOf(user.id))?.held).toBe(2n * costUp(MIB));
    // Only `alive` renews, past the TTL of the first holds.
    for (let i = 0; i < 4; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await alive.renew();
    }
    const grants = await grantsOf(user.id);
    expect(grants.map((grant) => grant.holder)).toEqual([alive.holder]);
    expect((await holdsOf(user.id))?.held).toBe(costUp(MIB));
    // With nobody renewing, the server's job releases the rest.
    await handle.db
      .update(creditGrants)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(creditGrants.userId, user.id));
    expect(await releaseLapsedGrants(handle.db)).toBe(1);
    expect(await holdsOf(user.id)).toEqual({ balance: 1_000_000n, held: 0n, heldPackageBytes: 0n });
    await expectLedgerAddsUp(handle.db, user.id);
  });

  it('concurrent reservations of two processes never hold more than the balance', async () => {
    const user = await createUser(handle.db, { balance: 50_000n });
    const stores = [createDbCreditStore(handle), createDbCreditStore(handle)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        stores[i % 2]?.reserve({ userId: user.id.toString(), bytes: MIB, pricePerGb: PRICE }),
      ),
    );
    const held = answers.reduce((sum, answer) => sum + (answer?.ok ? BigInt(answer.credit.money) : 0n), 0n);
    expect(held).toBe(50_000n);
    expect((await holdsOf(user.id))?.held).toBe(50_000n);
    await expectLedgerAddsUp(handle.db, user.id);
  });
});
