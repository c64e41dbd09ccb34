import { and, auditLog, catalogueSettings, eq, inArray, ledgerEntries } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { customerWithBalance, operatorSession, signedInCustomer } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { notifySandbox, paidEvent } from '../../../test/wallet';

const PTC = 1_000_000n;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** Every catalogue call, with the roles that may make it and a body it would accept. */
const CATALOGUE_CALLS: { method: Method; path: string; roles: string[]; body?: Record<string, unknown> }[] = [
  { method: 'GET', path: '/admin/prices', roles: ['owner', 'finance', 'support'] },
  { method: 'GET', path: '/admin/catalogue/plans', roles: ['owner', 'finance', 'support'] },
  { method: 'GET', path: '/admin/catalogue/top-up', roles: ['owner', 'finance', 'support'] },
  { method: 'GET', path: '/admin/catalogue/fees', roles: ['owner', 'finance', 'support'] },
  {
    method: 'POST',
    path: '/admin/catalogue/plans',
    roles: ['owner', 'finance'],
    body: { gb: 5, price_per_gb: '4.8', on_sale: false },
  },
  {
    method: 'PATCH',
    path: '/admin/catalogue/plans/999999',
    roles: ['owner', 'finance'],
    body: { on_sale: false },
  },
  {
    method: 'PUT',
    path: '/admin/catalogue/top-up',
    roles: ['owner', 'finance'],
    body: { bonus: { threshold: '200', basis_points: 1000 } },
  },
  {
    method: 'PUT',
    path: '/admin/catalogue/fees',
    roles: ['owner', 'finance'],
    body: { wire: { basis_points: 0, fixed: '0' } },
  },
];

describe('the catalogue, as operators run it', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let finance: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ CNY_PER_USD: '7.2', TOPUP_PACKAGES: '10,20,50,100,200,500,1000,2000' });
    const [ownerSession, financeSession, supportSession] = await Promise.all([
      operatorSession(t.database, 'owner'),
      operatorSession(t.database, 'finance'),
      operatorSession(t.database, 'support'),
    ]);
    owner = ownerSession.headers;
    finance = financeSession.headers;
    support = supportSession.headers;
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const send = (
    method: Method,
    path: string,
    headers: Record<string, string>,
    body?: Record<string, unknown>,
  ) => call(t.app, method, path, { headers, body });
  const auditOf = (action: string) =>
    db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

  it('lets every operator read the catalogue and only owner and finance change it; a customer session is nobody', async () => {
    const customer = await signedInCustomer(t.database);
    const byRole = { owner, finance, support };
    for (const { method, path, roles, body } of CATALOGUE_CALLS) {
      const answers = [
        await call(t.app, method, path, { body }),
        await call(t.app, method, path, { body, token: customer.token }),
        await send(method, path, { 'x-operator-session': customer.token }, body),
      ];
      for (const answer of answers)
        expect(answer, `${method} ${path}`).toMatchObject({ status: 401, code: 2004 });
      for (const [role, headers] of Object.entries(byRole)) {
        const answer = await send(method, path, headers, body);
        if (roles.includes(role)) {
          expect(answer.status, `${role} ${method} ${path}`).not.toBe(403);
          expect(answer.status, `${role} ${method} ${path}`).toBeLessThan(500);
        } else {
          expect(answer, `${role} ${method} ${path}`).toMatchObject({ status: 403, code: 403 });
        }
      }
    }
  });

  it('reads the price table at list price with its defaults, as a price set by finance left it', async () => {
    expect((await send('PUT', '/admin/prices/dynamic_ip', finance, { price: '0.18' })).code).toBe(0);
    const table = await send('GET', '/admin/prices', support);
    expect(table.data.records).toHaveLength(11);
    expect(table.data.records).toContainEqual({
      key: 'dynamic_ip',
      price: '0.18',
      unit: 'ip',
      default_price: '0.15',
    });
    expect(table.data.records).toContainEqual({
      key: 'static_ip_residential_30',
      price: '7.99',
      unit: '30days',
      default_price: '7.99',
    });
  });

  it('applies a changed bonus rule, packages and fee to new top-up orders at once; an order made before keeps its terms', async () => {
    const customer = await customerWithBalance(t.database, 0n);
    const order = async (amount: string, method = 'stripe') =>
      (await call(t.app, 'POST', `/proxy/charges/${method}`, { token: customer.token, form: { amount } }))
        .data;

    expect((await send('GET', '/admin/catalogue/top-up', support)).data).toMatchObject({
      bonus: { threshold: '200.00', basis_points: 1000 },
      is_default: { packages: true },
    });
    const before = await order('200');
    expect(before).toMatchObject({ fee: '7.30', bonus: '20.00', total: '207.30' });

    const terms = await send('PUT', '/admin/catalogue/top-up', finance, {
      packages: ['300', '25', '100.50'],
      bonus: { threshold: '100', basis_points: 1500 },
    });
    expect(terms).toMatchObject({ code: 0 });
    expect(terms.data).toEqual({
      packages: [
        { amount: '25.00', bonus: '0.00' },
        { amount: '100.50', bonus: '15.075' },
        { amount: '300.00', bonus: '45.00' },
      ],
      bonus: { threshold: '100.00', basis_points: 1500 },
      min_amount: '1.00',
      max_amount: '2000.00',
      is_default: { packages: false, bonus: false },
    });
    const fees = await send('PUT', '/admin/catalogue/fees', finance, {
      card: { basis_points: 500, fixed: '1' },
      usdt: { basis_points: 0, fixed: '0.25' },
    });
    expect(fees.data.fees).toContainEqual({
      method: 'card',
      basis_points: 500,
      fixed: '1.00',
      is_default: false,
    });
    expect(fees.data.fees).toContainEqual({
      method: 'alipay',
      basis_points: 340,
      fixed: '0.50',
      is_default: true,
    });

    const list = await call(t.app, 'GET', '/proxy/charges/list', { token: customer.token });
    expect(list.data).toEqual({
      packages: [
        { id: '25', amount: '25.00', bonus: '0.00' },
        { id: '100.50', amount: '100.50', bonus: '15.08' },
        { id: '300', amount: '300.00', bonus: '45.00' },
      ],
      min_amount: '1.00',
      max_amount: '2000.00',
      bonus_threshold: '100.00',
      bonus_percent: 15,
    });
    const payways = await call(t.app, 'GET', '/proxy/payway/charge', { token: customer.token });
    const feeOf = (id: string) => payways.data.find((item: { id: string }) => item.id === id);
    expect(feeOf('card')).toMatchObject({ fee_percent: 5, fee_fixed: '1.00' });
    expect(feeOf('usdt')).toMatchObject({ fee_percent: 0, fee_fixed: '0.25' });
    expect(feeOf('alipay')).toMatchObject({ fee_percent: 3.4, fee_fixed: '0.50' });

    const after = await order('200');
    expect(after).toMatchObject({ fee: '11.00', bonus: '30.00', total: '211.00', pay_amount: '211.00' });
    expect(await order('99.99')).toMatchObject({ bonus: '0.00' });

    // Paid after the change, the first order still credits the bonus it was made with.
    for (const [made, paid] of [
      [before, 207_300_000n],
      [after, 211_000_000n],
    ] as const) {
      expect((await notifySandbox(t.app, paidEvent(made, paid))).statusCode).toBe(200);
    }
    const bonuses = await db()
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, customer.user.id), eq(ledgerEntries.kind, 'bonus')))
      .orderBy(ledgerEntries.id);
    expect(bonuses.map((row) => row.amount)).toEqual([20n * PTC, 30n * PTC]);
    const records = await call(t.app, 'GET', '/proxy/charges/records', { token: customer.token });
    const recordOf = (orderNo: string) =>
      records.data.data.find((record: { order_id: string }) => record.order_id === orderNo);
    expect(recordOf(before.order_no)).toMatchObject({ price: '207.30', free: '20.00', status: 'paid' });
    expect(recordOf(after.order_no)).toMatchObject({ price: '211.00', free: '30.00', status: 'paid' });

    const topUpEntry = (await auditOf('catalogue.top_up.set')).at(-1);
    expect(topUpEntry).toMatchObject({
      actor: expect.stringContaining('operator-finance'),
      targetType: 'catalogue',
      targetId: 'top_up',
      before: {
        packages: ['10.00', '20.00', '50.00', '100.00', '200.00', '500.00', '1000.00', '2000.00'],
        bonus: { threshold: '200.00', basis_points: 1000 },
      },
      after: { packages: ['25.00', '100.50', '300.00'], bonus: { threshold: '100.00', basis_points: 1500 } },
    });
    const feesEntry = (await auditOf('catalogue.fees.set')).at(-1);
    expect(feesEntry).toMatchObject({
      before: { card: { basis_points: 340, fixed: '0.50' }, usdt: { basis_points: 130, fixed: '0.00' } },
      after: { card: { basis_points: 500, fixed: '1.00' }, usdt: { basis_points: 0, fixed: '0.25' } },
    });

    // A second change of one method keeps the other's.
    await send('PUT', '/admin/catalogue/fees', owner, { card: { basis_points: 340, fixed: '0.5' } });
    const kept = (await send('GET', '/admin/catalogue/fees', support)).data.fees;
    expect(kept).toContainEqual({ method: 'usdt', basis_points: 0, fixed: '0.25', is_default: false });
    expect(kept).toContainEqual({ method: 'card', basis_points: 340, fixed: '0.50', is_default: false });
  });

  it('refuses negative, absurd and malformed terms with 1001/1002 and changes nothing', async () => {
    const settingsBefore = await db().select().from(catalogueSettings).orderBy(catalogueSettings.name);
    const auditBefore = (
      await db()
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ['catalogue.top_up.set', 'catalogue.fees.set']))
    ).length;
    const fee = (basisPoints: unknown, fixed: unknown) => ({ card: { basis_points: basisPoints, fixed } });
    const badFees = [
      fee(10_000, '0'),
      fee(-1, '0'),
      fee(12.5, '0'),
      fee('340', '0'),
      fee(340, '-1'),
      fee(340, '100.01'),
      fee(340, '0.005'),
      fee(340, '1e3'),
      fee(340, 'ab\u0000cd'),
      fee(340, 'a'.repeat(100_000)),
      { bitcoin: { basis_points: 1, fixed: '0' } },
      {},
    ];
    for (const body of badFees) {
      const answer = await send('PUT', '/admin/catalogue/fees', finance, body);
      expect(answer.code, JSON.stringify(body).slice(0, 80)).toBe(1002);
      expect(answer.status).toBe(400);
    }
    const bonus = (threshold: unknown, basisPoints: unknown) => ({
      bonus: { threshold, basis_points: basisPoints },
    });
    const badTopUps = [
      bonus('200', 10_001),
      bonus('200', -5),
      bonus('-200', 1000),
      bonus('0', 1000),
      bonus('2000.01', 1000),
      bonus('200.001', 1000),
      { packages: [] },
      { packages: ['0.99'] },
      { packages: ['2000.01'] },
      { packages: ['10', '10.00'] },
      { packages: ['10.005'] },
      { packages: Array.from({ length: 13 }, (_, index) => String(index + 1)) },
      { packages: [10] },
      {},
    ];
    for (const body of badTopUps) {
      const answer = await send('PUT', '/admin/catalogue/top-up', owner, body);
      expect(answer.code, JSON.stringify(body)).toBe(1002);
    }
    expect((await send('PUT', '/admin/catalogue/fees', finance, fee(340, undefined))).code).toBe(1001);

    expect(await db().select().from(catalogueSettings).orderBy(catalogueSettings.name)).toEqual(
      settingsBefore,
    );
    const auditAfter = await db()
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['catalogue.top_up.set', 'catalogue.fees.set']));
    expect(auditAfter).toHaveLength(auditBefore);
  });

  it('puts a plan added on sale to customers, takes one off sale, and never rewrites a package bought', async () => {
    const customer = await customerWithBalance(t.database, 200n * PTC);
    const customerPlans = async () =>
      (await call(t.app, 'GET', '/proxy/traffic/payway', { token: customer.token })).data as {
        id: string;
        gb: number;
        amount: string;
      }[];

    const added = await send('POST', '/admin/catalogue/plans', finance, {
      gb: 20,
      price_per_gb: '4',
      discount_basis_points: 2000,
      valid_days: 30,
      limit_per_user: 2,
    });
    expect(added).toMatchObject({ code: 0 });
    expect(added.data).toMatchObject({
      gb: 20,
      price_per_gb: '4.00',
      amount: '80.00',
      discount_basis_points: 2000,
      valid_days: 30,
      limit_per_user: 2,
      on_sale: true,
      sold: 0,
    });
    const planId: string = added.data.id;
    expect(await customerPlans()).toContainEqual(
      expect.objectContaining({ id: planId, gb: 20, amount: '80.00', valid_days: 30, discount_percent: 20 }),
    );

    const bought = await call(t.app, 'POST', '/proxy/traffic/buy', {
      token: customer.token,
      form: { package_id: planId },
    });
    expect(bought.code).toBe(0);

    const edited = await send('PATCH', `/admin/catalogue/plans/${planId}`, owner, {
      gb: 25,
      price_per_gb: '3.5',
      valid_days: null,
    });
    expect(edited.data).toMatchObject({
      gb: 25,
      price_per_gb: '3.50',
      amount: '87.50',
      valid_days: null,
      sold: 1,
    });
    expect(await customerPlans()).toContainEqual(
      expect.objectContaining({ id: planId, gb: 25, amount: '87.50' }),
    );
    const pools = await call(t.app, 'GET', '/proxy/traffic/pool', { token: customer.token });
    expect(pools.data.data).toHaveLength(1);
    expect(pools.data.data[0]).toMatchObject({
      gb: 20,
      price_per_gb: '4.00',
      amount: '80.00',
      permanent: false,
    });

    const offSale = await send('PATCH', `/admin/catalogue/plans/${planId}`, finance, { on_sale: false });
    expect(offSale.data).toMatchObject({ on_sale: false, sold: 1 });
    expect((await customerPlans()).map((plan) => plan.id)).not.toContain(planId);
    const refused = await call(t.app, 'POST', '/proxy/traffic/buy', {
      token: customer.token,
      form: { package_id: planId },
    });
    expect(refused.code).toBe(3004);
    const listed = await send('GET', '/admin/catalogue/plans', support);
    expect(listed.data.records).toContainEqual(
      expect.objectContaining({ id: planId, on_sale: false, sold: 1 }),
    );
    expect(listed.data.records.length).toBeGreaterThanOrEqual(5);
    expect(
      (await send('PATCH', `/admin/catalogue/plans/${planId}`, finance, { on_sale: true })).data.on_sale,
    ).toBe(true);
    expect((await customerPlans()).map((plan) => plan.id)).toContain(planId);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'traffic_plan'), eq(auditLog.targetId, planId)))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'catalogue.plan.create',
      'catalogue.plan.update',
      'catalogue.plan.update',
      'catalogue.plan.update',
    ]);
    expect(entries[1]).toMatchObject({
      before: { gb: 20, price_per_gb: '4.00', valid_days: 30 },
      after: { gb: 25, price_per_gb: '3.50', valid_days: null },
    });
    expect(entries[2]).toMatchObject({ before: { on_sale: true }, after: { on_sale: false } });
  });

  it('refuses bad plans with 1002 and an unknown plan with 404, adding nothing', async () => {
    const count = async () => (await send('GET', '/admin/catalogue/plans', support)).data.records.length;
    const before = await count();
    const plan = { gb: 10, price_per_gb: '4' };
    const badPlans = [
      { ...plan, gb: 0 },
      { ...plan, gb: 100_001 },
      { ...plan, gb: 1.5 },
      { ...plan, price_per_gb: '0' },
      { ...plan, price_per_gb: '-4' },
      { ...plan, price_per_gb: '1000.000001' },
      { ...plan, price_per_gb: '4.1234567' },
      { ...plan, price_per_gb: 4 },
      { ...plan, discount_basis_points: 10_000 },
      { ...plan, valid_days: 0 },
      { ...plan, limit_per_user: 0 },
      { ...plan, on_sale: 'yes' },
    ];
    for (const body of badPlans) {
      expect((await send('POST', '/admin/catalogue/plans', finance, body)).code, JSON.stringify(body)).toBe(
        1002,
      );
    }
    expect((await send('POST', '/admin/catalogue/plans', finance, { gb: 10 })).code).toBe(1001);
    expect(await count()).toBe(before);

    const [first] = (await send('GET', '/admin/catalogue/plans', support)).data.records;
    expect((await send('PATCH', `/admin/catalogue/plans/${first.id}`, finance, {})).code).toBe(1002);
    expect((await send('PATCH', `/admin/catalogue/plans/${first.id}`, finance, { gb: -1 })).code).toBe(1002);
    for (const id of ['999999999', 'abc', '1'.repeat(20)]) {
      expect(await send('PATCH', `/admin/catalogue/plans/${id}`, finance, { on_sale: false })).toMatchObject({
        status: 404,
        code: 404,
      });
    }
    expect((await send('GET', '/admin/catalogue/plans', support)).data.records[0]).toEqual(first);
  });
});
