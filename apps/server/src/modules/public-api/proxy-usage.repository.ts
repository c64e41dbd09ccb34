import { and, type Database, eq, gte, proxyUsageHourly, sql } from '@ptc/db';
import type { UsageTotals } from '../traffic/usage.service';

/**
 * One proxy's carried bytes per calendar day in `tz` (YYYY-MM-DD) from the hourly buckets since
 * `since`. An hour counts on the day it starts. The caller has checked the proxy is the user's.
 */
export const sumProxyUsageByLocalDay = async (
  db: Database,
  proxyId: bigint,
  since: Date,
  tz: string,
): Promise<UsageTotals[]> => {
  const rows = await db
    .select({
      period: sql<string>`to_char(${proxyUsageHourly.hour} at time zone ${tz}, 'YYYY-MM-DD')`,
      up: sql<string>`sum(${proxyUsageHourly.bytesUp})::text`,
      down: sql<string>`sum(${proxyUsageHourly.bytesDown})::text`,
    })
    .from(proxyUsageHourly)
    .where(and(eq(proxyUsageHourly.proxyId, proxyId), gte(proxyUsageHourly.hour, since)))
    // By position: the same expression with its own parameter would not match the select's.
    .groupBy(sql`1`);
  return rows.map((row) => ({ period: row.period, up: BigInt(row.up), down: BigInt(row.down) }));
};
