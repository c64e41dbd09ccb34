import { ACCOUNT_RULES } from '@ptc/contracts';
import { createSessionToken, type Database, hashSessionToken } from '@ptc/db';
import { insertSession, revokeSessionByTokenHash } from './auth.repository';

/** How a session was started. */
export type SignInMethod = 'password' | 'account' | 'sms' | 'google' | 'github' | 'tourist' | 'register';

/** Starts a session and answers its token; only the token's hash is stored. */
export const startSession = async (
  db: Database,
  userId: bigint,
  method: SignInMethod,
  options: { remember?: boolean; now?: Date } = {},
): Promise<string> => {
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
