import { eq, ledgerEntries, users } from '@ptc/db';
import { createSession, createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEST_ENV,
  ageSentCodes,
  CAPTCHA,
  call,
  captchaHeaders,
  lastCode,
  loginByEmail,
  registerByEmail,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { moveMoney } from '../wallet/ledger.service';

describe('the user center', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  const signUp = async (email: string, password = 'first password') => {
    await registerByEmail(t.app, t.database.db, { email, password });
    return (await loginByEmail(t.app, email, password)).data.token as string;
  };

  it('changes the password after checking the old one, and revokes every session', async () => {
    const token = await signUp('pw@example.test');
    const other = (await loginByEmail(t.app, 'pw@example.test', 'first password')).data.token;
    const change = (old_password: string) =>
      call(t.app, 'PUT', '/user/pw', {
        token,
        body: { old_password, new_password: 'second password', confirm_password: 'second password' },
      });
    expect(await change('not the password')).toMatchObject({ code: 604 });
    expect((await change('first password')).code).toBe(0);
    for (const session of [token, other])
      expect((await call(t.app, 'GET', '/user/info', { token: session })).code).toBe(2004);
    expect((await loginByEmail(t.app, 'pw@example.test', 'second password')).code).toBe(0);
  });

  it('sets a first password without signing out', async () => {
    const user = await createUser(t.database.db, { passwordHash: null });
    const token = await createSession(t.database.db, user.id);
    const response = await call(t.app, 'PUT', '/user/pw', {
      token,
      body: { new_password: 'brand new pw', confirm_password: 'brand new pw' },
    });
    expect(response.code).toBe(0);
    expect((await call(t.app, 'GET', '/user/info', { token })).data.has_pwd).toBe(true);
  });

  it('requires the old password when one is set', async () => {
    const token = await signUp('needold@example.test');
    const response = await call(t.app, 'PUT', '/user/pw', {
      token,
      body: { new_password: 'x'.repeat(10), confirm_password: 'x'.repeat(10) },
    });
    expect(response.code).toBe(1001);
  });

  it('changes the user name (605 when taken) and revokes every session', async () => {
    const token = await signUp('rename@example.test');
    await createUser(t.database.db, { username: 'Trinity' });
    expect((await call(t.app, 'PUT', '/user/name', { token, body: { username: 'trinity' } })).code).toBe(605);
    expect((await call(t.app, 'PUT', '/user/name', { token, body: { username: 'morpheus' } })).code).toBe(0);
    expect((await call(t.app, 'GET', '/user/info', { token })).code).toBe(2004);
    const login = await call(t.app, 'POST', '/user/login/all', {
      headers: await captchaHeaders(t.app),
      body: { account: 'Morpheus', password: 'first password', captcha: CAPTCHA },
    });
    expect(login.code).toBe(0);
  });

  it('binds a phone proven by a code (606 when another account has it)', async () => {
    const token = await signUp('phone@example.test');
    await createUser(t.database.db, { phone: '+14155550100' });
    expect(
      (
        await call(t.app, 'POST', '/user/sms/phone', {
          token,
          form: { phone: '+14155550100', purpose: 'bind' },
        })
      ).code,
    ).toBe(606);
    const phone = '+14155550101';
    expect(
      (await call(t.app, 'POST', '/user/sms/phone', { token, form: { phone, purpose: 'bind' } })).code,
    ).toBe(0);
    const bound = await call(t.app, 'POST', '/user/bind_phone', {
      token,
      form: { phone, code: await lastCode(t.database.db, phone) },
    });
    expect(bound.code).toBe(0);
    expect((await call(t.app, 'GET', '/user/info', { token })).data.phone).toBe(phone);
  });

  it('texts the survey binding code', async () => {
    const token = await signUp('survey@example.test');
    const response = await call(t.app, 'POST', '/user/sms/rny', { token, form: { phone: '+14155550177' } });
    expect(response.code).toBe(0);
    expect(await lastCode(t.database.db, '+14155550177')).toMatch(/^\d{6}$/);
  });

  it('binds an email only for the caller’s own uid, and answers 5004 for another account’s address', async () => {
    const token = await signUp('mail@example.test');
    await createUser(t.database.db, { email: 'owned@example.test' });
    const info = (await call(t.app, 'GET', '/user/info', { token })).data;
    const owned = await call(t.app, 'POST', '/user/register/email/code', {
      token,
      form: { email: 'owned@example.test', purpose: 'bind' },
    });
    expect(owned.code).toBe(5004);
    await call(t.app, 'POST', '/user/register/email/code', {
      token,
      form: { email: 'second@example.test', purpose: 'bind' },
    });
    const code = await lastCode(t.database.db, 'second@example.test');
    const other = await createUser(t.database.db);
    expect(
      (
        await call(t.app, 'POST', `/user/band/email/${other.uid}`, {
          token,
          form: { email: 'second@example.test', code },
        })
      ).code,
    ).toBe(2001);
    expect(
      (
        await call(t.app, 'POST', `/user/band/email/${info.uid}`, {
          token,
          form: { email: 'second@example.test', code },
        })
      ).code,
    ).toBe(0);
  });

  it('binds a referral code once, never one’s own (4201)', async () => {
    const token = await signUp('ref@example.test');
    const me = (await call(t.app, 'GET', '/user/info', { token })).data;
    const referrer = await createUser(t.database.db);
    expect((await call(t.app, 'POST', '/user/ref/bind', { token, form: { ref: 'NOPE1234' } })).code).toBe(
      4201,
    );
    expect((await call(t.app, 'POST', '/user/ref/bind', { token, form: { ref: me.invite_code } })).code).toBe(
      4201,
    );
    expect(
      (await call(t.app, 'POST', '/user/ref/bind', { token, form: { ref: referrer.inviteCode } })).code,
    ).toBe(0);
    expect((await call(t.app, 'GET', '/user/info', { token })).data.ref).toBe(referrer.inviteCode);
    expect(
      (await call(t.app, 'POST', '/user/ref/bind', { token, form: { ref: referrer.inviteCode } })).code,
    ).toBe(4201);
  });

  it('deletes the account: balance cleared, sessions revoked, personal data removed, email free again', async () => {
    const token = await signUp('leaving@example.test');
    const uid = (await call(t.app, 'GET', '/user/info', { token })).data.uid;
    const [owner] = await t.database.db.select().from(users).where(eq(users.uid, uid));
    await moveMoney(t.database.db, {
      userId: owner?.id ?? 0n,
      amount: 5_000_000n,
      kind: 'topup',
      idempotencyKey: 'leaving',
    });
    expect(
      (await call(t.app, 'DELETE', '/user/delete', { token, body: { password: 'wrong one' } })).code,
    ).toBe(604);
    expect(
      (await call(t.app, 'DELETE', '/user/delete', { token, body: { password: 'first password' } })).code,
    ).toBe(0);
    expect((await call(t.app, 'GET', '/user/info', { token })).code).toBe(2004);
    await ageSentCodes(t.database.db);
    const [row] = await t.database.db.select().from(users).where(eq(users.uid, uid));
    expect(row).toMatchObject({
      email: null,
      phone: null,
      passwordHash: null,
      balance: 0n,
      username: `deleted_${uid}`,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, row?.id ?? 0n));
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['topup', 5_000_000n],
      ['adjustment', -5_000_000n],
    ]);
    await registerByEmail(t.app, t.database.db, { email: 'leaving@example.test' });
  });

  it('answers a token error to calls without a session', async () => {
    expect((await call(t.app, 'PUT', '/user/name', { body: { username: 'x_y_z' } })).code).toBe(2004);
  });
});
