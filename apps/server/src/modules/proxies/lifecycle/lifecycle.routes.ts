import { envelopeSchema, generatedProxiesSchema, ok } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/authentication';
import { renewProxy, setAutoRenew } from '../list/actions.service';
import { proxiesDeps } from '../proxies.deps';
import { flag, formOrQuery, rowEnvelope, security, tags, tokenParams } from '../proxies.route-schemas';

/** Renewal of static IP proxies, at once or automatically. */
export const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);

  app.put(
    '/proxy/token/renew/:token_id',
    {
      schema: {
        tags,
        security,
        summary: 'Renew a static IP proxy for one more cycle, same address',
        params: tokenParams,
        response: { 200: envelopeSchema(generatedProxiesSchema) },
      },
    },
    async (request) => ok(await renewProxy(deps, currentUser(request), request.params.token_id)),
  );

  app.post(
    '/proxy/token/renew/:token_id',
    {
      schema: {
        tags,
        security,
        summary: 'Turn automatic renewal of a static IP proxy on or off (auto_renew in query or form)',
        params: tokenParams,
        querystring: z.object({ auto_renew: flag.optional() }),
        body: z.object({ auto_renew: flag.optional() }).nullish(),
        response: rowEnvelope,
      },
    },
    async (request) => {
      const autoRenew = formOrQuery('auto_renew', request.body, request.query);
      return ok(await setAutoRenew(deps, currentUser(request), request.params.token_id, autoRenew));
    },
  );
};
