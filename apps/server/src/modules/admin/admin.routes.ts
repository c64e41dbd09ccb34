import { accountPlanSchema, envelopeSchema, ok, setPlanRequestSchema } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmManualPayment } from '../payments/payments.service';
import { setPrice } from '../proxies/pricing/prices.service';
import { presentPtc } from '../proxies/proxies.presenter';
import { presentAccountPlan } from '../users/users.presenter';
import { setAccountPlan } from '../users/users.service';
import { walletDeps } from '../wallet/wallet.deps';
import { assertOperator, OPERATOR_TOKEN_HEADER } from './operator-token';

const tags = ['Operator'];

/**
 * Operator calls (`/api/admin/*`): every one needs the `x-admin-token` header (checked once, here,
 * before anything else is read), and does its work through the owning module's service.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    assertOperator(app.config, request.headers[OPERATOR_TOKEN_HEADER]);
  });

  app.put(
    '/admin/prices/:key',
    {
      schema: {
        tags,
        summary: 'Set a price of the price table (header x-admin-token)',
        params: z.object({ key: z.string().min(1).max(64) }),
        body: z.object({ price: z.string().regex(/^\d+(\.\d{1,6})?$/, 'a decimal PTC amount') }),
        response: {
          200: envelopeSchema(z.object({ key: z.string(), price: z.string(), unit: z.string() })),
        },
      },
    },
    async (request) => {
      const row = await setPrice(app.db, request.params.key, request.body.price);
      return ok({ key: row.key, price: presentPtc(row.price), unit: row.unit });
    },
  );

  app.put(
    '/admin/users/:uid/plan',
    {
      schema: {
        tags,
        summary: "Set an account's plan and enterprise discount (header x-admin-token)",
        params: z.object({ uid: z.string().min(1).max(64) }),
        body: setPlanRequestSchema,
        response: { 200: envelopeSchema(accountPlanSchema) },
      },
    },
    async (request) => ok(presentAccountPlan(await setAccountPlan(app.db, request.params.uid, request.body))),
  );

  app.post(
    '/admin/orders/:order_no/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a received wire transfer (header x-admin-token)',
        params: z.object({ order_no: z.string().min(8).max(40) }),
        body: z.object({
          amount: z.string().regex(/^\d+(\.\d{1,6})?$/),
          reference: z.string().max(128).optional(),
        }),
        response: { 200: envelopeSchema(z.object({ outcome: z.string() })) },
      },
    },
    async (request) => ok(await confirmManualPayment(walletDeps(app), request.params.order_no, request.body)),
  );
};
