import { and, type Database, eq, gte, inArray, proxies, proxyUsageHourly, sql } from '@ptc/db';

type Family = (typeof proxies.$inferSelect)['family'];

/** Bytes up and down of one period. */
export interface UsageTotals {
  period: string;
  up: bigint;
  down: bigint;
}

const sums = {
  up: sql<string>`sum(${proxyUsageHourly.bytesUp})::text`,
  down: sql<string>`sum(${proxyUsageHourly.bytesDown})::text`,
};

const toTotals = (rows: { period: string; up: string; down: string }[]): UsageTotals[] =>
  rows.map((row) => ({ period: row.period, up: BigInt(row.up), down: BigInt(row.down) }));

const ofUser = (userId: bigint, since: Date, families?: readonly Family[]) =>
  and(
    eq(proxies.userId, userId),
    gte(proxyUsageHourly.hour, since),
    families ? inArray(proxies.family, [...families]) : undefined,
  );

/**
 * A user's carried bytes per calendar day in `tz` (YYYY-MM-DD), from the hourly buckets since
 * `since`, optionally of some families only. An hour counts on the day it starts.
 */
export const sumUsageByLocalDay = async (
  db: Database,
  userId: bigint,
  since: Date,
  tz: string,
  families?: readonly Family[],
) =>
  toTotals(
    await db
      .select({
        period: sql<string>`to_char(${proxyUsageHourly.hour} at time zone ${tz}, 'YYYY-MM-DD')`,
        ...sums,
      })
      .from(proxyUsageHourly)
      .innerJoin(proxies, eq(proxies.id, proxyUsageHourly.proxyId))
      .where(ofUser(userId, since, families))
      // By position: the same expression with its own parameter would not match the select's.
      .groupBy(sql`1`),
  );

/** A user's carried bytes per UTC hour (ISO instant of the hour's start) since `since`. */
export const sumUsageByHour = async (db: Database, userId: bigint, since: Date) =>
  (
    await db
      .select({ hour: proxyUsageHourly.hour, ...sums })
      .from(proxyUsageHourly)
      .innerJoin(proxies, eq(proxies.id, proxyUsageHourly.proxyId))
      .where(ofUser(userId, since))
      .groupBy(proxyUsageHourly.hour)
  ).map((row) => ({ period: row.hour.toISOString(), up: BigInt(row.up), down: BigInt(row.down) }));
