import {
  allowedVmOperations,
  VM_OPERATIONS,
  VM_STATUSES,
  type VmOperation,
  type VmStatus,
} from '@ptc/contracts';
import { and, eq, ledgerEntries, vms } from '@ptc/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { readBalanceAndSum } from '../../test/wallet';
import { vmsDeps } from './vms.deps';
import { failCreation } from './vms.service';
import { createVmTestApp, pcIn as storedPc, type VmTestApp, vmCustomer } from './vms.test-helpers';

const PTC = 1_000_000n;

describe('remote PCs (issue #19)', () => {
  let t: VmTestApp;
  beforeAll(async () => {
    t = await createVmTestApp({ VM_HOST_CAPACITY: '1000' });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    t.provider.failing = {};
    t.provider.availabilityAnswer = { available: true };
    t.provider.release();
    t.app.config.vms.hostCapacity = 1000;
    t.app.config.vms.creationSuspended = false;
    await t.app.vms.work.idle();
  });

  const db = () => t.database.db;
  const create = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/proxy/vm', { token, body });
  const settle = () => t.app.vms.work.idle();
  const vmRow = async (publicId: string) => {
    const [row] = await db().select().from(vms).where(eq(vms.publicId, publicId));
    if (!row) throw new Error('no such PC');
    return row;
  };
  const entriesOf = (publicId: string) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.referenceType, 'vm'), eq(ledgerEntries.referenceId, publicId)));

  const pcIn = (
    customer: Awaited<ReturnType<typeof vmCustomer>>,
    status: VmStatus,
    options: Parameters<typeof storedPc>[3] = {},
  ) => storedPc(t, customer, status, options);

  it('offers the seeded configurations with their prices per period', async () => {
    const { token } = await vmCustomer(t, 0n);
    const payway = await call(t.app, 'GET', '/proxy/payway/vm', { token });
    expect(payway).toMatchObject({ status: 200, code: 0 });
    expect(payway.data.days).toEqual([1, 7, 30]);
    expect(payway.data.available).toBe(true);
    expect(payway.data.message).toBeNull();
    expect(payway.data.vm_conf).toEqual([
      {
        id: 1,
        name: '基础型',
        en_name: 'Basic',
        ru_name: 'Базовая',
        cpu: 1,
        memory_mb: 2048,
        price_per_day: '0.60',
      },
      {
        id: 2,
        name: '标准型',
        en_name: 'Standard',
        ru_name: 'Стандартная',
        cpu: 2,
        memory_mb: 4096,
        price_per_day: '1.00',
      },
      {
        id: 3,
        name: '高性能型',
        en_name: 'Performance',
        ru_name: 'Производительная',
        cpu: 4,
        memory_mb: 8192,
        price_per_day: '1.80',
      },
    ]);
    expect(payway.data.pay_value['2']).toEqual({ '1': '1.00', '7': '7.00', '30': '25.00' });

    t.provider.availabilityAnswer = { available: false, reason: 'Xvnc is not installed on this host' };
    const unavailable = await call(t.app, 'GET', '/proxy/payway/vm', { token });
    expect(unavailable.data).toMatchObject({
      available: false,
      message: 'No machine available: Xvnc is not installed on this host',
    });
    t.app.config.vms.creationSuspended = true;
    const suspended = await call(t.app, 'GET', '/proxy/payway/vm', { token });
    expect(suspended.data.available).toBe(false);
    expect(suspended.data.message).toMatch(/^VM creation suspended/);
  });

  it('creates a PC: charges the period through the ledger (reference vm), answers creating, then runs it through our gateway with the proxy', async () => {
    const customer = await vmCustomer(t, 10n * PTC);
    const created = await create(customer.token, {
      area: 'us',
      vm_conf: 2,
      days: 7,
      auto_renew: true,
      proxy_id: customer.proxy.publicId,
    });
    expect(created).toMatchObject({
      status: 200,
      code: 0,
      data: {
        status: 'creating',
        area: 'US',
        days: 7,
        auto_renew: true,
        released: false,
        vm_conf: { id: 2, en_name: 'Standard', cpu: 2, memory_mb: 4096 },
        proxy: {
          id: customer.proxy.publicId,
          username: customer.proxy.username,
          address: 'gw.example.test:18000',
        },
        operations: ['auto_renew'],
        ip: null,
        failure_reason: null,
      },
    });
    const id: string = created.data.id;
    expect(id).toMatch(/^[a-z0-9-]{1,64}$/);
    expect(created.data.remaining_seconds).toBeGreaterThan(7 * 86_400 - 60);

    const balance = await readBalanceAndSum(db(), customer.user.id);
    expect(balance).toEqual({ balance: 3n * PTC, sum: 3n * PTC });
    const entries = await entriesOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amount: -7n * PTC,
      kind: 'purchase',
      idempotencyKey: `vm-create:${id}`,
    });

    await settle();
    const desktop = t.provider.desktops.get(id);
    expect(desktop?.spec).toEqual({
      id,
      cpu: 2,
      memoryMb: 4096,
      // The PC reaches our gateway where it listens (a wildcard address on loopback).
      proxy: {
        host: '127.0.0.1',
        port: 18000,
        username: customer.proxy.username,
        password: customer.proxy.password,
      },
    });
    const listed = await call(t.app, 'GET', '/proxy/vm', { token: customer.token });
    expect(listed.data.total).toBe(1);
    expect(listed.data.data[0]).toMatchObject({
      id,
      status: 'running',
      ip: '127.0.0.1',
      username: 'pc',
      password: `pw-${id}`,
      operations: ['stop', 'restart', 'remote', 'renew', 'auto_renew'],
    });
  });

  it('30 days cost the period price', async () => {
    const customer = await vmCustomer(t, 50n * PTC);
    const created = await create(customer.token, {
      area: 'US',
      vm_conf: 3,
      days: 30,
      proxy_id: customer.proxy.publicId,
    });
    expect(created.code).toBe(0);
    expect(created.data.auto_renew).toBe(false);
    expect((await readBalanceAndSum(db(), customer.user.id))?.balance).toBe(5n * PTC);
  });

  it('a provider failure leaves the PC failed with the reason and refunds the charge to the micro-PTC, once', async () => {
    const customer = await vmCustomer(t, 2_345_678n);
    t.provider.failing.create = 'Xvnc exited with status 1';
    t.provider.hold();
    const created = await create(customer.token, {
      area: 'US',
      vm_conf: 1,
      days: 1,
      proxy_id: customer.proxy.publicId,
    });
    expect(created.code).toBe(0);
    expect((await readBalanceAndSum(db(), customer.user.id))?.balance).toBe(2_345_678n - 600_000n);
    t.provider.release();
    await settle();
    const row = await vmRow(created.data.id);
    expect(row).toMatchObject({
      status: 'failed',
      failureReason: 'VM creation failed: Xvnc exited with status 1',
      costTotal: 0n,
    });
    expect(await readBalanceAndSum(db(), customer.user.id)).toEqual({ balance: 2_345_678n, sum: 2_345_678n });
    const entries = await entriesOf(created.data.id);
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['purchase', -600_000n],
      ['refund', 600_000n],
    ]);
    // Settling the same creation again (a second process, a retry) refunds nothing more.
    await db().update(vms).set({ status: 'creating', costTotal: 600_000n }).where(eq(vms.id, row.id));
    await failCreation(vmsDeps(t.app), row.id, 'again');
    expect(await readBalanceAndSum(db(), customer.user.id)).toEqual({ balance: 2_345_678n, sum: 2_345_678n });
    expect(await entriesOf(created.data.id)).toHaveLength(2);
    const listed = await call(t.app, 'GET', '/proxy/vm', { token: customer.token });
    expect(listed.data.data[0]).toMatchObject({ status: 'failed', operations: [] });
  });

  it('10 concurrent creations by one customer make one PC; the rest answer 20004 and charge nothing', async () => {
    const customer = await vmCustomer(t, 100n * PTC);
    t.provider.hold();
    const body = { area: 'US', vm_conf: 1, days: 1, proxy_id: customer.proxy.publicId };
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(customer.token, body)));
    const codes = answers.map((answer) => answer.code).sort((a, b) => a - b);
    expect(codes).toEqual([0, ...Array.from({ length: 9 }, () => 20004)]);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused).toMatchObject({ status: 409, msg: 'Another VM is being created', data: null });
    }
    const rows = await db().select().from(vms).where(eq(vms.userId, customer.user.id));
    expect(rows).toHaveLength(1);
    expect((await readBalanceAndSum(db(), customer.user.id))?.balance).toBe(100n * PTC - 600_000n);
    t.provider.release();
    await settle();
    expect((await vmRow(rows[0]?.publicId ?? '')).status).toBe('running');
  });

  it('refuses a creation beyond the personal limit (20003), the host capacity (4002), an unavailable provider (4002) and a suspension (20002), charging nothing', async () => {
    const customer = await vmCustomer(t, 100n * PTC);
    const body = { area: 'US', vm_conf: 1, days: 1, proxy_id: customer.proxy.publicId };
    for (let i = 0; i < 3; i += 1) {
      expect((await create(customer.token, body)).code).toBe(0);
      await settle();
    }
    const balance = (await readBalanceAndSum(db(), customer.user.id))?.balance;
    expect(await create(customer.token, body)).toMatchObject({ status: 409, code: 20003 });

    const other = await vmCustomer(t, 100n * PTC);
    const otherBody = { ...body, proxy_id: other.proxy.publicId };
    const [used] = await db().select().from(vms).where(eq(vms.status, 'running'));
    expect(used).toBeDefined();
    const running = (await db().select().from(vms)).filter((row) =>
      ['creating', 'running', 'starting', 'stopping', 'restarting'].includes(row.status),
    ).length;
    t.app.config.vms.hostCapacity = running;
    const full = await create(other.token, otherBody);
    expect(full).toMatchObject({ status: 409, code: 4002 });
    expect(full.msg).toMatch(/^No machine available/);

    t.app.config.vms.hostCapacity = 1000;
    t.provider.availabilityAnswer = { available: false, reason: 'Xvnc is not installed on this host' };
    expect(await create(other.token, otherBody)).toMatchObject({
      status: 409,
      code: 4002,
      msg: 'No machine available: Xvnc is not installed on this host',
    });
    t.provider.availabilityAnswer = { available: true };
    t.app.config.vms.creationSuspended = true;
    expect(await create(other.token, otherBody)).toMatchObject({ status: 503, code: 20002 });

    expect((await readBalanceAndSum(db(), customer.user.id))?.balance).toBe(balance);
    expect((await readBalanceAndSum(db(), other.user.id))?.balance).toBe(100n * PTC);
    expect(await db().select().from(vms).where(eq(vms.userId, other.user.id))).toHaveLength(0);
  });

  it('refuses a creation the balance cannot pay (3002) and a proxy that is not the customer’s (4005)', async () => {
    const poor = await vmCustomer(t, 500_000n);
    const body = { area: 'US', vm_conf: 1, days: 1, proxy_id: poor.proxy.publicId };
    expect(await create(poor.token, body)).toMatchObject({ code: 3002 });
    const rich = await vmCustomer(t, 10n * PTC);
    expect(await create(rich.token, { ...body })).toMatchObject({ status: 404, code: 4005 });
    expect(await create(rich.token, { ...body, proxy_id: 'p_nothing' })).toMatchObject({
      status: 404,
      code: 4005,
    });
    expect(await db().select().from(vms).where(eq(vms.userId, poor.user.id))).toHaveLength(0);
    expect((await readBalanceAndSum(db(), poor.user.id))?.balance).toBe(500_000n);
  });

  it('refuses bad input with 1001/1002, never 500', async () => {
    const customer = await vmCustomer(t, 10n * PTC);
    const good = { area: 'US', vm_conf: 1, days: 1, proxy_id: customer.proxy.publicId };
    const cases: [Record<string, unknown>, number][] = [
      [{ ...good, area: undefined }, 1001],
      [{ ...good, vm_conf: undefined }, 1001],
      [{ ...good, days: undefined }, 1001],
      [{ ...good, proxy_id: undefined }, 1001],
      [{ ...good, area: 'U\u0000' }, 1002],
      [{ ...good, area: 'USA' }, 1002],
      [{ ...good, area: 'ZZ' }, 1002],
      [{ ...good, proxy_id: `p\u0000x` }, 1002],
      [{ ...good, proxy_id: 'p'.repeat(201) }, 1002],
      [{ ...good, days: -1 }, 1002],
      [{ ...good, days: 0 }, 1002],
      [{ ...good, days: 2 }, 1002],
      [{ ...good, days: 1e300 }, 1002],
      [{ ...good, days: '7' }, 1002],
      [{ ...good, vm_conf: 999 }, 1002],
      [{ ...good, vm_conf: 2 ** 40 }, 1002],
      [{ ...good, vm_conf: -1 }, 1002],
      [{ ...good, auto_renew: 'yes' }, 1002],
    ];
    for (const [body, code] of cases) {
      const answer = await create(customer.token, body);
      expect(answer.code, JSON.stringify(body)).toBe(code);
      expect(answer.status).toBe(400);
    }
    const renewCases: [string, Record<string, unknown>, number][] = [
      ['/proxy/vm/renew/manual', { id: 'x'.repeat(65), days: 1 }, 1002],
      ['/proxy/vm/renew/manual', { id: 'pc-\u0000', days: 1 }, 1002],
      ['/proxy/vm/renew/manual', { id: 'pc-1', days: 365 }, 1002],
      ['/proxy/vm/renew/manual', { id: 'pc-1' }, 1001],
      ['/proxy/vm/renew/auto', { id: 'pc-1', auto_renew: 'on' }, 1002],
      ['/proxy/vm/execute/start', {}, 1001],
      ['/proxy/vm/execute/explode', { id: 'pc-1' }, 1002],
      ['/proxy/vm/remote', { id: 'x'.repeat(10_000) }, 1002],
    ];
    for (const [url, body, code] of renewCases) {
      const answer = await call(t.app, 'POST', url, { token: customer.token, body });
      expect(answer.code, `${url} ${JSON.stringify(body)}`).toBe(code);
    }
    expect(await db().select().from(vms).where(eq(vms.userId, customer.user.id))).toHaveLength(0);
    expect((await readBalanceAndSum(db(), customer.user.id))?.balance).toBe(10n * PTC);
  });

  it('every operation a state forbids answers 20008 and changes nothing; released answers 20007', async () => {
    const customer = await vmCustomer(t, 1_000n * PTC);
    const operate = (operation: VmOperation, id: string) => {
      switch (operation) {
        case 'start':
        case 'stop':
        case 'restart':
          return call(t.app, 'POST', `/proxy/vm/execute/${operation}`, {
            token: customer.token,
            body: { id },
          });
        case 'remote':
          return call(t.app, 'POST', '/proxy/vm/remote', { token: customer.token, body: { id } });
        case 'renew':
          return call(t.app, 'POST', '/proxy/vm/renew/manual', {
            token: customer.token,
            body: { id, days: 1 },
          });
        case 'auto_renew':
          return call(t.app, 'POST', '/proxy/vm/renew/auto', {
            token: customer.token,
            body: { id, auto_renew: true },
          });
      }
    };
    for (const status of VM_STATUSES) {
      for (const operation of VM_OPERATIONS) {
        const row = await pcIn(customer, status);
        const allowed = allowedVmOperations(status, false).includes(operation);
        const answer = await operate(operation, row.publicId);
        const label = `${status} / ${operation}`;
        if (allowed) {
          expect(answer.code, label).toBe(0);
        } else {
          expect(answer, label).toMatchObject({ status: 409, code: 20008, data: null });
          expect(answer.msg, label).toMatch(/^Cannot operate/);
          const after = await vmRow(row.publicId);
          expect(
            { status: after.status, autoRenew: after.autoRenew, expiresAt: after.expiresAt },
            label,
          ).toEqual({
            status: row.status,
            autoRenew: row.autoRenew,
            expiresAt: row.expiresAt,
          });
        }
        await settle();
        // One PC in creating per customer: make room for the next.
        await db().delete(vms).where(eq(vms.id, row.id));
      }
      const gone = await pcIn(customer, status, { released: true });
      for (const operation of VM_OPERATIONS) {
        expect(await operate(operation, gone.publicId), `released ${status} / ${operation}`).toMatchObject({
          status: 409,
          code: 20007,
        });
      }
      await db().delete(vms).where(eq(vms.id, gone.id));
    }
  });

  it("another customer's PC answers exactly like a missing one (20005) and stays untouched", async () => {
    const owner = await vmCustomer(t, 100n * PTC);
    const stranger = await vmCustomer(t, 100n * PTC);
    const pc = await pcIn(owner, 'running');
    const attempts: [string, (id: string) => Record<string, unknown>][] = [
      ['/proxy/vm/execute/stop', (id) => ({ id })],
      ['/proxy/vm/execute/restart', (id) => ({ id })],
      ['/proxy/vm/execute/start', (id) => ({ id })],
      ['/proxy/vm/renew/manual', (id) => ({ id, days: 7 })],
      ['/proxy/vm/renew/auto', (id) => ({ id, auto_renew: true })],
      ['/proxy/vm/remote', (id) => ({ id })],
    ];
    for (const [url, body] of attempts) {
      const foreign = await call(t.app, 'POST', url, { token: stranger.token, body: body(pc.publicId) });
      const missing = await call(t.app, 'POST', url, {
        token: stranger.token,
        body: body('pc-does-not-exist'),
      });
      expect(foreign, url).toEqual(missing);
      expect(foreign, url).toMatchObject({ status: 404, code: 20005 });
    }
    expect(await vmRow(pc.publicId)).toMatchObject({
      status: 'running',
      autoRenew: false,
      expiresAt: pc.expiresAt,
    });
    expect((await readBalanceAndSum(db(), stranger.user.id))?.balance).toBe(100n * PTC);
    const listed = await call(t.app, 'GET', '/proxy/vm', { token: stranger.token });
    expect(listed.data).toEqual({ data: [], total: 0 });
  });

  it('stop, start and restart pass through their transitional states to the final one', async () => {
    const customer = await vmCustomer(t, 10n * PTC);
    const created = await create(customer.token, {
      area: 'US',
      vm_conf: 1,
      days: 1,
      proxy_id: customer.proxy.publicId,
    });
    await settle();
    const id: string = created.data.id;
    const execute = (action: string) =>
      call(t.app, 'POST', `/proxy/vm/execute/${action}`, { token: customer.token, body: { id } });

    const stopping = await execute('stop');
    expect(stopping.data).toMatchObject({ status: 'stopping', operations: ['auto_renew'] });
    await settle();
    expect((await vmRow(id)).status).toBe('stopped');
    expect(t.provider.desktops.get(id)?.state).toBe('stopped');

    expect((await execute('start')).data.status).toBe('starting');
    await settle();
    expect((await vmRow(id)).status).toBe('running');

    expect((await execute('restart')).data.status).toBe('restarting');
    await settle();
    expect((await vmRow(id)).status).toBe('running');
    expect(t.provider.calls.filter((entry) => entry.endsWith(id))).toEqual([
      `create ${id}`,
      `stop ${id}`,
      `start ${id}`,
      `restart ${id}`,
    ]);

    // Failures settle with a clear reason: a failed stop of a PC still running leaves it running.
    t.provider.failing.stop = 'the window manager did not exit';
    await execute('stop');
    await settle();
    expect(await vmRow(id)).toMatchObject({
      status: 'running',
      failureReason: 'Stop failed: the window manager did not exit',
    });
    // A failed restart of a PC that is no longer up leaves it offline.
    t.provider.failing = { restart: 'Xvnc did not come back' };
    const desktop = t.provider.desktops.get(id);
    if (desktop) desktop.state = 'stopped';
    await execute('restart');
    await settle();
    expect(await vmRow(id)).toMatchObject({
      status: 'offline',
      failureReason: 'Restart failed: Xvnc did not come back',
    });
    t.provider.failing = { start: 'no display free' };
    await execute('start');
    await settle();
    expect(await vmRow(id)).toMatchObject({
      status: 'offline',
      failureReason: 'Start failed: no display free',
    });
    t.provider.failing = {};
    await execute('start');
    await settle();
    expect(await vmRow(id)).toMatchObject({ status: 'running', failureReason: null });

    // A start beyond the host's capacity is refused (4002) and leaves the PC as it was.
    await execute('stop');
    await settle();
    t.app.config.vms.hostCapacity = 0;
    expect(await execute('start')).toMatchObject({ code: 4002 });
    expect((await vmRow(id)).status).toBe('stopped');
  });

  it('manual renewal charges the period and extends from the expiry; an expired PC comes back stopped; released answers 20007', async () => {
    const customer = await vmCustomer(t, 100n * PTC);
    const pc = await pcIn(customer, 'running');
    const renewed = await call(t.app, 'POST', '/proxy/vm/renew/manual', {
      token: customer.token,
      body: { id: pc.publicId, days: 7 },
    });
    expect(renewed).toMatchObject({ code: 0, data: { status: 'running', days: 7 } });
    expect(new Date(renewed.data.expire_time).getTime()).toBe(pc.expiresAt.getTime() + 7 * 86_400_000);
    expect((await readBalanceAndSum(db(), customer.user.id))?.balance).toBe(100n * PTC - 4_200_000n);
    const entries = await entriesOf(pc.publicId);
    expect(entries).toMatchObject([
      {
        kind: 'renewal',
        amount: -4_200_000n,
        idempotencyKey: `vm-renewal:${pc.publicId}:${pc.expiresAt.toISOString()}`,
      },
    ]);

    const expired = await pcIn(customer, 'expired', { expiresAt: new Date(Date.now() - 3_600_000) });
    const before = Date.now();
    const back = await call(t.app, 'POST', '/proxy/vm/renew/manual', {
      token: customer.token,
      body: { id: expired.publicId, days: 30 },
    });
    expect(back).toMatchObject({
      code: 0,
      data: { status: 'stopped', operations: ['start', 'renew', 'auto_renew'] },
    });
    expect(new Date(back.data.expire_time).getTime()).toBeGreaterThanOrEqual(
      before + 30 * 86_400_000 - 1_000,
    );
    expect((await readBalanceAndSum(db(), customer.user.id))?.balance).toBe(
      100n * PTC - 4_200_000n - 15n * PTC,
    );

    const gone = await pcIn(customer, 'expired', {
      released: true,
      expiresAt: new Date(Date.now() - 3 * 86_400_000),
    });
    expect(
      await call(t.app, 'POST', '/proxy/vm/renew/manual', {
        token: customer.token,
        body: { id: gone.publicId, days: 1 },
      }),
    ).toMatchObject({ status: 409, code: 20007 });

    const poor = await vmCustomer(t, 100_000n);
    const poorPc = await pcIn(poor, 'stopped');
    expect(
      await call(t.app, 'POST', '/proxy/vm/renew/manual', {
        token: poor.token,
        body: { id: poorPc.publicId, days: 1 },
      }),
    ).toMatchObject({ code: 3002 });
    expect((await vmRow(poorPc.publicId)).expiresAt).toEqual(poorPc.expiresAt);
  });

  it('turns auto renew on and off', async () => {
    const customer = await vmCustomer(t, 0n);
    const pc = await pcIn(customer, 'stopped');
    const on = await call(t.app, 'POST', '/proxy/vm/renew/auto', {
      token: customer.token,
      body: { id: pc.publicId, auto_renew: true },
    });
    expect(on).toMatchObject({ code: 0, data: { auto_renew: true } });
    const off = await call(t.app, 'POST', '/proxy/vm/renew/auto', {
      token: customer.token,
      body: { id: pc.publicId, auto_renew: false },
    });
    expect(off).toMatchObject({ code: 0, data: { auto_renew: false } });
  });

  it("feeds the overview's 'create remote PC' cost category, refunds deducted", async () => {
    const customer = await vmCustomer(t, 20n * PTC);
    const body = { area: 'US', vm_conf: 2, days: 7, proxy_id: customer.proxy.publicId };
    expect((await create(customer.token, body)).code).toBe(0);
    await settle();
    t.provider.failing.create = 'no display free';
    expect((await create(customer.token, { ...body, days: 1 })).code).toBe(0);
    await settle();
    const today = new Date().toISOString().slice(0, 10);
    const costs = await call(t.app, 'GET', `/proxy/summary/cost/day?start=${today}&end=${today}`, {
      token: customer.token,
      headers: { tz: 'UTC' },
    });
    expect(costs.data.records[0].costs).toMatchObject({ vm: '7.000000', total: '7.000000' });
  });

  it('needs a session', async () => {
    expect(await call(t.app, 'GET', '/proxy/vm')).toMatchObject({ status: 401 });
    expect(await call(t.app, 'POST', '/proxy/vm/remote', { body: { id: 'pc-1' } })).toMatchObject({
      status: 401,
    });
  });
});
