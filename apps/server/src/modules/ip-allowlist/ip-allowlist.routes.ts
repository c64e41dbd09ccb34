import {
  addIpAllowListEntrySchema,
  doneResponseSchema,
  envelopeSchema,
  ipAllowListEntrySchema,
  ipAllowListPortRulesSchema,
  ipAllowListSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import {
  type AllowListDeps,
  addAllowListEntry,
  deleteAllowListEntry,
  getAllowList,
  setAllowListPortRules,
} from './ip-allowlist.service';

const tags = ['IP allow-list'];
const security = [{ session: [] }];

/**
 * The customer's IP allow-list (issue #21 item 3, README "IP allow-list"): clients from a listed
 * address use the chosen proxy without a password. Session-authenticated; tourists get 610 on
 * every write from the request guard.
 */
export const ipAllowListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const deps: AllowListDeps = { db: app.db, database: app.database, config: app.config };

  app.get(
    '/proxy/allowlist',
    {
      schema: {
        tags,
        security,
        summary: "The account's allow-listed addresses, its maximum, and the caller's own address",
        response: { 200: envelopeSchema(ipAllowListSchema) },
      },
    },
    async (request) => ok(await getAllowList(deps, currentUser(request), request.ip)),
  );

  app.post(
    '/proxy/allowlist',
    {
      schema: {
        tags,
        security,
        summary:
          'Allow-list an address or CIDR range for one of your proxies (4024 not listable, 4025 listed already, 4022 over the maximum, 4021 overlaps another account)',
        body: addIpAllowListEntrySchema,
        response: { 200: envelopeSchema(ipAllowListEntrySchema) },
      },
    },
    async (request) => ok(await addAllowListEntry(deps, currentUser(request), request.body)),
  );

  app.delete(
    '/proxy/allowlist/:entry_id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an allow-listed range (4023 when unknown); open connections from it are closed',
        params: z.object({ entry_id: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) => ok(await deleteAllowListEntry(deps, currentUser(request), request.params.entry_id)),
  );

  app.put(
    '/proxy/allowlist/:entry_id/ports',
    {
      schema: {
        tags,
        security,
        summary:
          "Set an entry's targeting by gateway port: port -> username parameters (4026 when a port is not a targeting port or the parameters leave the proxy's area)",
        params: z.object({ entry_id: z.string().min(1).max(64) }),
        body: ipAllowListPortRulesSchema,
        response: { 200: envelopeSchema(ipAllowListEntrySchema) },
      },
    },
    async (request) =>
      ok(await setAllowListPortRules(deps, currentUser(request), request.params.entry_id, request.body)),
  );
};
