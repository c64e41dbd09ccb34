import fastifySwagger from '@fastify/swagger';
import { API_KEY_HEADER, IDEMPOTENCY_HEADER } from '@ptc/contracts';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { codeSamples, type OperationSample } from './code-samples';
import { PUBLIC_API_DOCS_PATHS, PUBLIC_API_DOCUMENTS } from './public-api.paths';
import { V1_DEPRECATION_HEADERS, v1Routes } from './v1.routes';
import { v2Routes } from './v2.routes';

type Version = keyof typeof PUBLIC_API_DOCS_PATHS;

const KEY_VARIABLE = 'PTC_API_KEY';

const v2Description = `Everything a customer does in the console, from a script.

**Authentication.** Send your API key (make one in the console under API → API-Key V2) in the \`X-API-Key\` header, or as \`Authorization: Bearer <key>\`. A read-only key may call every GET; spending and changes need a full key. A key with an allow-list is accepted only from those addresses.

**Answers.** Every JSON answer is the console's envelope \`{code, msg, data}\`: \`code\` 0 on success, a catalogue code otherwise (the HTTP status tells the class): 1001/1002 missing or malformed argument, 5001 a missing, wrong or revoked key, 403 a read-only key writing or an address outside the key's allow-list, 3002 balance insufficient, 4003 one generation per second, 4005 no such proxy, 101 rate limit.

**Rate limit.** Per key, per minute. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds); beyond the limit the answer is HTTP 429 with code 101 and \`Retry-After\`.

**Idempotency.** Calls that spend money (generation, renewal, traffic packages) take an \`Idempotency-Key\` header: a retry with the same key, even several at once, answers the first result and charges once.

**Proxy lines.** \`GET /api/v2/proxies/download\` answers plain text in \`host:port:user:pass\`, \`user:pass@host:port\` or URL form; usernames may carry the gateway's parameters (\`-country-us\`, \`-session-<id>\`, \`-life-<minutes>\`).`;

const v1Description = `**Deprecated.** V1 is kept for old integrations and is no longer extended: use [V2](${PUBLIC_API_DOCS_PATHS.v2}/) (document at \`${PUBLIC_API_DOCUMENTS.v2}\`). Every V1 answer carries \`Deprecation: ${V1_DEPRECATION_HEADERS.deprecation}\` and a \`Link\` to its successor.

**Authentication.** The account's single V1 key (console: API → API-Key V1) in the \`X-API-Key\` header, or \`Authorization: Bearer <key>\`. V2 keys are refused here, as V1 keys are on V2.

**Answers.** The envelope \`{code, msg, data}\`, \`code\` 0 on success; the rate limit and its headers are V2's.`;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** What this file reads and writes of an OpenAPI document. */
interface OpenApiDocument {
  paths?: Record<
    string,
    Partial<
      Record<(typeof HTTP_METHODS)[number], { operationId?: string; responses?: Record<string, unknown> }>
    >
  >;
}

/**
 * Adds `x-codeSamples` to every operation of a document, and the plain-text answer of the
 * operations that answer text (they have no JSON response schema to generate it from).
 */
const withCodeSamples = (
  document: OpenApiDocument,
  samples: ReadonlyMap<string, OperationSample>,
  baseUrl: string,
) => {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation?.operationId) continue;
      const sample = samples.get(operation.operationId) ?? {};
      Object.assign(operation, {
        'x-codeSamples': codeSamples(method, path, sample, {
          baseUrl,
          keyHeader: API_KEY_HEADER,
          idempotencyHeader: IDEMPOTENCY_HEADER,
          keyVariable: KEY_VARIABLE,
        }),
      });
      if (sample.text) {
        operation.responses = {
          ...operation.responses,
          200: {
            description: 'One proxy per line (LF-terminated)',
            content: {
              'text/plain': {
                schema: { type: 'string' },
                example: '127.0.0.1:8000:u8f2k1x-country-us-session-k3j9w2q1x0ab:p4ssw0rd\n',
              },
            },
          },
        };
      }
    }
  }
  return document;
};

/**
 * One version of the public API in its own encapsulated context: its routes under `/api/<v>`,
 * its own OpenAPI 3.1 document (the console API is not in it, and it is not in the console's)
 * at `/api/<v>/openapi.json`, rendered by Scalar at `/api-<v>/docs/`.
 */
const publicApiVersion = (version: Version) => async (scope: FastifyInstance) => {
  const samples = new Map<string, OperationSample>();
  const baseUrl = new URL(scope.config.publicUrl).origin;
  await scope.register(fastifySwagger, {
    decorator: 'publicApiDocument',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: version === 'v2' ? 'PTC Proxy API V2' : 'PTC Proxy API V1 (deprecated)',
        version: version === 'v2' ? '2.0.0' : '1.0.0',
        description: version === 'v2' ? v2Description : v1Description,
      },
      servers: [{ url: baseUrl }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: `Your ${version.toUpperCase()} API key`,
          },
          bearer: { type: 'http', scheme: 'bearer', description: 'The same key as a bearer token' },
        },
      },
      security: [{ apiKey: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) throw new Error('the public API documents are OpenAPI 3.1');
      const document = documentObject.openapiObject;
      withCodeSamples(document as OpenApiDocument, samples, baseUrl);
      return document;
    },
  });
  await scope.register(version === 'v2' ? v2Routes : v1Routes, { prefix: `/api/${version}`, samples });

  const document = () => (scope as unknown as { publicApiDocument: () => unknown }).publicApiDocument();
  scope.get(PUBLIC_API_DOCUMENTS[version], { schema: { hide: true } }, async (_request, reply) => {
    if (version === 'v1') reply.headers(V1_DEPRECATION_HEADERS);
    return document();
  });

  const docsPath = PUBLIC_API_DOCS_PATHS[version];
  // The page loads its script by a relative URL: without the trailing slash it would miss.
  scope.addHook('onRequest', async (request, reply) => {
    if (request.url === docsPath) return reply.redirect(`${docsPath}/`, 301);
  });
  await scope.register(scalarApiReference, {
    routePrefix: docsPath,
    logLevel: 'warn',
    // Fonts from our origin only (the Content-Security-Policy allows no other).
    configuration: {
      title: version === 'v2' ? 'PTC Proxy API V2' : 'PTC Proxy API V1 (deprecated)',
      url: PUBLIC_API_DOCUMENTS[version],
      withDefaultFonts: false,
      // Nothing on the page talks to Scalar's services (its AI chat, MCP generator, deploy links).
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
    },
  });
};

/** The public API, V2 and the deprecated V1, with their documents and reference pages. */
export const publicApiRoutes = async (app: FastifyInstance) => {
  await app.register(publicApiVersion('v2'));
  await app.register(publicApiVersion('v1'));
};
