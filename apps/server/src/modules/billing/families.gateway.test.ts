import { BYTES_PER_GB, formatPtc, PROXY_STATUS, parsePtc } from '@ptc/contracts';
import { creditGrants, eq, proxyUsageHourly, sql, trafficPools } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../gateway';
import { call } from '../../test/accounts';
import { customerWithBalance } from '../../test/factories';
import { entriesOf, givePool, readProxy } from '../../test/products';
import {
  allowNextGeneration,
  createStaticExits,
  freePort,
  gatewayTestEnv,
  generate,
  generateOk,
  proxyByPublicId,
  topUp,
} from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readBalanceAndSum } from '../../test/wallet';
import { expireProxies } from '../proxies/lifecycle/lifecycle.service';
import { proxiesDeps } from '../proxies/proxies.deps';
import { presentPtc } from '../proxies/proxies.presenter';
import type { ProxyEntity } from '../proxies/proxy-entity';
import { billUsage } from './usage-billing.service';

// SPEC §9, written out rather than imported, so the test holds the code to the specification.
const PTC = 1_000_000n;
const DYNAMIC_IP_PRICE = 150_000n;
const STATIC_IP_PRICES = [
  { type: 'residential', days: 1, price: 500_000n, text: '0.50' },
  { type: 'residential', days: 30, price: 7_990_000n, text: '7.99' },
  { type: 'datacenter', days: 1, price: 250_000n, text: '0.25' },
  { type: 'datacenter', days: 30, price: 3_990_000n, text: '3.99' },
] as const;

const MIB = 1_048_576;
const DAY_MS = 86_400_000;
/**
 * The gateway's usage flush interval here (`GATEWAY_FLUSH_INTERVAL_MS`; 2 s by default): how
 * often usage is written changes no price and no bound, and the waits for it were most of this
 * file's time.
 */
const FLUSH_INTERVAL_MS = 250;
/** What one open connection may carry past its owner's credit (README: "Credit control"). */
const BOUND_PER_CONNECTION = 256n * 1024n;
/** The traffic package each byte-priced customer owns before using their proxy. */
const PACKAGE_BYTES = 2n * BigInt(MIB);

/**
 * Byte-priced families (SPEC §9): generated with `form` at `path`, billed at `pricePerGb` µPTC per
 * 2^30 bytes, used with curl `via` a plain HTTP forward, a CONNECT tunnel or SOCKS5.
 */
const BYTE_PRICED = [
  {
    name: 'dynamic traffic, line 1',
    path: 'dynamic/traffic',
    form: { country: 'US', line: 1, rotation: true },
    pricePerGb: 5n * PTC,
    via: 'http',
  },
  {
    name: 'dynamic traffic, line 2',
    path: 'dynamic/traffic',
    form: { country: 'US', line: 2 },
    pricePerGb: 5n * PTC,
    via: 'connect',
  },
  {
    name: 'dynamic traffic, line 3',
    path: 'dynamic/traffic',
    form: { country: 'US', line: 3 },
    pricePerGb: 3n * PTC,
    via: 'http',
  },
  {
    name: 'dynamic traffic, line 4',
    path: 'dynamic/traffic',
    form: { country: 'US', line: 4, protocol: 'socks5' },
    pricePerGb: 1_500_000n,
    via: 'socks5',
  },
  {
    name: 'static residential traffic',
    path: 'static/traffic',
    form: { type: 'residential', country: 'US', protocol: 'socks5' },
    pricePerGb: 5n * PTC,
    via: 'socks5',
  },
  {
    name: 'static datacenter traffic',
    path: 'static/traffic',
    form: { type: 'datacenter', country: 'US' },
    pricePerGb: 1n * PTC,
    via: 'connect',
  },
] as const;

/** A generated proxy as the API answers it (what a customer pastes into curl). */
interface ProxyAnswer {
  id: string;
  address: string;
  port: number;
  username: string;
  password: string;
}

/** The concurrent tests take about 10 s each; a busy machine may take twice as long. */
const SLOW = { timeout: 60_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('every proxy family, generated through the API and used through a real gateway, is billed per SPEC §9', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  const targets: TestTarget[] = [];
  // The billing job runs once at a time in production (one leader-elected scheduler); the
  // concurrent tests below queue their runs the same way.
  let billing: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      ...gatewayTestEnv(port),
      GATEWAY_FLUSH_INTERVAL_MS: String(FLUSH_INTERVAL_MS),
    });
    for (const line of [1, 2, 3, 4]) await createExit(t.database.db, { country: 'US', line });
    // One static address per static traffic test and two per static IP type, all in New York.
    await createStaticExits(t.database.db, 3, { prefix: '203.0.113', type: 'residential' });
    await createStaticExits(t.database.db, 3, { prefix: '198.51.100', type: 'datacenter' });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all(targets.map((target) => target.close()));
    await t?.close();
  });

  const db = () => t.database.db;
  /** Runs `work` when no billing run is under way, and holds the next ones until it is done. */
  const betweenBillingRuns = <T>(work: () => Promise<T>) => {
    const run = billing.then(work);
    billing = run.catch(() => undefined);
    return run;
  };
  const bill = () => betweenBillingRuns(() => billUsage(t.database));
  const newTarget = async () => {
    const target = await startHttpTarget();
    targets.push(target);
    return target;
  };
  const viaHttp = (row: ProxyAnswer) => [
    '-x',
    `http://${row.username}:${row.password}@${row.address}:${row.port}`,
  ];
  /** curl's proxy options for `row`: HTTP forward, CONNECT tunnel (`-p`) or SOCKS5 with remote DNS. */
  const through = (row: ProxyAnswer, via: 'http' | 'connect' | 'socks5') =>
    via === 'socks5'
      ? ['--socks5-hostname', `${row.address}:${row.port}`, '--proxy-user', `${row.username}:${row.password}`]
      : [...viaHttp(row), ...(via === 'connect' ? ['-p'] : [])];

  /** What the proxy carried in total, as the gateway's usage flush recorded it. */
  const recordedBytes = async (proxyId: bigint) => {
    const row = await readProxy(db(), proxyId);
    return row.bytesUp + row.bytesDown;
  };

  /**
   * Waits until the gateway flushed the usage of a transfer the target saw as `seen` bytes: done
   * as soon as the recorded growth equals it, else once it stood still for three flushes.
   */
  const flushedGrowth = async (proxyId: bigint, before: bigint, seen: bigint) => {
    const deadline = Date.now() + 20_000;
    let last = -1n;
    let since = Date.now();
    while (Date.now() < deadline) {
      const growth = (await recordedBytes(proxyId)) - before;
      if (growth === seen) return growth;
      if (growth !== last) {
        last = growth;
        since = Date.now();
      } else if (growth > 0n && Date.now() - since > 3 * FLUSH_INTERVAL_MS) {
        return growth;
      }
      await sleep(100);
    }
    throw new Error(`the gateway never flushed the usage of proxy ${proxyId}`);
  };

  /**
   * Downloads `bytes` from `target` through the proxy with curl and answers what the target saw
   * on its sockets (`seen`) and what the gateway recorded for the proxy (`recorded`).
   */
  const transfer = async (
    row: ProxyAnswer,
    target: TestTarget,
    bytes: number,
    via: 'http' | 'connect' | 'socks5' = 'http',
  ) => {
    const proxy = await proxyByPublicId(db(), row.id);
    const before = proxy.bytesUp + proxy.bytesDown;
    await target.settled();
    const seenBefore = target.traffic.received + target.traffic.sent;
    const answer = await curl([
      ...through(row, via),
      '-o',
      '/dev/null',
      `http://127.0.0.1:${target.port}/bytes/${bytes}`,
    ]);
    if (answer.exitCode !== 0 || answer.status !== 200) {
      throw new Error(`curl through ${row.id} failed: ${answer.exitCode} ${answer.status} ${answer.stderr}`);
    }
    await target.settled();
    const seen = BigInt(target.traffic.received + target.traffic.sent - seenBefore);
    return { seen, recorded: await flushedGrowth(proxy.id, before, seen) };
  };

  /** Whether the recorded usage is within 1% of what the target saw. */
  const isWithinOnePercent = ({ seen, recorded }: { seen: bigint; recorded: bigint }) =>
    seen > 0n && (recorded > seen ? recorded - seen : seen - recorded) * 100n <= seen;

  /** What the gateway answers a request through the proxy now: HTTP status and `X-PTC-Error`. */
  /**
   * The gateway's answer to one request through `row`: the HTTP status and `X-PTC-Error` code; over
   * SOCKS5 (a SOCKS5 proxy is used over nothing else), which carries neither, the reply code that
   * curl reports, as `socks:<code>` (0x02 for every refusal of the proxy).
   */
  const answerThrough = async (row: ProxyAnswer, target: TestTarget, via: 'http' | 'socks5' = 'http') => {
    if (via === 'socks5') {
      const answer = await curl([...through(row, 'socks5'), `http://127.0.0.1:${target.port}/hello`]);
      if (answer.exitCode === 0) return { status: answer.status, code: null };
      return { status: 0, code: `socks:${/\((\d+)\)\s*$/m.exec(answer.stderr)?.[1] ?? answer.stderr}` };
    }
    const answer = await curl(['-i', ...viaHttp(row), `http://127.0.0.1:${target.port}/hello`]);
    const code = /^x-ptc-error:\s*(\d+)/im.exec(answer.body)?.[1] ?? null;
    return { status: answer.status, code };
  };

  /** Which protocol a check of `via` speaks (a CONNECT tunnel is HTTP too). */
  const overOf = (via: 'http' | 'connect' | 'socks5') =>
    via === 'socks5' ? ('socks5' as const) : ('http' as const);

  /** Waits until the gateway gave back the credit it held for the user (they are idle). */
  const holdsGivenBack = async (userId: bigint) => {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const holds = await db().select().from(creditGrants).where(eq(creditGrants.userId, userId));
      if (holds.length === 0) return;
      await sleep(250);
    }
    throw new Error(`the gateway never gave back the credit it held for user ${userId}`);
  };
  const usageCharged = async (userId: bigint) =>
    (await entriesOf(db(), userId, 'usage')).reduce((sum, entry) => sum - entry.amount, 0n);
  const balanceOf = async (userId: bigint) => (await readBalanceAndSum(db(), userId))?.balance;
  const hourlyBytes = async (proxyId: bigint) => {
    const [row] = await db()
      .select({
        bytes: sql<string>`coalesce(sum(${proxyUsageHourly.bytesUp} + ${proxyUsageHourly.bytesDown}), 0)::text`,
      })
      .from(proxyUsageHourly)
      .where(eq(proxyUsageHourly.proxyId, proxyId));
    return BigInt(row?.bytes ?? '0');
  };
  const poolUsed = async (poolId: bigint) => {
    const [pool] = await db().select().from(trafficPools).where(eq(trafficPools.id, poolId));
    return pool?.bytesUsed;
  };
  const listed = async (token: string, family: string, id: string) => {
    const list = await call(t.app, 'GET', `/proxy/tokens/${family}?page_size=100`, { token });
    return list.data.data.find((row: { id: string }) => row.id === id);
  };

  describe.concurrent(
    'byte-priced families: package first, then the balance to the micro-PTC, then cut until funds return',
    SLOW,
    () => {
      for (const family of BYTE_PRICED) {
        it(`${family.name} at ${formatPtc(family.pricePerGb)} PTC/GB, used over ${family.via}`, async ({
          expect,
        }) => {
          const price = family.pricePerGb;
          const target = await newTarget();
          // A balance that pays for about 2.5 MiB at this price, plus a few micro-PTC so that
          // nothing lands on a round number.
          const funds = (price * 5n * BigInt(MIB)) / (2n * BYTES_PER_GB) + 7n;
          const buyer = await customerWithBalance(t.database, funds);
          const userId = buyer.user.id;
          const pool = await givePool(db(), userId, PACKAGE_BYTES);

          const generated = await generateOk(t.app, db(), buyer, family.path, family.form);
          expect(generated.charged).toBe('0.00');
          const row: ProxyAnswer = generated.data[0];
          const proxy = await proxyByPublicId(db(), row.id);
          expect(proxy.rotation).toBe('rotation' in family.form);

          // 1. 1 MiB: the package covers it, the balance is not touched.
          const first = await transfer(row, target, MIB, family.via);
          expect(isWithinOnePercent(first), `${first.recorded} recorded for ${first.seen} seen`).toBe(true);
          expect(await hourlyBytes(proxy.id)).toBe(first.recorded);
          await bill();
          expect(await poolUsed(pool.id)).toBe(first.recorded);
          expect(await usageCharged(userId)).toBe(0n);
          expect(await balanceOf(userId)).toBe(funds);
          expect(await readProxy(db(), proxy.id)).toMatchObject({
            billedBytes: first.recorded,
            billingRemainder: 0n,
            costTotal: 0n,
            switch: PROXY_STATUS.ON,
          });
          const remaining = await call(t.app, 'GET', '/proxy/traffic/pool/remaining', { token: buyer.token });
          expect(remaining.data.bytes).toBe((PACKAGE_BYTES - first.recorded).toString());

          // 2. 2 MiB more: the package runs out and the balance pays the rest at the family's price.
          const second = await transfer(row, target, 2 * MIB, family.via);
          expect(isWithinOnePercent(second), `${second.recorded} recorded for ${second.seen} seen`).toBe(
            true,
          );
          await bill();
          const carried = first.recorded + second.recorded;
          const fromBalance = carried - PACKAGE_BYTES;
          const charge = (fromBalance * price) / BYTES_PER_GB;
          expect(charge).toBeGreaterThan(0n);
          expect(await poolUsed(pool.id)).toBe(PACKAGE_BYTES);
          expect(await usageCharged(userId)).toBe(charge);
          expect(await balanceOf(userId)).toBe(funds - charge);
          expect(await readProxy(db(), proxy.id)).toMatchObject({
            billedBytes: carried,
            billingRemainder: (fromBalance * price) % BYTES_PER_GB,
            costTotal: charge,
            switch: PROXY_STATUS.ON,
          });
          expect(await listed(buyer.token, family.path, row.id)).toMatchObject({
            traffic_used: carried.toString(),
            traffic_cost: presentPtc(charge),
            switch: PROXY_STATUS.ON,
          });
          // What the customer sees: what they can spend, and what the gateway holds for their traffic.
          const info = await call(t.app, 'GET', '/user/info', { token: buyer.token });
          expect(parsePtc(info.data.balance) + parsePtc(info.data.balance_held)).toBe(funds - charge);

          // 3. 3 MiB more than the balance pays for: the gateway carries what the credit pays for and
          // cuts the transfer; billing takes exactly what was carried, never below zero; the proxy
          // stays on and is refused for want of funds (3002) until a top-up lets it back in.
          const cut = await curl([
            ...through(row, family.via),
            '-o',
            '/dev/null',
            `http://127.0.0.1:${target.port}/bytes/${3 * MIB}`,
          ]);
          expect(cut.exitCode, 'cut').not.toBe(0);
          // Cut when the credit ran dry, not left hanging until curl gives up (28).
          expect(cut.exitCode, `cut, not timed out: ${cut.stderr}`).not.toBe(28);
          await expect
            .poll(() => answerThrough(row, target, overOf(family.via)), { timeout: 20_000, interval: 200 })
            .toEqual(
              family.via === 'socks5' ? { status: 0, code: 'socks:2' } : { status: 403, code: '3002' },
            );
          await holdsGivenBack(userId);
          await bill();
          const exhausted = await readProxy(db(), proxy.id);
          const total = exhausted.bytesUp + exhausted.bytesDown;
          const cost = ((total - PACKAGE_BYTES) * price) / BYTES_PER_GB;
          const paid = cost < funds ? cost : funds;
          const money = await readBalanceAndSum(db(), userId);
          expect(money).toEqual({ balance: funds - paid, sum: funds - paid });
          expect(await usageCharged(userId)).toBe(paid);
          expect(exhausted).toMatchObject({
            billedBytes: total,
            accruedCost: cost - paid,
            costTotal: paid,
            switch: PROXY_STATUS.ON,
          });
          if (paid === funds) {
            // Spent: rotation stops (SPEC §4), and no traffic proxy can be generated (3002).
            expect(exhausted.rotation).toBe(false);
            await allowNextGeneration(db(), userId);
            expect((await generate(t.app, buyer.token, family.path, family.form)).code).toBe(3002);
          } else {
            // What is left is less than one more request costs; it stays the customer's.
            expect(funds - paid).toBeLessThan(10n);
          }
          // It carried no more than the funds pay for, but for what one open connection may overrun.
          expect(total - PACKAGE_BYTES).toBeLessThanOrEqual(
            (funds * BYTES_PER_GB) / price + BOUND_PER_CONNECTION,
          );
          await topUp(db(), userId, 1n * PTC);
          await expect
            .poll(() => answerThrough(row, target, overOf(family.via)), { timeout: 5_000, interval: 100 })
            .toEqual({ status: 200, code: null });
        });
      }
    },
  );

  describe.concurrent('a transfer under way when the funds run out', SLOW, () => {
    it('is cut as soon as its credit runs dry, and charged exactly what it carried', async ({ expect }) => {
      const target = await newTarget();
      const funds = (5n * PTC * BigInt(MIB)) / BYTES_PER_GB; // about 1 MiB at 5 PTC/GB
      const buyer = await customerWithBalance(t.database, funds);
      const generated = await generateOk(t.app, db(), buyer, 'dynamic/traffic', { country: 'US', line: 1 });
      const row: ProxyAnswer = generated.data[0];
      const proxy = await proxyByPublicId(db(), row.id);

      // 64 MiB read at 4 MiB/s takes 16 s, within curl's 20 s cap: only a cut can stop it early.
      const startedAt = Date.now();
      const cut = await curl([
        ...through(row, 'connect'),
        '--limit-rate',
        '4M',
        '-o',
        '/dev/null',
        `http://127.0.0.1:${target.port}/bytes/${64 * MIB}`,
      ]);
      // About 1 MiB at 4 MiB/s, then the cut.
      expect(Date.now() - startedAt).toBeLessThan(6_000);
      expect(cut.exitCode, cut.stderr).not.toBe(0);
      expect(cut.exitCode, 'cut, not timed out').not.toBe(28);
      await holdsGivenBack(buyer.user.id);
      await bill();
      const carried = await recordedBytes(proxy.id);
      // A CONNECT tunnel relayed by splice reads no byte past its credit.
      expect(carried).toBeLessThanOrEqual(((funds + 1n) * BYTES_PER_GB - 1n) / (5n * PTC));
      const money = await readBalanceAndSum(db(), buyer.user.id);
      expect(money?.balance).toBe(money?.sum);
      expect(await usageCharged(buyer.user.id)).toBe((carried * 5n * PTC) / BYTES_PER_GB);
      expect((await readProxy(db(), proxy.id)).switch).toBe(PROXY_STATUS.ON);
    });
  });

  describe('prepaid families: charged once at generation, never per byte, refused once they end', () => {
    it('dynamic IP: 0.15 PTC per IP at generation, free bytes, refused after 24 hours', async () => {
      const target = await newTarget();
      const buyer = await customerWithBalance(t.database, 2n * DYNAMIC_IP_PRICE);
      const bought = await generateOk(t.app, db(), buyer, 'dynamic/ip/by_area', { country: 'US', count: 2 });
      expect(bought).toMatchObject({ charged: '0.30', balance: '0.00' });
      expect((await entriesOf(db(), buyer.user.id, 'purchase')).map((entry) => entry.amount)).toEqual([
        -2n * DYNAMIC_IP_PRICE,
      ]);
      const [row, other] = bought.data as ProxyAnswer[];
      if (!row || !other) throw new Error('two proxies were asked for');
      const proxy = await proxyByPublicId(db(), row.id);
      expect(proxy.costTotal).toBe(DYNAMIC_IP_PRICE);
      expect((proxy.expiresAt?.getTime() ?? 0) - proxy.purchasedAt.getTime()).toBe(DAY_MS);

      // Prepaid: it carries traffic with a zero balance, the bytes are recorded and never charged.
      const used = await transfer(row, target, MIB);
      expect(isWithinOnePercent(used), `${used.recorded} recorded for ${used.seen} seen`).toBe(true);
      await bill();
      expect(await readProxy(db(), proxy.id)).toMatchObject({ billedBytes: 0n, costTotal: DYNAMIC_IP_PRICE });
      expect(await usageCharged(buyer.user.id)).toBe(0n);
      expect(await balanceOf(buyer.user.id)).toBe(0n);
      expect(await listed(buyer.token, 'dynamic/ip', row.id)).toMatchObject({
        traffic_used: used.recorded.toString(),
        traffic_cost: '0.00',
        ip_cost: '0.15',
      });

      // Valid 24 hours: a second before it still works, at 24 hours both proxies are refused.
      const expiresAt = proxy.expiresAt as Date;
      await expireProxies(proxiesDeps(t.app), new Date(expiresAt.getTime() - 1_000));
      expect((await readProxy(db(), proxy.id)).status).toBe(PROXY_STATUS.NORMAL);
      expect(await answerThrough(row, target)).toEqual({ status: 200, code: null });
      await expireProxies(proxiesDeps(t.app), new Date(expiresAt.getTime() + 1_000));
      expect((await readProxy(db(), proxy.id)).status).toBe(PROXY_STATUS.EXPIRED);
      for (const expired of [row, other]) {
        await expect
          .poll(() => answerThrough(expired, target), { timeout: 8_000, interval: 200 })
          .toEqual({ status: 403, code: '4011' });
      }
    });

    it('static IP: the price of the day or 30 days at generation, free bytes, refused after expiry', async () => {
      const total = STATIC_IP_PRICES.reduce((sum, { price }) => sum + price, 0n);
      const buyer = await customerWithBalance(t.database, total);
      let balance = total;
      const bought: { row: ProxyAnswer; proxy: ProxyEntity; days: number; target: TestTarget }[] = [];
      for (const { type, days, price, text } of STATIC_IP_PRICES) {
        const answer = await generateOk(t.app, db(), buyer, 'static/ip', { type, country: 'US', days });
        balance -= price;
        expect(answer, `${type} ${days}`).toMatchObject({
          charged: text,
          balance: presentPtc(balance),
        });
        const row: ProxyAnswer = answer.data[0];
        const proxy = await proxyByPublicId(db(), row.id);
        expect(proxy).toMatchObject({ exitType: type, renewDays: days, costTotal: price });
        expect(proxy.exitId).not.toBeNull();
        expect((proxy.expiresAt?.getTime() ?? 0) - proxy.purchasedAt.getTime()).toBe(days * DAY_MS);
        bought.push({ row, proxy, days, target: await newTarget() });
      }
      expect((await entriesOf(db(), buyer.user.id, 'purchase')).map((entry) => entry.amount)).toEqual(
        STATIC_IP_PRICES.map(({ price }) => -price),
      );
      expect(await balanceOf(buyer.user.id)).toBe(0n);

      // Every one carries traffic with a zero balance; the bytes are recorded, never charged.
      const used = await Promise.all(bought.map(({ row, target }) => transfer(row, target, MIB / 2)));
      for (const transferred of used) {
        expect(isWithinOnePercent(transferred), `${transferred.recorded} for ${transferred.seen}`).toBe(true);
      }
      await bill();
      for (const { proxy } of bought) {
        expect(await readProxy(db(), proxy.id)).toMatchObject({
          billedBytes: 0n,
          costTotal: proxy.costTotal,
        });
      }
      expect(await usageCharged(buyer.user.id)).toBe(0n);
      expect(await balanceOf(buyer.user.id)).toBe(0n);

      // At the end of the first day the 1-day leases are refused and the 30-day ones still work;
      // at the end of the 30 days those are refused too.
      const endOf = (days: number) =>
        new Date(
          Math.max(...bought.filter((b) => b.days === days).map((b) => b.proxy.expiresAt?.getTime() ?? 0)),
        );
      await expireProxies(proxiesDeps(t.app), endOf(1));
      for (const { row, days, target } of bought) {
        const expected = days === 1 ? { status: 403, code: '4011' } : { status: 200, code: null };
        await expect
          .poll(() => answerThrough(row, target), { timeout: 8_000, interval: 200 })
          .toEqual(expected);
      }
      await expireProxies(proxiesDeps(t.app), endOf(30));
      for (const { row, target } of bought) {
        await expect
          .poll(() => answerThrough(row, target), { timeout: 8_000, interval: 200 })
          .toEqual({ status: 403, code: '4011' });
        expect((await proxyByPublicId(db(), row.id)).status).toBe(PROXY_STATUS.EXPIRED);
      }
    });
  });
});
