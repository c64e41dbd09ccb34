import fastifySwagger from '@fastify/swagger';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Where the API reference is served; its page gets a policy of its own (security-headers.ts). */
export const API_DOCS_PATH = '/api-docs';

const PUBLIC_API_PATH = /^\/api\/v[12]\//;

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
            extension: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description:
                'Browser extension pairing: `Extension <token>` (POST /api/proxy/extension/pairings)',
            },
            operatorSession: {
              type: 'apiKey',
              in: 'header',
              name: 'x-operator-session',
              description: 'Operator session token (password and TOTP sign-in at /api/admin/session)',
            },
          },
        },
      },
      // The public API (/api/v1, /api/v2) has documents of its own (modules/public-api).
      transform: (input) =>
        PUBLIC_API_PATH.test(input.url)
          ? { schema: { ...input.schema, hide: true }, url: input.url }
          : jsonSchemaTransform(input),
    });
    await app.register(scalarApiReference, {
      routePrefix: API_DOCS_PATH,
      logLevel: 'warn',
      // The bundle is served from our origin (`/api-docs/js/scalar.js`); its default fonts would
      // come from fonts.scalar.com, which the Content-Security-Policy does not allow.
      configuration: { title: 'PTC Proxy Console API', withDefaultFonts: false },
    });
  },
  { name: 'openapi' },
);
