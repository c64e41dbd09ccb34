import { accountPlanSchema, envelopeSchema, ok, setPlanRequestSchema } from '@ptc/contracts';
import { OPERATOR_ROLES } from '@ptc/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAbuseLimits } from '../auth/abuse-limits.service';
import { findUserByUid } from '../auth/accounts.service';
import { confirmManualPayment } from '../payments/payments.service';
import { readPrices, setPrice } from '../proxies/pricing/prices.service';
import { presentPtc } from '../proxies/proxies.presenter';
import { presentAccountPlan } from '../users/users.presenter';
import { setAccountPlan } from '../users/users.service';
import { findOrderByNo } from '../wallet/orders.service';
import { walletDeps } from '../wallet/wallet.deps';
import { recordAudit, searchAudit } from './audit/audit.service';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { customersRoutes } from './customers/customers.routes';
import { moneyRoutes } from './money/money.routes';
import { currentOperator, operatorTokenOf, requireOperator } from './operator-guard';
import { operatorsRoutes } from './operators/operators.routes';
import { confirmOperatorTotp, signInOperator, signOutOperator } from './operators/operators.service';
import { vmCatalogueRoutes } from './remote-pcs/vm-catalogue.routes';
import { supplyRoutes } from './supply/supply.routes';

const tags = ['Operator'];
const security = [{ operatorSession: [] }];

/**
 * The operator side (`/api/admin/*`, issue #15): operators sign in with a password and a TOTP
 * code and act through their session (header `x-operator-session`), each call open to the roles
 * named on it. Customer sessions never reach it. Every action is written to the audit trail.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const operatorDeps = { db: app.db, limits: createAbuseLimits(app.db, app.config.abuseLimits) };

  app.post(
    '/admin/session',
    {
      schema: {
        tags,
        summary: 'Operator sign-in, step 1: email and password (answers the token the TOTP step takes)',
        body: z.object({ email: z.string().trim().min(3).max(254), password: z.string().min(1).max(256) }),
      },
    },
    async (request) => ok(await signInOperator(operatorDeps, request.body, request.ip)),
  );

  app.post(
    '/admin/session/totp',
    {
      schema: {
        tags,
        summary: 'Operator sign-in, step 2: a TOTP code (enrols it the first time) or a recovery code',
        body: z.object({
          code: z
            .string()
            .regex(/^\d{6}$/)
            .optional(),
          recovery_code: z.string().min(8).max(32).optional(),
        }),
      },
    },
    async (request) =>
      ok(await confirmOperatorTotp(operatorDeps, operatorTokenOf(request), request.body, request.ip)),
  );

  const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
    signedIn.addHook('onRequest', requireOperator(...OPERATOR_ROLES));
    signedIn.get(
      '/admin/me',
      { schema: { tags, security, summary: 'The signed-in operator' } },
      async (request) => {
        const operator = currentOperator(request);
        return ok({ email: operator.email, name: operator.name, role: operator.role });
      },
    );
    signedIn.post(
      '/admin/session/logout',
      { schema: { tags, security, summary: 'Operator sign-out' } },
      async (request) => {
        if (request.operatorSessionId !== undefined) await signOutOperator(app.db, request.operatorSessionId);
        return ok({ done: true });
      },
    );
  };
  await app.register(signedInRoutes);

  // Owner: the audit trail.
  const ownerRoutes: FastifyPluginAsyncZod = async (owner) => {
    owner.addHook('onRequest', requireOperator('owner'));
    owner.get(
      '/admin/audit',
      {
        schema: {
          tags,
          security,
          summary: 'The audit trail of operator actions, newest first (owner)',
          querystring: z.object({
            action: z.string().max(64).optional(),
            target_type: z.string().max(64).optional(),
            target_id: z.string().max(128).optional(),
            actor: z.string().max(254).optional(),
            page: z.coerce.number().int().min(1).max(10_000).default(1),
            page_size: z.coerce.number().int().min(1).max(200).default(50),
          }),
        },
      },
      async (request) => ok(await searchAudit(app.db, request.query)),
    );
  };
  await app.register(ownerRoutes);

  // Owner and finance: money and prices.
  const financeRoutes: FastifyPluginAsyncZod = async (finance) => {
    finance.addHook('onRequest', requireOperator('owner', 'finance'));

    finance.put(
      '/admin/prices/:key',
      {
        schema: {
          tags,
          security,
          summary: 'Set a price of the price table (owner, finance)',
          params: z.object({ key: z.string().min(1).max(64) }),
          body: z.object({ price: z.string().regex(/^\d+(\.\d{1,6})?$/, 'a decimal PTC amount') }),
          response: {
            200: envelopeSchema(z.object({ key: z.string(), price: z.string(), unit: z.string() })),
          },
        },
      },
      async (request) => {
        const before = ((await readPrices(app.db)) as Record<string, { price: bigint } | undefined>)[
          request.params.key
        ];
        const row = await setPrice(app.db, request.params.key, request.body.price);
        await recordAudit(app.db, {
          operator: currentOperator(request),
          action: 'price.set',
          target: { type: 'price', id: row.key },
          before: before ? { price: presentPtc(before.price) } : null,
          after: { price: presentPtc(row.price) },
          clientIp: request.ip,
        });
        return ok({ key: row.key, price: presentPtc(row.price), unit: row.unit });
      },
    );

    finance.put(
      '/admin/users/:uid/plan',
      {
        schema: {
          tags,
          security,
          summary: "Set an account's plan and enterprise discount (owner, finance)",
          params: z.object({ uid: z.string().min(1).max(64) }),
          body: setPlanRequestSchema,
          response: { 200: envelopeSchema(accountPlanSchema) },
        },
      },
      async (request) => {
        const user = await findUserByUid(app.db, request.params.uid);
        const after = presentAccountPlan(await setAccountPlan(app.db, request.params.uid, request.body));
        await recordAudit(app.db, {
          operator: currentOperator(request),
          action: 'user.plan.set',
          target: { type: 'user', id: request.params.uid },
          before: user ? presentAccountPlan(user) : null,
          after,
          clientIp: request.ip,
        });
        return ok(after);
      },
    );

    finance.post(
      '/admin/orders/:order_no/confirm',
      {
        schema: {
          tags,
          security,
          summary: 'Confirm a received wire transfer (owner, finance)',
          params: z.object({ order_no: z.string().min(8).max(40) }),
          body: z.object({
            amount: z.string().regex(/^\d+(\.\d{1,6})?$/),
            reference: z.string().max(128).optional(),
          }),
          response: { 200: envelopeSchema(z.object({ outcome: z.string() })) },
        },
      },
      async (request) => {
        const before = await findOrderByNo(app.db, request.params.order_no);
        const answer = await confirmManualPayment(walletDeps(app), request.params.order_no, request.body);
        await recordAudit(app.db, {
          operator: currentOperator(request),
          action: 'order.confirm',
          target: { type: 'order', id: request.params.order_no },
          before: before ? { status: before.status } : null,
          after: {
            outcome: answer.outcome,
            amount: request.body.amount,
            reference: request.body.reference ?? null,
          },
          clientIp: request.ip,
        });
        return ok(answer);
      },
    );
  };
  await app.register(financeRoutes);
  await app.register(customersRoutes);
  await app.register(moneyRoutes);
  await app.register(supplyRoutes);
  await app.register(catalogueRoutes);
  await app.register(vmCatalogueRoutes);
  await app.register(operatorsRoutes);
};
