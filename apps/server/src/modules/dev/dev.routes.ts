import { AppError, envelopeSchema, ok } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentOutboxMessage, renderMailboxPage } from './dev.presenter';
import { listOutboxMessages } from './dev.repository';
import { isLoopbackClient } from './loopback';

/** Which outbox messages to show. */
export const outboxQuerySchema = z.object({
  /** How many messages, newest first (1–200, default 50). */
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Only messages to this address or phone number (case-insensitive). */
  recipient: z.string().trim().min(1).max(320).optional(),
});

/** One message kept in the outbox. */
export const outboxMessageSchema = z.object({
  /** Opaque id. */
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  /** Email address or E.164 phone number. */
  recipient: z.string(),
  /** Mail subject; `null` for text messages. */
  subject: z.string().nullable(),
  /** Plain-text body. */
  text: z.string(),
  /** When the message was stored (ISO 8601, UTC). */
  created_at: z.iso.datetime(),
});

// Inline styles only: the page loads nothing and runs nothing.
const MAILBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'";

/**
 * Development helpers: the outbox as JSON and the dev mailbox page. Registered only when
 * `config.isDevToolsEnabled`; the plugin also refuses to add its routes otherwise. They answer
 * clients on this machine only (the outbox holds sign-in and password-reset codes): anyone else
 * gets 404, as in production.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.isDevToolsEnabled) return;

  app.addHook('onRequest', async (request) => {
    if (!isLoopbackClient(request)) throw new AppError('ERR_NOT_FOUND');
  });

  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['Development'],
        summary: 'Mail and text messages kept in the outbox (not in production)',
        querystring: outboxQuerySchema,
        response: { 200: envelopeSchema(z.array(outboxMessageSchema)) },
      },
    },
    async (request) => {
      const messages = await listOutboxMessages(app.db, request.query);
      return ok(messages.map(presentOutboxMessage));
    },
  );

  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['Development'],
        summary: 'The dev mailbox page: outbox messages as HTML (not in production)',
        querystring: outboxQuerySchema,
      },
    },
    async (request, reply) => {
      const messages = await listOutboxMessages(app.db, request.query);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', MAILBOX_CSP)
        .send(renderMailboxPage(messages, request.query));
    },
  );
};
