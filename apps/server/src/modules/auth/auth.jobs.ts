import type { Job } from '../../jobs/scheduler';
import type { AuthDeps } from './auth.deps';
import { cleanUpAuthRecords } from './auth-cleanup.service';

/** The account module's background jobs (DESIGN §4 Jobs): each idempotent and safe to run twice. */
export const authJobs = ({ db }: Pick<AuthDeps, 'db'>): Job[] => [
  { name: 'auth-cleanup', everyMs: 5 * 60_000, run: (now) => cleanUpAuthRecords(db, now) },
];
