import type { DatabaseHandle } from '@ptc/db';
import type { Job } from '../../jobs/scheduler';
import { cleanUpAuthRecords } from './auth-cleanup.service';

/** The account module's background jobs (DESIGN §4 Jobs): each idempotent and safe to run twice. */
export const authJobs = (handle: DatabaseHandle): Job[] => [
  { name: 'auth-cleanup', everyMs: 5 * 60_000, run: (now) => cleanUpAuthRecords(handle.db, now) },
];
