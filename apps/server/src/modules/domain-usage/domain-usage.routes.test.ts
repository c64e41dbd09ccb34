import { domainUsageHourly, domainUsageOptOuts, eq, proxies } from '@ptc/db';
import { createExit, createProxy } from '@ptc/db/testing';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../gateway';
import { call } from '../../test/accounts';
import { customerWithBalance } from '../../test/factories';
import { freePort, gatewayTestEnv } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { domainUsageJobs } from './domain-usage.jobs';

const PTC = 1_000_000n;
const HOUR_MS = 3_600_000;

describe('per-domain usage (issue #21): gateway to console figures, the switch, retention', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let target: TestTarget;
  let gatewayPort: number;

  beforeAll(async () => {
    gatewayPort = await freePort();
    [t, target] = await Promise.all([
      createTestApp({
        ...gatewayTestEnv(gatewayPort),
        GATEWAY_FLUSH_INTERVAL_MS: '200',
        DOMAIN_USAGE_RETENTION_DAYS: '7',
      }),
      startHttpTarget('0.0.0.0'),
    ]);
    await createExit(t.database.db, { country: 'US', line: 1 });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
  });
  afterAll(async () => {
    await gateway?.close();
    await target?.close();
    await t?.close();
  });

  const customer = async () => {
    const { user, token } = await customerWithBalance(t.database, 50n * PTC);
    const proxy = await createProxy(t.database.db, user.id, { family: 'dynamic-traffic' });
    return { user, token, proxy };
  };
  /** Downloads `bytes` from the target by `host` through the proxy (forward, or CONNECT with `tunnel`). */
  const fetchThrough = async (
    proxy: { username: string; password: string },
    host: string,
    bytes: number,
    tunnel = false,
  ) => {
    const result = await curl([
      ...(tunnel ? ['-p'] : []),
      '-o',
      '/dev/null',
      '-x',
      `http://${proxy.username}:${proxy.password}@127.0.0.1:${gatewayPort}`,
      `http://${host}:${target.port}/bytes/${bytes}`,
    ]);
    expect(result.status).toBe(200);
  };
  const rowsOf = (userId: bigint) =>
    t.database.db.select().from(domainUsageHourly).where(eq(domainUsageHourly.userId, userId));
  const proxyBytes = async (id: bigint) => {
    const [row] = await t.database.db
      .select({ down: proxies.bytesDown })
      .from(proxies)
      .where(eq(proxies.id, id));
    return Number(row?.down ?? 0);
  };
  /** Waits until the flushed rows of the customer carry at least `bytes` in all. */
  const flushed = async (userId: bigint, bytes: number) =>
    expect
      .poll(async () => (await rowsOf(userId)).reduce((sum, row) => sum + Number(row.bytes), 0), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(bytes);

  it('answers the top domains per customer and per proxy, by bytes or by requests', async () => {
    const { user, token, proxy } = await customer();
    const second = await createProxy(t.database.db, user.id, { family: 'dynamic-traffic' });
    await fetchThrough(proxy, 'localhost', 300_000);
    await fetchThrough(proxy, '127.0.0.1', 20_000);
    await fetchThrough(proxy, '127.0.0.1', 20_000, true);
    await fetchThrough(proxy, '127.0.0.1', 20_000);
    await fetchThrough(second, '127.0.0.2', 5_000);
    await flushed(user.id, 365_000);

    const all = await call(t.app, 'GET', '/proxy/domain_usage?range=24h', { token });
    expect(all.code).toBe(0);
    expect(all.data.enabled).toBe(true);
    expect(all.data.domains.map((row: { domain: string }) => row.domain)).toEqual([
      'localhost',
      '127.0.0.1',
      '127.0.0.2',
    ]);
    const [localhost, loopback, other] = all.data.domains;
    expect(localhost.requests).toBe(1);
    expect(localhost.bytes).toBeGreaterThan(300_000);
    expect(localhost.bytes).toBeLessThan(301_000);
    expect(loopback.requests).toBe(3);
    expect(loopback.bytes).toBeGreaterThan(60_000);
    expect(loopback.bytes).toBeLessThan(63_000);
    expect(other.requests).toBe(1);
    expect(all.data.domain_count).toBe(3);
    expect(all.data.total_bytes).toBe(localhost.bytes + loopback.bytes + other.bytes);
    expect(all.data.total_requests).toBe(5);

    const byRequests = await call(t.app, 'GET', '/proxy/domain_usage?sort=requests&limit=1', { token });
    expect(byRequests.data.domains).toEqual([loopback]);
    expect(byRequests.data.domain_count).toBe(3);

    const ofSecond = await call(t.app, 'GET', `/proxy/token/domain_usage/${second.publicId}`, { token });
    expect(ofSecond.data.domains.map((row: { domain: string }) => row.domain)).toEqual(['127.0.0.2']);

    // A period without traffic is empty.
    const before = await call(
      t.app,
      'GET',
      `/proxy/domain_usage?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z`,
      { token },
    );
    expect(before.data).toMatchObject({ total_bytes: 0, total_requests: 0, domain_count: 0, domains: [] });

    // Another customer sees none of it, and this customer's proxy is missing for them.
    const stranger = await customer();
    const theirs = await call(t.app, 'GET', '/proxy/domain_usage', { token: stranger.token });
    expect(theirs.data.domains).toEqual([]);
    const foreign = await call(t.app, 'GET', `/proxy/token/domain_usage/${proxy.publicId}`, {
      token: stranger.token,
    });
    expect(foreign).toMatchObject({ status: 404, code: 4005 });
    const missing = await call(t.app, 'GET', '/proxy/token/domain_usage/p_nothing', { token });
    expect(missing).toMatchObject({ status: 404, code: 4005 });
  });

  it('stops recording once switched off, and may delete what was kept', async () => {
    const { user, token, proxy } = await customer();
    expect((await call(t.app, 'GET', '/user/domain_usage', { token })).data).toEqual({
      enabled: true,
      retention_days: 7,
    });
    await fetchThrough(proxy, 'localhost', 10_000);
    await flushed(user.id, 10_000);

    const off = await call(t.app, 'PUT', '/user/domain_usage', { token, body: { enabled: false } });
    expect(off.data).toEqual({ enabled: false, retention_days: 7 });
    const kept = await rowsOf(user.id);
    const before = await proxyBytes(proxy.id);
    await fetchThrough(proxy, '127.0.0.1', 10_000);
    // The proxy's own usage is still metered; no domain row is added.
    await expect
      .poll(async () => (await proxyBytes(proxy.id)) >= before + 10_000, { timeout: 10_000 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await rowsOf(user.id)).toEqual(kept);
    const answer = await call(t.app, 'GET', '/proxy/domain_usage', { token });
    expect(answer.data.enabled).toBe(false);
    expect(answer.data.domains.map((row: { domain: string }) => row.domain)).toEqual(['localhost']);

    await call(t.app, 'PUT', '/user/domain_usage', {
      token,
      body: { enabled: false, delete_existing: true },
    });
    expect(await rowsOf(user.id)).toEqual([]);
    const on = await call(t.app, 'PUT', '/user/domain_usage', { token, body: { enabled: true } });
    expect(on.data.enabled).toBe(true);
    expect(
      await t.database.db.select().from(domainUsageOptOuts).where(eq(domainUsageOptOuts.userId, user.id)),
    ).toEqual([]);
    await fetchThrough(proxy, '127.0.0.1', 10_000);
    await flushed(user.id, 10_000);
  });

  it('refuses malformed queries and bodies with 1002, never 500, and visitors with 401', async () => {
    const { token } = await customer();
    for (const query of [
      'range=1y',
      'sort=size',
      'limit=0',
      'limit=101',
      'from=2026-01-01T00:00:00Z',
      'from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
      'from=x%00&to=2026-01-01T00:00:00Z',
    ]) {
      const answer = await call(t.app, 'GET', `/proxy/domain_usage?${query}`, { token });
      expect([answer.status, answer.code], query).toEqual([400, 1002]);
    }
    for (const body of [{}, { enabled: 'yes' }, { enabled: false, delete_existing: 'x\u0000' }]) {
      const answer = await call(t.app, 'PUT', '/user/domain_usage', { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect([1001, 1002]).toContain(answer.code);
    }
    const long = await call(t.app, 'GET', `/proxy/token/domain_usage/${'p'.repeat(201)}`, { token });
    expect(long.status).toBe(400);
    expect((await call(t.app, 'GET', '/proxy/domain_usage')).status).toBe(401);
    expect((await call(t.app, 'PUT', '/user/domain_usage', { body: { enabled: false } })).status).toBe(401);
  });

  it('deletes hours older than DOMAIN_USAGE_RETENTION_DAYS (injected time)', async () => {
    const { user, proxy } = await customer();
    const now = new Date('2026-06-15T12:30:00Z');
    const hour = (hoursAgo: number) =>
      new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - hoursAgo * HOUR_MS);
    await t.database.db.insert(domainUsageHourly).values(
      [0, 24, 7 * 24 - 1, 7 * 24 + 1, 30 * 24].map((hoursAgo) => ({
        proxyId: proxy.id,
        userId: user.id,
        hour: hour(hoursAgo),
        domain: `h${hoursAgo}.test`,
        bytes: 1n,
        requests: 1n,
      })),
    );
    const [job] = domainUsageJobs(t.database.db, t.app.config.domainUsage.retentionDays);
    expect(job?.name).toBe('domain-usage-retention');
    const deleted = await job?.run(now);
    expect(deleted).toBeGreaterThanOrEqual(2);
    const left = (await rowsOf(user.id)).map((row) => row.domain).sort();
    expect(left).toEqual(['h0.test', 'h167.test', 'h24.test']);
    // Running again deletes nothing more of them.
    await job?.run(now);
    expect((await rowsOf(user.id)).length).toBe(3);
  });
});
