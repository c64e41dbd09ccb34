import {
  adminAnnouncementListSchema,
  adminAnnouncementRequestSchema,
  adminAnnouncementSchema,
  announcementListSchema,
  announcementSchema,
  doneResponseSchema,
  envelopeSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import { currentOperator, requireOperator } from '../admin/operator-guard';
import {
  createAnnouncement,
  editAnnouncement,
  listCustomerAnnouncements,
  listOperatorAnnouncements,
  markCustomerAnnouncement,
  removeAnnouncement,
  unpublishAnnouncement,
} from './announcements.service';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Bulletins for customers (SPEC §4, §7 `GET /proxy/announcements`; issue #20). Every call needs a
 * signed-in customer (a tourist too: reading and closing a bulletin changes nothing of theirs).
 * Texts come in the language of the `lang` header (else English, else the first one written).
 *
 * - `GET /api/proxy/announcements`: the bulletins in force, newest first, each with `read` and
 *   `closed` for this customer, and the `unread` count.
 * - `PUT /api/proxy/announcements/{id}/read`: the customer has seen it.
 * - `PUT /api/proxy/announcements/{id}/close`: the customer closed it (read too); the console no
 *   longer shows it, on any device. Both are idempotent; a bulletin not in force is 404.
 */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Bulletins'];
  const security = [{ session: [] }];
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/proxy/announcements',
    {
      schema: {
        tags,
        security,
        summary: "The bulletins in force, newest first, in the customer's language, with read/closed marks",
        response: { 200: envelopeSchema(announcementListSchema) },
      },
    },
    async (request) => ok(await listCustomerAnnouncements(app.db, currentUser(request), request.ctx.lang)),
  );

  for (const action of ['read', 'close'] as const) {
    app.put(
      `/proxy/announcements/:id/${action}`,
      {
        config: { allowUnbound: true },
        schema: {
          tags,
          security,
          summary:
            action === 'read'
              ? 'Mark a bulletin read for this customer'
              : 'Close a bulletin for this customer (on every device; marks it read too)',
          params: idParams,
          response: { 200: envelopeSchema(announcementSchema) },
        },
      },
      async (request) =>
        ok(
          await markCustomerAnnouncement(
            app.db,
            currentUser(request),
            request.params.id,
            request.ctx.lang,
            action === 'close',
          ),
        ),
    );
  }
};

/**
 * Bulletins as operators write them (`/api/admin/announcements…`, issue #20): every operator reads
 * the list; owner and support write, edit, unpublish and delete. Every change is audited
 * (`announcement.create|edit|unpublish|delete`).
 */
export const adminAnnouncementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Operator: bulletins'];
  const security = [{ operatorSession: [] }];
  const act = (request: Parameters<typeof currentOperator>[0]) => ({
    operator: currentOperator(request),
    clientIp: request.ip,
  });
  const one = { 200: envelopeSchema(adminAnnouncementSchema) };

  const readers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance', 'support'));
    scope.get(
      '/admin/announcements',
      {
        schema: {
          tags,
          security,
          summary: 'Every bulletin (scheduled, active, ended), newest first, with read and closed counts',
          response: { 200: envelopeSchema(adminAnnouncementListSchema) },
        },
      },
      async () => ok(await listOperatorAnnouncements(app.db)),
    );
  };

  const writers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'support'));
    scope.post(
      '/admin/announcements',
      {
        schema: {
          tags,
          security,
          summary:
            'Publish a bulletin: title and body in one to three languages, from starts_at (default now) to ends_at (owner, support)',
          body: adminAnnouncementRequestSchema,
          response: one,
        },
      },
      async (request) => ok(await createAnnouncement(app.db, request.body, act(request))),
    );
    scope.put(
      '/admin/announcements/:id',
      {
        schema: {
          tags,
          security,
          summary: "Replace a bulletin's texts and window; starts_at kept when absent (owner, support)",
          params: idParams,
          body: adminAnnouncementRequestSchema,
          response: one,
        },
      },
      async (request) => ok(await editAnnouncement(app.db, request.params.id, request.body, act(request))),
    );
    scope.post(
      '/admin/announcements/:id/unpublish',
      {
        schema: {
          tags,
          security,
          summary: 'End a bulletin now: customers no longer get it (owner, support)',
          params: idParams,
          response: one,
        },
      },
      async (request) => ok(await unpublishAnnouncement(app.db, request.params.id, act(request))),
    );
    scope.delete(
      '/admin/announcements/:id',
      {
        schema: {
          tags,
          security,
          summary: "Delete a bulletin and every customer's read/closed marks on it (owner, support)",
          params: idParams,
          response: { 200: envelopeSchema(doneResponseSchema) },
        },
      },
      async (request) => ok(await removeAnnouncement(app.db, request.params.id, act(request))),
    );
  };

  await app.register(readers);
  await app.register(writers);
};
