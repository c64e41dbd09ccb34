import { auditLog, desc, eq, twoFactorChallenges, users, userTwoFactor } from '@ptc/db';
import { generate } from 'otplib';
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
import { operatorSession } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cleanUpAuthRecords } from '../auth/auth-cleanup.service';

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever payload the call answers.
type Envelope = { code: number; msg: string; data: any };

describe('two-factor sign-in of customers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  let customers = 0;
  /** A registered customer signed in with the password (no 2FA yet). */
  const newCustomer = async () => {
    customers += 1;
    const email = `tf${customers}-${Date.now()}@example.test`;
    const password = 'two factor password';
    const uid = await registerByEmail(t.app, t.database.db, {
      email,
      password,
      username: `tf${customers}x${Date.now()}`,
    });
    const login = await loginByEmail(t.app, email, password);
    expect(login.code).toBe(0);
    return { email, password, uid, token: login.data.token as string };
  };

  /** A code of now; the last used step is forgotten first, so a test may sign in several times a step. */
  const codeNow = async (secret: string) => {
    await t.database.db.update(userTwoFactor).set({ lastTotpStep: null });
    return generate({ secret });
  };

  /** A customer with 2FA on: answers its secret and recovery codes. */
  const enrolled = async () => {
    const customer = await newCustomer();
    const setup = await call(t.app, 'POST', '/user/2fa/totp/setup', { token: customer.token });
    expect(setup.code).toBe(0);
    const secret = setup.data.secret as string;
    const enabled = await call(t.app, 'POST', '/user/2fa/totp/enable', {
      token: customer.token,
      body: { code: await generate({ secret }) },
    });
    expect(enabled.code).toBe(0);
    return { ...customer, secret, recoveryCodes: enabled.data.recovery_codes as string[] };
  };

  /** The password step from a browser without (or with) a remembered-device cookie. */
  const passwordStep = async (email: string, password: string, cookie?: string) => {
    const ip = freshClientIp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: ip,
      headers: { ...(await captchaHeaders(t.app, ip)), ...(cookie ? { cookie } : {}) },
      payload: { email, password, captcha: CAPTCHA },
    });
    return response.json() as Envelope;
  };

  /** The second step: the envelope and the remembered-device cookie it set, if any. */
  const secondStep = async (body: Record<string, unknown>, ip = freshClientIp()) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/2fa',
      remoteAddress: ip,
      payload: body,
    });
    const setCookie = [response.headers['set-cookie'] ?? []]
      .flat()
      .find((value) => value.startsWith('ptc_device='));
    return {
      status: response.statusCode,
      ...(response.json() as Envelope),
      cookie: setCookie?.split(';')[0],
    };
  };

  it('enrols TOTP: a secret to scan, a wrong first code refused, then 10 recovery codes stored only hashed', async () => {
    const customer = await newCustomer();
    expect((await call(t.app, 'GET', '/user/2fa', { token: customer.token })).data).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    const setup = await call(t.app, 'POST', '/user/2fa/totp/setup', { token: customer.token });
    expect(setup.data.otpauth_url).toContain(`secret=${setup.data.secret}`);
    const wrong = await call(t.app, 'POST', '/user/2fa/totp/enable', {
      token: customer.token,
      body: { code: (Number(await generate({ secret: setup.data.secret })) ^ 1).toString().padStart(6, '0') },
    });
    expect(wrong).toMatchObject({ code: 2004 });
    expect(wrong.msg).not.toMatch(/token error/i);
    expect((await call(t.app, 'GET', '/user/2fa', { token: customer.token })).data.enabled).toBe(false);

    const enabled = await call(t.app, 'POST', '/user/2fa/totp/enable', {
      token: customer.token,
      body: { code: await generate({ secret: setup.data.secret }) },
    });
    expect(enabled.code).toBe(0);
    const codes = enabled.data.recovery_codes as string[];
    expect(new Set(codes).size).toBe(10);
    expect((await call(t.app, 'GET', '/user/2fa', { token: customer.token })).data).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    const stored = JSON.stringify(
      await t.database.db
        .select({ sealed: userTwoFactor.totpSecretSealed, hashes: userTwoFactor.recoveryCodeHashes })
        .from(userTwoFactor),
    );
    expect(stored).not.toContain(setup.data.secret);
    for (const code of codes) expect(stored).not.toContain(code);
    // On already: no second setup.
    expect((await call(t.app, 'POST', '/user/2fa/totp/setup', { token: customer.token })).code).toBe(1002);
  });

  it('asks a new device for a code on every password sign-in path, and a right code signs in', async () => {
    const customer = await enrolled();
    const first = await passwordStep(customer.email, customer.password);
    expect(first.code).toBe(0);
    expect(first.data.token).toBeUndefined();
    expect(first.data.two_factor).toMatchObject({ methods: ['totp', 'recovery'], expires_in: 300 });

    const byAccount = await call(t.app, 'POST', '/user/login/all', {
      headers: await captchaHeaders(t.app),
      body: { account: customer.email, password: customer.password, captcha: CAPTCHA },
    });
    expect(byAccount.data.token).toBeUndefined();
    expect(byAccount.data.two_factor.challenge).toEqual(expect.any(String));

    const passed = await secondStep({
      challenge: first.data.two_factor.challenge,
      code: await codeNow(customer.secret),
    });
    expect(passed.code).toBe(0);
    expect((await call(t.app, 'GET', '/user/info', { token: passed.data.token })).data.email).toBe(
      customer.email,
    );
    // The challenge is used once.
    const again = await secondStep({
      challenge: first.data.two_factor.challenge,
      code: await codeNow(customer.secret),
    });
    expect(again).toMatchObject({ code: 2004 });
  });

  it('asks for the code after a texted-code sign-in too', async () => {
    const customer = await enrolled();
    const phone = `+4479111${String(customers).padStart(5, '0')}`;
    await t.database.db.update(users).set({ phone }).where(eq(users.uid, customer.uid));
    expect((await call(t.app, 'POST', '/user/sms/phone', { form: { phone, purpose: 'login' } })).code).toBe(
      0,
    );
    const code = await lastCode(t.database.db, phone);
    const login = await call(t.app, 'POST', '/user/login/phone', { form: { phone, code } });
    expect(login.code).toBe(0);
    expect(login.data.token).toBeUndefined();
    expect(login.data.two_factor.challenge).toEqual(expect.any(String));
  });

  it('refuses a wrong code with 2004, and spends the challenge after 5 wrong codes', async () => {
    const customer = await enrolled();
    const { challenge } = (await passwordStep(customer.email, customer.password)).data.two_factor;
    const right = await codeNow(customer.secret);
    const wrongCode = ((Number(right) + 1) % 1_000_000).toString().padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await secondStep({ challenge, code: wrongCode });
      expect(wrong).toMatchObject({ code: 2004, msg: 'Identity authentication failed: wrong code' });
      expect(wrong.data).toBeFalsy();
    }
    const late = await secondStep({ challenge, code: await codeNow(customer.secret) });
    expect(late.code).toBe(2004);
    expect(late.msg).toMatch(/expired/);
    expect(late.msg).not.toMatch(/token error/i);
  });

  it('locks the second step of an account (2007) after more than 10 wrong codes over several challenges', async () => {
    const customer = await enrolled();
    let last = { code: 0 };
    for (let i = 0; i < 11; i += 1) {
      const { challenge } = (await passwordStep(customer.email, customer.password)).data.two_factor;
      last = await secondStep({ challenge, recovery_code: 'ffff-ffff-ffff-ffff' });
    }
    expect(last.code).toBe(2007);
    const { challenge } = (await passwordStep(customer.email, customer.password)).data.two_factor;
    expect((await secondStep({ challenge, code: await codeNow(customer.secret) })).code).toBe(2007);
  });

  it('takes a recovery code once', async () => {
    const customer = await enrolled();
    const [recovery] = customer.recoveryCodes;
    const first = (await passwordStep(customer.email, customer.password)).data.two_factor.challenge;
    const used = await secondStep({ challenge: first, recovery_code: recovery?.toUpperCase() });
    expect(used.code).toBe(0);
    expect((await call(t.app, 'GET', '/user/2fa', { token: used.data.token })).data.recovery_codes_left).toBe(
      9,
    );
    const second = (await passwordStep(customer.email, customer.password)).data.two_factor.challenge;
    expect((await secondStep({ challenge: second, recovery_code: recovery })).code).toBe(2004);
  });

  it('remembers the device after the second step until the customer forgets it', async () => {
    const customer = await enrolled();
    const { challenge } = (await passwordStep(customer.email, customer.password)).data.two_factor;
    const passed = await secondStep({ challenge, code: await codeNow(customer.secret) });
    expect(passed.cookie).toMatch(/^ptc_device=[\w-]{40,}$/);
    const cookie = passed.cookie ?? '';

    const remembered = await passwordStep(customer.email, customer.password, cookie);
    expect(remembered.data.token).toEqual(expect.any(String));
    // Another customer's device cookie does not count.
    const other = await enrolled();
    expect((await passwordStep(other.email, other.password, cookie)).data.two_factor).toBeDefined();

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/user/2fa',
      headers: { authorization: remembered.data.token, cookie },
    });
    const devices = status.json().data.devices as { id: string; current: boolean }[];
    const current = devices.find((device) => device.current);
    expect(current).toBeDefined();
    // Not one of another customer's.
    expect(
      (await call(t.app, 'DELETE', `/user/2fa/devices/${current?.id}`, { token: other.token })).code,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/user/2fa/devices/${current?.id}`, { token: remembered.data.token }))
        .code,
    ).toBe(0);
    expect((await passwordStep(customer.email, customer.password, cookie)).data.two_factor).toBeDefined();
  });

  it('turns 2FA off with a code or the password, not with a wrong one', async () => {
    const customer = await enrolled();
    const refused = await call(t.app, 'POST', '/user/2fa/disable', {
      token: customer.token,
      body: { password: 'not the password' },
    });
    expect(refused.code).toBe(604);
    const off = await call(t.app, 'POST', '/user/2fa/disable', {
      token: customer.token,
      body: { code: await codeNow(customer.secret) },
    });
    expect(off.code).toBe(0);
    expect((await passwordStep(customer.email, customer.password)).data.token).toEqual(expect.any(String));
  });

  it('lets support reset a customer’s 2FA (audited); finance may not', async () => {
    const customer = await enrolled();
    const finance = await operatorSession(t.database, 'finance');
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer.uid}/two_factor/reset`,
      headers: finance.headers,
      payload: { reason: 'lost phone, identity checked' },
    });
    expect(denied.statusCode).toBe(403);
    expect((await passwordStep(customer.email, customer.password)).data.two_factor).toBeDefined();

    const support = await operatorSession(t.database, 'support');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer.uid}/two_factor/reset`,
      headers: support.headers,
      payload: { reason: 'lost phone, identity checked' },
    });
    expect(reset.json()).toMatchObject({ code: 0, data: { was_enabled: true } });
    expect((await passwordStep(customer.email, customer.password)).data.token).toEqual(expect.any(String));
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.uid));
    expect(entry).toMatchObject({ action: 'customer.two_factor.reset', operatorId: support.operator.id });
  });

  it('refuses NUL characters and over-long inputs with 1002 (a missing one with 1001), as every route does', async () => {
    const customer = await enrolled();
    const { challenge } = (await passwordStep(customer.email, customer.password)).data.two_factor;
    const bad = [
      { challenge: `${challenge}\u0000`, code: '123456' },
      { challenge: 'a'.repeat(2000), code: '123456' },
      { challenge, code: '1'.repeat(5000) },
      { challenge, recovery_code: 'abcd\u0000' },
      { challenge, recovery_code: 'a'.repeat(300) },
    ];
    for (const body of bad)
      expect((await secondStep(body)).code, JSON.stringify(body).slice(0, 60)).toBe(1002);
    expect(
      (
        await call(t.app, 'POST', '/user/2fa/disable', {
          token: customer.token,
          body: { code: '12\u00003456' },
        })
      ).code,
    ).toBe(1002);
    expect(
      (await call(t.app, 'DELETE', `/user/2fa/devices/${'9'.repeat(40)}`, { token: customer.token })).code,
    ).toBe(1002);
    expect((await secondStep({ code: '123456' })).code).toBe(1001);
    // None of it spent the challenge.
    expect((await secondStep({ challenge, code: await codeNow(customer.secret) })).code).toBe(0);
  });

  it('lets the auth-cleanup job delete expired sign-in steps, and only those', async () => {
    const customer = await enrolled();
    await passwordStep(customer.email, customer.password);
    const [row] = await t.database.db
      .select()
      .from(twoFactorChallenges)
      .orderBy(desc(twoFactorChallenges.id))
      .limit(1);
    expect(row).toBeDefined();
    await cleanUpAuthRecords(t.database.db, new Date());
    expect(
      await t.database.db
        .select()
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.id, row?.id ?? 0n)),
    ).toHaveLength(1);
    await cleanUpAuthRecords(t.database.db, new Date(Date.now() + 6 * 60_000));
    expect(
      await t.database.db
        .select()
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.id, row?.id ?? 0n)),
    ).toHaveLength(0);
  });
});
