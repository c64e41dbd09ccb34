import {
  adminChargePageSchema,
  adminChargesQuerySchema,
  adminDailyReportQuerySchema,
  adminDailyReportSchema,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrdersQuerySchema,
  adminRefundRequestSchema,
  adminRefundSchema,
  envelopeSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentOperator, requireOperator } from '../operator-guard';
import { describePaymentOrder, refundCharge, searchCharges, searchPaymentOrders } from './money.service';
import { buildDailyReport, dailyReportCsv } from './money-reports.service';

const tags = ['Operator'];
const security = [{ operatorSession: [] }];

/** Money as operators handle it (issue #15): orders, refunds, revenue reports. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance', 'support'));
    scope.get(
      '/admin/orders',
      {
        schema: {
          tags,
          security,
          summary:
            'Payment orders of every provider, newest first: by status, provider, customer (uid or email), created between two UTC days (owner, finance, support)',
          querystring: adminOrdersQuerySchema,
          response: { 200: envelopeSchema(adminOrderPageSchema) },
        },
      },
      async (request) => ok(await searchPaymentOrders(app.db, request.query)),
    );
    scope.get(
      '/admin/orders/:order_no',
      {
        schema: {
          tags,
          security,
          summary:
            'A payment order with the ledger entries it credited and the provider notifications received (owner, finance, support)',
          params: z.object({ order_no: z.string().min(8).max(40) }),
          response: { 200: envelopeSchema(adminOrderDetailSchema) },
        },
      },
      async (request) => ok(await describePaymentOrder(app.db, request.params.order_no)),
    );
    scope.get(
      '/admin/charges',
      {
        schema: {
          tags,
          security,
          summary:
            "A customer's charges (purchase, renewal, usage debits) with what of each was refunded, newest first: the ledger entry ids a refund names (owner, finance, support)",
          querystring: adminChargesQuerySchema,
          response: { 200: envelopeSchema(adminChargePageSchema) },
        },
      },
      async (request) => ok(await searchCharges(app.db, request.query)),
    );
  };

  const finance: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance'));
    scope.post(
      '/admin/refunds',
      {
        schema: {
          tags,
          security,
          summary:
            'Refund a charge to the balance, named by its ledger entry id (a purchase, renewal or usage debit), whole or `amount` of it, once per charge, with a reason (owner, finance)',
          body: adminRefundRequestSchema,
          response: { 200: envelopeSchema(adminRefundSchema) },
        },
      },
      async (request) =>
        ok(
          await refundCharge(app.db, request.body, {
            operator: currentOperator(request),
            clientIp: request.ip,
          }),
        ),
    );
    scope.get(
      '/admin/reports/daily',
      {
        schema: {
          tags,
          security,
          summary:
            'Per UTC day (at most 366; the last 30 by default): top-ups, bonuses, spending by product, refunds, adjustments, rewards, revenue, from the ledger (owner, finance)',
          querystring: adminDailyReportQuerySchema,
          response: { 200: envelopeSchema(adminDailyReportSchema) },
        },
      },
      async (request) => ok(await buildDailyReport(app.db, request.query)),
    );
    scope.get(
      '/admin/reports/daily.csv',
      {
        schema: {
          tags,
          security,
          summary: 'The daily report as a CSV download, a header row first (owner, finance)',
          querystring: adminDailyReportQuerySchema,
        },
      },
      async (request, reply) => {
        const file = dailyReportCsv(await buildDailyReport(app.db, request.query));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    );
  };

  await app.register(readers);
  await app.register(finance);
};
