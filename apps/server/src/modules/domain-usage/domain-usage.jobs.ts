import type { Database } from '@ptc/db';
import type { Job } from '../../jobs/scheduler';
import { deleteExpiredDomainUsage } from './domain-usage.service';

/** Per-domain usage older than DOMAIN_USAGE_RETENTION_DAYS goes (issue #21); idempotent. */
export const domainUsageJobs = (db: Database, retentionDays: number): Job[] => [
  {
    name: 'domain-usage-retention',
    everyMs: 15 * 60_000,
    run: (now) => deleteExpiredDomainUsage(db, retentionDays, now),
  },
];
