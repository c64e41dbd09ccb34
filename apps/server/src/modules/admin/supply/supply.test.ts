import { auditLog, eq, exitHealthChecks, exits, inArray, proxies } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { startSocksUpstream, type TestUpstream } from '@ptc/gateway/testing/upstream-proxies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../../gateway';
import { ACCOUNT_TEST_ENV, call } from '../../../test/accounts';
import { customerWithBalance, operatorSession } from '../../../test/factories';
import {
  allowNextGeneration,
  createStaticExits,
  freePort,
  gatewayTestEnv,
  generate,
  generateOk,
  ledgerOf,
} from '../../../test/proxies';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { readBalanceAndSum } from '../../../test/wallet';
import { checkDueExits } from './health-checks.service';

const PTC = 1_000_000n;

describe('supply, as operators run it', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let target: TestTarget;
  let upstream: TestUpstream;
  let owner: Record<string, string>;
  let support: Record<string, string>;
  let finance: Record<string, string>;
  beforeAll(async () => {
    const port = await freePort();
    [target, upstream] = await Promise.all([
      startHttpTarget(),
      startSocksUpstream({ password: 'supplier-pw' }),
    ]);
    t = await createTestApp({
      ...gatewayTestEnv(port),
      ...ACCOUNT_TEST_ENV,
      SUPPLY_PROBE_URL: `http://127.0.0.1:${target.port}/hello`,
      SUPPLY_PROBE_TIMEOUT_MS: '2000',
    });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
    owner = (await operatorSession(t.database, 'owner')).headers;
    support = (await operatorSession(t.database, 'support')).headers;
    finance = (await operatorSession(t.database, 'finance')).headers;
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([target?.close(), upstream?.close()]);
    await t?.close();
  });

  const db = () => t.database.db;
  const auditOf = async (exitId: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.targetId, exitId))).map((entry) => entry.action);

  it('adds an upstream SOCKS5 provider for Berlin: a customer proxy there goes through it with the templated username; checks pass, then fail once it stops', async () => {
    const added = await call(t.app, 'POST', '/admin/exits', {
      headers: owner,
      body: {
        kind: 'socks5',
        host: '127.0.0.1',
        port: upstream.port,
        account: 'acme',
        username_template: '{user}-country-{cc}-city-{city}-session-{sid}',
        password_template: 'supplier-pw',
        type: 'residential',
        lines: [1],
        areas: [{ country: 'de', state: 'BE', city: 'Berlin' }],
      },
    });
    expect(added.code).toBe(0);
    const [exit] = added.data.records;
    expect(exit).toMatchObject({
      kind: 'socks5',
      country: 'DE',
      state: 'BE',
      city: 'berlin',
      label: 'Berlin, Berlin, Germany',
      has_password: true,
      enabled: true,
      healthy: true,
    });
    expect(JSON.stringify(added.data)).not.toContain('supplier-pw');

    // Customers see the area at once and can buy there.
    const customer = await customerWithBalance(t.database, 5n * PTC);
    const areas = await call(t.app, 'GET', '/proxy/area/countries?use_in=dynamic_traffic', {
      token: customer.token,
    });
    expect(JSON.stringify(areas.data)).toContain('"DE"');
    const [proxy] = (
      await generateOk(t.app, db(), customer, 'dynamic/traffic', {
        country: 'DE',
        state: 'BE',
        city: 'berlin',
      })
    ).data;
    const through = await curl([
      '-x',
      `http://${proxy.username}:${proxy.password}@${proxy.address}:${proxy.port}`,
      `http://127.0.0.1:${target.port}/hello`,
    ]);
    expect(through).toMatchObject({ status: 200, body: 'hello' });
    expect(upstream.seen.at(-1)).toMatchObject({
      host: '127.0.0.1',
      port: target.port,
      password: 'supplier-pw',
    });
    expect(upstream.seen.at(-1)?.username).toMatch(/^acme-country-de-city-berlin-session-\w+$/);

    const passed = await call(t.app, 'POST', `/admin/exits/${exit.id}/check`, { headers: support });
    expect(passed.data.check).toMatchObject({ ok: true, error: null });
    expect(passed.data.exit).toMatchObject({ last_check_ok: true, healthy: true, success_rate_24h: 1 });

    await upstream.close();
    const failed = await call(t.app, 'POST', `/admin/exits/${exit.id}/check`, { headers: owner });
    expect(failed.data.check.ok).toBe(false);
    expect(failed.data.check.error).toMatch(/ECONNREFUSED|unreachable/);
    // One failure may be a blip; the second in a row takes it out of rotation.
    expect(failed.data.exit).toMatchObject({ last_check_ok: false, healthy: true, success_rate_24h: 0.5 });
    const again = await call(t.app, 'POST', `/admin/exits/${exit.id}/check`, { headers: owner });
    expect(again.data.exit).toMatchObject({ healthy: false, last_check_ok: false });
    const checks = await call(t.app, 'GET', `/admin/exits/${exit.id}/checks`, { headers: finance });
    expect(checks.data.records.map((check: { ok: boolean }) => check.ok)).toEqual([false, false, true]);
    const listed = await call(t.app, 'GET', '/admin/exits?state=unhealthy&kind=socks5', { headers: support });
    expect(listed.data.records.map((row: { id: string }) => row.id)).toEqual([exit.id]);

    expect(await auditOf(exit.id)).toEqual(['exit.create', 'exit.check', 'exit.check', 'exit.check']);
  });

  it('checks every upstream exit in use once per interval on schedule, never direct or disabled ones, and forgets checks after a week', async () => {
    const settings = { ...t.app.config.supplyChecks, intervalMs: 60_000 };
    const due = await createExit(db(), { kind: 'http', host: '127.0.0.1', port: 9, country: 'CA', line: 1 });
    const direct = await createExit(db(), { country: 'CA', line: 2 });
    const disabled = await createExit(db(), {
      kind: 'http',
      host: '127.0.0.1',
      port: 9,
      country: 'CA',
      line: 3,
      disabledAt: new Date(),
    });
    const now = new Date();
    await db()
      .insert(exitHealthChecks)
      .values({ exitId: direct.id, checkedAt: new Date(now.getTime() - 8 * 86_400_000), isOk: true });
    await checkDueExits(db(), settings, now);
    const checked = await db()
      .select()
      .from(exits)
      .where(inArray(exits.id, [due.id, direct.id, disabled.id]));
    const byId = new Map(checked.map((row) => [row.id, row]));
    expect(byId.get(due.id)).toMatchObject({
      lastCheckOk: false,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(byId.get(direct.id)?.lastCheckedAt).toBeNull();
    expect(byId.get(disabled.id)?.lastCheckedAt).toBeNull();
    expect(await db().select().from(exitHealthChecks).where(eq(exitHealthChecks.exitId, direct.id))).toEqual(
      [],
    );
    // Not due again within the interval.
    await checkDueExits(db(), settings, new Date(now.getTime() + 30_000));
    expect(
      (await db().select().from(exitHealthChecks).where(eq(exitHealthChecks.exitId, due.id))).length,
    ).toBe(1);
  });

  it('refuses bad supply with the code that says why, and changes nothing', async () => {
    const base = {
      kind: 'http',
      host: 'proxy.example.test',
      port: 8000,
      type: 'datacenter',
      areas: [{ country: 'FR' }],
    };
    const add = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/admin/exits', { headers: owner, body });
    const before = (await db().select({ id: exits.id }).from(exits)).length;
    expect((await add({ ...base, username_template: '{user}-zone-{zone}' })).code).toBe(1002);
    expect((await add({ ...base, areas: [{ country: 'XX' }] })).code).toBe(4001);
    expect((await add({ ...base, areas: [{ country: 'FR', city: 'Atlantis' }] })).code).toBe(4001);
    expect((await add({ ...base, host: 'not a host' })).code).toBe(1002);
    expect((await add({ ...base, port: undefined })).code).toBe(1002);
    expect((await add({ ...base, kind: 'direct' })).code).toBe(1002);
    expect((await add({ ...base, host: 'a\u0000b' })).code).not.toBe(0);
    expect((await db().select({ id: exits.id }).from(exits)).length).toBe(before);
  });

  it('lets only the owner change supply, support and owner check it, everyone read it; a customer session is nobody', async () => {
    const exit = await createExit(db(), { country: 'US', state: 'NY', city: 'newyork', line: 2 });
    const customer = await customerWithBalance(t.database, 0n);
    const writes: ['POST' | 'PATCH', string, Record<string, unknown>][] = [
      ['POST', '/admin/exits', { kind: 'direct', type: 'residential', areas: [{ country: 'US' }] }],
      ['PATCH', `/admin/exits/${exit.id}`, { line: 3 }],
      ['POST', `/admin/exits/${exit.id}/enabled`, { enabled: false }],
      ['POST', `/admin/exits/${exit.id}/retire`, {}],
      ['POST', '/admin/supply/demo', { enabled: false }],
      ['POST', '/admin/inventory/import', { csv: 'ip,country,type\n192.0.2.9,US,residential' }],
    ];
    for (const [method, url, body] of writes) {
      for (const headers of [support, finance]) {
        expect((await call(t.app, method, url, { headers, body })).status, `${method} ${url}`).toBe(403);
      }
      const anonymous = await call(t.app, method, url, { body });
      const asCustomer = await call(t.app, method, url, { body, token: customer.token });
      expect([asCustomer.status, asCustomer.code]).toEqual([anonymous.status, anonymous.code]);
      expect(anonymous.status).toBe(401);
    }
    expect((await call(t.app, 'POST', `/admin/exits/${exit.id}/check`, { headers: finance })).status).toBe(
      403,
    );
    for (const headers of [owner, support, finance]) {
      expect((await call(t.app, 'GET', '/admin/supply', { headers })).code).toBe(0);
      expect((await call(t.app, 'GET', `/admin/exits/${exit.id}`, { headers })).code).toBe(0);
    }
    const [unchanged] = await db().select().from(exits).where(eq(exits.id, exit.id));
    expect(unchanged).toMatchObject({ line: 2, disabledAt: null });
  });

  it('disables a rotating exit: customers no longer see or buy its area, open connections stop choosing it; enabling brings it back', async () => {
    const exit = await createExit(db(), { country: 'JP', state: '13', city: 'tokyo', line: 1 });
    const customer = await customerWithBalance(t.database, 5n * PTC);
    const japan = async () =>
      JSON.stringify(
        (await call(t.app, 'GET', '/proxy/area/countries?use_in=dynamic_traffic', { token: customer.token }))
          .data,
      ).includes('"JP"');
    expect(await japan()).toBe(true);
    const off = await call(t.app, 'POST', `/admin/exits/${exit.id}/enabled`, {
      headers: owner,
      body: { enabled: false },
    });
    expect(off.data).toMatchObject({ enabled: false });
    expect(await japan()).toBe(false);
    await allowNextGeneration(db(), customer.user.id);
    const refused = await generate(t.app, customer.token, 'dynamic/traffic', { country: 'JP' });
    expect(refused.code).not.toBe(0);
    const on = await call(t.app, 'POST', `/admin/exits/${exit.id}/enabled`, {
      headers: owner,
      body: { enabled: true },
    });
    expect(on.data).toMatchObject({ enabled: true, healthy: true });
    expect(await japan()).toBe(true);
    const edited = await call(t.app, 'PATCH', `/admin/exits/${exit.id}`, {
      headers: owner,
      body: { line: 4, label: 'Tokyo pool' },
    });
    expect(edited.data).toMatchObject({ line: 4, label: 'Tokyo pool' });
    expect(await auditOf(exit.id.toString())).toEqual(['exit.disable', 'exit.enable', 'exit.update']);
  });

  it('retires a leased static address: the lease moves to a free one of the place; with none left the unused paid time is refunded', async () => {
    const [first, second] = await createStaticExits(db(), 2, {
      prefix: '192.0.2',
      country: 'GB',
      state: 'ENG',
      city: 'london',
    });
    const customer = await customerWithBalance(t.database, 40n * PTC);
    const [proxy] = (
      await generateOk(t.app, db(), customer, 'static/ip', {
        type: 'residential',
        country: 'GB',
        count: 1,
        days: 30,
      })
    ).data;
    const leased = (
      await db()
        .select()
        .from(proxies)
        .where(eq(proxies.publicId, proxy.id ?? proxy.public_id))
    )[0];
    const leasedExit = leased?.exitId === first?.id ? first : second;
    const freeExit = leasedExit === first ? second : first;

    const moved = await call(t.app, 'POST', `/admin/exits/${leasedExit?.id}/retire`, { headers: owner });
    expect(moved.data.leases).toEqual([
      { proxy: leased?.publicId, outcome: 'moved', ip: freeExit?.ip, refunded: '0.000000' },
    ]);
    expect(moved.data.exit).toMatchObject({ enabled: false, leased_by: null });
    const [afterMove] = await db()
      .select()
      .from(proxies)
      .where(eq(proxies.id, leased?.id ?? 0n));
    expect(afterMove).toMatchObject({ exitId: freeExit?.id, status: 1 });

    const balanceBefore = (await readBalanceAndSum(db(), customer.user.id))?.balance ?? 0n;
    const refunded = await call(t.app, 'POST', `/admin/exits/${freeExit?.id}/retire`, { headers: owner });
    expect(refunded.data.leases).toHaveLength(1);
    expect(refunded.data.leases[0]).toMatchObject({ outcome: 'refunded', ip: null });
    const amount = BigInt(refunded.data.leases[0].refunded.replace('.', ''));
    // Nearly all of the 30 days were unused: almost the whole price comes back, never more.
    expect(amount).toBeGreaterThan(7_980_000n);
    expect(amount).toBeLessThanOrEqual(7_990_000n);
    expect(await readBalanceAndSum(db(), customer.user.id)).toEqual({
      balance: balanceBefore + amount,
      sum: balanceBefore + amount,
    });
    const [invalid] = await db()
      .select()
      .from(proxies)
      .where(eq(proxies.id, leased?.id ?? 0n));
    expect(invalid?.status).toBe(2);
    const entries = await ledgerOf(db(), customer.user.id);
    expect(entries.at(-1)).toMatchObject({ kind: 'refund', amount });
    // Twice is once.
    const twice = await call(t.app, 'POST', `/admin/exits/${freeExit?.id}/retire`, { headers: owner });
    expect(twice.data.leases).toEqual([]);
    expect((await ledgerOf(db(), customer.user.id)).length).toBe(entries.length);
    expect(await auditOf(String(freeExit?.id))).toEqual(['exit.retire']);
    // A rotating exit is disabled, not retired.
    const rotating = await createExit(db(), { country: 'GB', line: 1 });
    expect((await call(t.app, 'POST', `/admin/exits/${rotating.id}/retire`, { headers: owner })).code).toBe(
      1002,
    );
  });

  it('switches the demo supply off (a leased demo address is retired: its lease moves) and on', async () => {
    const demo = await Promise.all(
      [1, 2].map((line) =>
        createExit(db(), { country: 'BR', state: 'SP', city: 'saopaulo', line, isDemo: true }),
      ),
    );
    const [leasedDemo] = await createStaticExits(db(), 1, {
      prefix: '192.0.2.2',
      country: 'BR',
      state: 'SP',
      city: 'saopaulo',
      isDemo: true,
    });
    const [own] = await createStaticExits(db(), 1, {
      prefix: '192.0.2.3',
      country: 'BR',
      state: 'SP',
      city: 'saopaulo',
    });
    const customer = await customerWithBalance(t.database, 20n * PTC);
    const [proxy] = (
      await generateOk(t.app, db(), customer, 'static/ip', {
        type: 'residential',
        country: 'BR',
        exit_ids: String(leasedDemo?.id),
        days: 30,
      })
    ).data;
    const [leased] = await db()
      .select()
      .from(proxies)
      .where(eq(proxies.publicId, proxy.id ?? proxy.public_id));
    const ids = [...demo.map((exit) => exit.id), leasedDemo?.id ?? 0n];
    const off = await call(t.app, 'POST', '/admin/supply/demo', { headers: owner, body: { enabled: false } });
    expect(off.data).toMatchObject({ enabled: false });
    const rows = await db().select().from(exits).where(inArray(exits.id, ids));
    expect(rows.every((row) => row.disabledAt !== null)).toBe(true);
    expect(leased?.exitId).toBe(leasedDemo?.id);
    expect(off.data.leases).toEqual([
      { proxy: leased?.publicId, outcome: 'moved', ip: own?.ip, refunded: '0.000000' },
    ]);
    const [afterwards] = await db()
      .select()
      .from(proxies)
      .where(eq(proxies.id, leased?.id ?? 0n));
    expect(afterwards).toMatchObject({ exitId: own?.id, status: 1 });
    expect((await call(t.app, 'GET', '/admin/supply', { headers: support })).data.demo).toEqual({
      exits: 3,
      enabled: false,
    });
    await call(t.app, 'POST', '/admin/supply/demo', { headers: owner, body: { enabled: true } });
    expect((await call(t.app, 'GET', '/admin/supply', { headers: support })).data.demo.enabled).toBe(true);
    const trail = await db().select().from(auditLog).where(eq(auditLog.targetType, 'supply'));
    expect(trail.map((entry) => entry.action)).toEqual(['supply.demo.disable', 'supply.demo.enable']);
  });
});
