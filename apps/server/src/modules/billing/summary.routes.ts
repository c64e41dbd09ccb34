import {
  costSummaryParamsSchema,
  costSummaryQuerySchema,
  costSummarySchema,
  envelopeSchema,
  ok,
  proxiesSummarySchema,
  trafficSummarySchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authentication';
import { summarizeCosts, summarizeProxies, summarizeTraffic } from './summary.service';

const tags = ['Dashboard'];
const security = [{ session: [] }];

/** The dashboard overview's summaries (SPEC §2): costs, traffic and proxies. Days follow the `tz` header. */
export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/proxy/summary/cost/:statistics_type',
    {
      schema: {
        tags,
        security,
        summary: 'PTC cost per category per day (dates) or month (YYYY-MM)',
        params: costSummaryParamsSchema,
        querystring: costSummaryQuerySchema,
        response: { 200: envelopeSchema(costSummarySchema) },
      },
    },
    async (request) =>
      ok(
        await summarizeCosts(
          app.db,
          currentUser(request),
          request.params.statistics_type,
          request.query,
          request.ctx.tz,
        ),
      ),
  );

  app.get(
    '/proxy/summary/traffic',
    {
      schema: {
        tags,
        security,
        summary: 'Traffic of the last 24 hours by hour and 30 days by day',
        response: { 200: envelopeSchema(trafficSummarySchema) },
      },
    },
    async (request) => ok(await summarizeTraffic(app.db, currentUser(request), request.ctx.tz)),
  );

  app.get(
    '/proxy/summary/proxies',
    {
      schema: {
        tags,
        security,
        summary: 'Proxies per family by status and switch',
        response: { 200: envelopeSchema(proxiesSummarySchema) },
      },
    },
    async (request) => ok(await summarizeProxies(app.db, currentUser(request))),
  );
};
