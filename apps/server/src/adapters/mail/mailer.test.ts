import type { DatabaseHandle } from '@ptc/db';
import { eq, outboxMessages } from '@ptc/db';
import { createTestDatabase } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createMailer } from './mailer';

describe('createMailer', () => {
  let database: DatabaseHandle;
  let sink: SmtpSink;
  beforeAll(async () => {
    [database, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
  });
  afterAll(async () => {
    await Promise.all([database.close(), sink.close()]);
  });

  it('hands the message to the SMTP server with the configured sender', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from: 'PTC <no-reply@ptc.example.test>' }, database.db);
    try {
      await mailer.send({
        to: 'alice@example.test',
        subject: 'Ваш код подтверждения — 验证码',
        text: `Здравствуйте! Your verification code is 482913. ${'Long line. '.repeat(12)}`,
        html: '<p>Your verification code is <b>482913</b>.</p>',
      });
    } finally {
      await mailer.close();
    }

    expect(sink.messages).toHaveLength(1);
    const [received] = sink.messages;
    expect(received?.from).toBe('no-reply@ptc.example.test');
    expect(received?.to).toEqual(['alice@example.test']);
    const mail = parseMail(received?.raw ?? '');
    expect(mail.headers.to).toBe('alice@example.test');
    expect(mail.headers.from).toBe('PTC <no-reply@ptc.example.test>');
    expect(mail.headers.subject).toBe('Ваш код подтверждения — 验证码');
    expect(mail.text).toContain('Здравствуйте! Your verification code is 482913.');
    expect(mail.html).toContain('<b>482913</b>');
    expect(await database.db.$count(outboxMessages)).toBe(0);
  });

  it('keeps the message in the outbox when no SMTP server is configured', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'PTC <no-reply@localhost>' }, database.db);
    await mailer.send({ to: 'bob@example.test', subject: 'Reset your password', text: 'Code: 120034' });
    await mailer.close();

    const rows = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'bob@example.test'));
    expect(rows).toEqual([
      expect.objectContaining({
        channel: 'email',
        recipient: 'bob@example.test',
        subject: 'Reset your password',
        text: 'Code: 120034',
        html: null,
        createdAt: expect.any(Date),
      }),
    ]);
  });

  it('fails when the SMTP server cannot be reached', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const mailer = createMailer({ smtpUrl: closed.url, from: 'no-reply@localhost' }, database.db);
    try {
      await expect(
        mailer.send({ to: 'carol@example.test', subject: 'Hi', text: 'Code 1' }),
      ).rejects.toThrow();
    } finally {
      await mailer.close();
    }
  });
});
