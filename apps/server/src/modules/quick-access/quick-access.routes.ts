import {
  doneResponseSchema,
  envelopeSchema,
  ok,
  quickAccessEntrySchema,
  quickAccessListQuerySchema,
  quickAccessListSchema,
  quickAccessRequestSchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import { proxiesDeps } from '../proxies/proxies.deps';
import { createEntry, listQuickAccess, removeEntry, replaceEntry } from './quick-access.service';

const tags = ['Quick access'];
const security = [{ session: [] }];
const entryParams = z.object({ id: z.string().min(1).max(64) });
const entryEnvelope = { 200: envelopeSchema(quickAccessEntrySchema) };

/**
 * Quick access (SPEC §2 /quick-access, §3, §5, §7): favourite sites a customer opens through one of
 * their proxies with the browser extension. Every call needs a signed-in customer; another
 * customer's entry answers exactly like a missing one (404), another customer's proxy like a
 * missing one (4005).
 */
export const quickAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/proxy/quick_access',
    {
      schema: {
        tags,
        security,
        summary:
          'The quick-access entries, newest first, each with its proxy (flagged when deleted or expired)',
        querystring: quickAccessListQuerySchema,
        response: { 200: envelopeSchema(quickAccessListSchema) },
      },
    },
    async (request) => ok(await listQuickAccess(deps, currentUser(request), request.query)),
  );

  app.post(
    '/proxy/quick_access',
    {
      schema: {
        tags,
        security,
        summary:
          'Add an entry: a full http(s) URL, an optional remark, and one of your proxies (at most 200)',
        body: quickAccessRequestSchema,
        response: entryEnvelope,
      },
    },
    async (request) => ok(await createEntry(deps, currentUser(request), request.body)),
  );

  app.put(
    '/proxy/quick_access/:id',
    {
      schema: {
        tags,
        security,
        summary: "Replace an entry's URL, remark and proxy",
        params: entryParams,
        body: quickAccessRequestSchema,
        response: entryEnvelope,
      },
    },
    async (request) => ok(await replaceEntry(deps, currentUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/proxy/quick_access/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an entry',
        params: entryParams,
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) => ok(await removeEntry(deps, currentUser(request), request.params.id)),
  );
};
