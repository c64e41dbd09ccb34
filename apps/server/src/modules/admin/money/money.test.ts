import { randomUUID } from 'node:crypto';
import { and, auditLog, eq, inArray, ledgerEntries, proxies, sql } from '@ptc/db';
import { createExit, createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { customerWithBalance, operatorSession, signedInCustomer } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { notifySandbox, paidEvent, readBalanceAndSum } from '../../../test/wallet';
import { refundFailedDynamicIps } from '../../billing/dynamic-ip-refunds.service';
import { moveMoney } from '../../wallet/ledger.service';
import { DAILY_REPORT_COLUMNS, dailyReportCsv } from './money-reports.service';

const PTC = 1_000_000n;
type Headers = Record<string, string>;

/** Every money call, with input it would accept, and the roles it is open to. */
const MONEY_CALLS = [
  { method: 'GET', path: '/admin/orders', roles: ['owner', 'finance', 'support'] },
  { method: 'GET', path: '/admin/orders/T00000000000000', roles: ['owner', 'finance', 'support'] },
  { method: 'GET', path: '/admin/charges?customer=nobody', roles: ['owner', 'finance', 'support'] },
  {
    method: 'POST',
    path: '/admin/refunds',
    body: { entry_id: '999999999', reason: 'no such charge' },
    roles: ['owner', 'finance'],
  },
  { method: 'GET', path: '/admin/reports/daily', roles: ['owner', 'finance'] },
  { method: 'GET', path: '/admin/reports/daily.csv', roles: ['owner', 'finance'] },
] as const;

describe('money, as operators handle it', () => {
  let t: TestApp;
  let owner: Headers;
  let finance: Headers;
  let support: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    const session = async (role: 'owner' | 'finance' | 'support') =>
      (await operatorSession(t.database, role)).headers;
    [owner, finance, support] = await Promise.all([session('owner'), session('finance'), session('support')]);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;

  /** Any call, answered with its status and (for JSON) its envelope. */
  const send = async (
    method: string,
    path: string,
    options: { headers?: Headers; body?: Record<string, unknown> } = {},
  ) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url: `/api${path}`,
      headers: { ...options.headers, ...(options.body ? { 'content-type': 'application/json' } : {}) },
      payload: options.body ? JSON.stringify(options.body) : undefined,
    });
    const isJson = String(response.headers['content-type']).startsWith('application/json');
    return { status: response.statusCode, code: isJson ? (response.json().code as number) : 0 };
  };

  /** Charges a customer through the ledger for a proxy of `family`, as a purchase or usage would. */
  const charge = async (
    userId: bigint,
    amount: bigint,
    family: 'dynamic-traffic' | 'dynamic-ip' | 'static-traffic' | 'static-ip' = 'static-ip',
    kind: 'purchase' | 'renewal' | 'usage' = 'purchase',
  ) => {
    const proxy = await createProxy(db(), userId, { family });
    const { entry } = await moveMoney(db(), {
      userId,
      amount: -amount,
      kind,
      idempotencyKey: `test-charge:${randomUUID()}`,
      reference: { type: 'proxy', id: proxy.publicId },
      note: `a ${family} ${kind}`,
    });
    return { entry, proxy };
  };

  const refund = (body: Record<string, unknown>, headers = finance, ip?: string) =>
    call(t.app, 'POST', '/admin/refunds', { headers, body, ip });

  const refundsOf = (userId: bigint) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'refund')));

  it('answers a customer session on every money call as it answers none, and opens each call to its roles only', async () => {
    const customer = await signedInCustomer(t.database);
    const byRole = { owner, finance, support };
    for (const entry of MONEY_CALLS) {
      const { method, path, roles } = entry;
      const body = 'body' in entry ? entry.body : undefined;
      const without = await send(method, path, { body });
      const withCustomer = await send(method, path, { body, headers: { authorization: customer.token } });
      const inOperatorHeader = await send(method, path, {
        body,
        headers: { 'x-operator-session': customer.token },
      });
      for (const answer of [without, withCustomer, inOperatorHeader]) {
        expect(answer, `${method} ${path}`).toEqual({ status: 401, code: 2004 });
      }
      for (const [role, headers] of Object.entries(byRole)) {
        const answer = await send(method, path, { body, headers });
        if ((roles as readonly string[]).includes(role)) {
          expect(answer.status, `${role} ${method} ${path}`).not.toBe(403);
          expect(answer.status, `${role} ${method} ${path}`).toBeLessThan(500);
        } else {
          expect(answer, `${role} ${method} ${path}`).toEqual({ status: 403, code: 403 });
        }
      }
    }
  });

  it('lists orders of every provider with their references and state, filtered and paged newest first, and shows one with its ledger and notifications', async () => {
    const [first, other] = await Promise.all([signedInCustomer(t.database), signedInCustomer(t.database)]);
    const order = async (token: string, amount: string) =>
      (await call(t.app, 'POST', '/proxy/charges/stripe', { token, form: { amount } })).data;
    const paid = await order(first.token, '10');
    const pending = await order(first.token, '20');
    await order(other.token, '30');
    expect((await notifySandbox(t.app, paidEvent(paid, 10_840_000n))).statusCode).toBe(200);

    const list = async (query: string, headers = support) =>
      call(t.app, 'GET', `/admin/orders?${query}`, { headers });
    const email = encodeURIComponent(String(first.user.email).toUpperCase());
    const mine = await list(`customer=${email}`);
    expect(mine.data).toMatchObject({ total: 2, page: 1, page_size: 50 });
    expect(mine.data.records.map((row: { order_no: string }) => row.order_no)).toEqual([
      pending.order_no,
      paid.order_no,
    ]);
    expect(mine.data.records[1]).toEqual({
      order_no: paid.order_no,
      customer: { uid: first.user.uid, email: first.user.email },
      kind: 'topup',
      method: 'card',
      provider: 'sandbox',
      provider_ref: `sbx_${paid.order_no}`,
      amount: '10.000000',
      bonus: '0.000000',
      fee: '0.840000',
      pay_amount: '10.840000',
      pay_currency: 'USD',
      status: 'paid',
      failure_reason: null,
      created_at: expect.any(String),
      expires_at: expect.any(String),
      paid_at: expect.any(String),
    });

    const uid = first.user.uid;
    const today = new Date().toISOString().slice(0, 10);
    const orderNos = async (query: string) =>
      (await list(query)).data.records.map((row: { order_no: string }) => row.order_no);
    expect(await orderNos(`customer=${uid}&status=paid`)).toEqual([paid.order_no]);
    expect(await orderNos(`customer=${uid}&status=pending&provider=sandbox`)).toEqual([pending.order_no]);
    expect(await orderNos(`customer=${uid}&provider=stripe`)).toEqual([]);
    expect(await orderNos(`customer=${uid}&from=${today}&to=${today}`)).toHaveLength(2);
    expect(await orderNos(`customer=${uid}&from=2000-01-01&to=2000-01-02`)).toEqual([]);
    expect(await orderNos(`customer=${uid}&page=2&page_size=1`)).toEqual([paid.order_no]);
    expect((await list('page_size=200')).data.records.length).toBeGreaterThanOrEqual(3);

    const detail = await call(t.app, 'GET', `/admin/orders/${paid.order_no}`, { headers: finance });
    expect(detail.data.order).toMatchObject({ order_no: paid.order_no, status: 'paid' });
    expect(detail.data.ledger).toEqual([
      expect.objectContaining({
        kind: 'topup',
        amount: '10.000000',
        reference_type: 'payment_order',
        reference_id: paid.order_no,
      }),
    ]);
    expect(detail.data.notifications).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        outcome: 'credited',
        provider_ref: `sbx_${paid.order_no}`,
      }),
    ]);

    expect(await call(t.app, 'GET', '/admin/orders/T99999999999999', { headers: support })).toMatchObject({
      status: 404,
      code: 404,
    });
    for (const query of [
      'page_size=201',
      'status=refunded',
      'customer=a%00b',
      `customer=${'a'.repeat(255)}`,
      'from=2021-02-30',
      'from=2021-06-02&to=2021-06-01',
    ]) {
      expect(await list(query), query).toMatchObject({ status: 400, code: 1002 });
    }
  });

  it('refunds a charge once under 10 concurrent clicks, into the customer’s ledger with its reason, audited with the client address', async () => {
    const customer = await customerWithBalance(t.database, 10n * PTC);
    const { entry } = await charge(customer.user.id, 4n * PTC);
    const reason = 'the exit was down all week';
    const body = { entry_id: entry.id.toString(), reason };

    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(body, finance, '203.0.113.9')));
    const accepted = answers.filter((answer) => answer.code === 0);
    expect(accepted).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.code === 3003 && answer.data.reason === 'already_refunded'),
    ).toHaveLength(9);
    expect(accepted[0]?.data).toMatchObject({
      refund: {
        kind: 'refund',
        amount: '4.000000',
        balance_after: '10.000000',
        reference_type: 'ledger_entry',
        reference_id: entry.id.toString(),
        note: reason,
      },
      charge: {
        entry_id: entry.id.toString(),
        amount: '4.000000',
        refunded: '4.000000',
        refundable: '0.000000',
      },
      customer: { uid: customer.user.uid, balance: '10.000000' },
    });

    expect(await readBalanceAndSum(db(), customer.user.id)).toEqual({ balance: 10n * PTC, sum: 10n * PTC });
    const refunds = await refundsOf(customer.user.id);
    expect(refunds.map((row) => [row.amount, row.referenceType, row.referenceId, row.note])).toEqual([
      [4n * PTC, 'ledger_entry', entry.id.toString(), reason],
    ]);

    const page = await call(t.app, 'GET', `/admin/customers/${customer.user.uid}`, { headers: support });
    expect(page.data.ledger[0]).toMatchObject({ kind: 'refund', amount: '4.000000', note: reason });
    const charges = await call(t.app, 'GET', `/admin/charges?customer=${customer.user.uid}`, {
      headers: support,
    });
    expect(charges.data.records).toEqual([
      expect.objectContaining({
        entry_id: entry.id.toString(),
        kind: 'purchase',
        product: 'static-ip',
        amount: '4.000000',
        refunded: '4.000000',
        refundable: '0.000000',
      }),
    ]);

    const trail = await db().select().from(auditLog).where(eq(auditLog.targetId, customer.user.uid));
    expect(trail.map((row) => [row.action, row.targetType, row.before, row.after, row.clientIp])).toEqual([
      [
        'charge.refund',
        'user',
        { balance: '6.000000', charge: { entry_id: entry.id.toString(), refunded: '0.000000' } },
        {
          balance: '10.000000',
          charge: { entry_id: entry.id.toString(), refunded: '4.000000' },
          refund_entry_id: accepted[0]?.data.refund.id,
          amount: '4.000000',
          reason,
        },
        '203.0.113.9',
      ],
    ]);

    // A later click is refused the same way.
    expect(await refund(body, owner)).toMatchObject({
      status: 400,
      code: 3003,
      data: { reason: 'already_refunded' },
    });
  });

  it('takes a refunded purchase off the cost of the proxies it paid for, so the automatic dynamic IP refund never repays it', async () => {
    const now = new Date();
    const purchasedAt = new Date(now.getTime() - 5 * 60_000);
    const customer = await customerWithBalance(t.database, 2n * PTC);
    await createExit(db(), {
      kind: 'http',
      host: '127.0.0.1',
      port: 9,
      country: 'NZ',
      isHealthy: false,
      lastFailureAt: new Date(purchasedAt.getTime() + 60_000),
    });
    const batch = [];
    for (let i = 0; i < 2; i += 1) {
      batch.push(
        await createProxy(db(), customer.user.id, {
          family: 'dynamic-ip',
          country: 'NZ',
          purchasedAt,
          costTotal: 150_000n,
        }),
      );
    }
    const { entry } = await moveMoney(db(), {
      userId: customer.user.id,
      amount: -300_000n,
      kind: 'purchase',
      idempotencyKey: `purchase:${randomUUID()}`,
      reference: { type: 'proxy', id: batch[0]?.publicId ?? '' },
    });
    const refunded = await call(t.app, 'POST', '/admin/refunds', {
      headers: finance,
      body: { entry_id: entry.id.toString(), reason: 'the IPs never worked', amount: '0.2' },
    });
    expect(refunded.code).toBe(0);
    const costs = await db()
      .select({ cost: proxies.costTotal })
      .from(proxies)
      .where(
        inArray(
          proxies.id,
          batch.map((proxy) => proxy.id),
        ),
      )
      .orderBy(proxies.id);
    expect(costs.map((row) => row.cost)).toEqual([0n, 100_000n]);
    // The job finds both IPs failed within 3 minutes: it repays only the 0.1 PTC not refunded yet.
    await refundFailedDynamicIps(t.database, now);
    expect(await readBalanceAndSum(db(), customer.user.id)).toEqual({
      balance: 2n * PTC,
      sum: 2n * PTC,
    });
  });

  it('refuses to refund more than was charged, a credit, an unknown entry, bad input or for support, changing nothing; a part is refunded once', async () => {
    const customer = await customerWithBalance(t.database, 10n * PTC);
    const { entry } = await charge(customer.user.id, 3n * PTC, 'dynamic-traffic', 'usage');
    const [topUp] = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, customer.user.id), eq(ledgerEntries.kind, 'topup')));
    const id = entry.id.toString();
    const reason = 'billed twice for one gigabyte';
    const state = async () => ({
      money: await readBalanceAndSum(db(), customer.user.id),
      refunds: (await refundsOf(customer.user.id)).length,
      audit: (await db().select().from(auditLog).where(eq(auditLog.targetId, customer.user.uid))).length,
    });
    const before = await state();
    expect(before).toEqual({ money: { balance: 7n * PTC, sum: 7n * PTC }, refunds: 0, audit: 0 });

    expect(await refund({ entry_id: id, reason, amount: '3.000001' })).toMatchObject({
      status: 400,
      code: 3003,
      data: { reason: 'exceeds_charge', refundable: '3.000000' },
    });
    expect(await refund({ entry_id: String(topUp?.id), reason })).toMatchObject({
      status: 400,
      code: 1002,
      data: { reason: 'not_a_charge', kind: 'topup' },
    });
    expect(await refund({ entry_id: '999999999999', reason })).toMatchObject({ status: 404, code: 404 });
    expect(await refund({ entry_id: id, reason }, support)).toMatchObject({ status: 403, code: 403 });
    expect(await refund({ entry_id: id, reason, amount: '0' })).toMatchObject({ status: 400, code: 3003 });
    expect(await refund({ entry_id: id, reason: '' })).toMatchObject({ status: 400, code: 1001 });
    for (const bad of [
      { entry_id: id, reason: 'a\u0000b reason' },
      { entry_id: id, reason: 'r'.repeat(501) },
      { entry_id: 'abc', reason },
      { entry_id: '99999999999999999999', reason },
      { entry_id: id, reason, amount: '-1' },
      { entry_id: id, reason, amount: '1e3' },
    ]) {
      expect(await refund(bad), JSON.stringify(bad).slice(0, 80)).toMatchObject({ status: 400, code: 1002 });
    }
    expect(await state()).toEqual(before);

    // A part of the charge, once: the rest stays unrefunded.
    const part = await refund({ entry_id: id, reason, amount: '1.25' });
    expect(part.data.charge).toMatchObject({ refunded: '1.250000', refundable: '1.750000' });
    expect(await refund({ entry_id: id, reason, amount: '1' })).toMatchObject({
      code: 3003,
      data: { reason: 'already_refunded' },
    });
    expect(await state()).toEqual({ money: { balance: 8_250_000n, sum: 8_250_000n }, refunds: 1, audit: 1 });

    // A dynamic IP the refund job paid back already is not paid back twice.
    const dynamic = await charge(customer.user.id, 2n * PTC, 'dynamic-ip');
    await moveMoney(db(), {
      userId: customer.user.id,
      amount: 2n * PTC,
      kind: 'refund',
      idempotencyKey: `refund:${dynamic.proxy.id}`,
      reference: { type: 'proxy', id: dynamic.proxy.publicId },
      note: 'dynamic IP failed within 3 minutes of purchase',
    });
    expect(await refund({ entry_id: dynamic.entry.id.toString(), reason })).toMatchObject({
      code: 3003,
      data: { reason: 'already_refunded', refunded: '2.000000' },
    });
    expect(await readBalanceAndSum(db(), customer.user.id)).toEqual({ balance: 8_250_000n, sum: 8_250_000n });
  });

  it('reports per UTC day what the ledger posted, by product, and the CSV carries the same rows', async () => {
    const customer = await customerWithBalance(t.database, 50n * PTC);
    const userId = customer.user.id;
    await moveMoney(db(), {
      userId,
      amount: 5n * PTC,
      kind: 'bonus',
      idempotencyKey: `test-bonus:${randomUUID()}`,
    });
    const staticIp = await charge(userId, 4n * PTC, 'static-ip');
    await charge(userId, 1_500_000n, 'dynamic-traffic', 'usage');
    await charge(userId, 300_000n, 'dynamic-ip');
    await charge(userId, 2n * PTC, 'static-traffic', 'renewal');
    await moveMoney(db(), {
      userId,
      amount: -3n * PTC,
      kind: 'purchase',
      idempotencyKey: `test-pool:${randomUUID()}`,
      reference: { type: 'traffic_pool', id: '42' },
    });
    expect(
      (await refund({ entry_id: staticIp.entry.id.toString(), reason: 'goodwill', amount: '1' })).code,
    ).toBe(0);
    const adjust = (amount: string) =>
      call(t.app, 'POST', `/admin/customers/${customer.user.uid}/balance`, {
        headers: finance,
        body: { amount, reason: 'correction', request_id: `report-${randomUUID()}` },
      });
    expect((await adjust('2')).code).toBe(0);
    const late = await adjust('-0.5');
    expect(late.code).toBe(0);
    // The ledger is append-only; only the test moves this customer's entries to fixed days.
    await db()
      .update(ledgerEntries)
      .set({ createdAt: new Date('2021-06-01T12:00:00Z') })
      .where(eq(ledgerEntries.userId, userId));
    await db()
      .update(ledgerEntries)
      .set({ createdAt: new Date('2021-06-02T23:59:59.999Z') })
      .where(and(eq(ledgerEntries.userId, userId), sql`${ledgerEntries.amount} = -500000`));
    expect(await readBalanceAndSum(db(), userId)).toEqual({ balance: 46_700_000n, sum: 46_700_000n });

    const report = await call(t.app, 'GET', '/admin/reports/daily?from=2021-06-01&to=2021-06-03', {
      headers: owner,
    });
    const zero = '0.000000';
    const quiet = {
      topup_count: 0,
      topups: zero,
      bonuses: zero,
      spending: {
        'dynamic-traffic': zero,
        'dynamic-ip': zero,
        'static-traffic': zero,
        'static-ip': zero,
        'traffic-package': zero,
        'remote-pc': zero,
        other: zero,
      },
      spending_total: zero,
      refund_count: 0,
      refunds: zero,
      adjustment_count: 0,
      adjustments: zero,
      rewards: zero,
      revenue: zero,
    };
    const busy = {
      ...quiet,
      topup_count: 1,
      topups: '50.000000',
      bonuses: '5.000000',
      spending: {
        ...quiet.spending,
        'dynamic-traffic': '1.500000',
        'dynamic-ip': '0.300000',
        'static-traffic': '2.000000',
        'static-ip': '4.000000',
        'traffic-package': '3.000000',
      },
      spending_total: '10.800000',
      refund_count: 1,
      refunds: '1.000000',
      adjustment_count: 1,
      adjustments: '2.000000',
      revenue: '9.800000',
    };
    expect(report.data).toEqual({
      from: '2021-06-01',
      to: '2021-06-03',
      days: [
        { day: '2021-06-01', ...busy },
        { day: '2021-06-02', ...quiet, adjustment_count: 1, adjustments: '-0.500000' },
        { day: '2021-06-03', ...quiet },
      ],
      totals: { day: 'total', ...busy, adjustment_count: 2, adjustments: '1.500000' },
    });

    const file = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/daily.csv?from=2021-06-01&to=2021-06-03',
      headers: finance,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="ptc-daily-2021-06-01-2021-06-03.csv"',
    );
    expect(file.body.trimEnd().split('\n')).toEqual([
      DAILY_REPORT_COLUMNS.join(','),
      '2021-06-01,1,50.000000,5.000000,1.500000,0.300000,2.000000,4.000000,3.000000,0.000000,0.000000,10.800000,1,1.000000,1,2.000000,0.000000,9.800000',
      '2021-06-02,0,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0,0.000000,1,-0.500000,0.000000,0.000000',
      '2021-06-03,0,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0,0.000000,0,0.000000,0.000000,0.000000',
    ]);
    expect(DAILY_REPORT_COLUMNS.slice(0, 6)).toEqual([
      'day',
      'topup_count',
      'topups',
      'bonuses',
      'spending_dynamic_traffic',
      'spending_dynamic_ip',
    ]);
  });

  it('reports the last 30 days by default, up to 366 days, and refuses a bad range', async () => {
    const fallback = await call(t.app, 'GET', '/admin/reports/daily', { headers: finance });
    expect(fallback.data.days).toHaveLength(30);
    expect(fallback.data.to).toBe(new Date().toISOString().slice(0, 10));
    const leapYear = await call(t.app, 'GET', '/admin/reports/daily?from=2020-01-01&to=2020-12-31', {
      headers: finance,
    });
    expect(leapYear.data.days).toHaveLength(366);
    for (const query of [
      'from=2021-01-01&to=2022-01-02',
      'from=2021-06-02&to=2021-06-01',
      'from=2021-02-30&to=2021-03-01',
      'from=20210601',
      'to=2021-06-01%00',
    ]) {
      for (const path of ['/admin/reports/daily', '/admin/reports/daily.csv']) {
        expect(
          await call(t.app, 'GET', `${path}?${query}`, { headers: finance }),
          `${path}?${query}`,
        ).toMatchObject({
          status: 400,
          code: 1002,
        });
      }
    }
  });

  it('writes no CSV cell a spreadsheet would read as a formula', () => {
    const row = {
      day: '=HYPERLINK("http://evil.example")',
      topup_count: 0,
      topups: '+1',
      bonuses: '@SUM(A1)',
      spending: {
        'dynamic-traffic': '-1.000000',
        'dynamic-ip': '0',
        'static-traffic': '0',
        'static-ip': '0',
        'traffic-package': '0',
        'remote-pc': '0',
        other: '-2+3',
      },
      spending_total: '0',
      refund_count: 0,
      refunds: '0',
      adjustment_count: 0,
      adjustments: '0',
      rewards: '0',
      revenue: '0',
    };
    const [, line] = dailyReportCsv({ from: 'a', to: 'b', days: [row], totals: row }).content.split('\n');
    expect(line?.split(',').slice(0, 5)).toEqual([
      `"'=HYPERLINK(""http://evil.example"")"`,
      '0',
      "'+1",
      "'@SUM(A1)",
      '-1.000000',
    ]);
    expect(line).toContain(",'-2+3,");
  });
});
