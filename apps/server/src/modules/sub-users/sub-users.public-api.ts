import {
  createSubUserBodySchema,
  doneResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  ok,
  subUserListSchema,
  subUserParamsSchema,
  subUserSchema,
  subUserUsageQuerySchema,
  subUserUsageSchema,
  updateSubUserBodySchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import type { OperationSample } from '../public-api/code-samples';
import { subUsersDeps } from './sub-users.routes';
import {
  createSubUser,
  deleteSubUser,
  listSubUsers,
  resetSubUserPassword,
  subUserUsage,
  updateSubUser,
} from './sub-users.service';

const answers = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data), '4xx': errorEnvelopeSchema });
const tags = ['Sub-users'];
const EXAMPLE_ID = 'SUB_USER_ID';

/**
 * Sub-users in the public API V2 (issue #21): the console's calls with an API key (reads with any
 * key, writes with a `full` one), registered inside the V2 routes so they share its prefix and
 * document.
 */
export const subUsersPublicRoutes: FastifyPluginAsyncZod<{ samples: Map<string, OperationSample> }> = async (
  app,
  options,
) => {
  const deps = subUsersDeps(app);
  const read = app.requireApiKey('read', 'v2');
  const write = app.requireApiKey('write', 'v2');
  const operation = (operationId: string, sample: OperationSample = {}) => {
    options.samples.set(operationId, sample);
    return { operationId };
  };

  app.get(
    '/sub-users',
    {
      onRequest: read,
      schema: {
        ...operation('listSubUsers'),
        tags,
        summary: 'Sub-users with their credentials, limits and what each used this period',
        response: answers(subUserListSchema),
      },
    },
    async (request) => ok(await listSubUsers(deps, currentUser(request))),
  );

  app.post(
    '/sub-users',
    {
      onRequest: write,
      schema: {
        ...operation('createSubUser', {
          body: {
            name: 'team-a',
            traffic_limit_bytes: 10_737_418_240,
            spending_limit: '20',
            period: 'month',
          },
        }),
        tags,
        summary:
          'Create a sub-user with its own proxy credential and optional traffic/spending limits per calendar period (UTC): 4018 over the maximum, 4020 name taken',
        body: createSubUserBodySchema,
        response: answers(subUserSchema),
      },
    },
    async (request) => ok(await createSubUser(deps, currentUser(request), request.body)),
  );

  app.put(
    '/sub-users/:id',
    {
      onRequest: write,
      schema: {
        ...operation('updateSubUser', { params: { id: EXAMPLE_ID }, body: { status: 'paused' } }),
        tags,
        summary: 'Rename a sub-user, change its limits or period, pause or resume it (4019 when unknown)',
        params: subUserParamsSchema,
        body: updateSubUserBodySchema,
        response: answers(subUserSchema),
      },
    },
    async (request) => ok(await updateSubUser(deps, currentUser(request), request.params.id, request.body)),
  );

  app.post(
    '/sub-users/:id/password',
    {
      onRequest: write,
      schema: {
        ...operation('resetSubUserPassword', { params: { id: EXAMPLE_ID } }),
        tags,
        summary: "A new password for a sub-user's credential (the old one stops working)",
        params: subUserParamsSchema,
        response: answers(subUserSchema),
      },
    },
    async (request) => ok(await resetSubUserPassword(deps, currentUser(request), request.params.id)),
  );

  app.delete(
    '/sub-users/:id',
    {
      onRequest: write,
      schema: {
        ...operation('deleteSubUser', { params: { id: EXAMPLE_ID } }),
        tags,
        summary: 'Delete a sub-user and its credential (open connections are cut)',
        params: subUserParamsSchema,
        response: answers(doneResponseSchema),
      },
    },
    async (request) => ok(await deleteSubUser(deps, currentUser(request), request.params.id)),
  );

  app.get(
    '/sub-users/:id/usage',
    {
      onRequest: read,
      schema: {
        ...operation('getSubUserUsage', { params: { id: EXAMPLE_ID }, query: { days: 31 } }),
        tags,
        summary: "A sub-user's bytes and PTC per UTC day, newest first",
        params: subUserParamsSchema,
        querystring: subUserUsageQuerySchema,
        response: answers(subUserUsageSchema),
      },
    },
    async (request) =>
      ok(await subUserUsage(deps, currentUser(request), request.params.id, request.query.days)),
  );
};
