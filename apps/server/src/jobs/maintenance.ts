import { type DatabaseHandle, sql } from '@ptc/db';
import type { Job } from './scheduler';

/** How often the embedded database is vacuumed and analysed. */
export const EMBEDDED_MAINTENANCE_MS = 30 * 60_000;

/**
 * Upkeep PostgreSQL's autovacuum does on its own but the embedded PGlite never does: reclaim the
 * rows that updates left dead (the gateway's usage flush rewrites proxies every few seconds) and
 * refresh the planner's statistics, without which every list is planned as a scan and a sort.
 * Nothing on PostgreSQL.
 */
export const maintenanceJobs = (handle: DatabaseHandle): Job[] =>
  handle.driver === 'pglite'
    ? [
        {
          name: 'embedded-vacuum',
          everyMs: EMBEDDED_MAINTENANCE_MS,
          run: async () => {
            await handle.db.execute(sql`vacuum (analyze)`);
            return 1;
          },
        },
      ]
    : [];
