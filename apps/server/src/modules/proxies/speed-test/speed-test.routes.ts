import { envelopeSchema, ok, speedTestRequestSchema, speedTestSchema } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../plugins/authentication';
import { proxiesDeps } from '../proxies.deps';
import { security, tags } from '../proxies.route-schemas';
import { runSpeedTest } from './speed-test.service';

/** The speed test through the gateway. */
export const speedTestRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);

  app.post(
    '/proxy/test',
    {
      schema: {
        tags,
        security,
        summary: 'Speed test: a real request through the gateway with the proxy',
        body: speedTestRequestSchema,
        response: { 200: envelopeSchema(speedTestSchema) },
      },
    },
    async (request) => ok(await runSpeedTest(deps, currentUser(request), request.body.token_id)),
  );
};
