import type { Database } from '@ptc/db';
import type { Config } from '../../config';
import { insertOutboxMessage } from '../outbox/outbox.repository';

/** Sends text messages. Bodies carry codes: implementations never log or echo them. */
export interface SmsSender {
  /** Sends `text` to `to`, an E.164 number (+14155550123); throws when the provider refuses. */
  send(to: string, text: string): Promise<void>;
}

/** The configured SMS provider: Twilio, or the outbox table (embedded default). */
export const createSmsSender = (config: Config['sms'], db: Database): SmsSender =>
  config.provider === 'twilio' ? createTwilioSender(config) : createOutboxSender(db);

const createOutboxSender = (db: Database): SmsSender => ({
  send: async (to, text) => {
    await insertOutboxMessage(db, { channel: 'sms', recipient: to, subject: null, text, html: null });
  },
});

type TwilioConfig = Extract<Config['sms'], { provider: 'twilio' }>;

const TWILIO_TIMEOUT_MS = 15_000;

/** Twilio's Programmable Messaging REST API (`POST /2010-04-01/Accounts/{sid}/Messages.json`). */
const createTwilioSender = (config: TwilioConfig): SmsSender => {
  const endpoint = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    send: async (to, text) => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: config.from, Body: text }),
        signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
      }).catch((error: unknown) => {
        throw new Error(`Twilio could not be reached: ${errorName(error)}`);
      });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      throw new Error(
        `Twilio refused the message: HTTP ${response.status}${await twilioErrorCode(response)}`,
      );
    },
  };
};

// Only Twilio's numeric error code is kept: its messages may quote the request.
const twilioErrorCode = async (response: Response): Promise<string> => {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === 'number' ? ` (Twilio error ${body.code})` : '';
  } catch {
    return '';
  }
};

// Names the failure (timeout, ECONNREFUSED, …) without anything of the request.
const errorName = (error: unknown): string => {
  if (!(error instanceof Error)) return 'unknown error';
  if (error.name === 'TimeoutError') return 'timed out';
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : error.name;
};
