import { type DatabaseHandle, eq, exits } from '@ptc/db';
import { createExit, createProxy, createTestDatabase } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedUser } from '../../test/factories';
import { readProxy } from '../../test/products';
import { ROTATION_PERIOD_MS, rotateProxies } from './rotation.service';

const MINUTE = 60_000;

describe('the automatic rotation job', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());
  const db = () => handle.db;

  const staticExit = (overrides: Parameters<typeof createExit>[1] = {}) =>
    createExit(db(), {
      isStatic: true,
      type: 'datacenter',
      country: 'TW',
      state: 'TPE',
      city: 'taipei',
      ...overrides,
    });

  const rotatingStatic = async (
    exitId: bigint,
    userId: bigint,
    overrides: Parameters<typeof createProxy>[2] = {},
  ) =>
    createProxy(db(), userId, {
      family: 'static-traffic',
      exitType: 'datacenter',
      country: 'TW',
      exitId,
      rotation: true,
      ...overrides,
    });

  it('moves a static traffic proxy to another free static exit of its country every period, and no sooner', async () => {
    const user = await fundedUser(db(), 5_000_000n);
    const first = await staticExit();
    const second = await staticExit({ state: 'KHH', city: 'kaohsiung' });
    const taken = await staticExit();
    await staticExit({ type: 'residential' });
    await staticExit({ country: 'JP', state: '13', city: 'tokyo' });
    const other = await fundedUser(db(), 5_000_000n);
    await rotatingStatic(taken.id, other.id, { rotation: false });
    const proxy = await rotatingStatic(first.id, user.id);

    const start = new Date();
    await rotateProxies(handle, start);
    expect(await readProxy(db(), proxy.id)).toMatchObject({
      exitId: second.id,
      lastRotatedAt: start,
      status: 1,
    });

    await rotateProxies(handle, new Date(start.getTime() + MINUTE));
    expect((await readProxy(db(), proxy.id)).exitId).toBe(second.id);

    await rotateProxies(handle, new Date(start.getTime() + ROTATION_PERIOD_MS));
    expect((await readProxy(db(), proxy.id)).exitId).toBe(first.id);
  });

  it('replaces an unhealthy exit at once with one of the same area, preferring the same city', async () => {
    const user = await fundedUser(db(), 5_000_000n);
    const broken = await staticExit({ country: 'US', state: 'NY', city: 'newyorkcity', type: 'residential' });
    const sameCity = await staticExit({
      country: 'US',
      state: 'NY',
      city: 'newyorkcity',
      type: 'residential',
    });
    await staticExit({ country: 'US', state: 'CA', city: 'losangeles', type: 'residential' });
    const proxy = await rotatingStatic(broken.id, user.id, {
      country: 'US',
      state: 'NY',
      city: 'newyorkcity',
      exitType: 'residential',
      lastRotatedAt: new Date(),
    });
    await db().update(exits).set({ isHealthy: false }).where(eq(exits.id, broken.id));
    await rotateProxies(handle);
    expect(await readProxy(db(), proxy.id)).toMatchObject({ exitId: sameCity.id, rotation: true });
  });

  it('makes a proxy invalid and stops rotating when no exit is left for it', async () => {
    const user = await fundedUser(db(), 5_000_000n);
    const broken = await staticExit({ country: 'US', state: 'TX', city: 'houston', isHealthy: false });
    // The other US datacenter exits of this file are leased or residential.
    const leased = await staticExit({ country: 'US', state: 'TX', city: 'houston' });
    await rotatingStatic(leased.id, user.id, { country: 'US', rotation: false });
    const proxy = await rotatingStatic(broken.id, user.id, { country: 'US' });
    await rotateProxies(handle);
    expect(await readProxy(db(), proxy.id)).toMatchObject({ status: 2, rotation: false });

    const dynamic = await createProxy(db(), user.id, { country: 'US', state: 'AK', rotation: true });
    await rotateProxies(handle);
    expect(await readProxy(db(), dynamic.id)).toMatchObject({ status: 2, rotation: false });
  });

  it('gives a dynamic proxy a new session so the gateway picks another exit', async () => {
    const user = await fundedUser(db(), 5_000_000n);
    await createExit(db(), { country: 'TW', state: 'TPE', city: 'taipei', line: 2 });
    const proxy = await createProxy(db(), user.id, {
      country: 'TW',
      line: 2,
      session: 'first',
      rotation: true,
    });
    const now = new Date();
    expect(await rotateProxies(handle, now)).toBeGreaterThanOrEqual(1);
    const rotated = await readProxy(db(), proxy.id);
    expect(rotated.session).toMatch(/^[a-z0-9]{8}$/);
    expect(rotated).toMatchObject({ lastRotatedAt: now, status: 1, rotation: true });
  });

  it('stops rotating outside the US and Taiwan, and when the user has no funds', async () => {
    const rich = await fundedUser(db(), 5_000_000n);
    const broke = await fundedUser(db(), 0n);
    await createExit(db(), { country: 'DE', state: 'BE', city: 'berlin' });
    await createExit(db(), { country: 'US', state: 'NY', city: 'newyork' });
    const german = await createProxy(db(), rich.id, { country: 'DE', rotation: true, session: 'keep' });
    const unpaid = await createProxy(db(), broke.id, { country: 'US', rotation: true, session: 'keep' });
    await rotateProxies(handle);
    for (const proxy of [german, unpaid]) {
      expect(await readProxy(db(), proxy.id)).toMatchObject({ rotation: false, session: 'keep', status: 1 });
    }
  });
});
