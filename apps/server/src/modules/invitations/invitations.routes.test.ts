import { parsePtc } from '@ptc/contracts';
import { and, eq, ledgerEntries, users } from '@ptc/db';
import type { createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { consoleDirectives } from '../../plugins/security-headers';
import { call } from '../../test/accounts';
import { credit, signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notifySandbox, paidEvent, readBalanceAndSum } from '../../test/wallet';
import { moveMoney } from '../wallet/ledger.service';
import { maskInvitee } from './mask';

describe('invitation programme and referral reward', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** Opens a card top-up of `amount` PTC; answers the order (not paid yet). */
  const openTopUp = async (token: string, amount: string) => {
    const order = await call(t.app, 'POST', '/proxy/charges/stripe', { token, form: { amount } });
    expect(order.code, order.msg).toBe(0);
    return order.data as { order_no: string; pay_amount: string };
  };
  /** Delivers the sandbox's "paid" notification `times` times at once. */
  const deliver = async (order: { order_no: string; pay_amount: string }, times = 1) => {
    const answers = await Promise.all(
      Array.from({ length: times }, () => notifySandbox(t.app, paidEvent(order, parsePtc(order.pay_amount)))),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
  };
  const topUp = async (token: string, amount: string) => deliver(await openTopUp(token, amount));
  const referralEntries = (userId: bigint) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'referral')));
  const info = async (token: string) => (await call(t.app, 'GET', '/user/info', { token })).data;
  const summary = async (token: string) => {
    const answer = await call(t.app, 'GET', '/invitations', { token });
    expect(answer.code).toBe(0);
    return answer.data;
  };

  /** A referrer who has unlocked the programme (100 PTC of top-ups through the ledger). */
  const unlockedReferrer = async (overrides: Parameters<typeof createUser>[1] = {}) => {
    const referrer = await signedInCustomer(t.database, overrides);
    await credit(db(), referrer.user.id, 100_000_000n);
    return referrer;
  };
  const refereeOf = (
    referrer: { user: { inviteCode: string } },
    overrides: Parameters<typeof createUser>[1] = {},
  ) => signedInCustomer(t.database, { referrerCode: referrer.user.inviteCode, ...overrides });

  it('unlocks at 100 PTC of credited top-ups; bonuses do not count', async () => {
    const customer = await signedInCustomer(t.database);
    expect((await info(customer.token)).inv_switch).toBe(false);
    expect(await summary(customer.token)).toMatchObject({
      unlocked: false,
      total_top_up: '0.000000',
      unlock_total: '100.000000',
      remaining: '100.000000',
    });
    // 50 PTC of bonus and 60 PTC of top-ups: 110 PTC of balance, still locked.
    await moveMoney(db(), {
      userId: customer.user.id,
      amount: 50_000_000n,
      kind: 'bonus',
      idempotencyKey: `test-bonus:${customer.user.uid}`,
    });
    await topUp(customer.token, '60');
    expect((await info(customer.token)).inv_switch).toBe(false);
    expect(await summary(customer.token)).toMatchObject({ unlocked: false, remaining: '40.000000' });
    await topUp(customer.token, '39.99');
    expect((await info(customer.token)).inv_switch).toBe(false);
    await topUp(customer.token, '1');
    expect((await info(customer.token)).inv_switch).toBe(true);
    expect(await summary(customer.token)).toMatchObject({
      unlocked: true,
      total_top_up: '100.990000',
      remaining: '0.000000',
    });
  });

  it("pays the referrer once for a referee's first top-up, under 10 concurrent deliveries", async () => {
    const referrer = await unlockedReferrer();
    const referee = await refereeOf(referrer);
    const before = await readBalanceAndSum(db(), referrer.user.id);
    const order = await openTopUp(referee.token, '10');
    await deliver(order, 10);

    const entries = await referralEntries(referrer.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 1_000_000n, idempotencyKey: `referral:${referee.user.uid}` });
    const after = await readBalanceAndSum(db(), referrer.user.id);
    expect(after?.balance).toBe((before?.balance ?? 0n) + 1_000_000n);
    expect(after?.balance).toBe(after?.sum);
    // The referee got the top-up once, and no reward of its own.
    expect(await readBalanceAndSum(db(), referee.user.id)).toEqual({
      balance: 10_000_000n,
      sum: 10_000_000n,
    });
    expect(await referralEntries(referee.user.id)).toHaveLength(0);

    // The second top-up pays nothing.
    await topUp(referee.token, '50');
    expect(await referralEntries(referrer.user.id)).toHaveLength(1);
    // It shows in the referrer's money trail.
    const trail = await call(t.app, 'GET', '/proxy/charges/ledger', { token: referrer.token });
    const referral = trail.data.data.find((entry: { kind: string }) => entry.kind === 'referral');
    expect(referral).toMatchObject({ amount: '1.000000' });
    expect(referral.detail.reference).toBe(maskInvitee(referee.user));
  });

  it("pays once when two of a referee's first orders are paid at the same time", async () => {
    const referrer = await unlockedReferrer();
    const referee = await refereeOf(referrer);
    const [first, second] = [await openTopUp(referee.token, '20'), await openTopUp(referee.token, '30')];
    await Promise.all([deliver(first, 5), deliver(second, 5)]);
    expect(await referralEntries(referrer.user.id)).toHaveLength(1);
    expect((await readBalanceAndSum(db(), referee.user.id))?.balance).toBe(50_000_000n);
  });

  it('pays nothing for a self-referral, a tourist, a small first top-up or a locked referrer', async () => {
    // The referrer's own mailbox under a +tag and with Gmail's dots.
    const gmailReferrer = await unlockedReferrer({ email: `jane.doe.${Date.now()}@gmail.com` });
    const alias = gmailReferrer.user.email?.replace('jane.doe.', 'janedoe.').replace('@', '+promo@');
    const self = await refereeOf(gmailReferrer, { email: alias ?? null });
    await topUp(self.token, '20');
    expect(await referralEntries(gmailReferrer.user.id)).toHaveLength(0);

    // Two accounts referring each other.
    const mutual = await unlockedReferrer();
    const other = await refereeOf(mutual);
    await db().update(users).set({ referrerCode: other.user.inviteCode }).where(eq(users.id, mutual.user.id));
    await topUp(other.token, '20');
    expect(await referralEntries(mutual.user.id)).toHaveLength(0);

    const referrer = await unlockedReferrer();
    const tourist = await refereeOf(referrer, { isTourist: true });
    await topUp(tourist.token, '20');
    const small = await refereeOf(referrer);
    await topUp(small.token, '9.99');
    await topUp(small.token, '20');
    expect(await referralEntries(referrer.user.id)).toHaveLength(0);

    const locked = await signedInCustomer(t.database);
    await credit(db(), locked.user.id, 99_000_000n);
    const lockedReferee = await refereeOf(locked);
    await topUp(lockedReferee.token, '20');
    expect(await referralEntries(locked.user.id)).toHaveLength(0);
  });

  it("lists only the caller's own invitees, masked, with status and reward", async () => {
    const referrer = await unlockedReferrer();
    const paying = await refereeOf(referrer, { email: `paying-${Date.now()}@example.test` });
    const idle = await refereeOf(referrer, { email: null, phone: `+1555${Date.now() % 10_000_000}` });
    const strangersReferrer = await unlockedReferrer();
    await refereeOf(strangersReferrer);
    await topUp(paying.token, '10');

    const list = await call(t.app, 'GET', '/invitations/invitees', { token: referrer.token });
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(2);
    const rows = list.data.data as { name: string; status: string; reward: string | null }[];
    expect(rows.map((row) => row.name).sort()).toEqual(
      [maskInvitee(paying.user), maskInvitee(idle.user)].sort(),
    );
    for (const row of rows) {
      expect(row.name).toContain('***');
      expect(JSON.stringify(row)).not.toContain(paying.user.email);
      expect(JSON.stringify(row)).not.toContain(idle.user.phone);
    }
    expect(rows.find((row) => row.name === maskInvitee(paying.user))).toMatchObject({
      status: 'topped_up',
      reward: '1.000000',
    });
    expect(rows.find((row) => row.name === maskInvitee(idle.user))).toMatchObject({
      status: 'registered',
      reward: null,
    });
    expect(await summary(referrer.token)).toMatchObject({
      invited_count: 2,
      topped_up_count: 1,
      rewards_earned: '1.000000',
      reward_per_referral: '1.000000',
      min_first_top_up: '10.000000',
      invite_code: referrer.user.inviteCode,
      page_url: null,
    });
    // The other referrer sees only their one referee.
    const theirs = await call(t.app, 'GET', '/invitations/invitees', { token: strangersReferrer.token });
    expect(theirs.data.total).toBe(1);
    expect(theirs.data.data[0].status).toBe('registered');
    // Signed out: refused. A page size beyond the bound: 1002-like validation.
    expect((await call(t.app, 'GET', '/invitations')).status).toBe(401);
    const tooBig = await call(t.app, 'GET', '/invitations/invitees?page_size=1000', {
      token: referrer.token,
    });
    expect(tooBig.code).not.toBe(0);
  });
});

describe('invitation programme configuration', () => {
  it('reads the reward, the minimum and the partner page, and refuses bad values', () => {
    const base = { NODE_ENV: 'test', PUBLIC_URL: 'https://console.example.test' };
    expect(loadConfig(base).invitations).toEqual({
      pageUrl: null,
      referralReward: 1_000_000n,
      referralMinTopUp: 10_000_000n,
    });
    expect(
      loadConfig({
        ...base,
        REFERRAL_REWARD_PTC: '0.5',
        REFERRAL_MIN_TOP_UP_PTC: '0',
        INVITATION_PAGE_URL: 'https://partner.example.com/invite',
      }).invitations,
    ).toEqual({
      pageUrl: 'https://partner.example.com/invite',
      referralReward: 500_000n,
      referralMinTopUp: 0n,
    });
    expect(() => loadConfig({ ...base, REFERRAL_REWARD_PTC: '-1' })).toThrow(/REFERRAL_REWARD_PTC/);
    expect(() => loadConfig({ ...base, REFERRAL_REWARD_PTC: '5000' })).toThrow(/REFERRAL_REWARD_PTC/);
    expect(() => loadConfig({ ...base, INVITATION_PAGE_URL: 'http://partner.example.com' })).toThrow(
      /INVITATION_PAGE_URL/,
    );
  });

  it('allows framing the partner page origin only when it is set', () => {
    expect(consoleDirectives('https://console.example.test')['frame-src']).toBeUndefined();
    expect(
      consoleDirectives('https://console.example.test', 'https://partner.example.com/a/b?c=1')['frame-src'],
    ).toEqual(["'self'", 'https://partner.example.com']);
  });
});

describe('invitation programme with a partner page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      INVITATION_PAGE_URL: 'https://partner.example.com/invite',
      REFERRAL_REWARD_PTC: '2',
    });
  });
  afterAll(() => t.close());

  it('answers the page and lets the console frame its origin', async () => {
    const customer = await signedInCustomer(t.database);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/invitations',
      headers: { authorization: customer.token },
    });
    expect(response.json().data).toMatchObject({
      page_url: 'https://partner.example.com/invite',
      reward_per_referral: '2.000000',
    });
    expect(response.headers['content-security-policy']).toContain(
      "frame-src 'self' https://partner.example.com",
    );
  });
});
