import { Writable } from 'node:stream';
import { queryRows, sql } from '@ptc/db';
import { createTestDatabase } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import {
  ACCOUNT_TEST_ENV,
  ageSentCodes,
  CAPTCHA,
  call,
  captchaHeaders,
  lastCode,
  loginByEmail,
} from '../../test/accounts';

describe('secrets at rest and in logs', () => {
  let app: App;
  let close: () => Promise<void>;
  let logs = '';
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    const database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://console.example.test',
      ...ACCOUNT_TEST_ENV,
    });
    app = await buildApp({ config, database, logger: { level: 'trace', stream } });
    close = async () => {
      await app.close();
      await database.close();
    };

    // Every kind of secret the account calls handle, through the real calls.
    const email = 'secretive@example.test';
    secrets.password = 'first secret password';
    await call(app, 'POST', '/user/register/email/code', { form: { email } });
    secrets.emailCode = await lastCode(database.db, email);
    const query = new URLSearchParams({
      email,
      email_code: secrets.emailCode,
      password: secrets.password,
      confirm_password: secrets.password,
      captcha: CAPTCHA,
      region: 'overseas',
      agree: 'true',
    });
    await app.inject({
      method: 'POST',
      url: `/api/user/register?${query}`,
      headers: await captchaHeaders(app),
    });
    secrets.token = (await loginByEmail(app, email, secrets.password)).data.token;
    await ageSentCodes(database.db);
    await call(app, 'POST', '/user/reset_pw/email/code', { form: { email } });
    secrets.resetCode = await lastCode(database.db, email);
    const [mail] = await queryRows<{ text: string }>(
      database.db,
      sql`select text from outbox_messages where recipient = ${email} order by id desc limit 1`,
    );
    secrets.credential = mail?.text.match(/reset-password\/([\w-]+)/)?.[1] ?? 'missing';
    secrets.newPassword = 'second secret password';
    await call(app, 'PUT', `/user/reset_pw/${secrets.credential}`, {
      body: { password: secrets.newPassword, confirm_password: secrets.newPassword },
    });
    secrets.tourist = (await call(app, 'POST', '/user/tourist')).data.token;
    await call(app, 'POST', '/user/sms/phone', { form: { phone: '+14155550142', purpose: 'register' } });
    secrets.smsCode = await lastCode(database.db, '+14155550142');
    secrets.phoneToken = (
      await call(app, 'POST', '/user/register/phone', {
        form: { phone: '+14155550142', code: secrets.smsCode, agree: 'true' },
      })
    ).data.token;
  });
  afterAll(() => close());

  it('went through every flow', () => {
    for (const [name, value] of Object.entries(secrets)) expect(value, name).toMatch(/.{6,}/);
    expect(secrets.credential).not.toBe('missing');
  });

  it('stores no password, token, code or reset credential in clear', async () => {
    const tables = await queryRows<{ tablename: string }>(
      app.db,
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    expect(tables.map((t) => t.tablename)).toContain('sessions');
    for (const { tablename } of tables) {
      // The outbox is the embedded stand-in for a mail server: delivering codes is its job.
      if (tablename === 'outbox_messages') continue;
      const rows = await queryRows(app.db, sql.raw(`select * from "${tablename}"`));
      const dump = JSON.stringify(rows, (_key, value) =>
        typeof value === 'bigint'
          ? value.toString()
          : value instanceof Uint8Array
            ? Buffer.from(value).toString('hex')
            : value,
      );
      for (const [name, value] of Object.entries(secrets))
        expect(dump, `${name} in ${tablename}`).not.toContain(value);
    }
  });

  it('logs none of them', () => {
    expect(logs.length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(secrets)) expect(logs, name).not.toContain(value);
  });
});
