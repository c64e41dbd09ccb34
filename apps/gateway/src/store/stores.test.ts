import {
  type DatabaseHandle,
  eq,
  proxies,
  proxyUsageHourly,
  trafficPlans,
  trafficPools,
  usageBatches,
} from '@ptc/db';
import { createExit, createProxy, createTestDatabase, createUser, expectLedgerAddsUp } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbCredentialStore, notifyProxyChanged } from './credential-store';
import { createDbExitCatalog } from './exit-catalog';
import { createDbUsageSink } from './usage-sink';

describe('the gateway stores on the database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const funded = async () => createUser(handle.db, { balance: 5_000_000n });

  it('finds a credential with its area and admits a working proxy', async () => {
    const user = await funded();
    const proxy = await createProxy(handle.db, user.id, {
      country: 'US',
      state: 'NY',
      line: 2,
      exitType: 'residential',
    });
    const store = createDbCredentialStore(handle);
    const credential = await store.findByUsername(proxy.username);
    expect(credential).toMatchObject({
      proxyId: proxy.id.toString(),
      password: proxy.password,
      family: 'dynamic-traffic',
      area: { country: 'US', state: 'NY' },
      line: 2,
      exitType: 'residential',
      admission: { ok: true },
    });
    expect(await store.findByUsername('nobody')).toBeNull();
    await store.close();
  });

  it('refuses switched-off, expired, invalid, unhealthy, deleted and unfunded traffic proxies', async () => {
    const user = await funded();
    const broke = await createUser(handle.db);
    const cases = [
      [await createProxy(handle.db, user.id, { switch: 6 }), 'off'],
      [await createProxy(handle.db, user.id, { expiresAt: new Date(Date.now() - 1_000) }), 'expired'],
      [await createProxy(handle.db, user.id, { status: 3 }), 'expired'],
      [await createProxy(handle.db, user.id, { status: 2 }), 'invalid'],
      [await createProxy(handle.db, user.id, { status: 4 }), 'unhealthy'],
      [await createProxy(handle.db, user.id, { deletedAt: new Date() }), 'deleted'],
      [await createProxy(handle.db, broke.id), 'no_funds'],
    ] as const;
    const prepaid = await createProxy(handle.db, broke.id, { family: 'static-ip' });
    // Bought traffic carries a traffic proxy without balance.
    const packaged = await createUser(handle.db);
    const [plan] = await handle.db.insert(trafficPlans).values({ gb: 1, pricePerGb: 1_000_000n }).returning();
    await handle.db
      .insert(trafficPools)
      .values({ userId: packaged.id, planId: plan?.id ?? 0n, bytesTotal: 1n << 30n, amount: 1_000_000n });
    const packagedProxy = await createProxy(handle.db, packaged.id);
    const store = createDbCredentialStore(handle);
    const admissions = await store.checkAdmission([
      ...cases.map(([proxy]) => proxy.id.toString()),
      prepaid.id.toString(),
      packagedProxy.id.toString(),
      '999999',
    ]);
    for (const [proxy, reason] of cases)
      expect(admissions.get(proxy.id.toString())).toEqual({ ok: false, reason });
    expect(admissions.get(prepaid.id.toString())).toEqual({ ok: true });
    expect(admissions.get(packagedProxy.id.toString())).toEqual({ ok: true });
    expect(admissions.get('999999')).toEqual({ ok: false, reason: 'deleted' });
    await store.close();
  });

  it('tells listeners when a proxy changes', async () => {
    const store = createDbCredentialStore(handle);
    const heard: (string | null)[] = [];
    store.onChange((id) => heard.push(id));
    // The first subscription starts listening asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await notifyProxyChanged(handle, 42n);
    await notifyProxyChanged(handle, null);
    await expect.poll(() => heard).toEqual(['42', null]);
    await store.close();
  });

  it('lists healthy exits matching an area, line and type, in id order', async () => {
    const ny = await createExit(handle.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
    const ny2 = await createExit(handle.db, {
      country: 'US',
      state: 'NY',
      city: 'newyork',
      line: 1,
      type: 'datacenter',
    });
    await createExit(handle.db, { country: 'US', state: 'CA', city: 'losangeles', line: 1 });
    await createExit(handle.db, { country: 'US', state: 'NY', city: 'newyork', line: 1, isHealthy: false });
    const catalog = createDbExitCatalog(handle);
    const found = await catalog.findExits({ country: 'us', state: 'ny', city: 'newyork', line: 1 });
    expect(found.map((exit) => exit.id)).toEqual([ny.id.toString(), ny2.id.toString()]);
    expect(
      (await catalog.findExits({ country: 'US', state: 'NY', type: 'datacenter' })).map((e) => e.id),
    ).toEqual([ny2.id.toString()]);
    expect(await catalog.findExits({ exitId: ny.id.toString() })).toHaveLength(1);
  });

  it('refreshes an answer in use during the last quarter of its time, and never uses one past it', async () => {
    const clock = { now: 0 };
    const catalog = createDbExitCatalog(handle, { cacheMs: 1_000, now: () => clock.now });
    const first = await createExit(handle.db, { country: 'FR', city: 'paris' });
    const ids = async () => (await catalog.findExits({ country: 'FR' })).map((exit) => exit.id);
    expect(await ids()).toEqual([first.id.toString()]);
    const second = await createExit(handle.db, { country: 'FR', city: 'paris' });
    clock.now = 749;
    expect(await ids()).toEqual([first.id.toString()]);
    // From 750 the cached answer is still served, while a query refreshes it.
    clock.now = 750;
    expect(await ids()).toEqual([first.id.toString()]);
    await expect.poll(ids).toEqual([first.id.toString(), second.id.toString()]);
    // Past its time an answer is not used: the caller waits for the query.
    const third = await createExit(handle.db, { country: 'FR', city: 'paris' });
    clock.now = 750 + 1_000;
    expect(await ids()).toEqual([first.id.toString(), second.id.toString(), third.id.toString()]);
  });

  it('answers at once only a fresh answer that is in, as findExits would answer it', async () => {
    const clock = { now: 0 };
    const catalog = createDbExitCatalog(handle, { cacheMs: 1_000, now: () => clock.now });
    const first = await createExit(handle.db, { country: 'IT', city: 'rome' });
    const criteria = { country: 'IT' };
    expect(catalog.recallExits(criteria)).toBeNull();
    const asked = catalog.findExits(criteria);
    expect(catalog.recallExits(criteria)).toBeNull();
    const answer = await asked;
    expect(catalog.recallExits(criteria)).toBe(answer);
    const second = await createExit(handle.db, { country: 'IT', city: 'rome' });
    // In the last quarter of its time it is still answered, while a query refreshes it.
    clock.now = 750;
    expect(catalog.recallExits(criteria)).toBe(answer);
    await expect
      .poll(() => catalog.recallExits(criteria)?.map((exit) => exit.id))
      .toEqual([first.id.toString(), second.id.toString()]);
    clock.now = 750 + 1_000;
    expect(catalog.recallExits(criteria)).toBeNull();
  });

  it('takes an upstream exit out of rotation after repeated failures, never a direct one', async () => {
    const upstream = await createExit(handle.db, {
      kind: 'http',
      host: '127.0.0.1',
      port: 9,
      country: 'DE',
      city: 'berlin',
    });
    const direct = await createExit(handle.db, { country: 'DE', city: 'berlin' });
    const catalog = createDbExitCatalog(handle);
    for (let i = 0; i < 5; i += 1) {
      catalog.reportFailure?.(upstream.id.toString(), new Error('refused'));
      catalog.reportFailure?.(direct.id.toString(), new Error('refused'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    catalog.invalidate();
    await expect
      .poll(async () => (await catalog.findExits({ country: 'DE' })).map((e) => e.id))
      .toEqual([direct.id.toString()]);
  });

  it('prices traffic at the owner’s price: the list price less the enterprise discount', async () => {
    const owner = await createUser(handle.db, {
      balance: 50_000_000n,
      plan: 'enterprise',
      discountBasisPoints: 2_000,
    });
    const proxy = await createProxy(handle.db, owner.id, { line: 1 });
    const store = createDbCredentialStore(handle);
    expect((await store.findByUsername(proxy.username))?.pricePerGb).toBe(4_000_000);
    await store.close();
    await createDbUsageSink(handle).flush({
      batchId: '5f1d2c3b-4a59-4e68-8f7a-6b5c4d3e2f10',
      at: new Date('2026-11-22T11:00:00Z'),
      deltas: [
        { proxyId: proxy.id.toString(), bytesUp: 0, bytesDown: 2 ** 30, connections: 1, packageBytes: 0 },
      ],
    });
    const [row] = await handle.db.select().from(proxies).where(eq(proxies.id, proxy.id));
    expect(row?.accruedCost).toBe(4_000_000n);
    await expectLedgerAddsUp(handle.db, owner.id);
  });

  it('applies a usage batch once, into hourly buckets and lifetime counters', async () => {
    const user = await funded();
    const proxy = await createProxy(handle.db, user.id);
    const sink = createDbUsageSink(handle);
    const at = new Date('2026-11-22T10:15:00Z');
    const batch = {
      batchId: '8b7d3c3e-1f5e-4c2a-9d55-0d3c1b0f7a11',
      at,
      deltas: [
        { proxyId: proxy.id.toString(), bytesUp: 1_000, bytesDown: 5_000, connections: 2, packageBytes: 0 },
        { proxyId: '987654321', bytesUp: 10, bytesDown: 10, connections: 1, packageBytes: 0 },
      ],
    };
    await sink.flush(batch);
    await sink.flush(batch);
    await sink.flush({
      ...batch,
      batchId: '1c0b7e59-2a3d-4f60-8a9b-7c6d5e4f3a21',
      at: new Date('2026-11-22T10:45:00Z'),
    });
    const buckets = await handle.db
      .select()
      .from(proxyUsageHourly)
      .where(eq(proxyUsageHourly.proxyId, proxy.id));
    expect(buckets).toHaveLength(1);
    expect(buckets[0]).toMatchObject({
      hour: new Date('2026-11-22T10:00:00Z'),
      bytesUp: 2_000n,
      bytesDown: 10_000n,
      connections: 4,
    });
    const [row] = await handle.db.select().from(proxies).where(eq(proxies.id, proxy.id));
    expect(row).toMatchObject({ bytesUp: 2_000n, bytesDown: 10_000n });
    expect(await handle.db.$count(usageBatches)).toBeGreaterThanOrEqual(2);
    await expectLedgerAddsUp(handle.db, user.id);
  });
});
