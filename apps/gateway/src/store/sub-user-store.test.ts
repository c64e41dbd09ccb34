import { randomUUID } from 'node:crypto';
import { type DatabaseHandle, eq, sql, subUserGrants, subUsers, subUserUsageDaily } from '@ptc/db';
import { createProxy, createTestDatabase, createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubUserLimits } from '../ports';
import { createDbCredentialStore } from './credential-store';
import { createDbCreditStore, releaseLapsedGrants } from './credit-store';
import { createDbUsageSink } from './usage-sink';

describe("sub-users in the gateway's stores (issue #21)", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const subUserOf = async (
    limits: { trafficLimitBytes?: bigint; spendingLimit?: bigint; period?: 'day' | 'week' | 'month' } = {},
  ) => {
    const owner = await createUser(handle.db, { balance: 50_000_000n });
    const proxy = await createProxy(handle.db, owner.id);
    const [subUser] = await handle.db
      .insert(subUsers)
      .values({ userId: owner.id, proxyId: proxy.id, name: `team-${proxy.id}`, ...limits })
      .returning();
    if (!subUser) throw new Error('no sub-user');
    return { owner, proxy, subUser };
  };

  it('the usage flush adds what a sub-user carried to its day, priced; the credential carries limits and usage of the period', async () => {
    const { proxy, subUser } = await subUserOf({
      trafficLimitBytes: 10_000_000n,
      spendingLimit: 9_000_000n,
      period: 'week',
    });
    const plain = await createProxy(handle.db, subUser.userId);
    const sink = createDbUsageSink(handle);
    const at = new Date();
    const delta = (proxyId: bigint, up: number, down: number) => ({
      proxyId: proxyId.toString(),
      bytesUp: up,
      bytesDown: down,
      connections: 1,
      packageBytes: 0,
    });
    await sink.flush({
      batchId: randomUUID(),
      at,
      deltas: [delta(proxy.id, 1_000, 2_000), delta(plain.id, 5_000, 0)],
    });
    const batchId = randomUUID();
    await sink.flush({ batchId, at, deltas: [delta(proxy.id, 0, 1_000_000)] });
    // A batch applied twice counts once.
    await sink.flush({ batchId, at, deltas: [delta(proxy.id, 0, 1_000_000)] });
    const [day] = await handle.db
      .select()
      .from(subUserUsageDaily)
      .where(eq(subUserUsageDaily.subUserId, subUser.id));
    expect(day?.day).toBe(at.toISOString().slice(0, 10));
    expect(day?.bytes).toBe(1_003_000n);
    expect(day?.cost).toBeGreaterThan(0n);
    // Older days of the period count, days before it do not.
    const monday = new Date(
      Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - ((at.getUTCDay() + 6) % 7)),
    );
    const earlier = new Date(monday.getTime() - 86_400_000).toISOString().slice(0, 10);
    await handle.db
      .insert(subUserUsageDaily)
      .values({ subUserId: subUser.id, day: earlier, bytes: 7_000_000n, cost: 1n });
    const store = createDbCredentialStore(handle);
    const credential = await store.findByUsername(proxy.username);
    expect(credential?.subUser).toEqual({
      id: subUser.id.toString(),
      trafficLimitBytes: 10_000_000,
      spendingLimit: 9_000_000,
      bytesUsed: 1_003_000,
      moneyUsed: Number(day?.cost),
      periodEndsAt: monday.getTime() + 7 * 86_400_000,
    });
    expect(credential?.admission).toEqual({ ok: true });
    expect((await store.findByUsername(plain.username))?.subUser).toBeNull();
    await store.close();
  });

  it('refuses a paused sub-user (sub_user_paused) and one whose limit of the period is used up (sub_user_limit)', async () => {
    const paused = await subUserOf();
    await handle.db.update(subUsers).set({ status: 'paused' }).where(eq(subUsers.id, paused.subUser.id));
    const spent = await subUserOf({ trafficLimitBytes: 1_000n, period: 'day' });
    const today = new Date().toISOString().slice(0, 10);
    await handle.db
      .insert(subUserUsageDaily)
      .values({ subUserId: spent.subUser.id, day: today, bytes: 1_000n, cost: 0n });
    const broke = await subUserOf({ spendingLimit: 500n, period: 'month' });
    await handle.db
      .insert(subUserUsageDaily)
      .values({ subUserId: broke.subUser.id, day: today, bytes: 10n, cost: 500n });
    const fine = await subUserOf({ trafficLimitBytes: 1_001n, period: 'day' });
    await handle.db
      .insert(subUserUsageDaily)
      .values({ subUserId: fine.subUser.id, day: today, bytes: 1_000n, cost: 0n });
    // A deleted sub-user's link no longer applies (its proxy is deleted with it).
    const deleted = await subUserOf();
    await handle.db
      .update(subUsers)
      .set({ status: 'paused', deletedAt: new Date() })
      .where(eq(subUsers.id, deleted.subUser.id));
    const store = createDbCredentialStore(handle);
    const admissions = await store.checkAdmission(
      [paused, spent, broke, fine, deleted].map(({ proxy }) => proxy.id.toString()),
    );
    expect(admissions.get(paused.proxy.id.toString())).toEqual({ ok: false, reason: 'sub_user_paused' });
    expect(admissions.get(spent.proxy.id.toString())).toEqual({ ok: false, reason: 'sub_user_limit' });
    expect(admissions.get(broke.proxy.id.toString())).toEqual({ ok: false, reason: 'sub_user_limit' });
    expect(admissions.get(fine.proxy.id.toString())).toEqual({ ok: true });
    expect(admissions.get(deleted.proxy.id.toString())).toEqual({ ok: true });
    expect((await store.findByUsername(paused.proxy.username))?.admission).toEqual({
      ok: false,
      reason: 'sub_user_paused',
    });
    await store.close();
  });

  it("holds a sub-user's limits per process: never more than is left, consumed by the flush, given back by a release and a lapse", async () => {
    const MIB = 1_048_576;
    const { proxy, subUser } = await subUserOf({
      trafficLimitBytes: BigInt(10 * MIB),
      spendingLimit: 1_000_000n,
      period: 'day',
    });
    const id = subUser.id.toString();
    // The gateway's figures, which the database store does not trust: it reads its own under the lock.
    const limits: SubUserLimits = {
      id,
      trafficLimitBytes: 1e12,
      spendingLimit: 1e12,
      bytesUsed: 0,
      moneyUsed: 0,
      periodEndsAt: Date.now() + 86_400_000,
    };
    const [a, b] = [createDbCreditStore(handle), createDbCreditStore(handle)];
    const ask = (store: typeof a, bytes = MIB, money = 100_000) =>
      store.reserveSubUser({ subUserId: id, bytes, money, limits });
    // Twenty requests of two processes at once: exactly the limits are held, no more.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(i % 2 ? a : b)));
    const granted = answers.filter((answer) => answer.ok);
    expect(granted).toHaveLength(10);
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array.from({ length: 10 }, () => ({ ok: false, reason: 'sub_user_limit' })),
    );
    const grantsOf = async () =>
      new Map(
        (await handle.db.select().from(subUserGrants).where(eq(subUserGrants.subUserId, subUser.id))).map(
          (grant) => [grant.holder, grant],
        ),
      );
    const held = [...(await grantsOf()).values()];
    expect(held.reduce((sum, grant) => sum + grant.bytes, 0n)).toBe(BigInt(10 * MIB));
    expect(held.reduce((sum, grant) => sum + grant.amount, 0n)).toBe(1_000_000n);
    const heldByA = (await grantsOf()).get(a.holder);
    const heldByB = (await grantsOf()).get(b.holder);
    expect(heldByA?.bytes).toBeGreaterThan(BigInt(MIB));
    // A's usage flush takes what it carried out of A's grant only.
    await createDbUsageSink(handle, { holder: a.holder }).flush({
      batchId: randomUUID(),
      at: new Date(),
      deltas: [{ proxyId: proxy.id.toString(), bytesUp: 0, bytesDown: MIB, connections: 1, packageBytes: 0 }],
    });
    const [day] = await handle.db
      .select()
      .from(subUserUsageDaily)
      .where(eq(subUserUsageDaily.subUserId, subUser.id));
    const afterFlush = await grantsOf();
    expect(afterFlush.get(a.holder)?.bytes).toBe((heldByA?.bytes ?? 0n) - BigInt(MIB));
    expect(afterFlush.get(a.holder)?.amount).toBe((heldByA?.amount ?? 0n) - (day?.cost ?? 0n));
    expect(afterFlush.get(b.holder)?.bytes).toBe(heldByB?.bytes);
    // Usage and grants still add up to the limit: nothing more for anyone.
    expect(await ask(b, 1)).toEqual({ ok: false, reason: 'sub_user_limit' });
    // A gives back what it holds: B may hold it (less what A carried).
    await a.releaseSubUsers([id]);
    const again = await ask(b, 10 * MIB, 10_000_000);
    expect(again).toEqual({
      ok: true,
      grant: {
        bytes: Number(heldByA?.bytes ?? 0n) - MIB,
        money: Number((heldByA?.amount ?? 0n) - (day?.cost ?? 0n)),
      },
    });
    // B stops renewing: its grant lapses and the server's job gives it back.
    await handle.db
      .update(subUserGrants)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(subUserGrants.subUserId, subUser.id));
    expect(await releaseLapsedGrants(handle.db)).toBeGreaterThanOrEqual(1);
    expect((await grantsOf()).size).toBe(0);
    const fresh = await ask(a, 10 * MIB, 10_000_000);
    expect(fresh).toEqual({
      ok: true,
      grant: { bytes: 9 * MIB, money: Number(1_000_000n - (day?.cost ?? 0n)) },
    });
    // Renewals keep a grant alive past its TTL.
    const short = createDbCreditStore(handle, { ttlMs: 150 });
    await a.releaseSubUsers([id]);
    expect((await short.reserveSubUser({ subUserId: id, bytes: MIB, money: 1, limits })).ok).toBe(true);
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await short.renew();
    }
    expect((await grantsOf()).get(short.holder)?.bytes).toBe(BigInt(MIB));
    // A paused sub-user gets nothing; one without limits holds nothing.
    await handle.db.update(subUsers).set({ status: 'paused' }).where(eq(subUsers.id, subUser.id));
    expect(await ask(a)).toEqual({ ok: false, reason: 'sub_user_limit' });
    const free = await subUserOf();
    expect(
      await a.reserveSubUser({ subUserId: free.subUser.id.toString(), bytes: MIB, money: 1, limits }),
    ).toEqual({ ok: true, grant: { bytes: null, money: null } });
  });
});
