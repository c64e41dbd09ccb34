import { envelopeSchema, errorEnvelopeSchema, ok, proxyListSchema } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authentication';
import { proxiesDeps } from '../proxies/proxies.deps';
import { balanceSchema, proxyDownloadQuerySchema, publicProxyListQuerySchema } from './public-api.schemas';
import { downloadProxyLines, getBalance, listPublicProxies } from './public-api.service';
import type { PublicRoutesOptions } from './v2.routes';

/** When V1 was deprecated (RFC 9745 `Deprecation: @<epoch seconds>`): 2026-01-01T00:00:00Z. */
export const V1_DEPRECATED_AT = new Date('2026-01-01T00:00:00Z');

/** The headers every V1 answer carries: deprecated, and where its successor is documented. */
export const V1_DEPRECATION_HEADERS = {
  deprecation: `@${Math.floor(V1_DEPRECATED_AT.getTime() / 1000)}`,
  link: '</api-v2/docs/>; rel="successor-version", </api-v1/docs/>; rel="deprecation"',
} as const;

/**
 * The legacy public API V1 (issue #17): the few read calls old integrations make (balance, proxy
 * list, list download), with the account's single V1 key only. Kept, not extended: every answer
 * says it is deprecated and points to V2.
 */
export const v1Routes: FastifyPluginAsyncZod<PublicRoutesOptions> = async (app, options) => {
  const deps = proxiesDeps(app);
  const read = app.requireApiKey('read', 'v1');
  // Every answer, refusals included, carries the notice: set before the key is checked.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(V1_DEPRECATION_HEADERS);
  });
  const operation = (operationId: string, sample: Parameters<typeof options.samples.set>[1] = {}) => {
    options.samples.set(operationId, sample);
    return { operationId, deprecated: true };
  };

  app.get(
    '/balance',
    {
      onRequest: read,
      schema: {
        ...operation('v1GetBalance'),
        tags: ['V1 (deprecated)'],
        summary: 'Spendable and held PTC, and the bought traffic left',
        response: { 200: envelopeSchema(balanceSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => ok(await getBalance(deps, currentUser(request))),
  );

  app.get(
    '/proxies',
    {
      onRequest: read,
      schema: {
        ...operation('v1ListProxies', { query: { family: 'dynamic-traffic', page: 1, page_size: 50 } }),
        tags: ['V1 (deprecated)'],
        summary: 'Proxies of one family, filtered and paged',
        querystring: publicProxyListQuerySchema,
        response: { 200: envelopeSchema(proxyListSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => ok(await listPublicProxies(deps, currentUser(request), request.query)),
  );

  app.get(
    '/proxies/download',
    {
      onRequest: read,
      schema: {
        ...operation('v1DownloadProxies', {
          query: { family: 'dynamic-traffic', format: 'host:port:user:pass' },
          text: true,
        }),
        tags: ['V1 (deprecated)'],
        summary: 'Proxies of one family as plain text, one line each',
        querystring: proxyDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const text = await downloadProxyLines(deps, currentUser(request), request.query);
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
};
