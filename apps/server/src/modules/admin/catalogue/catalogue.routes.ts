import {
  adminFeeChangesSchema,
  adminFeesSchema,
  adminNewTrafficPlanSchema,
  adminPriceTableSchema,
  adminTopUpChangesSchema,
  adminTopUpTermsSchema,
  adminTrafficPlanChangesSchema,
  adminTrafficPlanListSchema,
  adminTrafficPlanSchema,
  envelopeSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentOperator, requireOperator } from '../operator-guard';
import {
  addTrafficPlan,
  describeFees,
  describePriceTable,
  describeTopUpTerms,
  editTrafficPlan,
  listTrafficPlans,
  setFees,
  setTopUpTerms,
} from './catalogue.service';

const tags = ['Operator: catalogue'];
const security = [{ operatorSession: [] }];

/**
 * The catalogue as operators run it (issue #15): every operator reads the price table, the
 * traffic package plans, the top-up packages with the bonus rule and the fees; owner and finance
 * change them. A change applies to the next order or purchase; every change is audited.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };
  const act = (request: Parameters<typeof currentOperator>[0]) => ({
    operator: currentOperator(request),
    clientIp: request.ip,
  });

  const readers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance', 'support'));
    scope.get(
      '/admin/prices',
      {
        schema: {
          tags,
          security,
          summary: 'The price table at list price, with the defaults it started with',
          response: { 200: envelopeSchema(adminPriceTableSchema) },
        },
      },
      async () => ok(await describePriceTable(app.db)),
    );
    scope.get(
      '/admin/catalogue/plans',
      {
        schema: {
          tags,
          security,
          summary: 'Every traffic package plan, on sale or not, with the packages bought of it',
          response: { 200: envelopeSchema(adminTrafficPlanListSchema) },
        },
      },
      async () => ok(await listTrafficPlans(app.db)),
    );
    scope.get(
      '/admin/catalogue/top-up',
      {
        schema: {
          tags,
          security,
          summary: 'The top-up packages and the bonus rule in force',
          response: { 200: envelopeSchema(adminTopUpTermsSchema) },
        },
      },
      async () => ok(await describeTopUpTerms(deps)),
    );
    scope.get(
      '/admin/catalogue/fees',
      {
        schema: {
          tags,
          security,
          summary: "Every payment method's fee in force",
          response: { 200: envelopeSchema(adminFeesSchema) },
        },
      },
      async () => ok(await describeFees(deps)),
    );
  };

  const editors: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance'));
    scope.post(
      '/admin/catalogue/plans',
      {
        schema: {
          tags,
          security,
          summary: 'Add a traffic package plan, on sale unless told (owner, finance)',
          body: adminNewTrafficPlanSchema,
          response: { 200: envelopeSchema(adminTrafficPlanSchema) },
        },
      },
      async (request) => ok(await addTrafficPlan(app.db, request.body, act(request))),
    );
    scope.patch(
      '/admin/catalogue/plans/:id',
      {
        schema: {
          tags,
          security,
          summary:
            'Edit a traffic package plan or put it on or off sale; bought packages keep their terms (owner, finance)',
          params: z.object({ id: z.string().min(1).max(20) }),
          body: adminTrafficPlanChangesSchema,
          response: { 200: envelopeSchema(adminTrafficPlanSchema) },
        },
      },
      async (request) => ok(await editTrafficPlan(app.db, request.params.id, request.body, act(request))),
    );
    scope.put(
      '/admin/catalogue/top-up',
      {
        schema: {
          tags,
          security,
          summary:
            'Set the top-up packages, the bonus rule, or both, for orders made from now (owner, finance)',
          body: adminTopUpChangesSchema,
          response: { 200: envelopeSchema(adminTopUpTermsSchema) },
        },
      },
      async (request) => ok(await setTopUpTerms(deps, request.body, act(request))),
    );
    scope.put(
      '/admin/catalogue/fees',
      {
        schema: {
          tags,
          security,
          summary: 'Set the fee of payment methods, for orders made from now (owner, finance)',
          body: adminFeeChangesSchema,
          response: { 200: envelopeSchema(adminFeesSchema) },
        },
      },
      async (request) => ok(await setFees(deps, request.body, act(request))),
    );
  };

  await app.register(readers);
  await app.register(editors);
};
