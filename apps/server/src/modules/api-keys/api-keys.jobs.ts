import type { Database } from '@ptc/db';
import type { Job } from '../../jobs/scheduler';
import { IDEMPOTENCY_TTL_MS } from './idempotency';
import { deleteIdempotencyKeysBefore } from './idempotency.repository';

/** The API keys module's background jobs: idempotency keys are forgotten after 24 hours. */
export const apiKeysJobs = (db: Database): Job[] => [
  {
    name: 'idempotency-cleanup',
    everyMs: 15 * 60_000,
    run: (now) => deleteIdempotencyKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
  },
];
