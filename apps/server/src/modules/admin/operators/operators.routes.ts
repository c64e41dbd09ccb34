import {
  adminNewOperatorSchema,
  adminOperatorChangesSchema,
  adminOperatorCreatedSchema,
  adminOperatorListSchema,
  adminOperatorPasswordSchema,
  adminOperatorSchema,
  adminOperatorTotpResetSchema,
  envelopeSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentOperator, requireOperator } from '../operator-guard';
import {
  addOperator,
  changeOperator,
  listOperators,
  parseOperatorId,
  resetOperatorPassword,
  resetOperatorTotp,
} from './operators.service';

const tags = ['Operator: operators'];
const security = [{ operatorSession: [] }];
const idParams = z.object({ id: z.string().min(1).max(20) });

/**
 * The owner manages operators (issue #15): lists them, adds one with a random password shown once,
 * changes a role or name, disables or enables one (its sessions end at once), and resets its TOTP
 * or password. Every change is audited; none leaves the installation without an enabled owner.
 */
export const operatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const act = (request: Parameters<typeof currentOperator>[0]) => ({
    operator: currentOperator(request),
    clientIp: request.ip,
  });

  app.addHook('onRequest', requireOperator('owner'));

  app.get(
    '/admin/operators',
    {
      schema: {
        tags,
        security,
        summary: 'Every operator: role, disabled, TOTP enrolled, last sign-in (owner)',
        response: { 200: envelopeSchema(adminOperatorListSchema) },
      },
    },
    async () => ok(await listOperators(app.db)),
  );

  app.post(
    '/admin/operators',
    {
      schema: {
        tags,
        security,
        summary:
          'Add an operator; its random password is answered once, TOTP enrolled at its first sign-in (owner)',
        body: adminNewOperatorSchema,
        response: { 200: envelopeSchema(adminOperatorCreatedSchema) },
      },
    },
    async (request) => ok(await addOperator(app.db, request.body, act(request))),
  );

  app.patch(
    '/admin/operators/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Change the role or name, disable (sessions end at once) or enable an operator; never oneself or the last enabled owner (owner)',
        params: idParams,
        body: adminOperatorChangesSchema,
        response: { 200: envelopeSchema(adminOperatorSchema) },
      },
    },
    async (request) =>
      ok(await changeOperator(app.db, parseOperatorId(request.params.id), request.body, act(request))),
  );

  app.post(
    '/admin/operators/:id/totp/reset',
    {
      schema: {
        tags,
        security,
        summary: "Forget an operator's TOTP and recovery codes and end its sessions; it enrols again (owner)",
        params: idParams,
        response: { 200: envelopeSchema(adminOperatorTotpResetSchema) },
      },
    },
    async (request) => ok(await resetOperatorTotp(app.db, parseOperatorId(request.params.id), act(request))),
  );

  app.post(
    '/admin/operators/:id/password/reset',
    {
      schema: {
        tags,
        security,
        summary: 'Give an operator a new random password (answered once) and end its sessions (owner)',
        params: idParams,
        response: { 200: envelopeSchema(adminOperatorPasswordSchema) },
      },
    },
    async (request) =>
      ok(await resetOperatorPassword(app.db, parseOperatorId(request.params.id), act(request))),
  );
};
