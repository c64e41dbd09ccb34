import { AppError, envelopeSchema, ok } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptime_seconds: z.number(),
});

/** `GET /health`: the process runs and its database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['Health'],
        summary: 'Liveness and database reachability',
        response: { 200: envelopeSchema(healthSchema) },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database ping failed');
        throw new AppError('ERR_INTERNAL_ERROR', { message: 'Database unavailable' });
      }
      return ok({
        status: 'ok' as const,
        database: app.database.driver,
        uptime_seconds: Math.round(process.uptime()),
      });
    },
  );
};
