import { parsePtc } from '@ptc/contracts';
import { accountAddresses, and, eq, ledgerEntries, users } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_ENV, CAPTCHA, call, captchaHeaders, lastCode } from '../../test/accounts';
import { credit } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notifySandbox, paidEvent } from '../../test/wallet';

const PASSWORD = 'correct horse battery';

/**
 * Issue #20: no referral reward when the invited customer registered from the inviter's client
 * address (where the inviter registered, or last signed in, also as it was when the referee
 * registered); an IPv6 /64 is one address. The referee's registration and top-up are untouched.
 */
describe('referral reward and client addresses', () => {
  let t: TestApp;
  let accounts = 0;
  beforeAll(async () => {
    // Many sign-ups from one address in this file: the registration limit per address is raised.
    t = await createTestApp({
      ...ACCOUNT_TEST_ENV,
      ABUSE_LIMITS: 'REGISTRATIONS_PER_IP=1000/3600,CODES_PER_IP=1000/3600,CAPTCHA_PER_IP=1000/60',
    });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** Registers an email account from `ip` (with `ref` when given), signs it in there; answers it. */
  const register = async (ip: string, ref?: string) => {
    accounts += 1;
    const email = `address${accounts}@example.test`;
    const sent = await call(t.app, 'POST', '/user/register/email/code', { form: { email }, ip });
    expect(sent.code, sent.msg).toBe(0);
    const registered = await call(t.app, 'POST', '/user/register', {
      ip,
      headers: await captchaHeaders(t.app, ip),
      body: {
        email,
        email_code: await lastCode(db(), email),
        password: PASSWORD,
        confirm_password: PASSWORD,
        captcha: CAPTCHA,
        region: 'overseas',
        agree: true,
        ...(ref ? { ref } : {}),
      },
    });
    expect(registered.code, registered.msg).toBe(0);
    const [user] = await db().select().from(users).where(eq(users.uid, registered.data.uid));
    if (!user) throw new Error('not registered');
    const token = await signIn(email, ip);
    return { user, token, email };
  };
  const signIn = async (email: string, ip: string) => {
    const answer = await call(t.app, 'POST', '/user/login', {
      ip,
      headers: await captchaHeaders(t.app, ip),
      body: { email, password: PASSWORD, captcha: CAPTCHA },
    });
    expect(answer.code, answer.msg).toBe(0);
    // The session's first request, as the console makes it right after signing in.
    expect((await call(t.app, 'GET', '/user/info', { token: answer.data.token, ip })).code).toBe(0);
    return answer.data.token as string;
  };
  /** A referrer registered from `ip` who unlocked the programme. */
  const referrerFrom = async (ip: string) => {
    const referrer = await register(ip);
    await credit(db(), referrer.user.id, 100_000_000n);
    return referrer;
  };
  /** The referee's first top-up of 10 PTC, paid and notified from the provider's address. */
  const firstTopUp = async (token: string) => {
    const order = await call(t.app, 'POST', '/proxy/charges/stripe', {
      token,
      form: { amount: '10' },
      ip: '192.0.2.250',
    });
    expect(order.code, order.msg).toBe(0);
    const answer = await notifySandbox(t.app, paidEvent(order.data, parsePtc(order.data.pay_amount)));
    expect(answer.statusCode).toBe(200);
  };
  const rewardsOf = async (userId: bigint) =>
    (
      await db()
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'referral')))
    ).length;
  const balanceOf = async (token: string) => (await call(t.app, 'GET', '/user/info', { token })).data.balance;

  it('records where an account registered and last signed in from', async () => {
    const customer = await register('198.51.100.10');
    await signIn(customer.email, '198.51.100.11');
    const [row] = await db()
      .select()
      .from(accountAddresses)
      .where(eq(accountAddresses.userId, customer.user.id));
    expect(row).toMatchObject({ registrationIp: '198.51.100.10', lastSignInIp: '198.51.100.11' });
    expect(row?.registeredAt).toBeInstanceOf(Date);
  });

  it('pays the referrer when the referee registered from another address', async () => {
    const referrer = await referrerFrom('198.51.100.20');
    const referee = await register('203.0.113.20', referrer.user.inviteCode);
    await firstTopUp(referee.token);
    expect(await rewardsOf(referrer.user.id)).toBe(1);
    expect(await balanceOf(referrer.token)).toBe('101.000000');
  });

  it("refuses the reward, not the registration or the top-up, from the referrer's registration address", async () => {
    const referrer = await referrerFrom('198.51.100.30');
    // The referrer then uses the console from elsewhere; the referee signs up where they registered.
    await signIn(referrer.email, '198.51.100.31');
    const referee = await register('198.51.100.30', referrer.user.inviteCode);
    expect(referee.user.referrerCode).toBe(referrer.user.inviteCode);
    await firstTopUp(referee.token);
    expect(await balanceOf(referee.token)).toBe('10.000000');
    expect(await rewardsOf(referrer.user.id)).toBe(0);
    expect(await balanceOf(referrer.token)).toBe('100.000000');
  });

  it("refuses it from the referrer's last sign-in address, even after the referrer moved on", async () => {
    const referrer = await referrerFrom('198.51.100.40');
    await signIn(referrer.email, '203.0.113.41');
    const referee = await register('203.0.113.41', referrer.user.inviteCode);
    // By the time the referee pays, the referrer signs in from a third address.
    await signIn(referrer.email, '192.0.2.42');
    await firstTopUp(referee.token);
    expect(await rewardsOf(referrer.user.id)).toBe(0);

    // And when the referrer signs in from the referee's address after the registration.
    const other = await referrerFrom('198.51.100.43');
    const late = await register('203.0.113.44', other.user.inviteCode);
    await signIn(other.email, '203.0.113.44');
    await firstTopUp(late.token);
    expect(await rewardsOf(other.user.id)).toBe(0);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const referrer = await referrerFrom('2001:db8:1:2::10');
    const sameNetwork = await register('2001:db8:1:2:aaaa::99', referrer.user.inviteCode);
    await firstTopUp(sameNetwork.token);
    expect(await rewardsOf(referrer.user.id)).toBe(0);
    const otherNetwork = await register('2001:db8:1:3::10', referrer.user.inviteCode);
    await firstTopUp(otherNetwork.token);
    expect(await rewardsOf(referrer.user.id)).toBe(1);
  });

  it('compares the forwarded address behind a trusted proxy and stores an over-long one clipped, never failing', async () => {
    const proxied = await createTestApp({ ...ACCOUNT_TEST_ENV, TRUST_PROXY: 'true' });
    try {
      const forwarded = `2001:db8::${'f'.repeat(300)}`;
      const answer = await proxied.app.inject({
        method: 'POST',
        url: '/api/user/register/email/code',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwarded },
        payload: 'email=forwarded%40example.test',
      });
      expect(answer.json().code).toBe(0);
      const registered = await proxied.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: {
          ...(await captchaHeaders(proxied.app)),
          'content-type': 'application/json',
          'x-forwarded-for': forwarded,
        },
        payload: JSON.stringify({
          email: 'forwarded@example.test',
          email_code: await lastCode(proxied.database.db, 'forwarded@example.test'),
          password: PASSWORD,
          confirm_password: PASSWORD,
          captcha: CAPTCHA,
          region: 'overseas',
          agree: true,
        }),
      });
      expect(registered.statusCode).toBe(200);
      expect(registered.json().code).toBe(0);
      const [row] = await proxied.database.db
        .select({ ip: accountAddresses.registrationIp })
        .from(accountAddresses)
        .innerJoin(users, eq(users.id, accountAddresses.userId))
        .where(eq(users.email, 'forwarded@example.test'));
      expect(row?.ip).toBe(forwarded.slice(0, 64));
    } finally {
      await proxied.close();
    }
  });
});
