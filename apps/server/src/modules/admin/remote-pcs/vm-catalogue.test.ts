import { auditLog, eq, vmConfigurations } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { operatorSession } from '../../../test/factories';
import { createVmTestApp, pcIn, type VmTestApp, vmCustomer } from '../../vms/vms.test-helpers';

const PTC = 1_000_000n;

/** Operators and remote PC configurations (issue #19): read by all, changed by owner and finance. */
describe('remote PC configurations and host capacity, as operators run them', () => {
  let t: VmTestApp;
  let finance: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    t = await createVmTestApp({ VM_HOST_CAPACITY: '7', VM_CUSTOMER_LIMIT: '4' });
    finance = (await operatorSession(t.database, 'finance')).headers;
    support = (await operatorSession(t.database, 'support')).headers;
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const configuration = async (id: number) => {
    const [row] = await db().select().from(vmConfigurations).where(eq(vmConfigurations.id, id));
    return row;
  };

  it('lists every configuration with its prices and PCs held, and the host as configured', async () => {
    const customer = await vmCustomer(t, 10n * PTC);
    await pcIn(t, customer, 'running');
    await pcIn(t, customer, 'stopped');
    await pcIn(t, customer, 'failed');
    const answer = await call(t.app, 'GET', '/admin/vm/configurations', { headers: support });
    expect(answer.code).toBe(0);
    expect(answer.data.records.map((record: { en_name: string }) => record.en_name)).toEqual([
      'Basic',
      'Standard',
      'Performance',
    ]);
    expect(answer.data.records[0]).toMatchObject({
      id: 1,
      cpu: 1,
      memory_mb: 2048,
      price_per_day: '0.60',
      price_7_days: '4.20',
      price_30_days: '15.00',
      active: true,
      // The failed one is not held.
      pcs: 2,
    });
    expect(answer.data.host).toMatchObject({
      capacity: 7,
      in_use: 1,
      customer_limit: 4,
      creation_suspended: false,
      available: true,
      message: null,
    });
  });

  it("changes a configuration's prices, limits and offer, audited; customers see it at once", async () => {
    const answer = await call(t.app, 'PATCH', '/admin/vm/configurations/2', {
      headers: finance,
      body: { price_per_day: '1.25', price_30_days: '30', cpu: 3, memory_mb: 6144 },
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      id: 2,
      cpu: 3,
      memory_mb: 6144,
      price_per_day: '1.25',
      price_7_days: '8.75',
      price_30_days: '30.00',
      active: true,
    });
    expect(await configuration(2)).toMatchObject({ pricePerDay: 1_250_000n, price30Days: 30n * PTC, cpu: 3 });
    const customer = await vmCustomer(t, 10n * PTC);
    const payway = await call(t.app, 'GET', '/proxy/payway/vm', { token: customer.token });
    expect(payway.data.pay_value['2']).toEqual({ '1': '1.25', '7': '8.75', '30': '30.00' });

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'catalogue.vm_conf.update'))
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({ targetType: 'vm_configuration', targetId: '2' });
    expect(entry?.before).toMatchObject({ price_per_day: '1.00', cpu: 2, memory_mb: 4096 });
    expect(entry?.after).toMatchObject({ price_per_day: '1.25', cpu: 3, memory_mb: 6144 });

    // Withdrawn: no longer offered to customers (listed for operators still).
    expect(
      (
        await call(t.app, 'PATCH', '/admin/vm/configurations/3', {
          headers: finance,
          body: { active: false },
        })
      ).data.active,
    ).toBe(false);
    const after = await call(t.app, 'GET', '/proxy/payway/vm', { token: customer.token });
    expect(after.data.vm_conf.map((conf: { id: number }) => conf.id)).toEqual([1, 2]);
    expect(
      (await call(t.app, 'GET', '/admin/vm/configurations', { headers: support })).data.records[2].active,
    ).toBe(false);
  });

  it('refuses what the table cannot hold with 1002 and an unknown configuration with 404, changing nothing', async () => {
    const before = await configuration(1);
    for (const body of [
      {},
      { price_per_day: '0' },
      { price_per_day: '1000.000001' },
      { price_per_day: '-1' },
      { price_per_day: '1.1234567' },
      { price_per_day: '1\u0000' },
      { price_per_day: '9'.repeat(40) },
      { price_30_days: '30000.01' },
      { cpu: 0 },
      { cpu: 65 },
      { cpu: 1.5 },
      { memory_mb: 255 },
      { memory_mb: 262_145 },
      { memory_mb: 2 ** 40 },
      { active: 'yes' },
    ]) {
      const answer = await call(t.app, 'PATCH', '/admin/vm/configurations/1', { headers: finance, body });
      expect(answer.code, JSON.stringify(body).slice(0, 60)).toBe(1002);
      expect(answer.status).toBe(400);
    }
    for (const id of ['999999', 'abc', '1e3', '9999999999']) {
      const answer = await call(t.app, 'PATCH', `/admin/vm/configurations/${id}`, {
        headers: finance,
        body: { active: false },
      });
      expect(answer.code, id).toBe(404);
    }
    expect(await configuration(1)).toEqual(before);
  });
});
