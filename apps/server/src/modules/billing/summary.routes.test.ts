import { randomUUID } from 'node:crypto';
import { type Database, eq, ledgerEntries, proxyUsageHourly } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { credit, signedInCustomer } from '../../test/factories';

import { createTestApp, type TestApp } from '../../test/test-app';

import { moveMoney } from '../wallet/ledger.service';

const PTC = 1_000_000n;

/** Records a ledger entry at a given instant (entries are immutable; only tests move them in time). */
const entryAt = async (
  db: Database,
  at: string,
  entry: Omit<Parameters<typeof moveMoney>[1], 'idempotencyKey'>,
) => {
  const key = `summary-test:${randomUUID()}`;
  const { entry: posted } = await moveMoney(db, { ...entry, idempotencyKey: key });
  await db
    .update(ledgerEntries)
    .set({ createdAt: new Date(at) })
    .where(eq(ledgerEntries.idempotencyKey, key));
  return posted;
};

describe('dashboard summaries', () => {
  let t: TestApp;
  let token: string;
  let userId: bigint;
  beforeAll(async () => {
    t = await createTestApp();
    const customer = await signedInCustomer(t.database);
    token = customer.token;
    userId = customer.user.id;
  });
  afterAll(() => t.close());

  const summary = (path: string, tz?: string) =>
    call(t.app, 'GET', `/proxy/summary/${path}`, { token, headers: tz ? { tz } : {} });

  it('sums costs per category per day and per month from the ledger, refunds deducted, in the tz of the request', async () => {
    const db = t.database.db;
    await credit(db, userId, 100n * PTC);
    const dynamicIp = await createProxy(db, userId, { family: 'dynamic-ip' });
    const dynamicTraffic = await createProxy(db, userId, { family: 'dynamic-traffic', line: 1 });
    const budgetLine3 = await createProxy(db, userId, { family: 'dynamic-traffic', line: 3 });
    const budgetLine4 = await createProxy(db, userId, { family: 'dynamic-traffic', line: 4 });
    const staticTraffic = await createProxy(db, userId, { family: 'static-traffic', exitType: 'datacenter' });
    const staticIp = await createProxy(db, userId, { family: 'static-ip', exitType: 'residential' });
    const proxy = (row: { publicId: string }) => ({ type: 'proxy', id: row.publicId });

    await entryAt(db, '2026-03-01T10:00:00Z', {
      userId,
      amount: -150_000n,
      kind: 'purchase',
      reference: proxy(dynamicIp),
    });
    await entryAt(db, '2026-03-01T10:05:00Z', {
      userId,
      amount: 150_000n,
      kind: 'refund',
      reference: proxy(dynamicIp),
    });
    await entryAt(db, '2026-03-01T12:00:00Z', {
      userId,
      amount: -1_250_000n,
      kind: 'usage',
      reference: proxy(dynamicTraffic),
    });
    // The budget routes' suppliers are shown apart, and are part of dynamic traffic.
    await entryAt(db, '2026-03-01T12:10:00Z', {
      userId,
      amount: -300_000n,
      kind: 'usage',
      reference: proxy(budgetLine3),
    });
    await entryAt(db, '2026-03-01T12:20:00Z', {
      userId,
      amount: -150_000n,
      kind: 'usage',
      reference: proxy(budgetLine4),
    });
    // 20:00 UTC on March 1st is already March 2nd in Shanghai.
    await entryAt(db, '2026-03-01T20:00:00Z', {
      userId,
      amount: -500_001n,
      kind: 'usage',
      reference: proxy(staticTraffic),
    });
    // A proxy referenced by its numeric id counts too.
    await entryAt(db, '2026-03-02T09:00:00Z', {
      userId,
      amount: -7_990_000n,
      kind: 'purchase',
      reference: { type: 'proxy', id: staticIp.id.toString() },
    });
    await entryAt(db, '2026-03-02T09:30:00Z', {
      userId,
      amount: -2_000_000n,
      kind: 'purchase',
      reference: { type: 'vm', id: 'vm1' },
    });
    await entryAt(db, '2026-04-15T09:30:00Z', {
      userId,
      amount: -500_000n,
      kind: 'renewal',
      reference: proxy(staticIp),
    });
    // Traffic packages are dynamic traffic bought ahead (their usage is not charged again).
    await entryAt(db, '2026-03-02T09:45:00Z', {
      userId,
      amount: -45_000_000n,
      kind: 'purchase',
      reference: { type: 'traffic_pool', id: '1' },
    });

    const utc = await summary('cost/day?start=2026-03-01&end=2026-03-03');
    expect(utc.code).toBe(0);
    expect(utc.data.records.map((record: { time: string }) => record.time)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
    expect(utc.data.records[0].costs).toMatchObject({
      dynamic_ip: '0.000000',
      dynamic_traffic: '1.700000',
      dynamic_traffic_line3: '0.300000',
      dynamic_traffic_line4: '0.150000',
      static_traffic: '0.500001',
      static_traffic_datacenter: '0.500001',
      static_traffic_residential: '0.000000',
      total: '2.200001',
    });
    expect(utc.data.records[1].costs).toMatchObject({
      dynamic_traffic: '45.000000',
      dynamic_traffic_line3: '0.000000',
      static_ip: '7.990000',
      static_ip_residential: '7.990000',
      vm: '2.000000',
      total: '54.990000',
    });
    expect(utc.data.totals.total).toBe('57.190001');

    const shanghai = await summary('cost/day?start=2026-03-01&end=2026-03-01', 'Asia/Shanghai');
    expect(shanghai.data.records[0].costs).toMatchObject({ static_traffic: '0.000000', total: '1.700000' });
    const newYork = await summary('cost/day?start=2026-03-02&end=2026-03-02', 'America/New_York');
    // 09:00 and 09:30 UTC are 04:00 and 04:30 in New York: still March 2nd.
    expect(newYork.data.records[0].costs.total).toBe('54.990000');

    const months = await summary('cost/month?start=2026-02&end=2026-04');
    expect(
      months.data.records.map((record: { time: string; costs: { total: string } }) => [
        record.time,
        record.costs.total,
      ]),
    ).toEqual([
      ['2026-02', '0.000000'],
      ['2026-03', '57.190001'],
      ['2026-04', '0.500000'],
    ]);
    expect(months.data.totals).toMatchObject({
      static_ip: '8.490000',
      dynamic_traffic_line4: '0.150000',
      total: '57.690001',
    });
  });

  it('deducts an operator’s refund of a charge from the product that charge was for', async () => {
    const db = t.database.db;
    const staticIp = await createProxy(db, userId, { family: 'static-ip', exitType: 'datacenter' });
    const purchase = await entryAt(db, '2026-05-04T09:00:00Z', {
      userId,
      amount: -7_990_000n,
      kind: 'purchase',
      reference: { type: 'proxy', id: staticIp.publicId },
    });
    await entryAt(db, '2026-05-04T10:00:00Z', {
      userId,
      amount: 2_000_000n,
      kind: 'refund',
      reference: { type: 'ledger_entry', id: purchase.id.toString() },
    });
    const day = await summary('cost/day?start=2026-05-04&end=2026-05-04');
    expect(day.data.records[0].costs).toMatchObject({ static_ip: '5.990000', total: '5.990000' });
  });

  it('refuses malformed or too long ranges', async () => {
    expect((await summary('cost/day?start=2026-02-30&end=2026-03-01')).code).toBe(1002);
    expect((await summary('cost/day?start=2025-01-01&end=2026-01-02')).code).toBe(1002);
    expect((await summary('cost/day?start=2026-03-02&end=2026-03-01')).code).toBe(1002);
    expect((await summary('cost/month?start=2026-13&end=2027-01')).code).toBe(1002);
    expect((await summary('cost/week?start=2026-01-01&end=2026-01-02')).code).toBe(1002);
    expect((await summary('cost/day?start=2026-01-01')).code).toBe(1001);
    expect((await summary('cost/day?start=2025-01-01&end=2026-01-01')).code).toBe(0);
  });

  it('answers traffic of the last 24 hours by hour and 30 days by day', async () => {
    const { user, token: own } = await signedInCustomer(t.database);
    const proxy = await createProxy(t.database.db, user.id);
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await t.database.db.insert(proxyUsageHourly).values([
      { proxyId: proxy.id, hour: new Date(hour), bytesUp: 100n, bytesDown: 1_000n },
      { proxyId: proxy.id, hour: new Date(hour - 3 * 3_600_000), bytesUp: 5n, bytesDown: 5n },
      { proxyId: proxy.id, hour: new Date(hour - 5 * 86_400_000), bytesUp: 0n, bytesDown: 7n },
      { proxyId: proxy.id, hour: new Date(hour - 40 * 86_400_000), bytesUp: 0n, bytesDown: 9n },
    ]);
    const answer = await call(t.app, 'GET', '/proxy/summary/traffic', { token: own });
    expect(answer.data.hours).toHaveLength(24);
    expect(answer.data.hours[23]).toEqual({
      time: new Date(hour).toISOString(),
      bytes_up: '100',
      bytes_down: '1000',
      bytes: '1100',
    });
    expect(answer.data.hours[20].bytes).toBe('10');
    expect(answer.data.days).toHaveLength(30);
    expect(answer.data).toMatchObject({ total_24h: '1110', total_30d: '1117' });
  });

  it('counts proxies per family by status and switch', async () => {
    const { user, token: own } = await signedInCustomer(t.database);
    const db = t.database.db;
    await createProxy(db, user.id);
    await createProxy(db, user.id, { switch: 6 });
    await createProxy(db, user.id, { family: 'static-ip', expiresAt: new Date(Date.now() - 1_000) });
    await createProxy(db, user.id, { family: 'dynamic-ip', status: 2 });
    await createProxy(db, user.id, { family: 'dynamic-ip', deletedAt: new Date() });
    const answer = await call(t.app, 'GET', '/proxy/summary/proxies', { token: own });
    expect(answer.data.total).toBe(4);
    expect(answer.data.families).toEqual([
      { family: 'dynamic-traffic', total: 2, normal: 2, invalid: 0, expired: 0, unhealthy: 0, on: 1, off: 1 },
      { family: 'dynamic-ip', total: 1, normal: 0, invalid: 1, expired: 0, unhealthy: 0, on: 1, off: 0 },
      { family: 'static-traffic', total: 0, normal: 0, invalid: 0, expired: 0, unhealthy: 0, on: 0, off: 0 },
      { family: 'static-ip', total: 1, normal: 0, invalid: 0, expired: 1, unhealthy: 0, on: 1, off: 0 },
    ]);
  });
});
