import { envelopeSchema, ok, statisticsLogRequestSchema, statisticsLogResponseSchema } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logClientEvent } from './statistics.service';

/** Surveys and log calls of SPEC §7. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/statistics/log',
    {
      schema: {
        tags: ['Statistics'],
        summary: 'Record a console analytics event',
        body: statisticsLogRequestSchema,
        response: { 200: envelopeSchema(statisticsLogResponseSchema) },
      },
    },
    async (request) => {
      const id = await logClientEvent(app.db, request.ctx, request.body);
      return ok({ id: id.toString() });
    },
  );
};
