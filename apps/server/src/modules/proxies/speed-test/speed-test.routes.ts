import {
  envelopeSchema,
  ok,
  proxyCheckRequestSchema,
  proxyCheckSchema,
  speedTestRequestSchema,
  speedTestSchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../plugins/authentication';
import { proxiesDeps } from '../proxies.deps';
import { security, tags } from '../proxies.route-schemas';
import { checkProxy } from './proxy-check.service';
import { runSpeedTest } from './speed-test.service';

/** The speed test and the exit check through the gateway. */
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

  app.post(
    '/proxy/check',
    {
      schema: {
        tags,
        security,
        summary: "Check a proxy: a request through the gateway answering the exit's IP and country",
        body: proxyCheckRequestSchema,
        response: { 200: envelopeSchema(proxyCheckSchema) },
      },
    },
    async (request) => ok(await checkProxy(deps, currentUser(request), request.body.token_id)),
  );
};
