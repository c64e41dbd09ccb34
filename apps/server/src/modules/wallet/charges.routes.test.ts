import { eq, ledgerEntries, paymentNotifications, paymentOrders, sql } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notifySandbox, paidEvent, pathOfLink } from '../../test/wallet';
import { readBalanceAndSum } from './ledger.repository';
import { expirePendingOrders } from './orders.repository';

describe('top-up through the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CNY_PER_USD: '7.2' });
  });
  afterAll(() => t.close());

  const order = async (
    token: string,
    path = '/proxy/charges/stripe',
    form: Record<string, string> = { amount: '200' },
  ) => call(t.app, 'POST', path, { token, form });

  it('lists the packages with their bonus, and every method as sandbox', async () => {
    const { token } = await signedInCustomer(t.database);
    const list = await call(t.app, 'GET', '/proxy/charges/list', { token });
    expect(list.data.packages).toContainEqual({ id: '200', amount: '200.00', bonus: '20.00' });
    expect(list.data).toMatchObject({ min_amount: '1.00', max_amount: '2000.00', bonus_percent: 10 });
    const payways = await call(t.app, 'GET', '/proxy/payway/charge', { token });
    expect(payways.data.map((item: { id: string }) => item.id)).toEqual([
      'card',
      'stripe_wechat',
      'alipay',
      'wechat',
      'epay',
      'usdt',
      'wire',
    ]);
    expect(payways.data[0]).toMatchObject({
      en_name: 'Bank card',
      fee_percent: 3.4,
      fee_fixed: '0.50',
      sandbox: true,
    });
    expect((await call(t.app, 'GET', '/proxy/payway/nope', { token })).code).toBe(3004);
  });

  it('creates a card order with the fee and bonus fixed on it', async () => {
    const { token } = await signedInCustomer(t.database);
    const response = await order(token);
    expect(response.data).toMatchObject({
      method: 'card',
      status: 'pending',
      amount: '200.00',
      fee: '7.30',
      total: '207.30',
      bonus: '20.00',
      pay_currency: 'USD',
      pay_amount: '207.30',
      sandbox: true,
      checkout: {
        kind: 'redirect',
        url: expect.stringMatching(
          new RegExp(
            `^https://console\\.example\\.test/api/payments/sandbox/${response.data.order_no}\\?access=\\d+\\.[\\w-]{43}$`,
          ),
        ),
      },
    });
  });

  it('charges Alipay in CNY at the configured rate', async () => {
    const { token } = await signedInCustomer(t.database);
    const response = await order(token, '/proxy/charges/alipay', { amount: '100' });
    expect(response.data).toMatchObject({
      fee: '3.90',
      total: '103.90',
      pay_currency: 'CNY',
      pay_amount: '748.08',
    });
  });

  it('refuses amounts outside 1–2000 with 3003 and malformed ones with 1001/1002', async () => {
    const { token } = await signedInCustomer(t.database);
    expect(await order(token, '/proxy/charges/stripe', { amount: '0.99' })).toMatchObject({
      code: 3003,
      msg: 'Minimum amount is $1',
    });
    expect(await order(token, '/proxy/charges/stripe', { amount: '2000.01' })).toMatchObject({
      code: 3003,
      msg: 'Maximum amount is $2000',
    });
    expect((await order(token, '/proxy/charges/stripe', { amount: '12.345' })).code).toBe(1002);
    expect((await order(token, '/proxy/charges/stripe', { amount: 'ten' })).code).toBe(1002);
    expect((await order(token, '/proxy/charges/stripe', {})).code).toBe(1001);
    expect(await t.database.db.$count(paymentOrders, sql`${paymentOrders.amount} > 2000000000`)).toBe(0);
  });

  it('offers wire transfer to accounts on the enterprise plan only, whatever the request says', async () => {
    const { token } = await signedInCustomer(t.database);
    expect((await order(token, '/proxy/charges/wire', { amount: '500', plan: 'personal' })).code).toBe(3004);
    expect((await order(token, '/proxy/charges/wire', { amount: '500', plan: 'enterprise' })).code).toBe(
      1002,
    );
    const enterprise = await signedInCustomer(t.database, { plan: 'enterprise' });
    const wire = await order(enterprise.token, '/proxy/charges/wire', { amount: '500' });
    expect(wire.data).toMatchObject({ plan: 'enterprise', fee: '0.00', total: '500.00', bonus: '50.00' });
  });

  it('pays through the sandbox checkout: Pay credits the amount and the bonus as two entries', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const created = (await order(token)).data;
    const checkout = pathOfLink(created.checkout.url);
    const page = await t.app.inject({ method: 'GET', url: checkout });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('207.30 USD');
    const paid = await t.app.inject({
      method: 'POST',
      url: checkout,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`https://console.example.test/stripe?order=${created.order_no}`);
    expect(
      (await call(t.app, 'GET', `/proxy/charges/order/${created.order_no}`, { token })).data.status,
    ).toBe('paid');
    expect((await call(t.app, 'GET', '/user/info', { token })).data.balance).toBe('220.000000');
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['topup', 200_000_000n],
      ['bonus', 20_000_000n],
    ]);
    const records = await call(t.app, 'GET', '/proxy/charges/records', { token });
    expect(records.data.data[0]).toMatchObject({
      order_id: created.order_no,
      bill: 'card',
      price: '207.30',
      value: '200.00',
      free: '20.00',
      total: '220.00',
      status: 'paid',
    });
  });

  it('credits a notification delivered five times at once exactly once', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const created = (await order(token, '/proxy/charges/stripe', { amount: '50' })).data;
    const event = paidEvent(created, 52_200_000n);
    const responses = await Promise.all(Array.from({ length: 5 }, () => notifySandbox(t.app, event)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await readBalanceAndSum(t.database.db, user.id)).toEqual({
      balance: 50_000_000n,
      sum: 50_000_000n,
    });
    const outcomes = await t.database.db
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, created.order_no));
    expect(outcomes.map((row) => row.outcome).sort()).toEqual([
      'credited',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
  });

  it('rejects forged, tampered, replayed and misrouted notifications and credits nothing', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const created = (await order(token, '/proxy/charges/stripe', { amount: '10' })).data;
    const right = paidEvent(created, 10_840_000n);
    const forged = await notifySandbox(t.app, right, 'ab'.repeat(32));
    const tampered = await notifySandbox(t.app, { ...right, amount: '1000000' });
    const replayed = await notifySandbox(t.app, { ...right, ts: Date.now() - 3_600_000 });
    const wrongCurrency = await notifySandbox(t.app, { ...right, currency: 'CNY' });
    for (const response of [forged, tampered, replayed, wrongCurrency]) expect(response.statusCode).toBe(400);
    const unknownProvider = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/paypal',
      payload: '{}',
    });
    expect(unknownProvider.json().code).toBe(404);
    expect(await readBalanceAndSum(t.database.db, user.id)).toEqual({ balance: 0n, sum: 0n });
    expect(
      (await call(t.app, 'GET', `/proxy/charges/order/${created.order_no}`, { token })).data.status,
    ).toBe('pending');
  });

  it('marks an order failed from the Fail button, and nothing moves', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const created = (await order(token, '/proxy/charges/alipay', { amount: '10' })).data;
    const failed = await t.app.inject({
      method: 'POST',
      url: pathOfLink(created.checkout.url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=fail',
    });
    expect(failed.headers.location).toContain(`/charge?order=${created.order_no}`);
    expect(
      (await call(t.app, 'GET', `/proxy/charges/order/${created.order_no}`, { token })).data.status,
    ).toBe('failed');
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(0n);
  });

  it('expires pending orders, and still credits money that arrives afterwards', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const created = (await order(token, '/proxy/charges/stripe', { amount: '20' })).data;
    await t.database.db
      .update(paymentOrders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(paymentOrders.orderNo, created.order_no));
    expect(await expirePendingOrders(t.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(
      (await call(t.app, 'GET', `/proxy/charges/order/${created.order_no}`, { token })).data.status,
    ).toBe('expired');
    await notifySandbox(t.app, paidEvent(created, 21_180_000n));
    expect(
      (await call(t.app, 'GET', `/proxy/charges/order/${created.order_no}`, { token })).data.status,
    ).toBe('paid');
    expect((await readBalanceAndSum(t.database.db, user.id))?.balance).toBe(20_000_000n);
  });

  it('shows an order only to its owner', async () => {
    const owner = await signedInCustomer(t.database);
    const other = await signedInCustomer(t.database);
    const created = (await order(owner.token, '/proxy/charges/stripe', { amount: '5' })).data;
    expect(
      (await call(t.app, 'GET', `/proxy/charges/order/${created.order_no}`, { token: other.token })).code,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/proxy/charges/wechat/pay/${created.order_no}`, { token: other.token }))
        .code,
    ).toBe(404);
  });

  it('creates a WeChat order with a QR code and answers its state on the same path', async () => {
    const { token } = await signedInCustomer(t.database);
    const created = await call(t.app, 'POST', '/proxy/charges/wechat/pay/new', {
      token,
      form: { amount: '30' },
    });
    expect(created.data).toMatchObject({ method: 'wechat', pay_currency: 'CNY', checkout: { kind: 'qr' } });
    const polled = await call(t.app, 'POST', `/proxy/charges/wechat/pay/${created.data.order_no}`, { token });
    expect(polled.data).toMatchObject({ order_no: created.data.order_no, status: 'pending' });
    expect((await call(t.app, 'POST', '/proxy/charges/wechat/pay/new', { token, form: {} })).code).toBe(1001);
  });

  it('creates an aggregator order from query parameters (SPEC §7)', async () => {
    const { token } = await signedInCustomer(t.database);
    const response = await call(t.app, 'POST', '/api/epay/wxpay?amount=15&plan=personal', { token });
    expect(response.data).toMatchObject({ method: 'epay', amount: '15.00', pay_currency: 'CNY' });
  });

  it('pages and filters the billing records by time', async () => {
    const { token } = await signedInCustomer(t.database);
    for (const amount of ['1', '2', '3']) await order(token, '/proxy/charges/stripe', { amount });
    const page = await call(t.app, 'GET', '/proxy/charges/records?page=2&page_size=2', { token });
    expect(page.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.data.data.map((record: { value: string }) => record.value)).toEqual(['1.00']);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await call(t.app, 'GET', `/proxy/charges/records?start=${future}`, { token })).data.total).toBe(
      0,
    );
  });

  it('answers 610 to a tourist who tries to top up', async () => {
    const { data } = await call(t.app, 'POST', '/user/tourist');
    expect((await order(data.token)).code).toBe(610);
  });
});
