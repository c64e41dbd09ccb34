import { BYTES_PER_GB, DYNAMIC_TRAFFIC_PRICE_PER_GB } from '@ptc/contracts';
import { creditGrants, type DatabaseHandle, eq } from '@ptc/db';
import { createExit, createProxy, createTestDatabase } from '@ptc/db/testing';
import { createGateway, type Gateway } from '@ptc/gateway';
import { createDbGatewayStores } from '@ptc/gateway/store';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedUser } from '../../test/factories';
import { entriesOf, readProxy } from '../../test/products';
import { readBalanceAndSum } from '../../test/wallet';
import { billUsage } from './usage-billing.service';

const MB = 1_048_576;

/** Credit holds (grants) the gateway keeps for a user. */
const holdsOf = async (handle: DatabaseHandle, userId: bigint) =>
  (await handle.db.select().from(creditGrants).where(eq(creditGrants.userId, userId))).length;
const PRICE = DYNAMIC_TRAFFIC_PRICE_PER_GB[1];

describe('billing what the gateway carried', () => {
  let handle: DatabaseHandle;
  let gateway: Gateway;
  let credentials: ReturnType<typeof createDbGatewayStores>['credentials'];
  let target: TestTarget;
  let port: number;

  beforeAll(async () => {
    handle = await createTestDatabase();
    target = await startHttpTarget();
    await createExit(handle.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
    const stores = createDbGatewayStores(handle);
    credentials = stores.credentials;
    gateway = createGateway({
      ...stores,
      creditOptions: { ...stores.creditOptions, idleReleaseMs: 300 },
      listeners: [{ host: '127.0.0.1', port: 0, protocol: 'auto' }],
      allowPrivateTargets: ['127.0.0.0/8'],
      flushIntervalMs: 200,
      enforcementIntervalMs: 500,
      credentialTtlMs: 300,
    });
    const [bound] = await gateway.listen();
    port = bound?.port ?? 0;
  });
  afterAll(async () => {
    await gateway?.close();
    await credentials?.close();
    await target?.close();
    await handle?.close();
  });

  const fetchThrough = (proxy: { username: string; password: string }, path: string) =>
    curl([
      '-x',
      `http://${proxy.username}:${proxy.password}@127.0.0.1:${port}`,
      '-o',
      '/dev/null',
      `http://127.0.0.1:${target.port}${path}`,
    ]);

  /** Waits until the gateway flushed the proxy's usage: at least `bytes`, and steady over a few flushes. */
  const flushedUsage = async (proxyId: bigint, bytes: bigint) => {
    let last = -1n;
    for (let tries = 0; tries < 100; tries += 1) {
      const row = await readProxy(handle.db, proxyId);
      const total = row.bytesUp + row.bytesDown;
      if (total >= bytes && total === last) return total;
      last = total;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the gateway never flushed the usage');
  };

  it('charges the bytes a dynamic traffic proxy carried at its price exactly, then cuts and refuses it once the balance is spent', async () => {
    // 0.02 PTC pays for about 4 MB at 5 PTC/GB.
    const user = await fundedUser(handle.db, 20_000n);
    const proxy = await createProxy(handle.db, user.id, { country: 'US', line: 1 });

    expect(await fetchThrough(proxy, `/bytes/${MB}`)).toMatchObject({ exitCode: 0, status: 200 });
    await target.settled();
    const carried = await flushedUsage(proxy.id, BigInt(MB));
    const seen = target.traffic.received + target.traffic.sent;
    expect(Math.abs(Number(carried) - seen)).toBeLessThan(seen * 0.01);

    await billUsage(handle);
    const [first] = await entriesOf(handle.db, user.id, 'usage');
    expect(first?.amount).toBe(-((carried * PRICE) / BYTES_PER_GB));
    expect(await readProxy(handle.db, proxy.id)).toMatchObject({
      billedBytes: carried,
      billingRemainder: (carried * PRICE) % BYTES_PER_GB,
      switch: 5,
    });

    // 5 MB more is more than what is left: the gateway carries what the credit pays for and cuts
    // the transfer; billing takes what was carried, never below zero; the proxy stays on and is
    // refused for want of funds (3002) until they return.
    const cut = await fetchThrough(proxy, `/bytes/${5 * MB}`);
    expect(cut.exitCode).not.toBe(0);
    await expect.poll(() => holdsOf(handle, user.id), { timeout: 10_000 }).toBe(0);
    await billUsage(handle);
    const row = await readProxy(handle.db, proxy.id);
    const total = row.bytesUp + row.bytesDown;
    expect(total).toBeLessThan(carried + BigInt(5 * MB));
    const money = await readBalanceAndSum(handle.db, user.id);
    expect(money?.balance).toBe(money?.sum);
    expect(money?.balance).toBeGreaterThanOrEqual(0n);
    const cost = (total * PRICE) / BYTES_PER_GB;
    expect(20_000n - (money?.balance ?? 0n)).toBe(cost < 20_000n ? cost : 20_000n);
    expect(row).toMatchObject({ switch: 5, billedBytes: total });
    await expect
      .poll(async () => (await fetchThrough(proxy, '/hello')).status, { timeout: 10_000 })
      .toBe(403);
  });
});
