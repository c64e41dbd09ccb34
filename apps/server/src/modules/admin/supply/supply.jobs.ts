import type { DatabaseHandle } from '@ptc/db';
import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { checkDueExits } from './health-checks.service';

/**
 * The supply's background job: upstream exits checked once per `SUPPLY_CHECK_INTERVAL_SECONDS`
 * (none when it is 0). The job wakes often and checks only those due, so a new exit is checked
 * within half a minute.
 */
export const supplyJobs = (config: Config, database: DatabaseHandle): Job[] =>
  config.supplyChecks.intervalMs > 0
    ? [
        {
          name: 'supply-health',
          everyMs: Math.min(config.supplyChecks.intervalMs, 30_000),
          run: (now) => checkDueExits(database.db, config.supplyChecks, now),
        },
      ]
    : [];
