import { captchas, eq, hashSessionToken, loginFailures, sessions, sql } from '@ptc/db';
import { createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEST_ENV,
  CAPTCHA,
  call,
  captchaHeaders,
  lastCode,
  loginByEmail,
  registerByEmail,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('signing in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
    await registerByEmail(t.app, t.database.db, {
      email: 'ann@example.test',
      password: 'ann password',
      username: 'ann',
    });
  });
  afterAll(() => t.close());

  const accountLogin = async (account: string, password: string) =>
    call(t.app, 'POST', '/user/login/all', {
      headers: await captchaHeaders(t.app),
      body: { account, password, captcha: CAPTCHA },
    });

  it('signs in with email and password and answers data.token', async () => {
    const response = await loginByEmail(t.app, 'ANN@example.test', 'ann password');
    expect(response).toMatchObject({ code: 0, data: { is_new: false } });
    expect((await call(t.app, 'GET', '/user/info', { token: response.data.token })).data.user_name).toBe(
      'ann',
    );
  });

  it('answers 2003 for a wrong password or an unknown email alike', async () => {
    expect(await loginByEmail(t.app, 'ann@example.test', 'wrong password')).toMatchObject({
      status: 401,
      code: 2003,
    });
    expect((await loginByEmail(t.app, 'nobody@example.test', 'whatever1')).code).toBe(2003);
  });

  it('signs in by user name or email on the account tab, and answers 604 on mismatch', async () => {
    expect((await accountLogin('Ann', 'ann password')).code).toBe(0);
    expect((await accountLogin('ann@example.test', 'ann password')).code).toBe(0);
    expect((await accountLogin('ann', 'nope nope')).code).toBe(604);
  });

  it('requires the captcha', async () => {
    const response = await call(t.app, 'POST', '/user/login', {
      headers: await captchaHeaders(t.app),
      body: { email: 'ann@example.test', password: 'ann password', captcha: '1111' },
    });
    expect(response.code).toBe(900);
  });

  it('refuses a captcha older than five minutes', async () => {
    const headers = await captchaHeaders(t.app);
    await t.database.db
      .update(captchas)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(captchas.id, headers['captcha-id'] ?? ''));
    const response = await call(t.app, 'POST', '/user/login', {
      headers,
      body: { email: 'ann@example.test', password: 'ann password', captcha: CAPTCHA },
    });
    expect(response).toMatchObject({ code: 900, msg: 'Captcha expired, please refresh it' });
  });

  it('ties the captcha to the browser by a cookie when no header is sent', async () => {
    const image = await t.app.inject({ method: 'GET', url: '/api/proxy/static/image' });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toMatch(/^<svg/);
    const cookie = String(image.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^captcha_id=/);
    expect(String(image.headers['set-cookie'])).toContain('HttpOnly');
    const response = await call(t.app, 'POST', '/user/login', {
      headers: { cookie },
      body: { email: 'ann@example.test', password: 'ann password', captcha: CAPTCHA },
    });
    expect(response.code).toBe(0);
  });

  it('locks an account after more than 10 failures for 10 minutes (2007)', async () => {
    await registerByEmail(t.app, t.database.db, { email: 'lock@example.test', password: 'lock password' });
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1)
      codes.push((await loginByEmail(t.app, 'lock@example.test', `wrong ${i}`)).code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(2003));
    expect(codes[10]).toBe(2007);
    // Even the right password waits out the lock.
    expect(await loginByEmail(t.app, 'lock@example.test', 'lock password')).toMatchObject({
      status: 429,
      code: 2007,
    });
    // Ten minutes later the failures have aged out.
    await t.database.db
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - interval '11 minutes'` })
      .where(eq(loginFailures.account, 'lock@example.test'));
    expect((await loginByEmail(t.app, 'lock@example.test', 'lock password')).code).toBe(0);
    expect(await t.database.db.$count(loginFailures, eq(loginFailures.account, 'lock@example.test'))).toBe(0);
  });

  it('keeps a session one day without "remember", 30 days with it', async () => {
    /** Signs in and answers when the stored session expires, and the time around the call. */
    const signIn = async (remember: boolean) => {
      const before = Date.now();
      const { code, data } = await call(t.app, 'POST', '/user/login', {
        headers: await captchaHeaders(t.app),
        body: { email: 'ann@example.test', password: 'ann password', captcha: CAPTCHA, remember },
      });
      const after = Date.now();
      expect(code).toBe(0);
      const [session] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashSessionToken(data.token)));
      return { before, after, expiresAt: session?.expiresAt.getTime() };
    };
    const DAY = 24 * 3_600_000;

    const short = await signIn(false);
    expect(short.expiresAt).toBeGreaterThanOrEqual(short.before + DAY);
    expect(short.expiresAt).toBeLessThanOrEqual(short.after + DAY);

    const remembered = await signIn(true);
    expect(remembered.expiresAt).toBeGreaterThanOrEqual(remembered.before + 30 * DAY);
    expect(remembered.expiresAt).toBeLessThanOrEqual(remembered.after + 30 * DAY);
  });

  it('ends the session on logout', async () => {
    const { data } = await loginByEmail(t.app, 'ann@example.test', 'ann password');
    expect((await call(t.app, 'POST', '/user/logout', { token: data.token })).code).toBe(0);
    const info = await call(t.app, 'GET', '/user/info', { token: data.token });
    expect(info).toMatchObject({ code: 2004 });
    expect(info.msg).toContain('token error');
  });
});

describe('signing in by phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
    await createUser(t.database.db, { phone: '+447911123456', email: null });
  });
  afterAll(() => t.close());

  it('answers 2000 for a phone without an account', async () => {
    const sent = await call(t.app, 'POST', '/user/sms/phone', {
      form: { phone: '+14155550199', purpose: 'login' },
    });
    expect(sent).toMatchObject({ code: 2000 });
    const login = await call(t.app, 'POST', '/user/login/phone', {
      form: { phone: '+14155550199', code: '123456' },
    });
    expect(login.code).toBe(2000);
  });

  it('signs in with the texted code, once', async () => {
    const phone = '+447911123456';
    expect((await call(t.app, 'POST', '/user/sms/phone', { form: { phone, purpose: 'login' } })).code).toBe(
      0,
    );
    const code = await lastCode(t.database.db, phone);
    expect((await call(t.app, 'POST', '/user/login/phone', { form: { phone, code: '000000' } })).code).toBe(
      900,
    );
    const response = await call(t.app, 'POST', '/user/login/phone', { form: { phone, code } });
    expect(response.code).toBe(0);
    expect((await call(t.app, 'POST', '/user/login/phone', { form: { phone, code } })).code).toBe(900);
  });
});

describe('tourists and unbound users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  it('starts a guest account that is signed in', async () => {
    const response = await call(t.app, 'POST', '/user/tourist');
    expect(response.code).toBe(0);
    expect(response.data.tourist_email).toMatch(/^tourist_[a-z0-9]+@/);
    const info = await call(t.app, 'GET', '/user/info', { token: response.data.token });
    expect(info.data).toMatchObject({ is_tourist: true, email: null, phone: null });
  });

  it('answers 610 to a tourist’s writes, except binding a contact, which registers them', async () => {
    const { data } = await call(t.app, 'POST', '/user/tourist');
    const rename = await call(t.app, 'PUT', '/user/name', {
      token: data.token,
      body: { username: 'guest_renamed' },
    });
    expect(rename).toMatchObject({ status: 403, code: 610 });

    const email = 'converted@example.test';
    const sent = await call(t.app, 'POST', '/user/register/email/code', {
      token: data.token,
      form: { email, purpose: 'bind' },
    });
    expect(sent.code).toBe(0);
    const info = await call(t.app, 'GET', '/user/info', { token: data.token });
    const bound = await call(t.app, 'POST', `/user/band/email/${info.data.uid}`, {
      token: data.token,
      form: { email, code: await lastCode(t.database.db, email) },
    });
    expect(bound.code).toBe(0);
    expect((await call(t.app, 'GET', '/user/info', { token: data.token })).data).toMatchObject({
      is_tourist: false,
      email,
    });
    expect(
      (await call(t.app, 'PUT', '/user/name', { token: data.token, body: { username: 'now_registered' } }))
        .code,
    ).toBe(0);
  });

  it('answers 403 to writes of a signed-in user with neither email nor phone', async () => {
    const { data } = await call(t.app, 'POST', '/user/tourist');
    const info = await call(t.app, 'GET', '/user/info', { token: data.token });
    // An OAuth user whose provider gave no email is unbound without being a tourist.
    await t.database.db.execute(sql`update users set is_tourist = false where uid = ${info.data.uid}`);
    expect(
      await call(t.app, 'POST', '/user/ref/bind', { token: data.token, form: { ref: 'ABCDEFGH' } }),
    ).toMatchObject({
      status: 403,
      code: 403,
    });
    expect((await call(t.app, 'GET', '/user/info', { token: data.token })).code).toBe(0);
  });
});
