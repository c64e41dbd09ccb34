import {
  byteAmountSchema,
  envelopeSchema,
  formatPtc,
  ok,
  trafficAlarmRequestSchema,
  trafficAlarmSchema,
  trafficBuyRequestSchema,
  trafficPlanOnSaleSchema,
  trafficPoolListSchema,
  trafficPoolQuerySchema,
  trafficPoolSummarySchema,
  trafficPurchaseSchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import {
  buyTrafficPackage,
  ensureTrafficPlans,
  getRemaining,
  getTrafficAlarm,
  listPlans,
  listPurchases,
  setTrafficAlarm,
  summarizeTrafficPool,
} from './traffic.service';

const tags = ['Traffic'];
const security = [{ session: [] }];

/** Traffic package calls of SPEC §7 "Traffic". */
export const trafficRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('onReady', async () => {
    await ensureTrafficPlans(app.db);
  });

  app.get(
    '/proxy/traffic/payway',
    {
      schema: {
        tags,
        security,
        summary: 'Traffic packages on sale',
        response: { 200: envelopeSchema(z.array(trafficPlanOnSaleSchema)) },
      },
    },
    async (request) => ok(await listPlans(app.db, currentUser(request))),
  );

  app.post(
    '/proxy/traffic/buy',
    {
      schema: {
        tags,
        security,
        summary: 'Buy a traffic package (3004 wrong package, 3005 limit reached, 3002 balance)',
        body: trafficBuyRequestSchema,
        response: { 200: envelopeSchema(trafficPurchaseSchema) },
      },
    },
    async (request) => {
      const bought = await buyTrafficPackage(app.db, currentUser(request), request.body.package_id);
      return ok({ pool: bought.pool, balance: formatPtc(bought.balance) });
    },
  );

  app.get(
    '/proxy/traffic/pool',
    {
      schema: {
        tags,
        security,
        summary: 'Traffic package purchase records',
        querystring: trafficPoolQuerySchema,
        response: { 200: envelopeSchema(trafficPoolListSchema) },
      },
    },
    async (request) => ok(await listPurchases(app.db, currentUser(request), request.query)),
  );

  app.post(
    '/proxy/traffic/pool',
    {
      schema: {
        tags,
        security,
        summary: 'Traffic package purchase records, filters and paging in the body',
        // No body at all lists the first page.
        body: z.preprocess((body) => body ?? {}, trafficPoolQuerySchema),
        response: { 200: envelopeSchema(trafficPoolListSchema) },
      },
    },
    async (request) => ok(await listPurchases(app.db, currentUser(request), request.body)),
  );

  app.get(
    '/proxy/traffic/pool/remaining',
    {
      schema: {
        tags,
        security,
        summary: 'Bought traffic left',
        response: { 200: envelopeSchema(byteAmountSchema) },
      },
    },
    async (request) => ok(await getRemaining(app.db, currentUser(request))),
  );

  app.get(
    '/proxy/summary/traffic_pool',
    {
      schema: {
        tags,
        security,
        summary: 'Bought, used and remaining traffic, and traffic proxies’ usage per day over 30 days',
        response: { 200: envelopeSchema(trafficPoolSummarySchema) },
      },
    },
    async (request) => ok(await summarizeTrafficPool(app.db, currentUser(request), request.ctx.tz)),
  );

  app.get(
    '/proxy/traffic/alarm',
    {
      schema: {
        tags,
        security,
        summary: 'Low-traffic alert',
        response: { 200: envelopeSchema(trafficAlarmSchema) },
      },
    },
    async (request) => ok(await getTrafficAlarm(app.db, currentUser(request))),
  );

  app.post(
    '/proxy/traffic/alarm',
    {
      schema: {
        tags,
        security,
        summary: 'Save the low-traffic alert (threshold in GB)',
        body: trafficAlarmRequestSchema,
        response: { 200: envelopeSchema(trafficAlarmSchema) },
      },
    },
    async (request) =>
      ok(await setTrafficAlarm(app.db, currentUser(request), request.body, request.ctx.lang)),
  );
};
