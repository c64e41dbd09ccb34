import type { DatabaseHandle } from '@ptc/db';
import { eq, outboxMessages } from '@ptc/db';
import { createTestDatabase } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalHttpServer, readBody, startLocalHttpServer } from '../../test/local-http-server';
import { createSmsSender } from './sms-sender';

interface CapturedRequest {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

describe('createSmsSender', () => {
  let database: DatabaseHandle;
  let twilio: LocalHttpServer;
  const captured: CapturedRequest[] = [];
  // The fake Twilio accepts everything except messages to +15005550001.
  beforeAll(async () => {
    [database, twilio] = await Promise.all([
      createTestDatabase(),
      startLocalHttpServer(async (request, response) => {
        const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
        captured.push({
          method: request.method,
          url: request.url,
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          form,
        });
        response.setHeader('content-type', 'application/json');
        if (form.To === '+15005550001') {
          response.statusCode = 400;
          response.end(
            JSON.stringify({
              code: 21211,
              message: `The 'To' number ${form.To} is not valid; body was ${form.Body}`,
              status: 400,
            }),
          );
          return;
        }
        response.statusCode = 201;
        response.end(JSON.stringify({ sid: 'SM123', status: 'queued' }));
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([database.close(), twilio.close()]);
  });

  const twilioConfig = () => ({
    provider: 'twilio' as const,
    accountSid: 'AC0123456789abcdef',
    authToken: 'secret-auth-token',
    from: '+15005550006',
    apiUrl: twilio.origin,
  });

  it('keeps the text in the outbox by default', async () => {
    await createSmsSender({ provider: 'outbox' }, database.db).send('+14155550123', 'Your code is 554433');

    const rows = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+14155550123'));
    expect(rows).toEqual([
      expect.objectContaining({ channel: 'sms', subject: null, text: 'Your code is 554433', html: null }),
    ]);
  });

  it('posts the message to Twilio with basic auth and form fields', async () => {
    captured.length = 0;
    await createSmsSender(twilioConfig(), database.db).send('+14155550199', 'Ваш код: 908172 & more');

    expect(captured).toEqual([
      {
        method: 'POST',
        url: '/2010-04-01/Accounts/AC0123456789abcdef/Messages.json',
        authorization: `Basic ${Buffer.from('AC0123456789abcdef:secret-auth-token').toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
        form: { To: '+14155550199', From: '+15005550006', Body: 'Ваш код: 908172 & more' },
      },
    ]);
    expect(await database.db.$count(outboxMessages, eq(outboxMessages.channel, 'sms'))).toBe(1);
  });

  it('throws on a refusal without repeating the text or the auth token', async () => {
    const sending = createSmsSender(twilioConfig(), database.db).send('+15005550001', 'Your code is 777111');

    const error: Error = await sending.then(
      () => expect.unreachable('the send should fail'),
      (reason: Error) => reason,
    );
    expect(error.message).toContain('400');
    expect(error.message).toContain('21211');
    expect(error.message).not.toContain('777111');
    expect(error.message).not.toContain('secret-auth-token');
  });

  it('throws when Twilio cannot be reached', async () => {
    const gone = await startLocalHttpServer(() => {});
    await gone.close();
    const sender = createSmsSender({ ...twilioConfig(), apiUrl: gone.origin }, database.db);

    await expect(sender.send('+14155550123', 'Your code is 123456')).rejects.toThrow(/ECONNREFUSED/);
  });
});
