import {
  envelopeSchema,
  ok,
  replacementLimitsSchema,
  replacementResultSchema,
  replaceProxyBodySchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../plugins/authentication';
import { proxiesDeps } from '../proxies.deps';
import { security, tags, tokenParams } from '../proxies.route-schemas';
import { getReplacementLimits, replaceProxyAddress } from './replacement.service';

/** Self-service replacement of a static proxy's address (issue #21): the limits, and the replacement. */
export const replacementRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);

  app.get(
    '/proxy/token/replacement/:token_id',
    {
      schema: {
        tags,
        security,
        summary: "Replacements of a static proxy's address used and left in the period",
        params: tokenParams,
        response: { 200: envelopeSchema(replacementLimitsSchema) },
      },
    },
    async (request) => ok(await getReplacementLimits(deps, currentUser(request), request.params.token_id)),
  );

  app.post(
    '/proxy/token/replace/:token_id',
    {
      schema: {
        tags,
        security,
        summary:
          'Replace the address of a static proxy with another free one of its area, keeping credentials and expiry, at no charge',
        params: tokenParams,
        body: replaceProxyBodySchema,
        response: { 200: envelopeSchema(replacementResultSchema) },
      },
    },
    async (request) =>
      ok(await replaceProxyAddress(deps, currentUser(request), request.params.token_id, request.body)),
  );
};
