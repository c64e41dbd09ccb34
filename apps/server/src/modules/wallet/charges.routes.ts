import {
  AppError,
  autoTopUpRequestSchema,
  autoTopUpSchema,
  balanceAlarmRequestSchema,
  balanceAlarmSchema,
  bindCardResponseSchema,
  chargePackagesSchema,
  chargeRecordSchema,
  chargeRecordsQuerySchema,
  doneResponseSchema,
  envelopeSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  ok,
  type PaymentMethod,
  paywayItemSchema,
  topUpOrderSchema,
  topUpRequestSchema,
} from '@ptc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import { returnBaseOf } from '../payments/return-address';
import {
  getUserOrder,
  listChargeRecords,
  listMoneyTrail,
  listPackages,
  listPayways,
} from './charges.service';
import { presentOrder } from './orders.presenter';
import { createTopUpOrder } from './orders.service';
import { walletDeps } from './wallet.deps';
import {
  getAutoTopUp,
  getBalanceAlarm,
  removeCard,
  setAutoTopUp,
  setBalanceAlarm,
  startCardBinding,
} from './wallet-settings.service';

const tags = ['Charges'];
const security = [{ session: [] }];
const orderEnvelope = { 200: envelopeSchema(topUpOrderSchema) };
const orderNoParams = z.object({ order_no: z.string().min(8).max(40) });

/** Top-up, billing records, auto top-up and balance alarm calls of SPEC §7 "Charges". */
export const chargesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = walletDeps(app);
  app.addHook('onRequest', app.requireUser);

  const create = (
    request: FastifyRequest,
    input: { amount: string; plan?: 'personal' | 'enterprise' },
    method: PaymentMethod,
    channel?: string,
  ) =>
    createTopUpOrder(deps, currentUser(request), {
      ...input,
      method,
      channel,
      clientIp: request.ip,
      returnBase: returnBaseOf(request, deps.config.publicUrl),
    }).then((order) => ok(presentOrder(order)));

  app.get(
    '/proxy/charges/list',
    {
      schema: {
        tags,
        security,
        summary: 'Top-up packages and limits',
        response: { 200: envelopeSchema(chargePackagesSchema) },
      },
    },
    async () => ok(await listPackages(deps)),
  );

  app.get(
    '/proxy/payway/:payway_name',
    {
      schema: {
        tags,
        security,
        summary: 'Payment methods available for top-up (payway "charge"), with their fees',
        params: z.object({ payway_name: z.string().min(1).max(32) }),
        response: { 200: envelopeSchema(z.array(paywayItemSchema)) },
      },
    },
    async (request) => ok(await listPayways(deps, request.params.payway_name)),
  );

  for (const [path, method] of [
    ['/proxy/charges/stripe', 'card'],
    ['/proxy/charges/stripe_wechat', 'stripe_wechat'],
    ['/proxy/charges/alipay', 'alipay'],
    ['/proxy/charges/usdt', 'usdt'],
    ['/proxy/charges/wire', 'wire'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          security,
          summary: `Top up by ${method}`,
          body: topUpRequestSchema,
          response: orderEnvelope,
        },
      },
      async (request) => create(request, request.body, method),
    );
  }

  app.post(
    '/proxy/charges/wechat/pay/:path',
    {
      schema: {
        tags,
        security,
        summary: 'WeChat Pay native: `new` creates an order (QR code); an order number answers its state',
        params: z.object({ path: z.string().min(1).max(40) }),
        body: topUpRequestSchema.partial().nullish(),
        response: orderEnvelope,
      },
    },
    async (request) => {
      if (request.params.path !== 'new') {
        return ok(presentOrder(await getUserOrder(deps, currentUser(request), request.params.path)));
      }
      const { amount, plan } = request.body ?? {};
      if (!amount)
        throw new AppError('ERR_ARGUMENT_MISSING', { message: 'Argument missing: amount is required' });
      return create(request, { amount, plan }, 'wechat');
    },
  );

  app.post(
    '/api/epay/:payway_id',
    {
      schema: {
        tags,
        security,
        summary: 'Top up through the payment aggregator (channel alipay or wxpay)',
        params: z.object({ payway_id: z.enum(['alipay', 'wxpay', 'qqpay']) }),
        querystring: topUpRequestSchema,
        response: orderEnvelope,
      },
    },
    async (request) => create(request, request.query, 'epay', request.params.payway_id),
  );

  app.get(
    '/proxy/charges/order/:order_no',
    {
      schema: {
        tags,
        security,
        summary: 'One of your top-up orders',
        params: orderNoParams,
        response: orderEnvelope,
      },
    },
    async (request) =>
      ok(presentOrder(await getUserOrder(deps, currentUser(request), request.params.order_no))),
  );

  app.get(
    '/proxy/charges/records',
    {
      schema: {
        tags,
        security,
        summary: 'Billing records',
        querystring: chargeRecordsQuerySchema,
        response: {
          200: envelopeSchema(
            z.object({
              total: z.number(),
              page: z.number(),
              page_size: z.number(),
              data: z.array(chargeRecordSchema),
            }),
          ),
        },
      },
    },
    async (request) => ok(await listChargeRecords(deps, currentUser(request), request.query)),
  );

  app.get(
    '/proxy/charges/ledger',
    {
      schema: {
        tags,
        security,
        summary:
          'Money trail: every balance movement, newest first, with the balance after it and what it was for',
        querystring: ledgerQuerySchema,
        response: { 200: envelopeSchema(ledgerPageSchema) },
      },
    },
    async (request) => ok(await listMoneyTrail(deps, currentUser(request), request.query)),
  );

  app.get(
    '/proxy/charges/stripe/info',
    {
      schema: {
        tags,
        security,
        summary: 'Auto top-up settings',
        response: { 200: envelopeSchema(autoTopUpSchema) },
      },
    },
    async (request) => ok(await getAutoTopUp(deps, currentUser(request))),
  );

  app.post(
    '/proxy/charges/stripe/info',
    {
      schema: {
        tags,
        security,
        summary: 'Save auto top-up settings',
        body: autoTopUpRequestSchema,
        response: { 200: envelopeSchema(autoTopUpSchema) },
      },
    },
    async (request) => ok(await setAutoTopUp(deps, currentUser(request), request.body, request.ctx.lang)),
  );

  app.post(
    '/proxy/charges/stripe/band',
    {
      schema: {
        tags,
        security,
        summary: 'Start saving a card for auto top-up',
        response: { 200: envelopeSchema(bindCardResponseSchema) },
      },
    },
    async (request) =>
      ok(await startCardBinding(deps, currentUser(request), returnBaseOf(request, deps.config.publicUrl))),
  );

  app.delete(
    '/proxy/charges/stripe/band',
    {
      schema: {
        tags,
        security,
        summary: 'Forget the saved card',
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) => ok(await removeCard(deps, currentUser(request))),
  );

  app.get(
    '/user/balance/alarm',
    {
      schema: {
        tags,
        security,
        summary: 'Balance alarm',
        response: { 200: envelopeSchema(balanceAlarmSchema) },
      },
    },
    async (request) => ok(await getBalanceAlarm(deps, currentUser(request))),
  );

  app.post(
    '/user/balance/alarm',
    {
      schema: {
        tags,
        security,
        summary: 'Save the balance alarm',
        body: balanceAlarmRequestSchema,
        response: { 200: envelopeSchema(balanceAlarmSchema) },
      },
    },
    async (request) => ok(await setBalanceAlarm(deps, currentUser(request), request.body, request.ctx.lang)),
  );
};
