import { AppError } from '@ptc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createSignedInAddressRecorder } from '../modules/auth/account-addresses.repository';
import type { UserRow } from '../modules/auth/auth.repository';
import { authenticate } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the `requireUser` hook. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** Hook that admits only requests with a live session (and a bound contact for writes). */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** Writes allowed to users with neither email nor phone bound (auth and binding calls). */
    allowUnbound?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Resolves the `Authorization` session token into `request.user` on routes that ask for it,
 * and applies the request guard of SPEC §5 on the server too: a write by a user with neither
 * email nor phone is refused (610 for tourists, 403 otherwise) unless the route allows it.
 */
export const authenticationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    // The account's last signed-in address, which the referral reward compares (issue #20).
    const recordSignedInAddress = createSignedInAddressRecorder(app.db);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await authenticate(app.db, request.ctx.token);
      request.user = user;
      // A note that cannot be written (the account deleted meanwhile) never fails the request.
      await recordSignedInAddress(user.id, request.ip).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not record the signed-in address'),
      );
      const isUnbound = !user.email && !user.phone;
      if (isUnbound && WRITE_METHODS.has(request.method) && !request.routeOptions.config.allowUnbound) {
        throw new AppError(user.isTourist ? 'TOURIST_USER' : 'ERR_FORBIDDEN');
      }
    });
  },
  { name: 'authentication', dependencies: ['request-context'] },
);

/** The signed-in user of a route guarded by `requireUser`. */
export const currentUser = (request: FastifyRequest): UserRow => {
  if (!request.user) throw new Error('route is missing the requireUser hook');
  return request.user;
};
