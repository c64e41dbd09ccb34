import { eq, users, verificationCodes } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEST_ENV,
  CAPTCHA,
  call,
  captchaHeaders,
  freshClientIp,
  lastCode,
  loginByEmail,
  registerByEmail,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('registration by email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, EMAIL_BLOCKLIST: 'spam.test,bad@x.test' });
  });
  afterAll(() => t.close());

  // Each attempt comes from an address of its own: the per-address limits have their own tests.
  const register = async (body: Record<string, unknown>, headers?: Record<string, string>) =>
    call(t.app, 'POST', '/user/register', {
      headers: headers ?? (await captchaHeaders(t.app)),
      body,
      ip: freshClientIp(),
    });

  const validBody = async (email: string, overrides: Record<string, unknown> = {}) => {
    await call(t.app, 'POST', '/user/register/email/code', { form: { email }, ip: freshClientIp() });
    return {
      email,
      email_code: await lastCode(t.database.db, email),
      password: 'long enough pw',
      confirm_password: 'long enough pw',
      captcha: CAPTCHA,
      region: 'overseas',
      agree: true,
      ...overrides,
    };
  };

  it('creates the account from an emailed code without signing in', async () => {
    const sent = await call(t.app, 'POST', '/user/register/email/code', {
      form: { email: 'New@Example.test' },
    });
    expect(sent).toMatchObject({ code: 0, data: { expires_in: 600, resend_in: 60 } });
    const code = await lastCode(t.database.db, 'new@example.test');
    const response = await register({
      email: 'New@Example.test',
      email_code: code,
      password: 'long enough pw',
      confirm_password: 'long enough pw',
      captcha: CAPTCHA,
      region: 'overseas',
      agree: 'true',
    });
    expect(response.code).toBe(0);
    expect(Object.keys(response.data)).toEqual(['uid']);
    const [user] = await t.database.db.select().from(users).where(eq(users.uid, response.data.uid));
    expect(user).toMatchObject({ email: 'New@Example.test', isTourist: false, region: 'overseas' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await loginByEmail(t.app, 'new@example.test', 'long enough pw')).code).toBe(0);
  });

  it('takes its fields as query parameters too (SPEC §7)', async () => {
    const body = await validBody('query@example.test');
    const query = new URLSearchParams(
      Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/user/register?${query}`,
      headers: await captchaHeaders(t.app),
    });
    expect(response.json().code).toBe(0);
  });

  it('refuses an email that already has an account with 2002, when sending the code and when registering', async () => {
    await registerByEmail(t.app, t.database.db, { email: 'taken@example.test' });
    const sent = await call(t.app, 'POST', '/user/register/email/code', {
      form: { email: 'TAKEN@example.test' },
    });
    expect(sent).toMatchObject({ status: 409, code: 2002 });
  });

  it('refuses a wrong, reused or missing captcha with 900', async () => {
    const body = await validBody('captcha@example.test');
    expect((await register({ ...body, captcha: '0000' })).code).toBe(900);
    const headers = await captchaHeaders(t.app);
    expect((await register({ ...body, captcha: '0000' }, headers)).code).toBe(900);
    // The same image cannot be answered again, even correctly.
    expect((await register(body, headers)).code).toBe(900);
    expect((await register(body, {})).code).toBe(900);
    expect((await register(body)).code).toBe(0);
  });

  it('refuses a wrong email code with 900 and spends it after five tries', async () => {
    const body = await validBody('code@example.test');
    for (let i = 0; i < 5; i += 1) expect((await register({ ...body, email_code: '000000' })).code).toBe(900);
    expect((await register(body)).code).toBe(900);
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.address, 'code@example.test'));
    expect(row?.consumedAt).not.toBeNull();
  });

  it('refuses registration from mainland China with 4014', async () => {
    const response = await register(await validBody('cn@example.test', { region: 'china' }));
    expect(response).toMatchObject({ code: 4014, msg: 'Registration from mainland China is not supported' });
  });

  it('refuses a blocklisted address or domain with 2008', async () => {
    for (const email of ['someone@spam.test', 'bad@x.test', 'x@mail.spam.test']) {
      expect((await call(t.app, 'POST', '/user/register/email/code', { form: { email } })).code).toBe(2008);
    }
  });

  it('refuses a taken user name with 605 and an unknown referral code with 4201', async () => {
    await registerByEmail(t.app, t.database.db, { email: 'named@example.test', username: 'Neo' });
    expect((await register(await validBody('other@example.test', { username: 'neo' }))).code).toBe(605);
    expect((await register(await validBody('other2@example.test', { ref: 'NOSUCHCODE' }))).code).toBe(4201);
  });

  it('records the referrer of a valid referral code', async () => {
    const uid = await registerByEmail(t.app, t.database.db, { email: 'referrer@example.test' });
    const [referrer] = await t.database.db.select().from(users).where(eq(users.uid, uid));
    const invitedUid = await registerByEmail(t.app, t.database.db, {
      email: 'invited@example.test',
      ref: referrer?.inviteCode.toLowerCase(),
    });
    const [invited] = await t.database.db.select().from(users).where(eq(users.uid, invitedUid));
    expect(invited?.referrerCode).toBe(referrer?.inviteCode);
  });

  it('checks the form: consent, password length and confirmation', async () => {
    const body = await validBody('form@example.test');
    expect((await register({ ...body, agree: false })).code).toBe(1002);
    expect((await register({ ...body, password: 'short', confirm_password: 'short' })).code).toBe(1002);
    const mismatch = await register({ ...body, confirm_password: 'different pw' });
    expect(mismatch).toMatchObject({ code: 1002 });
    expect(mismatch.msg).toContain('confirm password is inconsistent with password');
    const missing = await register({ ...body, email_code: undefined });
    expect(missing).toMatchObject({ code: 1001, msg: 'Argument missing: email_code is required' });
  });
});

describe('sending codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  it('allows one code per address per minute (101)', async () => {
    const send = () =>
      call(t.app, 'POST', '/user/register/email/code', { form: { email: 'fast@example.test' } });
    expect((await send()).code).toBe(0);
    const again = await send();
    expect(again).toMatchObject({ status: 429, code: 101 });
    expect(again.data.resend_in).toBeGreaterThan(50);
  });

  it('caps the codes per address per day (901)', async () => {
    const address = 'daily@example.test';
    const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await t.database.db.insert(verificationCodes).values(
      Array.from({ length: 10 }, (_, i) => ({
        channel: 'email' as const,
        address,
        purpose: 'register' as const,
        codeHash: new Uint8Array(32),
        createdAt: hourAgo(i + 1),
        expiresAt: hourAgo(i),
      })),
    );
    expect((await call(t.app, 'POST', '/user/register/email/code', { form: { email: address } })).code).toBe(
      901,
    );
  });

  it('sends only one code when two requests race', async () => {
    const send = () =>
      call(t.app, 'POST', '/user/register/email/code', { form: { email: 'race@example.test' } });
    const codes = (await Promise.all([send(), send(), send()])).map((r) => r.code).sort();
    expect(codes).toEqual([0, 101, 101]);
  });
});

describe('registration by phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  const phone = '+14155550123';

  it('creates the account from a texted code and signs in', async () => {
    expect(
      (await call(t.app, 'POST', '/user/sms/phone', { form: { phone, purpose: 'register' } })).code,
    ).toBe(0);
    const response = await call(t.app, 'POST', '/user/register/phone', {
      form: { phone, code: await lastCode(t.database.db, phone), agree: 'on' },
    });
    expect(response).toMatchObject({ code: 0, data: { is_new: true } });
    const info = await call(t.app, 'GET', '/user/info', { token: response.data.token });
    expect(info.data).toMatchObject({ phone, email: null, has_pwd: false });
  });

  it('refuses a phone that has an account with 606', async () => {
    expect(
      (await call(t.app, 'POST', '/user/sms/phone', { form: { phone, purpose: 'register' } })).code,
    ).toBe(606);
  });

  it('refuses mainland China numbers with 4014', async () => {
    const response = await call(t.app, 'POST', '/user/sms/phone', {
      form: { phone: '+8613800138000', purpose: 'register' },
    });
    expect(response.code).toBe(4014);
  });

  it('refuses a malformed phone number with 1002', async () => {
    expect(
      (await call(t.app, 'POST', '/user/sms/phone', { form: { phone: '12345', purpose: 'register' } })).code,
    ).toBe(1002);
  });
});
