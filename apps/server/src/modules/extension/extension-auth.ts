import { AppError, EXTENSION_AUTH_SCHEME, EXTENSION_TOKEN_PREFIX } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { FastifyRequest } from 'fastify';
import { hashPairingToken, PAIRING_TOKEN_MAX_LENGTH } from './pairing-secrets';
import { findLivePairingByTokenHash, type PairingRow, touchPairing } from './pairings.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The pairing of an extension route's caller, set by the extension auth hook. */
    pairing: PairingRow | null;
  }
}

/** A pairing's `last_used_at` is written at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

const SCHEME = new RegExp(`^${EXTENSION_AUTH_SCHEME}\\s+(\\S+)$`, 'i');

/**
 * The pairing token of `authorization: Extension <token>`, or null for anything else (a session
 * token, `Bearer …`, an API key): the extension routes take no other credential.
 */
export const pairingTokenOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value || value.length > PAIRING_TOKEN_MAX_LENGTH + EXTENSION_AUTH_SCHEME.length + 8) return null;
  const token = SCHEME.exec(value)?.[1];
  if (!token?.startsWith(EXTENSION_TOKEN_PREFIX) || token.length > PAIRING_TOKEN_MAX_LENGTH) return null;
  return token;
};

/**
 * Hook of the extension routes: admits a live pairing (not revoked, its console session live, its
 * owner neither deleted nor locked) and sets `request.user` and `request.pairing`; anything else
 * is 2004 (ERR_TOKEN_ERROR), which the extension shows as "pairing ended".
 */
export const requirePairing =
  (db: Database) =>
  async (request: FastifyRequest): Promise<void> => {
    const token = pairingTokenOf(request);
    if (!token) throw new AppError('ERR_TOKEN_ERROR', { message: 'Extension pairing required' });
    const now = new Date();
    const found = await findLivePairingByTokenHash(db, hashPairingToken(token), now);
    if (!found) throw new AppError('ERR_TOKEN_ERROR', { message: 'Extension pairing ended' });
    if (!found.pairing.lastUsedAt || now.getTime() - found.pairing.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchPairing(db, found.pairing.id, now);
    }
    request.user = found.user;
    request.pairing = found.pairing;
  };

/** The pairing of a route guarded by {@link requirePairing}. */
export const currentPairing = (request: FastifyRequest): PairingRow => {
  if (!request.pairing) throw new Error('route is missing the pairing hook');
  return request.pairing;
};
