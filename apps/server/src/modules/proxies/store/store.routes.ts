import { envelopeSchema, ok, staticStoreItemSchema, staticStoreQuerySchema } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/authentication';
import { proxiesDeps } from '../proxies.deps';
import { security, tags } from '../proxies.route-schemas';
import { searchStaticStore } from './store.service';

/** The static addresses on sale. */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);

  app.get(
    '/proxy/store/static',
    {
      schema: {
        tags,
        security,
        summary: 'Static addresses on sale (counted against the daily search limit, 4010)',
        querystring: staticStoreQuerySchema,
        response: { 200: envelopeSchema(z.object({ records: z.array(staticStoreItemSchema) })) },
      },
    },
    async (request) => ok({ records: await searchStaticStore(deps, currentUser(request), request.query) }),
  );
};
