import {
  createSubUserBodySchema,
  doneResponseSchema,
  envelopeSchema,
  ok,
  subUserListSchema,
  subUserParamsSchema,
  subUserSchema,
  subUserUsageQuerySchema,
  subUserUsageSchema,
  updateSubUserBodySchema,
} from '@ptc/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authentication';
import { proxiesDeps } from '../proxies/proxies.deps';
import {
  createSubUser,
  deleteSubUser,
  listSubUsers,
  resetSubUserPassword,
  type SubUsersDeps,
  subUserUsage,
  updateSubUser,
} from './sub-users.service';

const tags = ['Sub-users'];
const security = [{ session: [] }];
const subUserEnvelope = { 200: envelopeSchema(subUserSchema) };

export const subUsersDeps = (app: FastifyInstance): SubUsersDeps => ({
  ...proxiesDeps(app),
  maxPerAccount: app.config.subUsers.maxPerAccount,
});

/**
 * Sub-users (issue #21, README "Sub-users"): a customer's sub-users with their own proxy
 * credential, limits per period, usage figures, pause and resume.
 */
export const subUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const deps = subUsersDeps(app);

  app.get(
    '/sub_users',
    {
      schema: {
        tags,
        security,
        summary: 'Sub-users with their credentials, limits and usage this period',
        response: { 200: envelopeSchema(subUserListSchema) },
      },
    },
    async (request) => ok(await listSubUsers(deps, currentUser(request))),
  );

  app.post(
    '/sub_users',
    {
      schema: {
        tags,
        security,
        summary: 'Create a sub-user with its own proxy credential and optional limits per period',
        body: createSubUserBodySchema,
        response: subUserEnvelope,
      },
    },
    async (request) => ok(await createSubUser(deps, currentUser(request), request.body)),
  );

  app.put(
    '/sub_users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a sub-user, change its limits or period, pause or resume it',
        params: subUserParamsSchema,
        body: updateSubUserBodySchema,
        response: subUserEnvelope,
      },
    },
    async (request) => ok(await updateSubUser(deps, currentUser(request), request.params.id, request.body)),
  );

  app.post(
    '/sub_users/:id/password',
    {
      schema: {
        tags,
        security,
        summary: "A new password for a sub-user's credential",
        params: subUserParamsSchema,
        response: subUserEnvelope,
      },
    },
    async (request) => ok(await resetSubUserPassword(deps, currentUser(request), request.params.id)),
  );

  app.delete(
    '/sub_users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a sub-user and its credential',
        params: subUserParamsSchema,
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) => ok(await deleteSubUser(deps, currentUser(request), request.params.id)),
  );

  app.get(
    '/sub_users/:id/usage',
    {
      schema: {
        tags,
        security,
        summary: "A sub-user's usage per UTC day",
        params: subUserParamsSchema,
        querystring: subUserUsageQuerySchema,
        response: { 200: envelopeSchema(subUserUsageSchema) },
      },
    },
    async (request) =>
      ok(await subUserUsage(deps, currentUser(request), request.params.id, request.query.days)),
  );
};
