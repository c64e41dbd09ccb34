import { clientEvents, count, eq, proxies, users } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/auth/secrets';
import { ACCOUNT_TEST_ENV, call, loginByEmail, registerByEmail } from '../test/accounts';
import { signedInCustomer } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/** The calls an outside probe answered 500 with a NUL character (issue #13): each now answers 1002. */
describe('NUL characters in the calls that answered 500', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof signedInCustomer>>;
  let proxy: Awaited<ReturnType<typeof createProxy>>;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signedInCustomer(t.database);
    proxy = await createProxy(t.database.db, customer.user.id, { remark: 'kept' });
  });
  afterAll(() => t.close());

  const expectRefused = (answer: { status: number; code: number; msg: string }, field: string) => {
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(1002);
    expect(answer.msg).toBe(`Argument type error: ${field}: control characters are not allowed`);
  };

  const storedProxy = async () => {
    const [row] = await t.database.db.select().from(proxies).where(eq(proxies.id, proxy.id));
    return row;
  };

  it('refuses a NUL in the path of DELETE /proxy/token/{token_id} and deletes nothing', async () => {
    const answer = await call(t.app, 'DELETE', `/proxy/token/${proxy.publicId}%00`, {
      token: customer.token,
    });
    expectRefused(answer, 'token_id');
    expect((await storedProxy())?.deletedAt ?? null).toBeNull();
  });

  it('refuses a NUL in each text filter of the proxy list', async () => {
    for (const filter of ['ip', 'username', 'password', 'remark']) {
      const answer = await call(t.app, 'GET', `/proxy/tokens/dynamic/traffic?${filter}=a%00b`, {
        token: customer.token,
      });
      expectRefused(answer, filter);
    }
  });

  it('refuses a NUL in the ip of the static store search', async () => {
    const answer = await call(t.app, 'GET', '/proxy/store/static?type=residential&country=US&ip=1.2.3%00', {
      token: customer.token,
    });
    expectRefused(answer, 'ip');
  });

  it('refuses a NUL in the path of GET /proxy/charges/order/{order_no}', async () => {
    const answer = await call(t.app, 'GET', '/proxy/charges/order/ORDER0001%00', { token: customer.token });
    expectRefused(answer, 'order_no');
  });

  it('refuses a NUL in the token_id of the speed test, as JSON or form', async () => {
    const json = await call(t.app, 'POST', '/proxy/test', {
      token: customer.token,
      body: { token_id: `${proxy.publicId}\u0000` },
    });
    expectRefused(json, 'token_id');
    const form = await call(t.app, 'POST', '/proxy/test', {
      token: customer.token,
      form: { token_id: `${proxy.publicId}\u0000` },
    });
    expectRefused(form, 'token_id');
  });

  it('refuses a NUL in the referral code and binds nothing', async () => {
    const answer = await call(t.app, 'POST', '/user/ref/bind', {
      token: customer.token,
      form: { ref: 'FRIEND\u0000' },
    });
    expectRefused(answer, 'ref');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(user?.referrerCode ?? null).toBeNull();
  });

  it('refuses a NUL in a statistics event, at the top or deep in its data, and stores nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(clientEvents);
    const page = await call(t.app, 'POST', '/api/statistics/log', {
      body: { event: 'page_view', page: '/a\u0000' },
    });
    expectRefused(page, 'page');
    const deep = await call(t.app, 'POST', '/api/statistics/log', {
      body: { event: 'page_view', data: { error: { stack: ['ok', 'x\u0000'] } } },
    });
    expectRefused(deep, 'data.error.stack.1');
    const after = await t.database.db.select({ n: count() }).from(clientEvents);
    expect(after).toEqual(before);
  });

  it('keeps line breaks in the statistics data, which is multi-line, but not in the page', async () => {
    const multi = await call(t.app, 'POST', '/api/statistics/log', {
      body: { event: 'js_error', data: { message: 'TypeError: x\n    at y' } },
    });
    expect(multi.code).toBe(0);
    const page = await call(t.app, 'POST', '/api/statistics/log', {
      body: { event: 'page_view', page: '/a\nb' },
    });
    expectRefused(page, 'page');
  });

  it('refuses a NUL in a remark and keeps the old one', async () => {
    const answer = await call(t.app, 'PUT', `/proxy/token/remark/${proxy.publicId}?remark=new%00`, {
      token: customer.token,
    });
    expectRefused(answer, 'remark');
    expect((await storedProxy())?.remark).toBe('kept');
  });

  it('keeps line breaks in a remark (the console edits it in a text area), but no other control', async () => {
    const answer = await call(t.app, 'PUT', `/proxy/token/remark/${proxy.publicId}`, {
      token: customer.token,
      form: { remark: 'line one\nline two' },
    });
    expect(answer.code).toBe(0);
    expect((await storedProxy())?.remark).toBe('line one\nline two');
    const bell = await call(t.app, 'PUT', `/proxy/token/remark/${proxy.publicId}`, {
      token: customer.token,
      form: { remark: 'ring\u0007' },
    });
    expectRefused(bell, 'remark');
  });

  it('refuses a lone surrogate in JSON text with 1002', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api/statistics/log',
      headers: { 'content-type': 'application/json' },
      payload: '{"event":"page_view","page":"/\\ud800"}',
    });
    expect(response.json()).toMatchObject({
      code: 1002,
      msg: 'Argument type error: page: invalid Unicode text (lone surrogate)',
    });
  });
});

/** A current password is only compared with its hash: any character passes, so no one set before the rules is locked out. */
describe('passwords typed to sign in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  it('signs in with a password that holds a TAB, and refuses a TAB in a new password with 1002', async () => {
    const email = 'tabbed@example.test';
    await registerByEmail(t.app, t.database.db, { email, password: 'plain password' });
    // As if set before the text rules existed.
    const tabbed = 'tab\there password';
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(tabbed) })
      .where(eq(users.email, email));
    const signedIn = await loginByEmail(t.app, email, tabbed);
    expect(signedIn.code).toBe(0);
    expect((await loginByEmail(t.app, email, 'tab here password')).code).toBe(2003);

    const change = (newPassword: string) =>
      call(t.app, 'PUT', '/user/pw', {
        token: signedIn.data.token,
        body: { old_password: tabbed, new_password: newPassword, confirm_password: newPassword },
      });
    const refused = await change('new\tpassword');
    expect(refused).toMatchObject({ status: 400, code: 1002 });
    expect(refused.msg).toContain('new_password: control characters are not allowed');
    expect((await change('new password ok')).code).toBe(0);
  }, 30_000);
});
