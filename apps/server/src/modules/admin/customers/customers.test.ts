import { auditLog, eq, users } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../../gateway';
import { ACCOUNT_TEST_ENV, call, loginByEmail } from '../../../test/accounts';
import { customerWithBalance, operatorSession } from '../../../test/factories';
import { freePort, gatewayTestEnv, generateOk } from '../../../test/proxies';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { readBalanceAndSum } from '../../../test/wallet';
import { hashPassword } from '../../auth/secrets';

const PTC = 1_000_000n;

describe('customers, as operators handle them', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let target: TestTarget;
  let finance: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    const port = await freePort();
    [t, target] = await Promise.all([
      createTestApp({ ...gatewayTestEnv(port), ...ACCOUNT_TEST_ENV }),
      startHttpTarget(),
    ]);
    await createExit(t.database.db, {
      country: 'US',
      state: 'NY',
      city: 'newyork',
      line: 1,
      ip: '198.51.100.77',
    });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
    finance = (await operatorSession(t.database, 'finance')).headers;
    support = (await operatorSession(t.database, 'support')).headers;
  });
  afterAll(async () => {
    await gateway?.close();
    await target?.close();
    await t?.close();
  });

  const db = () => t.database.db;

  it('finds a customer by email, uid, proxy username or exit IP, and shows money, orders and proxies', async () => {
    const customer = await customerWithBalance(t.database, 5n * PTC);
    const [proxy] = (await generateOk(t.app, db(), customer, 'dynamic/ip/by_area', { country: 'US' })).data;
    for (const q of [customer.user.email ?? '', customer.user.uid, proxy.username, '198.51.100.77']) {
      const found = await call(t.app, 'GET', `/admin/customers?q=${encodeURIComponent(q)}`, {
        headers: support,
      });
      expect(
        found.data.records.map((record: { uid: string }) => record.uid),
        q,
      ).toContain(customer.user.uid);
    }
    const page = await call(t.app, 'GET', `/admin/customers/${customer.user.uid}`, { headers: support });
    expect(page.data.customer).toMatchObject({ uid: customer.user.uid, balance: '4.850000', locked: false });
    expect(page.data.ledger.map((entry: { kind: string }) => entry.kind)).toEqual(['purchase', 'topup']);
    expect(page.data.proxies).toEqual([{ family: 'dynamic-ip', live: 1, bytes: '0' }]);
  });

  it('adjusts a balance through the ledger with its reason, once per request under 10 concurrent clicks; never below zero', async () => {
    const customer = await customerWithBalance(t.database, 2n * PTC);
    const adjust = (body: Record<string, string>, headers = finance) =>
      call(t.app, 'POST', `/admin/customers/${customer.user.uid}/balance`, { headers, body });
    const body = { amount: '3.5', reason: 'goodwill for the outage', request_id: 'adjust-0001-abcdef' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(body)));
    expect(answers.every((answer) => answer.code === 0)).toBe(true);
    expect(answers.filter((answer) => answer.data.applied)).toHaveLength(1);
    expect(await readBalanceAndSum(db(), customer.user.id)).toEqual({ balance: 5_500_000n, sum: 5_500_000n });
    const page = await call(t.app, 'GET', `/admin/customers/${customer.user.uid}`, { headers: finance });
    expect(page.data.ledger[0]).toMatchObject({
      kind: 'adjustment',
      amount: '3.500000',
      note: 'goodwill for the outage',
    });

    expect((await adjust({ ...body, amount: '-9', request_id: 'adjust-0002-abcdef' })).code).toBe(3002);
    expect((await adjust({ ...body, reason: '', request_id: 'adjust-0003-abcdef' })).code).toBe(1001);
    expect((await adjust({ ...body, request_id: 'adjust-0004-abcdef' }, support)).status).toBe(403);
    expect((await readBalanceAndSum(db(), customer.user.id))?.balance).toBe(5_500_000n);
    const trail = await db().select().from(auditLog).where(eq(auditLog.targetId, customer.user.uid));
    expect(trail.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'customer.balance.adjust',
        { balance: '2.000000' },
        { balance: '5.500000', amount: '3.500000', reason: 'goodwill for the outage' },
      ],
    ]);
  });

  it('locks a customer: their open tunnel is cut within 5 s, sessions and sign-in refused, proxies refused (4013); unlocking lets them back', async () => {
    const email = `locked-${Date.now()}@example.test`;
    const customer = await customerWithBalance(t.database, 5n * PTC);
    await db()
      .update(users)
      .set({ email, passwordHash: await hashPassword('a locked password') })
      .where(eq(users.id, customer.user.id));
    const [proxy] = (await generateOk(t.app, db(), customer, 'dynamic/ip/by_area', { country: 'US' })).data;
    const via = ['-x', `http://${proxy.username}:${proxy.password}@${proxy.address}:${proxy.port}`];

    // A slow download through a CONNECT tunnel: only a cut ends it early.
    const download = curl([
      ...via,
      '-p',
      '--limit-rate',
      '100K',
      '-o',
      '/dev/null',
      `http://127.0.0.1:${target.port}/bytes/${64 * 1_048_576}`,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lockedAt = Date.now();
    const locked = await call(t.app, 'POST', `/admin/customers/${customer.user.uid}/lock`, {
      headers: support,
      body: { locked: true, reason: 'chargeback under review' },
    });
    // The 5 s run from the lock's answer: under a loaded CI machine the call itself has taken
    // seconds (PGlite runs in this process), which says nothing about how fast the gateway cuts.
    const answeredAt = Date.now();
    expect(locked.data).toMatchObject({ locked: true });
    const cut = await download;
    expect(cut.exitCode).not.toBe(0);
    expect(
      Date.now() - answeredAt,
      `lock answered after ${answeredAt - lockedAt} ms, tunnel cut ${Date.now() - answeredAt} ms later`,
    ).toBeLessThan(5_000);

    expect((await call(t.app, 'GET', '/user/info', { token: customer.token })).code).toBe(2004);
    expect((await loginByEmail(t.app, email, 'a locked password')).code).toBe(403);
    const refused = await curl(['-i', ...via, `http://127.0.0.1:${target.port}/hello`]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatch(/x-ptc-error:\s*4013/i);

    await call(t.app, 'POST', `/admin/customers/${customer.user.uid}/lock`, {
      headers: support,
      body: { locked: false, reason: 'cleared' },
    });
    expect((await loginByEmail(t.app, email, 'a locked password')).code).toBe(0);
    await expect
      .poll(async () => (await curl([...via, `http://127.0.0.1:${target.port}/hello`])).status, {
        timeout: 8_000,
      })
      .toBe(200);
  }, 30_000);
});
