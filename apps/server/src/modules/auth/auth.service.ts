import { AppError } from '@ptc/contracts';
import { type Database, hashSessionToken } from '@ptc/db';
import { findSessionByTokenHash, touchSession, type UserRow } from './auth.repository';

// Writing last-seen on every request would turn reads into writes; minutes are enough.
const TOUCH_INTERVAL_MS = 5 * 60_000;

/** The user behind a session token; throws ERR_TOKEN_ERROR when there is none. */
export const authenticate = async (
  db: Database,
  token: string | null,
  now = new Date(),
): Promise<UserRow> => {
  if (!token) throw new AppError('ERR_TOKEN_ERROR');
  const found = await findSessionByTokenHash(db, hashSessionToken(token), now);
  // A locked account's sessions open nothing (an operator locked it; issue #15).
  if (!found || found.user.lockedAt) throw new AppError('ERR_TOKEN_ERROR');
  if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, found.sessionId, now);
  }
  return found.user;
};
