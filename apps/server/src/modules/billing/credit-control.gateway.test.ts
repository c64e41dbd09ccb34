import { BYTES_PER_GB, bytesAffordable, DYNAMIC_TRAFFIC_PRICE_PER_GB, PROXY_STATUS } from '@ptc/contracts';
import { creditGrants, type DatabaseHandle, eq, proxies, trafficPools, users } from '@ptc/db';
import { createExit, createProxy } from '@ptc/db/testing';
import { createGateway, type Gateway } from '@ptc/gateway';
import { createDbGatewayStores, notifyProxyChanged } from '@ptc/gateway/store';
import { type DownloadPath, type DownloadResult, downloadThrough } from '@ptc/gateway/testing/downloads';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, fundedUser, signedInCustomer } from '../../test/factories';
import { entriesOf, givePool, readProxy } from '../../test/products';
import { allowNextGeneration, createStaticExits, generate } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readBalanceAndSum } from '../../test/wallet';
import { billUsage } from './usage-billing.service';

const MIB = 1_048_576;
const PRICE = DYNAMIC_TRAFFIC_PRICE_PER_GB[1];
/**
 * What one open connection may carry past its owner's credit (README: "Credit control"): the
 * splice relay none (it reads no more than its allowance); the stream relay and HTTP forwarding one
 * read that crosses it, at most 128 KiB from the target and 64 KiB from the client; plus the
 * request and response heads.
 */
const BOUND_PER_CONNECTION = 256 * 1024;
/** Far more than any customer here can pay for: only a cut ends these downloads early. */
const HUGE = 1024 * MIB;
const PATHS: DownloadPath[] = ['connect', 'socks5', 'forward'];

describe('credit control: no proxy moves more traffic than its owner has paid for', () => {
  let t: TestApp;
  let handle: DatabaseHandle;
  let gateway: Gateway;
  let credentials: ReturnType<typeof createDbGatewayStores>['credentials'];
  let target: TestTarget;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    handle = t.database;
    target = await startHttpTarget();
    await createExit(handle.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
    await createStaticExits(handle.db, 4, { prefix: '203.0.113', type: 'residential' });
    const stores = createDbGatewayStores(handle, { creditTtlMs: 5_000 });
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
    await t?.close();
  });

  const db = () => handle.db;

  /** `count` downloads of far more than anyone here can pay for, all at once. */
  const downloads = (proxy: { username: string; password: string }, via: DownloadPath, count: number) =>
    Promise.all(
      Array.from({ length: count }, () => downloadThrough(port, proxy, target.port, `/bytes/${HUGE}`, via)),
    );

  /**
   * Rounds of `count` downloads until the gateway refuses them: credit a cut connection had not
   * used yet goes back to its owner and carries the next round, until nothing is left. Answers
   * every connection's result and the refusal that ended it.
   */
  const useUp = async (proxy: { username: string; password: string }, via: DownloadPath, count: number) => {
    const results: DownloadResult[] = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await downloads(proxy, via, count);
      results.push(...answers.filter((answer) => answer.refusal === null));
      const refused = answers.find((answer) => answer.refusal !== null);
      if (refused) return { results, refusal: refused.refusal };
    }
    throw new Error('the gateway never refused the customer');
  };

  /**
   * Waits until the gateway flushed the proxy's usage and gave its holds back, then settles it:
   * what stays held afterwards is only what the balance could not pay (bytes past the credit).
   */
  const settled = async (userId: bigint, proxyId: bigint) => {
    for (let tries = 0; tries < 60; tries += 1) {
      const holds = await db().select().from(creditGrants).where(eq(creditGrants.userId, userId));
      if (holds.length === 0) {
        await billUsage(handle);
        const row = await readProxy(db(), proxyId);
        const [user] = await db()
          .select({ held: users.held, heldPackageBytes: users.heldPackageBytes })
          .from(users)
          .where(eq(users.id, userId));
        expect(user).toEqual({ held: row.accruedCost, heldPackageBytes: 0n });
        return row;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the gateway never gave its holds back');
  };

  /** The protocol a proxy is generated for, to be used over `via` (the gateway enforces it: 4008). */
  const protocolOf = (via: DownloadPath) => (via === 'socks5' ? ('socks5' as const) : ('http' as const));

  const totalOf = (results: DownloadResult[]) => results.reduce((sum, result) => sum + result.bytes, 0);

  /** Every connection that got bytes was closed within 1 s of its last one: cut, not left hanging. */
  const expectCutPromptly = (results: DownloadResult[]) => {
    for (const result of results) expect(result.closedAt - result.lastByteAt).toBeLessThan(1_000);
  };

  for (const via of PATHS) {
    for (const count of [1, 8]) {
      it(`by balance: a customer who can afford 4 MiB gets at most that plus the bound over ${via}, ${count} connection(s)`, async () => {
        const affordable = 4n * BigInt(MIB);
        const funds = (affordable * PRICE) / BYTES_PER_GB;
        const user = await fundedUser(db(), funds);
        const proxy = await createProxy(db(), user.id, { country: 'US', line: 1, protocol: protocolOf(via) });

        const { results, refusal } = await useUp(proxy, via, count);
        // Cut off: new connections are refused for want of funds (3002).
        expect(refusal).toEqual(via === 'socks5' ? { status: 2, code: null } : { status: 403, code: '3002' });
        const bound = BOUND_PER_CONNECTION * results.length;
        expect(totalOf(results)).toBeGreaterThan(0);
        expect(totalOf(results)).toBeLessThanOrEqual(Number(affordable) + bound);
        expectCutPromptly(results);

        const row = await settled(user.id, proxy.id);
        const carried = row.bytesUp + row.bytesDown;
        expect(carried).toBeLessThanOrEqual(affordable + BigInt(bound));
        const money = await readBalanceAndSum(db(), user.id);
        expect(money?.balance).toBeGreaterThanOrEqual(0n);
        expect(money?.balance).toBe(money?.sum);
        // Charged exactly what the carried bytes cost, to the micro-PTC, as far as the funds went.
        const cost = (carried * PRICE) / BYTES_PER_GB;
        const charged = funds - (money?.balance ?? 0n);
        expect(charged).toBe(cost < funds ? cost : funds);
        expect(row.accruedCost).toBe(cost < funds ? 0n : cost - funds);
        expect(row.switch).toBe(PROXY_STATUS.ON);
      });

      it(`by traffic package: a customer with a 4 MiB package and no balance gets at most that plus the bound over ${via}, ${count} connection(s)`, async () => {
        const packageBytes = 4n * BigInt(MIB);
        const user = await fundedUser(db(), 0n);
        const pool = await givePool(db(), user.id, packageBytes);
        const proxy = await createProxy(db(), user.id, { country: 'US', line: 1, protocol: protocolOf(via) });

        const { results, refusal } = await useUp(proxy, via, count);
        expect(refusal).toEqual(via === 'socks5' ? { status: 2, code: null } : { status: 403, code: '3002' });
        const bound = BOUND_PER_CONNECTION * results.length;
        expect(totalOf(results)).toBeGreaterThan(0);
        expect(totalOf(results)).toBeLessThanOrEqual(Number(packageBytes) + bound);
        expectCutPromptly(results);

        const row = await settled(user.id, proxy.id);
        const carried = row.bytesUp + row.bytesDown;
        expect(carried).toBeLessThanOrEqual(packageBytes + BigInt(bound));
        const [used] = await db().select().from(trafficPools).where(eq(trafficPools.id, pool.id));
        expect(used?.bytesUsed).toBe(carried < packageBytes ? carried : packageBytes);
        // No money: bytes past the package are owed, never taken below zero.
        expect(await readBalanceAndSum(db(), user.id)).toEqual({ balance: 0n, sum: 0n });
      });
    }
  }

  it('the 1 PTC customer of the attack gets at most what 1 PTC buys plus the bound', async () => {
    const funds = 1_000_000n;
    const affordable = bytesAffordable(funds, PRICE, 0n) ?? 0n;
    const user = await fundedUser(db(), funds);
    const proxy = await createProxy(db(), user.id, { country: 'US', line: 1 });

    const { results } = await useUp(proxy, 'connect', 4);
    // Tunnels relayed by splice read no byte past their allowance.
    expect(totalOf(results)).toBeLessThanOrEqual(Number(affordable) + results.length * BOUND_PER_CONNECTION);
    expectCutPromptly(results);
    const row = await settled(user.id, proxy.id);
    expect(row.bytesUp + row.bytesDown).toBeLessThanOrEqual(affordable);
    expect(await readBalanceAndSum(db(), user.id)).toMatchObject({ balance: expect.any(BigInt) });
    const money = await readBalanceAndSum(db(), user.id);
    expect(money?.balance).toBe(money?.sum);
    expect(money?.balance).toBeGreaterThanOrEqual(0n);
  });

  it('lets a customer cut off for want of funds back in within seconds of a top-up', async () => {
    const funds = 5_000n; // about 1 MiB at 5 PTC/GB
    const user = await fundedUser(db(), funds);
    const proxy = await createProxy(db(), user.id, { country: 'US', line: 1 });
    expect((await useUp(proxy, 'connect', 1)).refusal).toEqual({ status: 403, code: '3002' });
    const toppedUpAt = Date.now();
    await credit(db(), user.id, 1_000_000n);
    await expect
      .poll(async () => (await downloadThrough(port, proxy, target.port, '/hello', 'forward')).refusal, {
        timeout: 5_000,
        interval: 100,
      })
      .toBeNull();
    expect(Date.now() - toppedUpAt).toBeLessThan(5_000);
  });

  it('still cuts a metered tunnel within 5 s of switching its proxy off', async () => {
    const user = await fundedUser(db(), 100_000_000n);
    const proxy = await createProxy(db(), user.id, { country: 'US', line: 1 });
    const download = downloadThrough(port, proxy, target.port, `/bytes/${HUGE}`, 'connect');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const switchedAt = Date.now();
    await db().update(proxies).set({ switch: PROXY_STATUS.OFF }).where(eq(proxies.id, proxy.id));
    await notifyProxyChanged(handle, proxy.id);
    const result = await download;
    expect(result.closedAt - switchedAt).toBeLessThan(5_000);
    expect(result.bytes).toBeLessThan(HUGE);
  });

  it('lets no purchase spend money held for traffic under way (concurrent generation and download)', async () => {
    const funds = 2_000_000n; // 2 PTC: about 400 MiB at 5 PTC/GB
    const price = 150_000n; // a dynamic IP (SPEC §9)
    const buyer = await signedInCustomer(handle);
    await credit(db(), buyer.user.id, funds);
    const proxy = await createProxy(db(), buyer.user.id, { country: 'US', line: 1 });
    const traffic = useUp(proxy, 'connect', 8);
    // Once the gateway holds credit for the traffic, buy dynamic IPs as fast as allowed.
    await expect
      .poll(async () => (await db().select().from(users).where(eq(users.id, buyer.user.id)))[0]?.held, {
        timeout: 10_000,
        interval: 5,
      })
      .toBeGreaterThan(0n);
    /** Each refusal, with the balance and holds read right after it. */
    const refusals: { balance: bigint; held: bigint }[] = [];
    let bought = 0n;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await allowNextGeneration(db(), buyer.user.id);
      const answer = await generate(t.app, buyer.token, 'dynamic/ip/by_area', { country: 'US', count: 1 });
      if (answer.code === 0) bought += price;
      else {
        expect(answer.code).toBe(3002);
        const [row] = await db().select().from(users).where(eq(users.id, buyer.user.id));
        refusals.push({ balance: row?.balance ?? 0n, held: row?.held ?? 0n });
      }
    }
    await traffic;
    const row = await settled(buyer.user.id, proxy.id);
    const purchases = (await entriesOf(db(), buyer.user.id, 'purchase')).reduce(
      (sum, e) => sum - e.amount,
      0n,
    );
    const usage = (await entriesOf(db(), buyer.user.id, 'usage')).reduce((sum, e) => sum - e.amount, 0n);
    const money = await readBalanceAndSum(db(), buyer.user.id);
    expect(purchases).toBe(bought);
    expect(money?.balance).toBe(money?.sum);
    expect(money?.balance).toBeGreaterThanOrEqual(0n);
    expect(purchases + usage + (money?.balance ?? 0n)).toBe(funds);
    // Every carried byte was paid for: no purchase took money the traffic had been granted.
    expect(row.accruedCost).toBe(0n);
    expect(usage).toBe(((row.bytesUp + row.bytesDown) * PRICE) / BYTES_PER_GB);
    // Some purchase was refused while the balance alone would have paid for it: the money was held.
    expect(refusals.some((seen) => seen.balance >= price && seen.held > 0n)).toBe(true);
  });
});
