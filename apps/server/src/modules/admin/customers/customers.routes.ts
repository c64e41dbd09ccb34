import {
  adminBalanceAdjustmentSchema,
  adminCustomerListSchema,
  adminCustomerPageSchema,
  adminCustomerSchema,
  adminSessionsRevokedSchema,
  adminTwoFactorResetSchema,
  envelopeSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetCustomerTwoFactor } from '../../two-factor/two-factor-reset.service';
import { currentOperator, requireOperator } from '../operator-guard';
import {
  adjustBalance,
  describeCustomer,
  findCustomers,
  lockCustomer,
  signOutCustomer,
} from './customers.service';

const tags = ['Operator'];
const security = [{ operatorSession: [] }];
const uidParams = z.object({ uid: z.string().min(1).max(64) });
const reason = z.string().trim().min(3).max(500);

/** Customers as operators see and handle them (issue #15): search, page, balance, lock, sign-out. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const act = (request: Parameters<typeof currentOperator>[0]) => ({
    operator: currentOperator(request),
    clientIp: request.ip,
  });

  const readers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance', 'support'));
    scope.get(
      '/admin/customers',
      {
        schema: {
          tags,
          security,
          summary: 'Find customers by email, phone, user name, uid, proxy username or exit IP',
          querystring: z.object({ q: z.string().trim().min(1).max(254) }),
          response: { 200: envelopeSchema(adminCustomerListSchema) },
        },
      },
      async (request) => ok(await findCustomers(app.database, request.query.q)),
    );
    scope.get(
      '/admin/customers/:uid',
      {
        schema: {
          tags,
          security,
          summary: 'A customer: money trail, orders, proxies',
          params: uidParams,
          response: { 200: envelopeSchema(adminCustomerPageSchema) },
        },
      },
      async (request) => ok(await describeCustomer(app.database, request.params.uid)),
    );
  };

  const money: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance'));
    scope.post(
      '/admin/customers/:uid/balance',
      {
        schema: {
          tags,
          security,
          summary:
            'Adjust the balance through the ledger, with a reason, once per request id (owner, finance)',
          params: uidParams,
          body: z.object({
            amount: z.string().regex(/^-?\d{1,9}(\.\d{1,6})?$/, 'a signed decimal PTC amount'),
            reason,
            request_id: z.string().min(8).max(64),
          }),
          response: { 200: envelopeSchema(adminBalanceAdjustmentSchema) },
        },
      },
      async (request) =>
        ok(await adjustBalance(app.database, request.params.uid, request.body, act(request))),
    );
  };

  const care: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'support'));
    scope.post(
      '/admin/customers/:uid/lock',
      {
        schema: {
          tags,
          security,
          summary:
            'Lock (no sign-in, sessions ended, proxies refused at once) or unlock an account (owner, support)',
          params: uidParams,
          body: z.object({ locked: z.boolean(), reason }),
          response: { 200: envelopeSchema(adminCustomerSchema) },
        },
      },
      async (request) => ok(await lockCustomer(app.database, request.params.uid, request.body, act(request))),
    );
    scope.post(
      '/admin/customers/:uid/sessions/revoke',
      {
        schema: {
          tags,
          security,
          summary: 'Sign the customer out everywhere (owner, support)',
          params: uidParams,
          response: { 200: envelopeSchema(adminSessionsRevokedSchema) },
        },
      },
      async (request) => ok(await signOutCustomer(app.database, request.params.uid, act(request))),
    );
    scope.post(
      '/admin/customers/:uid/two_factor/reset',
      {
        schema: {
          tags,
          security,
          summary: "Reset the customer's two-factor sign-in after a lost phone (owner, support)",
          params: uidParams,
          body: z.object({ reason }),
          response: { 200: envelopeSchema(adminTwoFactorResetSchema) },
        },
      },
      async (request) =>
        ok(await resetCustomerTwoFactor(app.db, request.params.uid, request.body.reason, act(request))),
    );
  };

  await app.register(readers);
  await app.register(money);
  await app.register(care);
};
