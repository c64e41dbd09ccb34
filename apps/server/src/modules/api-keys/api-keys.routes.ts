import {
  AppError,
  apiKeyListSchema,
  apiKeyV1Schema,
  createApiKeySchema,
  createdApiKeySchema,
  createdApiKeyV1Schema,
  doneResponseSchema,
  envelopeSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import {
  createApiKey,
  deleteApiKey,
  deleteApiKeyV1,
  getApiKeyV1,
  listApiKeys,
  regenerateApiKeyV1,
} from './api-keys.service';

const tags = ['API keys'];
const security = [{ session: [] }];
const doneEnvelope = { 200: envelopeSchema(doneResponseSchema) };

/**
 * The console's key management of SPEC §7 "API keys" (session-authenticated; tourists get 610
 * from the request guard on every write): V2 keys by name, and the single legacy V1 key.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/key/list',
    {
      schema: {
        tags,
        security,
        summary: 'The V2 API keys (never their secrets), with the limit of 10',
        response: { 200: envelopeSchema(apiKeyListSchema) },
      },
    },
    async (request) => ok(await listApiKeys(app.db, currentUser(request))),
  );

  app.post(
    '/api/key',
    {
      // SPEC §3: an absent or blank name is "Please enter API-Key name" (1001), before any other check.
      preValidation: async (request) => {
        const name = (request.body as { name?: unknown } | null)?.name;
        if (name === undefined || name === null || (typeof name === 'string' && name.trim() === '')) {
          throw new AppError('ERR_ARGUMENT_MISSING', {
            message: 'Please enter API-Key name',
            data: { fields: [{ field: 'name', reason: 'missing' }] },
          });
        }
      },
      schema: {
        tags,
        security,
        summary: 'Create a V2 API key; its secret (password) is answered this once (601 beyond 10)',
        body: createApiKeySchema,
        response: { 200: envelopeSchema(createdApiKeySchema) },
      },
    },
    async (request) => ok(await createApiKey(app.db, currentUser(request), request.body)),
  );

  app.get(
    '/api/key/v1',
    {
      schema: {
        tags,
        security,
        summary: 'The legacy V1 key (without its secret), or null',
        response: { 200: envelopeSchema(apiKeyV1Schema) },
      },
    },
    async (request) => ok(await getApiKeyV1(app.db, currentUser(request))),
  );

  app.post(
    '/api/key/v1',
    {
      schema: {
        tags,
        security,
        summary:
          'Create or regenerate the legacy V1 key (the old one stops at once); its id is answered this once',
        response: { 200: envelopeSchema(createdApiKeyV1Schema) },
      },
    },
    async (request) => ok(await regenerateApiKeyV1(app.db, currentUser(request))),
  );

  app.delete(
    '/api/key/v1',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke the legacy V1 key (5003 when there is none)',
        response: doneEnvelope,
      },
    },
    async (request) => ok(await deleteApiKeyV1(app.db, currentUser(request))),
  );

  app.delete(
    '/api/key/:key_id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete (revoke at once) a V2 API key (5003 when unknown)',
        params: z.object({ key_id: z.string().min(1).max(64) }),
        response: doneEnvelope,
      },
    },
    async (request) => ok(await deleteApiKey(app.db, currentUser(request), request.params.key_id)),
  );
};
