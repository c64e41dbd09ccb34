import { envelopeSchema, ok, shareCodeParamsSchema, shareCodeSchema } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authDeps, clientInfo } from '../auth/auth.deps';
import { lookUpShareCode } from './share-codes.service';

/**
 * Share codes (issue #20, SPEC §2 `/authentication/{auth}`): public, no sign-in. The console's
 * share-code page asks whether a code is valid before offering registration with it.
 */
export const shareCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = authDeps(app);

  app.get(
    '/share_codes/:code',
    {
      schema: {
        tags: ['Invitation programme'],
        summary:
          "Whether a share code (a customer's invite code, any case) is valid, and its owner masked; 4201 when it names nobody",
        params: shareCodeParamsSchema,
        response: { 200: envelopeSchema(shareCodeSchema) },
      },
    },
    async (request) => ok(await lookUpShareCode(deps, clientInfo(request), request.params.code)),
  );
};
