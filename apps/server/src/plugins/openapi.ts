import fastifySwagger from '@fastify/swagger';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas, rendered at `/api-docs`. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'PTC Proxy Console API',
          version: '1',
          description:
            'Every answer is the envelope `{code, msg, data}`: `code` 0 on success, a catalogue code otherwise.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Session token' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(scalarApiReference, {
      routePrefix: '/api-docs',
      logLevel: 'warn',
      configuration: { title: 'PTC Proxy Console API' },
    });
  },
  { name: 'openapi' },
);
