import { ABUSE_LIMITS } from '@ptc/contracts';
import { captchas, count, type DatabaseHandle, openDatabase, queryRows, sql } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../../app';
import {
  ACCOUNT_TEST_ENV,
  ageSentCodes,
  CAPTCHA,
  call,
  captchaHeaders,
  freshClientIp,
  lastCode,
  registerByEmail,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

const FREQUENTLY = 101;

const captchaRows = async (handle: DatabaseHandle) =>
  (await handle.db.select({ n: count() }).from(captchas))[0]?.n ?? 0;

const captchaFrom = (app: App, ip: string) =>
  app.inject({ method: 'GET', url: '/api/proxy/static/image', remoteAddress: ip });

/** Asserts the answer of a call refused by an abuse limit: HTTP 429, code 101 and Retry-After. */
const expectTooFrequent = (response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: FREQUENTLY, data: { retry_after: expect.any(Number) } });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
};

describe('abuse limits per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  it('answers 300 concurrent captcha requests from one address with at most the limit of images, the rest 429 (101)', async () => {
    const { points } = ABUSE_LIMITS.CAPTCHA_PER_IP;
    const before = await captchaRows(t.database);
    const responses = await Promise.all(
      Array.from({ length: 300 }, () => captchaFrom(t.app, '203.0.113.10')),
    );
    const served = responses.filter((response) => response.statusCode === 200);
    expect(served).toHaveLength(points);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(refused).toHaveLength(300 - points);
    for (const response of refused) expectTooFrequent(response);
    expect((await captchaRows(t.database)) - before).toBe(points);
    // Another client is not held back by it.
    expect((await captchaFrom(t.app, '203.0.113.11')).statusCode).toBe(200);
  });

  it('refuses sign-ins across many accounts from one address after the limit, and gives successful ones back', async () => {
    const { points } = ABUSE_LIMITS.SIGN_IN_FAILURES_PER_IP;
    const ip = '203.0.113.20';
    const signIn = async (email: string, password: string, from = ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: from,
        headers: await captchaHeaders(t.app),
        payload: { email, password, captcha: CAPTCHA },
      });
    await registerByEmail(t.app, t.database.db, { email: 'kept@example.test', password: 'kept password' });
    for (let i = 0; i < points - 1; i += 1) {
      expect((await signIn(`victim-${i}@example.test`, 'guess')).json()).toMatchObject({ code: 2003 });
    }
    // Successful sign-ins in between are not held against the address.
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn('kept@example.test', 'kept password')).json()).toMatchObject({ code: 0 });
    }
    expect((await signIn('victim-last@example.test', 'guess')).json()).toMatchObject({ code: 2003 });
    expectTooFrequent(await signIn('victim-next@example.test', 'guess'));
    expectTooFrequent(await signIn('kept@example.test', 'kept password'));
    expect((await signIn('kept@example.test', 'kept password', '203.0.113.21')).json()).toMatchObject({
      code: 0,
    });
    // Some thirty argon2 verifications: give a loaded machine time.
  }, 60_000);

  it('limits password-reset tries with codes and links from one address, and gives successful ones back', async () => {
    const { points } = ABUSE_LIMITS.RESET_FAILURES_PER_IP;
    const ip = '203.0.113.25';
    const email = 'resetter@example.test';
    await registerByEmail(t.app, t.database.db, { email, password: 'first password' });
    const password = 'second password';
    const pair = { password, confirm_password: password };
    const tries = [
      () =>
        call(t.app, 'PUT', '/user/reset_pw_with_code', {
          ip,
          form: { email: 'nobody@example.test', code: '000000', ...pair },
        }),
      () => call(t.app, 'GET', '/user/reset_pw/not-a-link-credential-at-all-0000', { ip }),
      () => call(t.app, 'PUT', '/user/reset_pw/not-a-link-credential-at-all-0000', { ip, form: pair }),
      () =>
        call(t.app, 'PUT', '/user/reset_pw', {
          ip,
          form: { credential: 'nothing-like-a-credential', ...pair },
        }),
    ];
    for (let i = 0; i < points - 1; i += 1) {
      const answer = await tries[i % tries.length]?.();
      expect(answer?.code, `${i % tries.length} ${answer?.msg}`).toBe(603);
    }
    // A reset with the emailed code goes through and is not held against the address.
    await ageSentCodes(t.database.db);
    const sent = await call(t.app, 'POST', '/user/reset_pw/email/code', {
      form: { email },
      ip: freshClientIp(),
    });
    expect(sent.code, sent.msg).toBe(0);
    const code = await lastCode(t.database.db, email);
    const reset = await call(t.app, 'PUT', '/user/reset_pw_with_code', {
      ip,
      form: { email, code, ...pair },
    });
    expect(reset.code, reset.msg).toBe(0);
    expect((await tries[0]?.())?.code).toBe(603);
    for (const attempt of tries) expect(await attempt()).toMatchObject({ code: FREQUENTLY });
    expect(
      (await call(t.app, 'GET', '/user/reset_pw/not-a-link-credential-at-all-0000', { ip: '203.0.113.26' }))
        .code,
    ).toBe(603);
  });

  it('takes its limits from ABUSE_LIMITS in the environment', async () => {
    const tight = await createTestApp({ ...ACCOUNT_TEST_ENV, ABUSE_LIMITS: 'CAPTCHA_PER_IP=3/60' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await captchaFrom(tight.app, '203.0.113.27')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await tight.close();
    }
  });

  it('limits registrations from one address, guests and phones included', async () => {
    const { points } = ABUSE_LIMITS.REGISTRATIONS_PER_IP;
    const ip = '203.0.113.30';
    for (let i = 0; i < points; i += 1) {
      expect((await call(t.app, 'POST', '/user/tourist', { ip })).code).toBe(0);
    }
    const tourist = await t.app.inject({ method: 'POST', url: '/api/user/tourist', remoteAddress: ip });
    expectTooFrequent(tourist);
    const email = 'late@example.test';
    await call(t.app, 'POST', '/user/register/email/code', { form: { email }, ip: freshClientIp() });
    const password = 'long enough pw';
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: ip,
      headers: await captchaHeaders(t.app),
      payload: {
        email,
        email_code: await lastCode(t.database.db, email),
        password,
        confirm_password: password,
        captcha: CAPTCHA,
        region: 'overseas',
        agree: true,
      },
    });
    expectTooFrequent(byEmail);
    expectTooFrequent(
      await t.app.inject({
        method: 'POST',
        url: '/api/user/register/phone',
        remoteAddress: ip,
        payload: { phone: '+14155550100', code: '123456', agree: true },
      }),
    );
    expect((await call(t.app, 'POST', '/user/tourist', { ip: '203.0.113.31' })).code).toBe(0);
  });

  it('limits codes sent from one address across recipients and channels, and each recipient to one a minute from anywhere', async () => {
    const { points } = ABUSE_LIMITS.CODES_PER_IP;
    const ip = '203.0.113.40';
    for (let i = 0; i < points; i += 1) {
      const sent = await call(t.app, 'POST', '/user/register/email/code', {
        form: { email: `code-${i}@example.test` },
        ip,
      });
      expect(sent.code).toBe(0);
    }
    const send = (url: string, payload: Record<string, string>, from = ip) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, remoteAddress: from, payload });
    expectTooFrequent(await send('/user/register/email/code', { email: 'code-more@example.test' }));
    expectTooFrequent(await send('/user/sms/phone', { phone: '+14155550101', purpose: 'register' }));
    expectTooFrequent(await send('/user/reset_pw/email/code', { email: 'code-0@example.test' }));
    // The recipient's own limit holds whichever address asks.
    expectTooFrequent(
      await send('/user/register/email/code', { email: 'code-0@example.test' }, '203.0.113.41'),
    );
    expect(
      (await send('/user/register/email/code', { email: 'code-new@example.test' }, '203.0.113.41')).json(),
    ).toMatchObject({
      code: 0,
    });
  });
});

describe('abuse limits shared by several app instances on one database', () => {
  let t: TestApp;
  let second: App;
  let secondDatabase: DatabaseHandle | undefined;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
    // A second API process: on PostgreSQL its own connection pool to the same database; the
    // embedded PGlite admits a single process, so there the second app shares the handle.
    let database = t.database;
    const context = inject('ptcTestDatabase');
    if (t.database.driver === 'postgres' && context.driver === 'postgres') {
      const [row] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
      const url = new URL(context.adminUrl);
      url.pathname = `/${row?.name}`;
      secondDatabase = await openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 4 });
      database = secondDatabase;
    }
    second = await buildApp({ config: t.app.config, database, logger: false });
    await Promise.all([t.app.ready(), second.ready()]);
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase?.close();
    await t.close();
  });

  it('lets through exactly the limit summed over both instances', async () => {
    const { points } = ABUSE_LIMITS.CAPTCHA_PER_IP;
    const ip = '198.51.100.7';
    const responses = await Promise.all(
      Array.from({ length: 4 * points }, (_, i) => captchaFrom(i % 2 === 0 ? t.app : second, ip)),
    );
    const servedBy = (half: number) =>
      responses.filter((response, i) => i % 2 === half && response.statusCode === 200).length;
    expect(servedBy(0)).toBeGreaterThan(0);
    expect(servedBy(1)).toBeGreaterThan(0);
    expect(servedBy(0) + servedBy(1)).toBe(points);
    expectTooFrequent(await captchaFrom(second, ip));
    expectTooFrequent(await captchaFrom(t.app, ip));
  });
});
