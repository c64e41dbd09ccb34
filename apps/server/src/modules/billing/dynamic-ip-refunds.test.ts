import { DYNAMIC_IP_PRICE_PER_IP } from '@ptc/contracts';
import type { DatabaseHandle } from '@ptc/db';
import { createExit, createProxy, createTestDatabase } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedUser } from '../../test/factories';
import { entriesOf, readProxy } from '../../test/products';
import { readBalanceAndSum } from '../../test/wallet';
import { moveMoney } from '../wallet/ledger.service';
import { refundFailedDynamicIps, refundKey } from './dynamic-ip-refunds.service';

const MINUTE = 60_000;

describe('the dynamic IP refund job', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());
  const db = () => handle.db;

  /** A user who bought one dynamic IP at `purchasedAt`, paying its price through the ledger. */
  const boughtIp = async (purchasedAt: Date, overrides: Parameters<typeof createProxy>[2] = {}) => {
    const user = await fundedUser(db(), 1_000_000n);
    const proxy = await createProxy(db(), user.id, {
      family: 'dynamic-ip',
      country: 'US',
      purchasedAt,
      costTotal: DYNAMIC_IP_PRICE_PER_IP,
      ...overrides,
    });
    await moveMoney(db(), {
      userId: user.id,
      amount: -DYNAMIC_IP_PRICE_PER_IP,
      kind: 'purchase',
      idempotencyKey: `purchase:${proxy.publicId}`,
      reference: { type: 'proxy', id: proxy.publicId },
    });
    return { user, proxy };
  };

  /** An upstream exit that went down `failedAfterMs` after `from`. */
  const failedExit = (
    from: Date,
    failedAfterMs: number,
    area: { country: string; state?: string } = { country: 'US' },
  ) =>
    createExit(db(), {
      kind: 'http',
      host: '127.0.0.1',
      port: 9,
      ...area,
      isHealthy: false,
      lastFailureAt: new Date(from.getTime() + failedAfterMs),
    });

  it('refunds an IP whose exit failed within 3 minutes of the purchase, once, and makes it invalid', async () => {
    const now = new Date();
    const purchasedAt = new Date(now.getTime() - 5 * MINUTE);
    const exit = await failedExit(purchasedAt, 2 * MINUTE);
    const { user, proxy } = await boughtIp(purchasedAt, { exitId: exit.id });

    expect(await refundFailedDynamicIps(handle, now)).toBe(1);
    const [refund] = await entriesOf(db(), user.id, 'refund');
    expect(refund).toMatchObject({
      amount: DYNAMIC_IP_PRICE_PER_IP,
      idempotencyKey: refundKey(proxy.id),
      referenceType: 'proxy',
      referenceId: proxy.publicId,
    });
    expect(await readProxy(db(), proxy.id)).toMatchObject({ status: 2, costTotal: 0n });
    expect((await readBalanceAndSum(db(), user.id))?.balance).toBe(1_000_000n);

    expect(await refundFailedDynamicIps(handle, now)).toBe(0);
    expect(await entriesOf(db(), user.id, 'refund')).toHaveLength(1);
  });

  it('refunds an IP bought while its exit was already down', async () => {
    const now = new Date();
    const purchasedAt = new Date(now.getTime() - MINUTE);
    const exit = await failedExit(purchasedAt, -60 * MINUTE);
    const { user } = await boughtIp(purchasedAt, { exitId: exit.id });
    await refundFailedDynamicIps(handle, now);
    expect(await entriesOf(db(), user.id, 'refund')).toHaveLength(1);
  });

  it('keeps the money of an IP that failed later than 3 minutes, or whose exit works', async () => {
    const now = new Date();
    const purchasedAt = new Date(now.getTime() - 10 * MINUTE);
    const late = await failedExit(purchasedAt, 3 * MINUTE + 1_000);
    const working = await createExit(db(), { country: 'US', isHealthy: true });
    const lateBuyer = await boughtIp(purchasedAt, { exitId: late.id });
    const happyBuyer = await boughtIp(purchasedAt, { exitId: working.id });
    await refundFailedDynamicIps(handle, now);
    for (const { user, proxy } of [lateBuyer, happyBuyer]) {
      expect(await entriesOf(db(), user.id, 'refund')).toHaveLength(0);
      expect((await readProxy(db(), proxy.id)).status).toBe(1);
    }
  });

  it('judges an IP of an area by every rotating exit of that area: refunded only when none is healthy', async () => {
    const now = new Date();
    const purchasedAt = new Date(now.getTime() - 2 * MINUTE);
    await failedExit(purchasedAt, MINUTE, { country: 'BR', state: 'SP' });
    await failedExit(purchasedAt, 30_000, { country: 'BR', state: 'SP' });
    // A healthy static exit does not serve rotating proxies.
    await createExit(db(), { country: 'BR', state: 'SP', isStatic: true });
    await failedExit(purchasedAt, MINUTE, { country: 'AR' });
    await createExit(db(), { country: 'AR', state: 'B' });
    const stranded = await boughtIp(purchasedAt, { country: 'BR', state: 'SP', city: null });
    const served = await boughtIp(purchasedAt, { country: 'AR', state: null, city: null });
    await refundFailedDynamicIps(handle, now);
    expect(await entriesOf(db(), stranded.user.id, 'refund')).toHaveLength(1);
    expect(await entriesOf(db(), served.user.id, 'refund')).toHaveLength(0);
  });
});
