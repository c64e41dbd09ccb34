import { API_KEY_FAILURES_PER_MINUTE, isAppError } from '@ptc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runAttributed } from '../modules/api-keys/api-key-attribution';
import { API_KEY_SECRET_MAX, authenticateApiKey } from '../modules/api-keys/api-key-auth.service';
import { type ApiKeyVersion, hashApiKeySecret } from '../modules/api-keys/api-key-secrets';
import {
  createApiRateLimiter,
  createKeyFailureLimiter,
  type RateLimitState,
  rateLimitError,
} from '../modules/api-keys/api-rate-limit';
import { wasReplayed } from '../modules/api-keys/idempotency';

/** The key a public API request authenticated with. */
export interface RequestApiKey {
  /** The key's public id (`key_id` of the console's list). */
  id: string;
  name: string;
  version: ApiKeyVersion;
  scope: 'full' | 'read';
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler for public API routes. access 'read' admits read-only and full keys; 'write' full
     * keys only. version: which key kind the route accepts (V1 routes accept only V1 keys, V2
     * routes only V2 keys). Sets `request.user` (as `requireUser` does) and `request.apiKey`.
     */
    requireApiKey: (
      access: 'read' | 'write',
      version: ApiKeyVersion,
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The API key of a public API request, set by `requireApiKey`; null elsewhere. */
    apiKey: RequestApiKey | null;
  }
}

const bearer = /^bearer\s+/i;

/** The key a request carries: `X-API-Key: <key>`, else `Authorization: Bearer <key>`. */
export const apiKeyOf = (request: FastifyRequest): string | null => {
  const header = request.headers['x-api-key'];
  const direct = (Array.isArray(header) ? header[0] : header)?.trim();
  if (direct) return direct;
  const authorization = request.headers.authorization?.trim();
  if (authorization && bearer.test(authorization)) return authorization.replace(bearer, '').trim() || null;
  return null;
};

const setRateLimitHeaders = (reply: FastifyReply, state: RateLimitState) => {
  reply.header('ratelimit-limit', String(state.limit));
  reply.header('ratelimit-remaining', String(state.remaining));
  reply.header('ratelimit-reset', String(state.resetSeconds));
};

const attributions = new WeakMap<FastifyRequest, { apiKeyId: bigint | null }>();
const attributionOf = (request: FastifyRequest) => {
  let attribution = attributions.get(request);
  if (!attribution) {
    attribution = { apiKeyId: null };
    attributions.set(request, attribution);
  }
  return attribution;
};

/**
 * API-key authentication of the public API (issue #17). Every request looks its key up in the
 * database (one indexed read by the secret's SHA-256, as sessions do), so a deleted key or a
 * locked account is refused by every API process on the next request. Then the per-key rate
 * limit (`API_RATE_LIMIT` per minute, shared through the database) answers `RateLimit-*`
 * headers, and 101 with `Retry-After` beyond it. A client address that sent
 * `API_KEY_FAILURES_PER_MINUTE` unknown keys is refused (101) for the rest of the minute, except
 * for keys this process admitted in the last hour. Ledger entries written while the request runs
 * record the key (`currentApiKeyId`).
 *
 * Tests make a key through the console call: `POST /api/api/key` with a session token
 * (`signedInCustomer` of test/factories.ts) answers `data.password`, the secret.
 */
export const apiKeyAuthPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('apiKey', null);
    const limiter = createApiRateLimiter(app.db, app.config.apiRateLimit);
    const failures = createKeyFailureLimiter(API_KEY_FAILURES_PER_MINUTE);
    // Every handler runs in its request's attribution context (set empty here, filled by the key).
    app.addHook('preHandler', (request, _reply, done) => {
      runAttributed(attributionOf(request), done);
    });
    // A retried call answered from its Idempotency-Key says so.
    app.addHook('onSend', async (request, reply) => {
      if (wasReplayed(request)) reply.header('idempotent-replayed', 'true');
    });
    app.decorate(
      'requireApiKey',
      (access: 'read' | 'write', version: ApiKeyVersion) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          const secret = apiKeyOf(request);
          const secretHash = () =>
            secret && secret.length <= API_KEY_SECRET_MAX ? hashApiKeySecret(secret) : null;
          await failures.check(request.ip, secretHash);
          const { key, user } = await authenticateApiKey(app.db, secret, {
            access,
            version,
            ip: request.ip,
          }).catch(async (error: unknown) => {
            if (isAppError(error) && error.key === 'ERR_API_TOKEN_ERROR') {
              await failures.record(request.ip, secretHash());
            }
            throw error;
          });
          failures.admit(key.secretHash);
          const { allowed, state } = await limiter.consume(key.id);
          setRateLimitHeaders(reply, state);
          if (!allowed) throw rateLimitError(state);
          request.user = user;
          request.apiKey = { id: key.publicId, name: key.name, version: key.version, scope: key.scope };
          attributionOf(request).apiKeyId = key.id;
        },
    );
  },
  { name: 'api-key-auth', dependencies: ['authentication', 'envelope'] },
);
