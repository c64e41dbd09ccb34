import { ACCOUNT_RULES, AppError } from '@ptc/contracts';
import { createSessionToken, type Database, hashSessionToken } from '@ptc/db';
import { findUserById, insertSession, revokeSessionByTokenHash } from './auth.repository';

/** How a session was started. */
export type SignInMethod = 'password' | 'account' | 'sms' | 'google' | 'github' | 'tourist' | 'register';

/**
 * Starts a session and answers its token; only the token's hash is stored. A locked account gets
 * none, whatever proved who it is (403).
 */
export const startSession = async (
  db: Database,
  userId: bigint,
  method: SignInMethod,
  options: { remember?: boolean; now?: Date } = {},
): Promise<string> => {
  if ((await findUserById(db, userId))?.lockedAt) {
    throw new AppError('ERR_FORBIDDEN', { message: 'This account is locked: contact support' });
  }
  const now = options.now ?? new Date();
  const ttl = options.remember === false ? ACCOUNT_RULES.SESSION_SHORT_TTL_MS : ACCOUNT_RULES.SESSION_TTL_MS;
  const token = createSessionToken();
  await insertSession(db, {
    userId,
    tokenHash: hashSessionToken(token),
    method,
    expiresAt: new Date(now.getTime() + ttl),
  });
  return token;
};

/** Ends the session of this token. */
export const endSession = (db: Database, token: string, now = new Date()) =>
  revokeSessionByTokenHash(db, hashSessionToken(token), now);
