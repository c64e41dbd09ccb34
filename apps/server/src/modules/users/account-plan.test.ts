import { eq, paymentOrders } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { customerWithBalance, operatorSession, signedInCustomer } from '../../test/factories';
import { createStaticExits, generateOk, ledgerOf } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';

const PTC = 1_000_000n;

describe('the account plan and its enterprise discount (issue #13.7)', () => {
  let t: TestApp;
  let finance: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ WIRE_INSTRUCTIONS: 'Bank: Example Bank\nIBAN: XX00 0000 0000' });
    await createExit(t.database.db, {
      country: 'US',
      state: 'NY',
      city: 'newyork',
      line: 1,
      ip: '198.51.100.1',
    });
    await createStaticExits(t.database.db, 2, { prefix: '203.0.113', city: 'albany' });
    finance = (await operatorSession(t.database, 'finance')).headers;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const setPlan = (uid: string, body: unknown, headers: Record<string, string> | null = null) =>
    t.app
      .inject({
        method: 'PUT',
        url: `/api/admin/users/${uid}/plan`,
        headers: headers ?? finance,
        payload: body as Record<string, unknown>,
      })
      .then((response) => response.json());
  const wireTopUp = (token: string, form: Record<string, string>) =>
    call(t.app, 'POST', '/proxy/charges/wire', { token, form });
  const userInfo = async (token: string) => (await call(t.app, 'GET', '/user/info', { token })).data;
  const ordersOf = (userId: bigint) => db().$count(paymentOrders, eq(paymentOrders.userId, userId));

  it("refuses a personal account's wire top-up, also when the request itself says plan=enterprise", async () => {
    const { user, token } = await signedInCustomer(t.database);
    expect((await wireTopUp(token, { amount: '500', plan: 'enterprise' })).code).toBe(1002);
    expect((await wireTopUp(token, { amount: '500' })).code).toBe(3004);
    expect((await wireTopUp(token, { amount: '500', plan: 'personal' })).code).toBe(3004);
    expect(await ordersOf(user.id)).toBe(0);
    expect(await userInfo(token)).toMatchObject({ plan: 'personal', discount_percent: 0 });
  });

  it("changes the plan only for a finance or owner operator's session, then accepts the wire top-up and shows the plan", async () => {
    const { user, token } = await signedInCustomer(t.database);
    const enterprise = { plan: 'enterprise', discount_percent: 20 };
    const refused: Record<string, string>[] = [
      {},
      { authorization: token },
      { 'x-operator-session': token },
      { 'x-operator-session': 'wrong' },
    ];
    for (const headers of refused) {
      expect((await setPlan(user.uid, enterprise, headers)).code).toBe(2004);
    }
    expect(
      (await setPlan(user.uid, enterprise, (await operatorSession(t.database, 'support')).headers)).code,
    ).toBe(403);
    expect(await userInfo(token)).toMatchObject({ plan: 'personal', discount_percent: 0 });
    expect((await wireTopUp(token, { amount: '500' })).code).toBe(3004);

    expect(await setPlan(user.uid, enterprise)).toMatchObject({
      code: 0,
      data: { uid: user.uid, plan: 'enterprise', discount_percent: 20, discount_basis_points: 2000 },
    });
    expect(await userInfo(token)).toMatchObject({ plan: 'enterprise', discount_percent: 20 });
    const wire = await wireTopUp(token, { amount: '500' });
    expect(wire).toMatchObject({
      code: 0,
      data: { plan: 'enterprise', fee: '0.00', checkout: { kind: 'wire' } },
    });
    expect((await wireTopUp(token, { amount: '500', plan: 'enterprise' })).code).toBe(0);
    expect((await wireTopUp(token, { amount: '500', plan: 'personal' })).code).toBe(1002);

    expect((await setPlan(user.uid, { plan: 'personal' })).data).toMatchObject({
      plan: 'personal',
      discount_percent: 0,
    });
    expect((await wireTopUp(token, { amount: '500' })).code).toBe(3004);
  });

  it('takes the discount in whole percent (0–90) or basis points (0–9000), refuses anything else with 1002, and 2001 for no such account', async () => {
    const { user, token } = await signedInCustomer(t.database);
    for (const body of [
      { plan: 'enterprise', discount_percent: 91 },
      { plan: 'enterprise', discount_percent: -1 },
      { plan: 'enterprise', discount_percent: 12.5 },
      { plan: 'enterprise', discount_percent: '20' },
      { plan: 'enterprise', discount_basis_points: 9001 },
      { plan: 'enterprise', discount_basis_points: 12.5 },
      { plan: 'enterprise', discount_percent: 20, discount_basis_points: 2000 },
      { plan: 'personal', discount_percent: 10 },
      { plan: 'gold' },
      { plan: 'enterprise', discount: 20 },
    ]) {
      expect((await setPlan(user.uid, body)).code, JSON.stringify(body)).toBe(1002);
    }
    expect(await userInfo(token)).toMatchObject({ plan: 'personal', discount_percent: 0 });
    expect((await setPlan(user.uid, { plan: 'enterprise', discount_basis_points: 1250 })).data).toMatchObject(
      {
        discount_percent: 12.5,
        discount_basis_points: 1250,
      },
    );
    expect((await setPlan(user.uid, { plan: 'enterprise', discount_percent: 90 })).data).toMatchObject({
      discount_basis_points: 9000,
    });
    expect((await setPlan('no-such-account', { plan: 'enterprise' })).code).toBe(2001);
  });

  it('quotes and charges an enterprise account with a 20% discount exactly 80% of the list price', async () => {
    const buyer = await customerWithBalance(t.database, 100n * PTC);
    expect((await setPlan(buyer.user.uid, { plan: 'enterprise', discount_percent: 20 })).code).toBe(0);
    const quote = (query: string) =>
      call(t.app, 'GET', `/proxy/price?${query}`, { token: buyer.token }).then((answer) => answer.data);

    // Dynamic IP: 0.15 PTC list, 0.12 for this account.
    expect(await quote('family=dynamic-ip&count=3')).toEqual({
      unit_price: '0.12',
      unit: 'ip',
      total: '0.36',
    });
    const dynamic = await generateOk(t.app, db(), buyer, 'dynamic/ip/by_area', {
      country: 'us',
      state: 'ny',
      count: 3,
    });
    expect(dynamic.charged).toBe('0.36');

    // Static residential IP for 30 days: 7.99 PTC list, 6.392 for this account.
    expect(await quote('family=static-ip&type=residential&days=30')).toEqual({
      unit_price: '6.392',
      unit: '30days',
      total: '6.392',
    });
    const bought = await generateOk(t.app, db(), buyer, 'static/ip', {
      type: 'residential',
      country: 'US',
      state: 'NY',
      city: 'albany',
      days: 30,
    });
    const renewed = await call(t.app, 'PUT', `/proxy/token/renew/${bought.data[0].id}`, {
      token: buyer.token,
    });
    expect(renewed.code).toBe(0);

    // Traffic: line 1 is 5 PTC/GB list, 4 PTC/GB for this account.
    expect(await quote('family=dynamic-traffic&line=1')).toMatchObject({ unit_price: '4.00', unit: 'gb' });

    const entries = await ledgerOf(db(), buyer.user.id);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['topup', 100n * PTC],
      ['purchase', -360_000n],
      ['purchase', -6_392_000n],
      ['renewal', -6_392_000n],
    ]);
  });

  it('sells traffic packages to an enterprise account at the package price less its discount', async () => {
    const buyer = await customerWithBalance(t.database, 100n * PTC);
    const listed = await call(t.app, 'GET', '/proxy/traffic/payway', { token: buyer.token });
    const tenGb = listed.data.find((plan: { gb: number }) => plan.gb === 10);
    expect(tenGb).toMatchObject({ price_per_gb: '4.50', amount: '45.00' });
    expect((await setPlan(buyer.user.uid, { plan: 'enterprise', discount_percent: 20 })).code).toBe(0);
    const discounted = await call(t.app, 'GET', '/proxy/traffic/payway', { token: buyer.token });
    expect(discounted.data.find((plan: { id: string }) => plan.id === tenGb.id)).toMatchObject({
      price_per_gb: '3.60',
      amount: '36.00',
    });
    const bought = await call(t.app, 'POST', '/proxy/traffic/buy', {
      token: buyer.token,
      form: { package_id: tenGb.id },
    });
    expect(bought.code).toBe(0);
    const entries = await ledgerOf(db(), buyer.user.id);
    expect(entries.at(-1)).toMatchObject({ kind: 'purchase', amount: -36_000_000n });
  });
});
