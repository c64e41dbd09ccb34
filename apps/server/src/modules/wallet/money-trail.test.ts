import { parsePtc } from '@ptc/contracts';
import { trafficPlans } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { carry } from '../../test/products';
import { createStaticExits, generateOk } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notifySandbox, paidEvent, pathOfLink } from '../../test/wallet';
import { billUsage } from '../billing/usage-billing.service';

interface TrailEntry {
  id: string;
  kind: string;
  amount: string;
  balance_after: string;
  time: string;
  detail: Record<string, unknown>;
}

describe("the customer's money trail", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const trail = async (token: string, query = '') =>
    (await call(t.app, 'GET', `/proxy/charges/ledger${query}`, { token })) as {
      code: number;
      data: { total: number; page: number; page_size: number; data: TrailEntry[] };
    };

  /** Pays a card top-up of `amount` PTC through the sandbox webhook; answers the order. */
  const topUp = async (token: string, amount: string) => {
    const order = (await call(t.app, 'POST', '/proxy/charges/stripe', { token, form: { amount } })).data;
    await notifySandbox(t.app, paidEvent(order, parsePtc(order.pay_amount)));
    return order as { order_no: string };
  };

  it('lists every movement with what it was for and the balance after each, which add up', async () => {
    const customer = await signedInCustomer(t.database);
    const { token } = customer;
    const order = await topUp(token, '200');

    // A traffic charge: 256 MiB carried by a rotating proxy, billed by the usage job.
    const rotating = await createProxy(db(), customer.user.id, { family: 'dynamic-traffic' });
    await carry(db(), rotating.id, 0n, 268_435_456n);
    await billUsage(t.database);

    // A 10 GB traffic package, bought from the catalogue.
    const [plan] = await db().insert(trafficPlans).values({ gb: 10, pricePerGb: 1_500_000n }).returning();
    const bought = await call(t.app, 'POST', '/proxy/traffic/buy', {
      token,
      form: { package_id: String(plan?.id) },
    });
    expect(bought.code).toBe(0);

    // A static IP in Los Angeles for 30 days.
    const [exit] = await createStaticExits(db(), 1, {
      prefix: `198.51.${Date.now() % 250}`,
      state: 'CA',
      city: 'losangeles',
      label: 'Los Angeles, California, United States',
    });
    await generateOk(t.app, db(), customer, 'static/ip', {
      type: 'residential',
      country: 'US',
      exit_ids: String(exit?.id),
      days: 30,
    });

    const { data } = await trail(token);
    expect(data.total).toBe(5);
    expect(data.data.map((entry) => entry.kind)).toEqual(['purchase', 'purchase', 'usage', 'bonus', 'topup']);
    const [ip, pack, usage, bonus, credit] = data.data;
    expect(credit).toMatchObject({
      amount: '200.000000',
      balance_after: '200.000000',
      detail: { reference: order.order_no, method: 'card', family: null },
    });
    expect(bonus).toMatchObject({ amount: '20.000000', balance_after: '220.000000' });
    expect(usage?.detail).toMatchObject({
      family: 'dynamic-traffic',
      bytes: '268435456',
      reference: rotating.publicId,
    });
    expect(pack?.detail).toMatchObject({ gb: 10, family: null });
    expect(pack?.amount).toBe('-15.000000');
    expect(ip?.detail).toMatchObject({
      family: 'static-ip',
      exit_type: 'residential',
      country: 'US',
      count: 1,
      days: 30,
      reference: expect.any(String),
    });
    // The city by its English name, which the console names in the customer's language.
    expect([ip?.detail.city, ip?.detail.city_name]).toEqual(['losangeles', 'Los Angeles']);
    // Oldest first, each balance is the one before plus the movement.
    const chronological = [...data.data].reverse();
    chronological.reduce((previous, entry) => {
      expect(parsePtc(previous) + parsePtc(entry.amount)).toBe(parsePtc(entry.balance_after));
      return entry.balance_after;
    }, '0');
    const info = await call(t.app, 'GET', '/user/info', { token });
    expect(parsePtc(info.data.balance)).toBe(parsePtc(ip?.balance_after ?? ''));
  });

  it('filters by kind and time and pages, and shows nobody else the entries', async () => {
    const { token } = await signedInCustomer(t.database);
    for (const amount of ['1', '2', '3']) await topUp(token, amount);
    const page = await trail(token, '?page=2&page_size=2');
    expect(page.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.data.data.map((entry) => entry.amount)).toEqual(['1.000000']);
    expect((await trail(token, '?kind=usage,purchase')).data.total).toBe(0);
    expect((await trail(token, '?kind=topup')).data.total).toBe(3);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await trail(token, `?start=${future}`)).data.total).toBe(0);
    expect((await trail(token, '?kind=gift')).code).toBe(1002);
    const stranger = await signedInCustomer(t.database);
    expect((await trail(stranger.token)).data.total).toBe(0);
    expect((await call(t.app, 'GET', '/proxy/charges/ledger')).code).not.toBe(0);
  });

  it("answers a billing record's note as a code, not the provider's English", async () => {
    const { token } = await signedInCustomer(t.database);
    const order = (await call(t.app, 'POST', '/proxy/charges/stripe', { token, form: { amount: '5' } })).data;
    await notifySandbox(t.app, { ...paidEvent(order, parsePtc(order.pay_amount)), status: 'failed' });
    const paid = await topUp(token, '6');
    const records = (await call(t.app, 'GET', '/proxy/charges/records', { token })).data.data as {
      order_id: string;
      note: string;
    }[];
    expect(records.find((record) => record.order_id === order.order_no)?.note).toBe('provider_failed');
    expect(records.find((record) => record.order_id === paid.order_no)?.note).toBe('paid');
  });
});

describe('the address a payment returns to', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const pay = async (token: string, headers: Record<string, string>) => {
    const created = await call(t.app, 'POST', '/proxy/charges/alipay', {
      token,
      form: { amount: '5' },
      headers,
    });
    const url = new URL(created.data.checkout.url);
    const paid = await t.app.inject({
      method: 'POST',
      url: pathOfLink(url.toString()),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    return { checkout: url.origin, back: String(paid.headers.location), orderNo: created.data.order_no };
  };

  it('is the origin the customer paid from when the browser calls from it', async () => {
    const { token } = await signedInCustomer(t.database);
    const local = { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' };
    const { checkout, back, orderNo } = await pay(token, local);
    expect(checkout).toBe('http://127.0.0.1:8080');
    expect(back).toBe(`http://127.0.0.1:8080/charge?order=${orderNo}`);
  });

  it('is PUBLIC_URL for any other origin: no open redirect', async () => {
    const { token } = await signedInCustomer(t.database);
    const visits: Record<string, string>[] = [
      { host: '127.0.0.1:8080', origin: 'https://evil.example' },
      { host: '127.0.0.1:8080' },
      { host: 'evil.example', origin: 'http://127.0.0.1:8080' },
    ];
    for (const headers of visits) {
      const { checkout, back, orderNo } = await pay(token, headers);
      expect(checkout).toBe('https://console.example.test');
      expect(back).toBe(`https://console.example.test/charge?order=${orderNo}`);
    }
  });
});
