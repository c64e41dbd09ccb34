import {
  BYTES_PER_GB,
  bytesAffordable,
  chargeForBytes,
  DYNAMIC_TRAFFIC_PRICE_PER_GB,
  STATIC_TRAFFIC_PRICE_PER_GB,
} from '@ptc/contracts';
import { type DatabaseHandle, eq, proxies, trafficPools, users } from '@ptc/db';
import { createProxy, createTestDatabase } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, fundedUser } from '../../test/factories';
import { carry, entriesOf, givePool, readProxy } from '../../test/products';
import { readBalanceAndSum } from '../../test/wallet';
import { billUsage, usageKey } from './usage-billing.service';

const PTC = 1_000_000n;

describe('traffic charges', () => {
  it('carry the sub-micro-PTC remainder, so small steps sum to one big step', () => {
    const price = 5_000_000n;
    let carried = 0n;
    let charged = 0n;
    let total = 0n;
    for (let step = 1n; step <= 500n; step += 1n) {
      const bytes = step * 7_919n;
      const next = chargeForBytes(bytes, price, carried);
      charged += next.charge;
      carried = next.remainder;
      total += bytes;
    }
    expect(charged).toBe((total * price) / BYTES_PER_GB);
    expect(carried).toBe((total * price) % BYTES_PER_GB);
  });

  it('find the most bytes a balance pays for, charging it exactly', () => {
    const price = 3_000_000n;
    const bytes = bytesAffordable(1_234n, price, 99n) ?? 0n;
    expect(chargeForBytes(bytes, price, 99n).charge).toBe(1_234n);
    expect(chargeForBytes(bytes + 1n, price, 99n).charge).toBe(1_235n);
    expect(bytesAffordable(0n, price, 0n)).toBe(357n);
    expect(bytesAffordable(5n, 0n, 0n)).toBeNull();
  });
});

describe('the usage billing job', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());
  const db = () => handle.db;
  const usedOf = async (poolId: bigint) =>
    (await db().select().from(trafficPools).where(eq(trafficPools.id, poolId)))[0]?.bytesUsed;
  const holdsOf = async (userId: bigint) => {
    const [row] = await db()
      .select({ held: users.held, heldPackageBytes: users.heldPackageBytes })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? { held: 0n, heldPackageBytes: 0n };
  };
  /** What a gateway's usage flush leaves behind: priced usage, held for the owner until settled. */
  const accrue = async (
    proxyId: bigint,
    userId: bigint,
    usage: { bytes: bigint; packageBytes: bigint; cost: bigint; remainder: bigint },
  ) => {
    await db()
      .update(proxies)
      .set({
        accruedBytes: usage.bytes,
        accruedPackageBytes: usage.packageBytes,
        accruedCost: usage.cost,
        billingRemainder: usage.remainder,
      })
      .where(eq(proxies.id, proxyId));
    await db()
      .update(users)
      .set({ held: usage.cost, heldPackageBytes: usage.packageBytes })
      .where(eq(users.id, userId));
  };

  it('charges an enterprise account’s traffic at the list price less its discount', async () => {
    const user = await fundedUser(db(), 100n * PTC, { plan: 'enterprise', discountBasisPoints: 2_000 });
    const proxy = await createProxy(db(), user.id, { family: 'dynamic-traffic', line: 1 });
    await carry(db(), proxy.id, 0n, 2n * BYTES_PER_GB);
    await billUsage(handle);
    const usage = await entriesOf(db(), user.id, 'usage');
    expect(usage.map((entry) => entry.amount)).toEqual([-8_000_000n]);
  });

  it('charges the bytes carried at each line’s price exactly, flooring with the remainder carried', async () => {
    const user = await fundedUser(db(), 1_000n * PTC);
    const bytes = 1_234_567_891n;
    const cases = [
      { overrides: { family: 'dynamic-traffic', line: 1 }, price: DYNAMIC_TRAFFIC_PRICE_PER_GB[1] },
      { overrides: { family: 'dynamic-traffic', line: 2 }, price: DYNAMIC_TRAFFIC_PRICE_PER_GB[2] },
      { overrides: { family: 'dynamic-traffic', line: 3 }, price: DYNAMIC_TRAFFIC_PRICE_PER_GB[3] },
      { overrides: { family: 'dynamic-traffic', line: 4 }, price: DYNAMIC_TRAFFIC_PRICE_PER_GB[4] },
      {
        overrides: { family: 'static-traffic', exitType: 'residential' },
        price: STATIC_TRAFFIC_PRICE_PER_GB.residential,
      },
      {
        overrides: { family: 'static-traffic', exitType: 'datacenter' },
        price: STATIC_TRAFFIC_PRICE_PER_GB.datacenter,
      },
    ] as const;
    const created = [];
    for (const { overrides, price } of cases) {
      const proxy = await createProxy(db(), user.id, overrides);
      await carry(db(), proxy.id, bytes - 1_000n, 1_000n);
      created.push({ proxy, price });
    }
    // A proxy paid per IP is never billed by traffic.
    const prepaid = await createProxy(db(), user.id, { family: 'dynamic-ip' });
    await carry(db(), prepaid.id, bytes);

    expect(await billUsage(handle)).toBe(cases.length);

    const usage = await entriesOf(db(), user.id, 'usage');
    expect(usage).toHaveLength(cases.length);
    for (const { proxy, price } of created) {
      const expected = (bytes * price) / BYTES_PER_GB;
      const row = await readProxy(db(), proxy.id);
      expect(row).toMatchObject({
        billedBytes: bytes,
        billingRemainder: (bytes * price) % BYTES_PER_GB,
        costTotal: expected,
      });
      const entry = usage.find((candidate) => candidate.referenceId === proxy.publicId);
      expect(entry).toMatchObject({
        amount: -expected,
        kind: 'usage',
        referenceType: 'proxy',
        idempotencyKey: usageKey(proxy.id, bytes),
      });
    }
    expect((await readProxy(db(), prepaid.id)).billedBytes).toBe(0n);
    const books = await readBalanceAndSum(db(), user.id);
    expect(books?.balance).toBe(books?.sum);
  });

  it('charges many small runs exactly as much as one big run', async () => {
    const user = await fundedUser(db(), 100n * PTC);
    const once = await createProxy(db(), user.id, { line: 3 });
    const often = await createProxy(db(), user.id, { line: 3 });
    let total = 0n;
    for (let step = 1n; step <= 40n; step += 1n) {
      const bytes = step * 1_048_573n + 17n;
      total += bytes;
      await carry(db(), often.id, bytes, step);
      total += step;
      await billUsage(handle);
    }
    await carry(db(), once.id, total);
    await billUsage(handle);
    const [a, b] = await Promise.all([readProxy(db(), once.id), readProxy(db(), often.id)]);
    expect(b.costTotal).toBe(a.costTotal);
    expect(b.billingRemainder).toBe(a.billingRemainder);
    expect(a.costTotal).toBe((total * DYNAMIC_TRAFFIC_PRICE_PER_GB[3]) / BYTES_PER_GB);
    const usage = await entriesOf(db(), user.id, 'usage');
    const sumOf = (publicId: string) =>
      usage.filter((entry) => entry.referenceId === publicId).reduce((sum, entry) => sum - entry.amount, 0n);
    expect(sumOf(often.publicId)).toBe(sumOf(once.publicId));
  });

  it('bills nothing twice when run again', async () => {
    const user = await fundedUser(db(), 10n * PTC);
    const proxy = await createProxy(db(), user.id);
    await carry(db(), proxy.id, 300_000_000n);
    expect(await billUsage(handle)).toBeGreaterThanOrEqual(1);
    const before = await readBalanceAndSum(db(), user.id);
    await Promise.all([billUsage(handle), billUsage(handle)]);
    expect(await readBalanceAndSum(db(), user.id)).toEqual(before);
    expect(await entriesOf(db(), user.id, 'usage')).toHaveLength(1);
  });

  it('takes bought traffic first, the soonest to expire first, then the balance', async () => {
    const user = await fundedUser(db(), 10n * PTC);
    const now = new Date();
    const permanent = await givePool(db(), user.id, BYTES_PER_GB);
    const expiring = await givePool(db(), user.id, BYTES_PER_GB / 2n, {
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const expired = await givePool(db(), user.id, BYTES_PER_GB, {
      expiresAt: new Date(now.getTime() - 1_000),
    });
    const proxy = await createProxy(db(), user.id, { line: 1 });

    await carry(db(), proxy.id, BYTES_PER_GB / 4n);
    await billUsage(handle, now);
    expect(await usedOf(expiring.id)).toBe(BYTES_PER_GB / 4n);
    expect(await usedOf(permanent.id)).toBe(0n);
    expect(await entriesOf(db(), user.id, 'usage')).toHaveLength(0);

    // 2 GB more: 0.25 GB from the expiring package, 1 GB from the permanent one, 0.75 GB paid.
    await carry(db(), proxy.id, 2n * BYTES_PER_GB);
    await billUsage(handle, now);
    expect(await usedOf(expiring.id)).toBe(BYTES_PER_GB / 2n);
    expect(await usedOf(permanent.id)).toBe(BYTES_PER_GB);
    expect(await usedOf(expired.id)).toBe(0n);
    const [entry] = await entriesOf(db(), user.id, 'usage');
    expect(entry?.amount).toBe((-((3n * BYTES_PER_GB) / 4n) * 5_000_000n) / BYTES_PER_GB);
    expect((await readProxy(db(), proxy.id)).costTotal).toBe(3_750_000n);
  });

  it('charges the balance down to zero when it cannot cover the usage, stops rotation, keeps the rest owed (held) and bills it once funds return', async () => {
    const user = await fundedUser(db(), 1n * PTC);
    const busy = await createProxy(db(), user.id, { line: 1, rotation: true });
    const idle = await createProxy(db(), user.id, { family: 'static-traffic', exitType: 'datacenter' });
    const prepaid = await createProxy(db(), user.id, { family: 'static-ip', exitType: 'residential' });
    // 0.5 GB at 5 PTC/GB = 2.5 PTC, with 1 PTC left.
    const carried = BYTES_PER_GB / 2n;
    await carry(db(), busy.id, carried);
    await billUsage(handle);

    expect((await readBalanceAndSum(db(), user.id))?.balance).toBe(0n);
    const [entry] = await entriesOf(db(), user.id, 'usage');
    expect(entry?.amount).toBe(-1n * PTC);
    const afterShort = await readProxy(db(), busy.id);
    // The gateways refuse traffic without credit (3002) instead: switches stay as the customer set them.
    expect(afterShort).toMatchObject({
      switch: 5,
      rotation: false,
      costTotal: 1n * PTC,
      billedBytes: carried,
    });
    expect(afterShort.accruedCost).toBe(1_500_000n);
    expect((await holdsOf(user.id)).held).toBe(1_500_000n);
    expect((await readProxy(db(), idle.id)).switch).toBe(5);
    expect((await readProxy(db(), prepaid.id)).switch).toBe(5);

    // Nothing more to take while the balance is empty.
    await billUsage(handle);
    expect(await entriesOf(db(), user.id, 'usage')).toHaveLength(1);

    await credit(db(), user.id, 10n * PTC);
    await billUsage(handle);
    const settled = await readProxy(db(), busy.id);
    expect(settled).toMatchObject({ billedBytes: carried, accruedCost: 0n });
    expect(settled.costTotal).toBe((carried * 5_000_000n) / BYTES_PER_GB);
    expect((await readBalanceAndSum(db(), user.id))?.balance).toBe(11n * PTC - 2_500_000n);
    expect((await holdsOf(user.id)).held).toBe(0n);
    expect((await entriesOf(db(), user.id, 'usage')).map((usage) => usage.amount)).toEqual([
      -1n * PTC,
      -1_500_000n,
    ]);
  });

  it('stops rotation when the charge takes the last of the balance and no bought traffic is left', async () => {
    const user = await fundedUser(db(), 0n);
    const proxy = await createProxy(db(), user.id, { line: 4, rotation: true });
    await givePool(db(), user.id, 1_000n);
    await carry(db(), proxy.id, 1_000n);
    await billUsage(handle);
    expect(await readProxy(db(), proxy.id)).toMatchObject({
      billedBytes: 1_000n,
      costTotal: 0n,
      switch: 5,
      rotation: false,
    });
  });

  it('settles what the gateway priced as it flushed: package bytes from the packages, money from the balance, both out of the holds', async () => {
    const user = await fundedUser(db(), 10n * PTC);
    const pool = await givePool(db(), user.id, 1_000_000n);
    const proxy = await createProxy(db(), user.id, { line: 3 });
    // As a flush leaves it: 3 MB carried, 1 MB on package credit, 2 MB priced at 3 PTC/GB, all held.
    const priced = chargeForBytes(2_000_000n, 3_000_000n, 0n);
    await carry(db(), proxy.id, 3_000_000n);
    await accrue(proxy.id, user.id, {
      bytes: 3_000_000n,
      packageBytes: 1_000_000n,
      cost: priced.charge,
      remainder: priced.remainder,
    });
    await billUsage(handle);
    expect(await readProxy(db(), proxy.id)).toMatchObject({
      billedBytes: 3_000_000n,
      billingRemainder: priced.remainder,
      accruedBytes: 0n,
      accruedPackageBytes: 0n,
      accruedCost: 0n,
      costTotal: priced.charge,
    });
    expect(await usedOf(pool.id)).toBe(1_000_000n);
    expect(await holdsOf(user.id)).toEqual({ held: 0n, heldPackageBytes: 0n });
    expect((await readBalanceAndSum(db(), user.id))?.balance).toBe(10n * PTC - priced.charge);
  });
});
