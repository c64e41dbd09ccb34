import { BYTES_PER_GB } from '@ptc/contracts';
import { and, eq, ledgerEntries, outboxMessages, trafficPlans, trafficPools } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { credit, signedInCustomer } from '../../test/factories';
import { carry } from '../../test/products';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readBalanceAndSum } from '../../test/wallet';
import { billUsage } from '../billing/usage-billing.service';
import { trafficDeps } from './traffic.deps';
import { runTrafficAlarms } from './traffic.service';

const PTC = 1_000_000n;

describe('traffic packages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const plans = async (token: string) => {
    const answer = await call(t.app, 'GET', '/proxy/traffic/payway', { token });
    expect(answer.code).toBe(0);
    return answer.data as { id: string; gb: number; amount: string; limit_per_user: number | null }[];
  };
  const planOf = async (token: string, gb: number) => {
    const plan = (await plans(token)).find((candidate) => candidate.gb === gb);
    if (!plan) throw new Error(`no ${gb} GB plan`);
    return plan;
  };
  const buy = (token: string, packageId: string) =>
    call(t.app, 'POST', '/proxy/traffic/buy', { token, form: { package_id: packageId } });

  it('seeds plans priced from the dynamic traffic line-1 price with discounts, and a trial limited to one per user', async () => {
    const { token } = await signedInCustomer(t.database);
    expect(await plans(token)).toEqual([
      {
        id: expect.any(String),
        gb: 1,
        price_per_gb: '2.50',
        amount: '2.50',
        discount_percent: 50,
        permanent: false,
        valid_days: 7,
        limit_per_user: 1,
      },
      expect.objectContaining({
        gb: 10,
        price_per_gb: '4.50',
        amount: '45.00',
        discount_percent: 10,
        permanent: true,
      }),
      expect.objectContaining({ gb: 50, price_per_gb: '4.00', amount: '200.00', discount_percent: 20 }),
      expect.objectContaining({ gb: 100, price_per_gb: '3.50', amount: '350.00', discount_percent: 30 }),
    ]);
  });

  it('charges a purchase through the ledger and creates the package', async () => {
    const { user, token } = await signedInCustomer(t.database);
    await credit(t.database.db, user.id, 100n * PTC);
    const plan = await planOf(token, 10);
    const bought = await buy(token, plan.id);
    expect(bought).toMatchObject({
      code: 0,
      data: {
        balance: '55.00',
        pool: { gb: 10, amount: '45.00', price_per_gb: '4.50', remaining_gb: '10.000', permanent: true },
      },
    });
    expect(bought.data.pool.remaining_bytes).toBe((10n * BYTES_PER_GB).toString());
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'purchase')));
    expect(entry).toMatchObject({
      amount: -45n * PTC,
      referenceType: 'traffic_pool',
      referenceId: bought.data.pool.id,
    });
    const remaining = await call(t.app, 'GET', '/proxy/traffic/pool/remaining', { token });
    expect(remaining.data).toEqual({ bytes: (10n * BYTES_PER_GB).toString(), gb: '10.000' });
  });

  it('refuses a wrong or withdrawn package with 3004', async () => {
    const { user, token } = await signedInCustomer(t.database);
    await credit(t.database.db, user.id, 100n * PTC);
    const [withdrawn] = await t.database.db
      .insert(trafficPlans)
      .values({ gb: 5, pricePerGb: PTC, isActive: false })
      .returning();
    for (const id of ['nope', '999999999', String(withdrawn?.id)]) {
      expect(await buy(token, id)).toMatchObject({ status: 400, code: 3004 });
    }
    expect((await call(t.app, 'POST', '/proxy/traffic/buy', { token, form: {} })).code).toBe(1001);
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(100n * PTC);
  });

  it('sells the trial once per user (3005)', async () => {
    const { user, token } = await signedInCustomer(t.database);
    await credit(t.database.db, user.id, 100n * PTC);
    const trial = await planOf(token, 1);
    expect((await buy(token, trial.id)).code).toBe(0);
    const again = await buy(token, trial.id);
    expect(again).toMatchObject({ status: 409, code: 3005 });
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(97_500_000n);
    // Concurrent attempts of another user: still one.
    const other = await signedInCustomer(t.database);
    await credit(t.database.db, other.user.id, 100n * PTC);
    const answers = await Promise.all([
      buy(other.token, trial.id),
      buy(other.token, trial.id),
      buy(other.token, trial.id),
    ]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(await t.database.db.$count(trafficPools, eq(trafficPools.userId, other.user.id))).toBe(1);
  });

  it('refuses a package the balance cannot pay (3002) and creates nothing', async () => {
    const { user, token } = await signedInCustomer(t.database);
    await credit(t.database.db, user.id, 40n * PTC);
    const plan = await planOf(token, 10);
    expect(await buy(token, plan.id)).toMatchObject({ code: 3002 });
    expect(await t.database.db.$count(trafficPools, eq(trafficPools.userId, user.id))).toBe(0);
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(40n * PTC);
  });

  it('lists purchase records by GET and POST, with what is left of each', async () => {
    const { user, token } = await signedInCustomer(t.database);
    await credit(t.database.db, user.id, 300n * PTC);
    await buy(token, (await planOf(token, 10)).id);
    await buy(token, (await planOf(token, 1)).id);
    const proxy = await createProxy(t.database.db, user.id);
    await carry(t.database.db, proxy.id, BYTES_PER_GB / 2n);
    await billUsage(t.database);

    const listed = await call(t.app, 'GET', '/proxy/traffic/pool?page_size=5', { token });
    expect(listed.data).toMatchObject({ total: 2, page: 1, page_size: 5 });
    expect(
      listed.data.data.map((pool: { gb: number; remaining_gb: string }) => [pool.gb, pool.remaining_gb]),
    ).toEqual([
      [1, '0.500'],
      [10, '10.000'],
    ]);
    const posted = await call(t.app, 'POST', '/proxy/traffic/pool', {
      token,
      body: { state: 'usable', page_size: 1 },
    });
    expect(posted.data).toMatchObject({ total: 2, page_size: 1 });
    expect(posted.data.data).toHaveLength(1);
    const emptyBody = await call(t.app, 'POST', '/proxy/traffic/pool', { token });
    expect(emptyBody).toMatchObject({ code: 0 });
    expect(emptyBody.data.total).toBe(2);

    const summary = await call(t.app, 'GET', '/proxy/summary/traffic_pool', { token });
    expect(summary.data).toMatchObject({
      bought: { gb: '11.000' },
      used: { bytes: (BYTES_PER_GB / 2n).toString(), gb: '0.500' },
      remaining: { gb: '10.500' },
    });
    expect(summary.data.days).toHaveLength(30);
  });

  it('alerts once per crossing below the threshold, by the chosen method', async () => {
    const { user, token } = await signedInCustomer(t.database, { email: 'low-traffic@example.test' });
    const refused = await call(t.app, 'POST', '/proxy/traffic/alarm', {
      token,
      form: { enabled: 'true', threshold_gb: '5', method: 'email', address: 'not-an-email' },
    });
    expect(refused.code).toBe(1002);
    const saved = await call(t.app, 'POST', '/proxy/traffic/alarm', {
      token,
      form: { enabled: 'true', threshold_gb: '5', method: 'email', address: 'low-traffic@example.test' },
    });
    expect(saved.data).toEqual({
      enabled: true,
      threshold_gb: 5,
      method: 'email',
      address: 'low-traffic@example.test',
    });
    expect((await call(t.app, 'GET', '/proxy/traffic/alarm', { token })).data.threshold_gb).toBe(5);

    const mails = () =>
      t.database.db.$count(outboxMessages, eq(outboxMessages.recipient, 'low-traffic@example.test'));
    const deps = trafficDeps(t.app);
    // No traffic bought yet: nothing to warn about.
    await runTrafficAlarms(deps);
    expect(await mails()).toBe(0);

    await credit(t.database.db, user.id, 200n * PTC);
    await buy(token, (await planOf(token, 10)).id);
    await runTrafficAlarms(deps);
    expect(await mails()).toBe(0);

    const proxy = await createProxy(t.database.db, user.id);
    await carry(t.database.db, proxy.id, 6n * BYTES_PER_GB);
    await billUsage(t.database);
    await runTrafficAlarms(deps);
    await runTrafficAlarms(deps);
    expect(await mails()).toBe(1);

    // Back above the threshold re-arms it; the next crossing alerts again, once.
    await buy(token, (await planOf(token, 10)).id);
    await runTrafficAlarms(deps);
    await carry(t.database.db, proxy.id, 11n * BYTES_PER_GB);
    await billUsage(t.database);
    await runTrafficAlarms(deps);
    await runTrafficAlarms(deps);
    expect(await mails()).toBe(2);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'low-traffic@example.test'));
    expect(mail?.subject).toBe('Your traffic package is running low');
    expect(mail?.text).toContain('4.000 GB');
  });
});
