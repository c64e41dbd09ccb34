import { desc, eq, outboxMessages, passwordResets, sql } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEST_ENV,
  ageSentCodes,
  call,
  lastCode,
  loginByEmail,
  registerByEmail,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  const lastLink = async (email: string) => {
    const [message] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    const credential = message?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    if (!credential) throw new Error('no reset link');
    return { credential, text: message?.text ?? '' };
  };

  const sendReset = async (email: string) => {
    await ageSentCodes(t.database.db);
    return call(t.app, 'POST', '/user/reset_pw/email/code', { form: { email } });
  };

  it('answers 2001 for an email without an account', async () => {
    expect(await sendReset('ghost@example.test')).toMatchObject({ status: 404, code: 2001 });
  });

  it('emails a code and a link to the console, in the language of the request', async () => {
    await registerByEmail(t.app, t.database.db, { email: 'lang@example.test' });
    await ageSentCodes(t.database.db);
    const response = await call(t.app, 'POST', '/user/reset_pw/email/code', {
      form: { email: 'lang@example.test' },
      headers: { lang: 'ru-RU' },
    });
    expect(response).toMatchObject({ code: 0, data: { expires_in: 86_400 } });
    const { text } = await lastLink('lang@example.test');
    expect(text).toContain('https://console.example.test/reset-password/');
    expect(text).toContain('Код');
  });

  it('resets with the emailed code, revoking every session; the code works once', async () => {
    await registerByEmail(t.app, t.database.db, { email: 'code@example.test', password: 'old password' });
    const session = (await loginByEmail(t.app, 'code@example.test', 'old password')).data.token;
    await sendReset('code@example.test');
    const code = await lastCode(t.database.db, 'code@example.test');
    const body = {
      email: 'code@example.test',
      code,
      password: 'new password',
      confirm_password: 'new password',
    };
    expect(
      (await call(t.app, 'PUT', '/user/reset_pw_with_code', { body: { ...body, code: '000000' } })).code,
    ).toBe(603);
    expect((await call(t.app, 'PUT', '/user/reset_pw_with_code', { body })).code).toBe(0);
    expect((await call(t.app, 'GET', '/user/info', { token: session })).code).toBe(2004);
    expect((await loginByEmail(t.app, 'code@example.test', 'old password')).code).toBe(2003);
    expect((await loginByEmail(t.app, 'code@example.test', 'new password')).code).toBe(0);
    expect((await call(t.app, 'PUT', '/user/reset_pw_with_code', { body })).code).toBe(603);
  });

  it('resets with the emailed link, once', async () => {
    await registerByEmail(t.app, t.database.db, { email: 'link@example.test', password: 'old password' });
    await sendReset('link@example.test');
    const { credential } = await lastLink('link@example.test');
    const described = await call(t.app, 'GET', `/user/reset_pw/${credential}`);
    expect(described).toMatchObject({ code: 0, data: { email: 'li***@example.test' } });
    const body = { password: 'link password', confirm_password: 'link password' };
    expect((await call(t.app, 'PUT', `/user/reset_pw/${credential}`, { body })).code).toBe(0);
    expect((await loginByEmail(t.app, 'link@example.test', 'link password')).code).toBe(0);
    expect((await call(t.app, 'PUT', `/user/reset_pw/${credential}`, { body })).code).toBe(603);
    expect((await call(t.app, 'GET', `/user/reset_pw/${credential}`)).code).toBe(603);
  });

  it('accepts the credential in the body of PUT /user/reset_pw', async () => {
    await registerByEmail(t.app, t.database.db, { email: 'body@example.test' });
    await sendReset('body@example.test');
    const { credential } = await lastLink('body@example.test');
    const body = { credential, password: 'body password', confirm_password: 'body password' };
    expect((await call(t.app, 'PUT', '/user/reset_pw', { body })).code).toBe(0);
    expect(
      (
        await call(t.app, 'PUT', '/user/reset_pw', {
          body: { password: 'x'.repeat(9), confirm_password: 'x'.repeat(9) },
        })
      ).code,
    ).toBe(1001);
  });

  it('refuses a link older than 24 hours', async () => {
    await registerByEmail(t.app, t.database.db, { email: 'old@example.test' });
    await sendReset('old@example.test');
    const { credential } = await lastLink('old@example.test');
    await t.database.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await call(t.app, 'GET', `/user/reset_pw/${credential}`)).code).toBe(603);
  });
});
