import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_ENV, ageSentCodes, CAPTCHA, call, captchaHeaders } from '../../test/accounts';
import { parseMail, type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('account emails through a real SMTP server on loopback', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      ...ACCOUNT_TEST_ENV,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'PTC <no-reply@ptc.example.test>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const lastMailTo = (address: string) => {
    const message = smtp.messages.filter((mail) => mail.to.includes(address)).at(-1);
    if (!message) throw new Error(`no mail to ${address}`);
    return { ...parseMail(message.raw), from: message.from };
  };

  it('delivers the registration code, and the code registers the account', async () => {
    const email = 'smtp-user@example.test';
    expect((await call(t.app, 'POST', '/user/register/email/code', { form: { email } })).code).toBe(0);
    const mail = lastMailTo(email);
    expect(mail.from).toBe('no-reply@ptc.example.test');
    expect(mail.headers.subject).toMatch(/verification code/);
    const code = mail.text?.match(/\b(\d{6})\b/)?.[1] ?? '';
    const registered = await call(t.app, 'POST', '/user/register', {
      headers: await captchaHeaders(t.app),
      body: {
        email,
        email_code: code,
        password: 'smtp password',
        confirm_password: 'smtp password',
        captcha: CAPTCHA,
        region: 'overseas',
        agree: true,
      },
    });
    expect(registered.code).toBe(0);
  });

  it('delivers the reset email with a code and a working link', async () => {
    const email = 'smtp-user@example.test';
    await ageSentCodes(t.database.db);
    expect(
      (
        await call(t.app, 'POST', '/user/reset_pw/email/code', {
          form: { email },
          headers: { lang: 'zh-CN' },
        })
      ).code,
    ).toBe(0);
    const mail = lastMailTo(email);
    expect(mail.headers.subject).toBe('重置您的 PTC 密码');
    const credential = mail.text?.match(/\/reset-password\/([\w-]+)/)?.[1] ?? '';
    const reset = await call(t.app, 'PUT', `/user/reset_pw/${credential}`, {
      body: { password: 'reset by smtp', confirm_password: 'reset by smtp' },
    });
    expect(reset.code).toBe(0);
    // Nothing went to the outbox: the SMTP server got it all.
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json().data).toEqual([]);
  });
});
