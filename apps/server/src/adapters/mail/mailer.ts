import type { Database } from '@ptc/db';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config';
import { insertOutboxMessage } from '../outbox/outbox.repository';

/** One outgoing mail. Bodies often carry codes or links: they are never logged. */
export interface MailMessage {
  /** Recipient address. */
  to: string;
  subject: string;
  /** Plain-text body (always sent; the outbox and dev mailbox show it). */
  text: string;
  /** Optional HTML alternative. */
  html?: string;
}

/** Sends mail through SMTP, or keeps it in the outbox when no SMTP server is configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Releases pooled connections; the mailer must not be used afterwards. */
  close(): Promise<void>;
}

/** SMTP when `config.smtpUrl` is set (options in the URL's query win), else the outbox table. */
export const createMailer = (config: Config['mail'], db: Database, log?: FastifyBaseLogger): Mailer =>
  config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from, log) : createOutboxMailer(db, log);

const createSmtpMailer = (smtpUrl: string, from: string, log?: FastifyBaseLogger): Mailer => {
  const transport = createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      // nodemailer's own logger would print message content at debug level.
      logger: false,
    },
    { from },
  );
  return {
    send: async (message) => {
      const info = await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
      log?.info({ messageId: info.messageId }, 'mail handed to the SMTP server');
    },
    close: async () => {
      transport.close();
    },
  };
};

const createOutboxMailer = (db: Database, log?: FastifyBaseLogger): Mailer => ({
  send: async (message) => {
    const id = await insertOutboxMessage(db, {
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    });
    log?.info({ outboxId: id.toString() }, 'mail kept in the outbox');
  },
  close: async () => {},
});
