import { LIMITS } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import { deleteChallengesBefore } from '../two-factor/two-factor.repository';
import { deleteExpiredLimits } from './abuse-limits.repository';
import { deleteExpiredCaptchas } from './captcha.repository';
import { deleteStaleCodes } from './codes.repository';
import { deleteFailuresBefore } from './lockout.repository';

const DAY_MS = 24 * 3_600_000;

/**
 * Deletes what the account calls leave behind once it can no longer matter: expired captchas,
 * verification codes that expired and no longer count against the daily sending caps, sign-in
 * failures outside the lockout window, ended abuse-limit windows and expired two-factor sign-in steps. Answers how many rows went.
 */
export const cleanUpAuthRecords = async (db: Database, now: Date) => {
  const removed = await Promise.all([
    deleteExpiredCaptchas(db, now),
    deleteStaleCodes(db, now, new Date(now.getTime() - DAY_MS)),
    deleteFailuresBefore(db, new Date(now.getTime() - LIMITS.LOGIN_LOCKOUT_MS)),
    deleteExpiredLimits(db, now),
    deleteChallengesBefore(db, now),
  ]);
  return removed.reduce((sum, n) => sum + n, 0);
};
