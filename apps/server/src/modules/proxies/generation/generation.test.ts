import { eq, queryRows, sql, trafficPlans, trafficPools, users } from '@ptc/db';
import { createExit, createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { customerWithBalance } from '../../../test/factories';
import {
  allowNextGeneration,
  countProxies,
  createStaticExits,
  generate,
  generateOk,
  ledgerOf,
  proxyByPublicId,
} from '../../../test/proxies';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { readBalanceAndSum } from '../../../test/wallet';
import { violatedConstraint } from './generation.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PTC = 1_000_000n;

describe('proxy generation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    for (const line of [1, 2, 3, 4]) {
      await createExit(db, { country: 'US', state: 'NY', city: 'newyork', line, ip: `198.51.100.${line}` });
    }
    await createExit(db, { country: 'US', state: 'NY', city: 'buffalo', line: 1, ip: '203.0.120.5' });
    await createExit(db, { country: 'TW', state: 'TPE', city: 'taipei', line: 1, ip: '192.0.2.10' });
    await createExit(db, { country: 'DE', state: 'BE', city: 'berlin', line: 1, ip: '192.0.2.20' });
    await createStaticExits(db, 3, { prefix: '203.0.113' });
    await createStaticExits(db, 2, { prefix: '203.0.114', type: 'datacenter' });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const customer = (balance: bigint) => customerWithBalance(t.database, balance);
  const balanceOf = async (userId: bigint) => (await readBalanceAndSum(db(), userId))?.balance;

  it('charges 0.15 PTC per dynamic IP in one purchase entry, with fresh credentials valid 24 hours', async () => {
    const buyer = await customer(10n * PTC);
    const before = Date.now();
    const answer = await generateOk(t.app, db(), buyer, 'dynamic/ip/by_area', {
      country: 'us',
      state: 'ny',
      count: 3,
    });
    expect(answer).toMatchObject({ charged: '0.45', balance: '9.55' });
    expect(answer.data).toHaveLength(3);
    for (const row of answer.data) {
      expect(row).toMatchObject({
        generate: 'dynamic',
        proxy_type: 'ip',
        type: 'rotating',
        generate_type: 'by_area',
        area: { precision: 'state', country: 'US', state: 'NY', city: null },
        status: 1,
        switch: 5,
        protocol: 'http',
        ip_used: 1,
        ip_cost: '0.15',
        remaining_days: 1,
      });
      expect(row.username).toMatch(/^[a-z0-9]{10,12}$/);
      expect(row.password).toMatch(/^[^-:]{16}$/);
      expect(row.session).toMatch(/^[a-z0-9]{8}$/);
      const expiresAt = Date.parse(row.expire_time);
      expect(expiresAt - before).toBeGreaterThanOrEqual(DAY - 1_000);
      expect(expiresAt - Date.now()).toBeLessThanOrEqual(DAY);
    }
    expect(new Set(answer.data.map((row) => row.username)).size).toBe(3);
    expect(new Set(answer.data.map((row) => row.id)).size).toBe(3);
    // Each is an address of the area for its life: three different ones of New York state's five.
    const addresses = answer.data.map((row) => row.ip);
    expect(new Set(addresses).size).toBe(3);
    for (const ip of addresses)
      expect(['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '203.0.120.5']).toContain(ip);
    const entries = await ledgerOf(db(), buyer.user.id);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['topup', 10n * PTC],
      ['purchase', -450_000n],
    ]);
    expect(entries[1]?.referenceType).toBe('proxy');
    expect(await readBalanceAndSum(db(), buyer.user.id)).toEqual({ balance: 9_550_000n, sum: 9_550_000n });
  });

  it('charges 7.99 PTC per 30-day residential static IP and leases one address to each', async () => {
    const buyer = await customer(20n * PTC);
    const answer = await generateOk(t.app, db(), buyer, 'static/ip', {
      type: 'residential',
      country: 'US',
      count: 2,
      days: 30,
      auto_renew: true,
      protocol: 'socks5',
    });
    expect(answer).toMatchObject({ charged: '15.98', balance: '4.02' });
    const ips = answer.data.map((row) => row.ip);
    expect(new Set(ips).size).toBe(2);
    for (const row of answer.data) {
      expect(row).toMatchObject({
        generate: 'static',
        proxy_type: 'ip',
        type: 'residential',
        protocol: 'socks5',
        auto_renew: true,
        session: null,
        remaining_days: 30,
        ip_cost: '7.99',
        area: { country: 'US', state: 'NY', city: 'newyork', label: 'New York, New York, United States' },
      });
      expect(row.ip).toMatch(/^203\.0\.113\.\d$/);
      const stored = await proxyByPublicId(db(), row.id);
      expect(stored).toMatchObject({ renewDays: 30, family: 'static-ip', exitType: 'residential' });
      expect(stored.exitId).not.toBeNull();
    }
    expect((await ledgerOf(db(), buyer.user.id)).at(-1)?.amount).toBe(-15_980_000n);
  });

  it('charges 0.25 PTC for a 1-day data center static IP, expiring a day later', async () => {
    const buyer = await customer(1n * PTC);
    const answer = await generateOk(t.app, db(), buyer, 'static/ip', {
      type: 'datacenter',
      country: 'US',
      days: 1,
    });
    expect(answer).toMatchObject({ charged: '0.25', balance: '0.75' });
    expect(answer.data[0]).toMatchObject({ type: 'datacenter', remaining_days: 1, ip: '203.0.114.1' });
  });

  it('refuses a purchase the balance cannot pay with 3002, creating and charging nothing', async () => {
    const buyer = await customer(400_000n);
    for (const [path, form] of [
      ['dynamic/ip/by_area', { country: 'US', count: 3 }],
      ['static/ip', { type: 'residential', country: 'US', days: 1 }],
    ] as const) {
      await allowNextGeneration(db(), buyer.user.id);
      const refused = await generate(t.app, buyer.token, path, form);
      expect(refused, path).toMatchObject({ code: 3002, status: 400 });
    }
    expect(await countProxies(db(), buyer.user.id)).toBe(0);
    expect((await ledgerOf(db(), buyer.user.id)).map((entry) => entry.kind)).toEqual(['topup']);
    expect(await balanceOf(buyer.user.id)).toBe(400_000n);
    // A refused generation does not hold the one-per-second slot.
    expect((await generate(t.app, buyer.token, 'dynamic/ip/by_area', { country: 'US', count: 2 })).code).toBe(
      0,
    );
  });

  it('answers 4003 to a second generation within a second, and lets one through a second later', async () => {
    const buyer = await customer(5n * PTC);
    await allowNextGeneration(db(), buyer.user.id);
    const form = { country: 'US' };
    expect((await generate(t.app, buyer.token, 'dynamic/ip/by_area', form)).code).toBe(0);
    const tooSoon = await generate(t.app, buyer.token, 'dynamic/ip/by_area', form);
    expect(tooSoon).toMatchObject({
      code: 4003,
      status: 429,
      msg: 'Generation too frequent, retry after 1 second',
    });
    await db()
      .update(users)
      .set({ lastGenerationAt: sql`${users.lastGenerationAt} - interval '1 second'` })
      .where(eq(users.id, buyer.user.id));
    expect((await generate(t.app, buyer.token, 'dynamic/ip/by_area', form)).code).toBe(0);
    expect(await countProxies(db(), buyer.user.id)).toBe(2);
  });

  it('lets only one of two simultaneous generations of a user through', async () => {
    const buyer = await customer(5n * PTC);
    await allowNextGeneration(db(), buyer.user.id);
    const answers = await Promise.all(
      [1, 2].map(() => generate(t.app, buyer.token, 'dynamic/ip/by_area', { country: 'US' })),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 4003]);
    expect(await countProxies(db(), buyer.user.id)).toBe(1);
  });

  it('answers 4001 for a wrong area: line 3 with a state, rotation outside US/TW, an area without supply', async () => {
    const buyer = await customer(5n * PTC);
    const cases: [string, Record<string, string | number>, string][] = [
      ['dynamic/traffic', { country: 'US', state: 'NY', line: 3 }, 'line 3'],
      ['dynamic/traffic', { country: 'DE', rotation: 'true' }, 'Taiwan'],
      ['dynamic/traffic', { country: 'ZZ' }, 'no supply'],
      ['dynamic/common/traffic', { precision: 'city', country: 'US' }, 'state or a city'],
      ['dynamic/common/traffic', { precision: 'city', state: 'NY' }, 'country'],
      ['static/ip', { type: 'residential', country: 'FR', days: 30 }, 'no supply'],
    ];
    for (const [path, form, words] of cases) {
      await allowNextGeneration(db(), buyer.user.id);
      const refused = await generate(t.app, buyer.token, path, form);
      expect(refused, `${path} ${JSON.stringify(form)}`).toMatchObject({ code: 4001 });
      expect(refused.msg).toContain(words);
    }
    expect(await countProxies(db(), buyer.user.id)).toBe(0);
  });

  it('takes the route type premier (lines 1–2) or budget (lines 3–4) and the node within it', async () => {
    const buyer = await customer(5n * PTC);
    const lineOf = async (form: Record<string, string | number>) => {
      const answer = await generateOk(t.app, db(), buyer, 'dynamic/traffic', form);
      const [row] = answer.data;
      return [row?.line, row?.route];
    };
    expect(await lineOf({ country: 'US' })).toEqual([1, 'premier']);
    expect(await lineOf({ country: 'US', route: 'premier', line: 2 })).toEqual([2, 'premier']);
    expect(await lineOf({ country: 'US', route: 'budget' })).toEqual([3, 'budget']);
    // Line 3 serves whole countries only, so a state takes the budget route's other node.
    expect(await lineOf({ country: 'US', state: 'NY', route: 'budget' })).toEqual([4, 'budget']);
    expect(await lineOf({ country: 'US', line: 4 })).toEqual([4, 'budget']);

    const generated = await countProxies(db(), buyer.user.id);
    for (const [form, words] of [
      [{ country: 'US', route: 'premier', line: 3 }, 'line 3 is not a premier route'],
      [{ country: 'US', route: 'budget', line: '1' }, 'line 1 is not a budget route'],
    ] as const) {
      await allowNextGeneration(db(), buyer.user.id);
      const refused = await generate(t.app, buyer.token, 'dynamic/traffic', form);
      expect(refused, JSON.stringify(form)).toMatchObject({ code: 1002 });
      expect(refused.msg).toContain(words);
    }
    await allowNextGeneration(db(), buyer.user.id);
    expect(
      (await generate(t.app, buyer.token, 'dynamic/traffic', { country: 'US', route: 'cheap' })).code,
    ).toBe(1002);
    expect(await countProxies(db(), buyer.user.id)).toBe(generated);
  });

  it('names the city of a rotating proxy (it has no exit label) from the place catalogue', async () => {
    const buyer = await customer(5n * PTC);
    const answer = await generateOk(t.app, db(), buyer, 'dynamic/traffic', {
      country: 'US',
      state: 'NY',
      city: 'buffalo',
    });
    expect(answer.data[0]).toMatchObject({
      area: { precision: 'city', city: 'buffalo', label: null, city_name: 'Buffalo' },
    });
    const listed = await call(t.app, 'GET', '/proxy/tokens/dynamic/traffic', { token: buyer.token });
    expect(listed.data.data[0].area).toMatchObject({ city: 'buffalo', city_name: 'Buffalo' });
    // A key the catalogue does not know stays unnamed (the console shows the key).
    const unknown = await generateOk(t.app, db(), buyer, 'dynamic/traffic', {
      country: 'US',
      city: 'newyork',
    });
    expect(unknown.data[0].area).toMatchObject({ city: 'newyork', city_name: null });
  });

  it('answers 4004 when the area has no exit for the request or no address matches the IP', async () => {
    const buyer = await customer(5n * PTC);
    const cases: [string, Record<string, string | number | boolean>][] = [
      ['dynamic/traffic', { country: 'DE', line: 4 }],
      ['dynamic/ip/by_ip', { ip: '10.1.2.*' }],
      ['dynamic/ip/by_ip', { ip: '198.51.101.*', auto_return: false }],
      ['static/traffic', { type: 'datacenter', country: 'TW' }],
    ];
    for (const [path, form] of cases) {
      await allowNextGeneration(db(), buyer.user.id);
      expect((await generate(t.app, buyer.token, path, form)).code, path).toBe(4004);
    }
    expect(await countProxies(db(), buyer.user.id)).toBe(0);
  });

  it('generates by IP pattern in the area of the matching address, or a nearby one with auto return', async () => {
    const buyer = await customer(5n * PTC);
    const exact = await generateOk(t.app, db(), buyer, 'dynamic/ip/by_ip', { ip: '192.0.2.*' });
    expect(exact.data[0]).toMatchObject({ generate_type: 'by_ip', area: { country: 'TW', city: 'taipei' } });
    const nearby = await generateOk(t.app, db(), buyer, 'dynamic/ip/by_ip', {
      ip: '198.51.7.9',
      auto_return: true,
    });
    expect(nearby.data[0]).toMatchObject({ area: { country: 'US', state: 'NY', city: 'newyork' } });
  });

  it('gives a dynamic IP the matching address, shown in its list and shared with other buyers', async () => {
    const first = await customer(5n * PTC);
    const second = await customer(5n * PTC);
    const mine = await generateOk(t.app, db(), first, 'dynamic/ip/by_ip', { ip: '192.0.2.*' });
    expect(mine.data[0]).toMatchObject({ generate_type: 'by_ip', ip: '192.0.2.10' });
    // Rotating exits are shared: another customer gets the same address (no lease, no 4007).
    const theirs = await generateOk(t.app, db(), second, 'dynamic/ip/by_ip', { ip: '192.0.2.10' });
    expect(theirs.data[0]).toMatchObject({ ip: '192.0.2.10' });
    const listed = await call(t.app, 'GET', '/proxy/tokens/dynamic/ip?ip=192.0.2.10', { token: first.token });
    expect(listed.code).toBe(0);
    expect(listed.data.data).toMatchObject([{ id: mine.data[0].id, ip: '192.0.2.10' }]);
    expect((await proxyByPublicId(db(), mine.data[0].id)).exitId).not.toBeNull();
  });

  it('refuses traffic proxies without balance or bought traffic (3002), and allows them with either', async () => {
    const broke = await customer(0n);
    for (const [path, form] of [
      ['dynamic/traffic', { country: 'US' }],
      ['dynamic/common/traffic', {}],
      ['static/traffic', { type: 'residential', country: 'US' }],
    ] as const) {
      await allowNextGeneration(db(), broke.user.id);
      expect((await generate(t.app, broke.token, path, form)).code, path).toBe(3002);
    }
    expect(await countProxies(db(), broke.user.id)).toBe(0);

    const [plan] = await db()
      .insert(trafficPlans)
      .values({ gb: 1, pricePerGb: PTC, isActive: false })
      .returning();
    await db()
      .insert(trafficPools)
      .values({ userId: broke.user.id, planId: plan?.id ?? 0n, bytesTotal: 1n << 30n, amount: PTC });
    const withTraffic = await generateOk(t.app, db(), broke, 'dynamic/traffic', {
      country: 'TW',
      line: 1,
      rotation: true,
    });
    expect(withTraffic).toMatchObject({ charged: '0.00', balance: '0.00' });
    expect(withTraffic.data[0]).toMatchObject({
      generate: 'dynamic',
      proxy_type: 'traffic',
      line: 1,
      rotation: true,
      expire_time: null,
      remaining_days: null,
      traffic_used: '0',
      traffic_cost: '0.00',
    });

    const funded = await customer(1n * PTC);
    const universal = await generateOk(t.app, db(), funded, 'dynamic/common/traffic', { count: 2 });
    expect(universal).toMatchObject({ charged: '0.00', balance: '1.00' });
    expect(universal.data[0]).toMatchObject({
      generate_type: 'by_common',
      line: null,
      area: { country: null },
    });
    const leased = await generateOk(t.app, db(), funded, 'static/traffic', {
      type: 'residential',
      country: 'US',
    });
    expect(leased.data[0]).toMatchObject({ generate: 'static', proxy_type: 'traffic', type: 'residential' });
    expect(leased.data[0].ip).toMatch(/^203\.0\.113\./);
  });

  it('names the unique index a failed insert met, on either driver (a lease conflict becomes 4007)', async () => {
    const owner = await customer(0n);
    const [exit] = await createStaticExits(db(), 1, { prefix: '10.11.12' });
    const first = await createProxy(db(), owner.user.id, { family: 'static-ip', exitId: exit?.id });
    const conflict = await createProxy(db(), owner.user.id, { family: 'static-ip', exitId: exit?.id }).catch(
      (error: unknown) => error,
    );
    expect(violatedConstraint(conflict)).toBe('proxies_exit_lease_key');
    const twin = await createProxy(db(), owner.user.id, { username: first.username }).catch(
      (error: unknown) => error,
    );
    expect(violatedConstraint(twin)).toBe('proxies_username_key');
    expect(violatedConstraint(new Error('other'))).toBeNull();
  });

  it('generates 500 proxies in one request, inserted by one statement and charged in one entry', async () => {
    const buyer = await customer(100n * PTC);
    await allowNextGeneration(db(), buyer.user.id);
    // A statement-level trigger records how many rows each INSERT into proxies carried.
    await db().execute(
      sql`create table proxy_insert_statements (seq serial primary key, row_count int not null)`,
    );
    await db().execute(sql`create function record_proxy_insert() returns trigger language plpgsql as $$
      begin
        insert into proxy_insert_statements (row_count) select count(*) from inserted;
        return null;
      end $$`);
    await db().execute(sql`create trigger record_proxy_insert after insert on proxies
      referencing new table as inserted for each statement execute function record_proxy_insert()`);
    try {
      const answer = await generate(t.app, buyer.token, 'dynamic/ip/by_area', { country: 'US', count: 500 });
      expect(answer).toMatchObject({ code: 0, data: { charged: '75.00', balance: '25.00' } });
      expect(new Set(answer.data.data.map((row: { username: string }) => row.username)).size).toBe(500);
      const statements = await queryRows<{ row_count: number }>(
        db(),
        sql`select row_count from proxy_insert_statements order by seq`,
      );
      expect(statements).toEqual([{ row_count: 500 }]);
      expect((await ledgerOf(db(), buyer.user.id)).map((entry) => [entry.kind, entry.amount])).toEqual([
        ['topup', 100n * PTC],
        ['purchase', -75n * PTC],
      ]);
    } finally {
      await db().execute(sql`drop trigger record_proxy_insert on proxies`);
      await db().execute(sql`drop function record_proxy_insert()`);
      await db().execute(sql`drop table proxy_insert_statements`);
    }
  });
});
