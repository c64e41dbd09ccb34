import { randomUUID } from 'node:crypto';
import { type DatabaseHandle, eq, subUsers, subUserUsageDaily } from '@ptc/db';
import { createProxy, createTestDatabase, createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbCredentialStore } from './credential-store';
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
});
