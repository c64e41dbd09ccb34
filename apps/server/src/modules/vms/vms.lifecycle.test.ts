import { and, eq, ledgerEntries, outboxMessages, users, vms } from '@ptc/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readBalanceAndSum } from '../../test/wallet';
import { vmsDeps } from './vms.deps';
import { vmsJobs } from './vms.jobs';
import { autoRenewVms, expireVms, reconcileVms, releaseVms } from './vms.lifecycle';
import { createVmTestApp, pcIn, type VmTestApp, vmCustomer } from './vms.test-helpers';

const PTC = 1_000_000n;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('remote PC jobs (issue #19): auto renew, expiry, release, reconcile — with injected time', () => {
  let t: VmTestApp;
  beforeAll(async () => {
    t = await createVmTestApp({ VM_HOST_CAPACITY: '1000' });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    t.provider.failing = {};
    t.provider.availabilityAnswer = { available: true };
    await t.app.vms.work.idle();
  });

  const db = () => t.database.db;
  const deps = () => vmsDeps(t.app);
  const row = async (id: bigint) => {
    const [found] = await db().select().from(vms).where(eq(vms.id, id));
    if (!found) throw new Error('no such PC');
    return found;
  };
  const mailsTo = (email: string | null) =>
    db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email ?? '?'));
  const entriesOf = (publicId: string) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.referenceType, 'vm'), eq(ledgerEntries.referenceId, publicId)));

  it('are registered for the scheduler', () => {
    expect(vmsJobs(deps()).map((job) => job.name)).toEqual([
      'vm-auto-renew',
      'vm-expiry',
      'vm-release',
      'vm-reconcile',
    ]);
  });

  it('auto renew: 12 h before expiry charges the days last bought, extends the same PC and mails the owner; a second run changes nothing', async () => {
    const now = new Date('2027-03-01T12:00:00Z');
    const customer = await vmCustomer(t, 10n * PTC);
    const due = await pcIn(t, customer, 'running', {
      autoRenew: true,
      days: 7,
      expiresAt: new Date(now.getTime() + 11 * HOUR),
    });
    const notYet = await pcIn(t, customer, 'running', {
      autoRenew: true,
      expiresAt: new Date(now.getTime() + 13 * HOUR),
    });
    const off = await pcIn(t, customer, 'stopped', { expiresAt: new Date(now.getTime() + HOUR) });

    await autoRenewVms(deps(), now);
    const renewed = await row(due.id);
    expect(renewed).toMatchObject({ status: 'running', days: 7, autoRenew: true });
    expect(renewed.expiresAt.getTime()).toBe(due.expiresAt.getTime() + 7 * DAY);
    expect(renewed.renewNoticeFor).toEqual(renewed.expiresAt);
    expect((await row(notYet.id)).expiresAt).toEqual(notYet.expiresAt);
    expect((await row(off.id)).expiresAt).toEqual(off.expiresAt);
    expect(await readBalanceAndSum(db(), customer.user.id)).toEqual({
      balance: 10n * PTC - 4_200_000n,
      sum: 10n * PTC - 4_200_000n,
    });
    expect(await entriesOf(due.publicId)).toMatchObject([{ kind: 'renewal', amount: -4_200_000n }]);
    const mails = await mailsTo(customer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your remote PC was renewed');
    expect(mails[0]?.text).toContain(due.publicId);
    expect(mails[0]?.text).toContain('4.20 PTC');

    await autoRenewVms(deps(), now);
    await autoRenewVms(deps(), new Date(now.getTime() + 60_000));
    expect((await row(due.id)).expiresAt).toEqual(renewed.expiresAt);
    expect(await entriesOf(due.publicId)).toHaveLength(1);
    expect(await mailsTo(customer.user.email)).toHaveLength(1);
  });

  it('auto renew without enough balance turns the flag off and mails once, in the owner’s language; the PC then expires normally', async () => {
    const now = new Date('2027-03-02T12:00:00Z');
    const customer = await vmCustomer(t, 100_000n);
    await db().update(users).set({ region: 'china' }).where(eq(users.id, customer.user.id));
    const pc = await pcIn(t, customer, 'running', {
      autoRenew: true,
      expiresAt: new Date(now.getTime() + 2 * HOUR),
    });
    await autoRenewVms(deps(), now);
    expect(await row(pc.id)).toMatchObject({
      autoRenew: false,
      expiresAt: pc.expiresAt,
      renewNoticeFor: pc.expiresAt,
    });
    const mails = await mailsTo(customer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('您的云电脑未能自动续费');
    await autoRenewVms(deps(), new Date(now.getTime() + 60_000));
    expect(await mailsTo(customer.user.email)).toHaveLength(1);
    expect((await readBalanceAndSum(db(), customer.user.id))?.balance).toBe(100_000n);

    await expireVms(deps(), new Date(now.getTime() + 3 * HOUR));
    expect((await row(pc.id)).status).toBe('expired');
  });

  it('expiry stops the PC at the provider and marks it expired (renewable); release 24 h later destroys it; both idempotent', async () => {
    const now = new Date('2027-03-03T12:00:00Z');
    const customer = await vmCustomer(t, 0n);
    const running = await pcIn(t, customer, 'running', { expiresAt: new Date(now.getTime() - 1_000) });
    const offline = await pcIn(t, customer, 'offline', { expiresAt: new Date(now.getTime() - 1_000) });
    const later = await pcIn(t, customer, 'running', { expiresAt: new Date(now.getTime() + HOUR) });
    const creating = await pcIn(t, customer, 'creating', { expiresAt: new Date(now.getTime() - 1_000) });

    await expireVms(deps(), now);
    expect((await row(running.id)).status).toBe('expired');
    expect(t.provider.desktops.get(running.publicId)?.state).toBe('stopped');
    expect(t.provider.calls).toContain(`stop ${running.publicId}`);
    expect((await row(offline.id)).status).toBe('expired');
    expect((await row(later.id)).status).toBe('running');
    expect((await row(creating.id)).status).toBe('creating');
    const stops = t.provider.calls.length;
    await expireVms(deps(), now);
    expect(t.provider.calls.slice(stops).filter((call) => call.includes(running.publicId))).toEqual([]);

    // A stop the provider refuses now is tried again next round.
    t.provider.failing.stop = 'busy';
    const stubborn = await pcIn(t, customer, 'running', { expiresAt: new Date(now.getTime() - 1_000) });
    await expireVms(deps(), now);
    expect((await row(stubborn.id)).status).toBe('running');
    t.provider.failing = {};
    await expireVms(deps(), now);
    expect((await row(stubborn.id)).status).toBe('expired');

    await releaseVms(deps(), new Date(now.getTime() + 23 * HOUR));
    expect((await row(running.id)).releasedAt).toBeNull();
    const releaseAt = new Date(now.getTime() + 24 * HOUR);
    await releaseVms(deps(), releaseAt);
    expect(await row(running.id)).toMatchObject({
      releasedAt: releaseAt,
      status: 'expired',
      accessPassword: null,
    });
    expect(t.provider.desktops.has(running.publicId)).toBe(false);
    expect(t.provider.calls).toContain(`destroy ${running.publicId}`);
    const destroys = t.provider.calls.filter((call) => call.startsWith('destroy')).length;
    await releaseVms(deps(), new Date(releaseAt.getTime() + HOUR));
    expect(t.provider.calls.filter((call) => call.startsWith('destroy')).length).toBe(destroys);
  });

  it('reconcile: a PC the provider no longer runs becomes offline with a reason; one it runs stays running', async () => {
    const now = new Date();
    const customer = await vmCustomer(t, 0n);
    const gone = await pcIn(t, customer, 'running');
    t.provider.desktops.delete(gone.publicId);
    const stopped = await pcIn(t, customer, 'running');
    const desktop = t.provider.desktops.get(stopped.publicId);
    if (desktop) desktop.state = 'stopped';
    const fine = await pcIn(t, customer, 'running');

    await reconcileVms(deps(), now);
    expect(await row(gone.id)).toMatchObject({ status: 'offline' });
    expect((await row(gone.id)).failureReason).toMatch(/not on its host/);
    expect(await row(stopped.id)).toMatchObject({ status: 'offline' });
    expect((await row(fine.id)).status).toBe('running');
    await reconcileVms(deps(), now);
    expect((await row(gone.id)).status).toBe('offline');
  });

  it('reconcile picks up work a process left unfinished: a creation is carried out (or failed and refunded), other transitions settle from the provider', async () => {
    const now = new Date();
    const stale = new Date(now.getTime() - 1_000);
    const customer = await vmCustomer(t, 0n);
    const creating = await pcIn(t, customer, 'creating', { workLeaseUntil: stale });
    const leased = await pcIn(t, await vmCustomer(t, 0n), 'creating');
    const starting = await pcIn(t, customer, 'starting', { workLeaseUntil: stale });
    t.provider.desktops.set(starting.publicId, {
      spec: {
        id: starting.publicId,
        cpu: 1,
        memoryMb: 2048,
        proxy: { host: 'h', port: 1, username: 'u', password: 'p' },
      },
      state: 'running',
    });
    const stopping = await pcIn(t, customer, 'stopping', { workLeaseUntil: stale });
    const desktop = t.provider.desktops.get(stopping.publicId);
    if (desktop) desktop.state = 'stopped';
    const restarting = await pcIn(t, customer, 'restarting', { workLeaseUntil: null });
    t.provider.desktops.delete(restarting.publicId);

    await reconcileVms(deps(), now);
    expect(await row(creating.id)).toMatchObject({
      status: 'running',
      accessUsername: 'pc',
      workLeaseUntil: null,
    });
    expect(t.provider.desktops.get(creating.publicId)?.spec.proxy).toMatchObject({
      username: customer.proxy.username,
      password: customer.proxy.password,
    });
    expect((await row(leased.id)).status).toBe('creating');
    expect((await row(starting.id)).status).toBe('running');
    expect((await row(stopping.id)).status).toBe('stopped');
    expect(await row(restarting.id)).toMatchObject({ status: 'offline' });

    // A creation that fails when picked up is failed and refunded like any other.
    const payer = await vmCustomer(t, 5n * PTC);
    const charged = await pcIn(t, payer, 'creating', { workLeaseUntil: stale, costTotal: 600_000n });
    // The charge the request made before the process ended.
    const { moveMoney } = await import('../wallet/ledger.service');
    await moveMoney(db(), {
      userId: payer.user.id,
      amount: -600_000n,
      kind: 'purchase',
      idempotencyKey: `vm-create:${charged.publicId}`,
      reference: { type: 'vm', id: charged.publicId },
    });
    t.provider.failing.create = 'no display free';
    await reconcileVms(deps(), now);
    expect(await row(charged.id)).toMatchObject({
      status: 'failed',
      failureReason: 'VM creation failed: no display free',
    });
    expect(await readBalanceAndSum(db(), payer.user.id)).toEqual({ balance: 5n * PTC, sum: 5n * PTC });
  });

  it('leave PCs alone when the provider cannot answer (VM_PROVIDER=none): nothing becomes offline', async () => {
    const customer = await vmCustomer(t, 0n);
    const pc = await pcIn(t, customer, 'running');
    const state = t.provider.state.bind(t.provider);
    t.provider.state = async () => {
      throw new Error('Remote PCs are not offered on this server');
    };
    try {
      await reconcileVms(deps(), new Date());
      expect((await row(pc.id)).status).toBe('running');
    } finally {
      t.provider.state = state;
    }
  });
});
