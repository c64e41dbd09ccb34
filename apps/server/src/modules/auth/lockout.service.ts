import { AppError, LIMITS } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import { clearFailures, countFailures, insertFailure } from './lockout.repository';

/**
 * The sign-in lockout of SPEC §9: more than 10 failures within 10 minutes lock the account
 * (2007) until the window has passed. Kept in the database so every process sees it.
 */
const windowStart = (now: Date) => new Date(now.getTime() - LIMITS.LOGIN_LOCKOUT_MS);

const lockedError = () => new AppError('ERR_BAN_LOGIN');

/** Throws 2007 while the account is locked. */
export const assertNotLocked = async (db: Database, account: string, now = new Date()) => {
  if ((await countFailures(db, account, windowStart(now))) > LIMITS.LOGIN_MAX_FAILURES) throw lockedError();
};

/** Records a failure and answers the error to send: 2007 once the limit is passed, else `failure`. */
export const failSignIn = async (
  db: Database,
  account: string,
  clientIp: string | null,
  failure: AppError,
  now = new Date(),
): Promise<AppError> => {
  await insertFailure(db, account, clientIp, now);
  return (await countFailures(db, account, windowStart(now))) > LIMITS.LOGIN_MAX_FAILURES
    ? lockedError()
    : failure;
};

/** Forgets the failures of an account that just signed in. */
export const succeedSignIn = (db: Database, account: string) => clearFailures(db, account);
