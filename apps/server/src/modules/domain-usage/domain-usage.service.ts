import {
  AppError,
  DOMAIN_USAGE_RANGE_HOURS,
  type DomainUsage,
  type DomainUsageSetting,
  type DomainUsageSettingBody,
  type domainUsageQuerySchema,
} from '@ptc/contracts';
import { and, type Database, desc, domainUsageHourly, domainUsageOptOuts, eq, gte, lt, sql } from '@ptc/db';
import type { z } from 'zod';
import { findOwnProxy } from '../proxies/list/list.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Query = z.output<typeof domainUsageQuerySchema>;

/** The period a query asks for: `from`..`to`, or the range counted back from now. */
export const periodOf = (query: Query, now: Date): { from: Date; to: Date } =>
  query.from !== undefined && query.to !== undefined
    ? { from: new Date(query.from), to: new Date(query.to) }
    : { from: new Date(now.getTime() - DOMAIN_USAGE_RANGE_HOURS[query.range] * HOUR_MS), to: now };

/** Whether the customer lets the gateway record domains (on unless switched off). */
export const isCollecting = async (db: Database, userId: bigint): Promise<boolean> => {
  const [row] = await db
    .select({ userId: domainUsageOptOuts.userId })
    .from(domainUsageOptOuts)
    .where(eq(domainUsageOptOuts.userId, userId))
    .limit(1);
  return !row;
};

/**
 * The top domains of a customer (every proxy, `proxyId` null) or of one of its proxies over the
 * period: the hours that start in it (the first one from the start of its hour), sorted by bytes
 * or requests, with the totals over every domain.
 */
const topDomains = async (
  db: Database,
  userId: bigint,
  proxyId: bigint | null,
  query: Query,
  now: Date,
): Promise<DomainUsage> => {
  const { from, to } = periodOf(query, now);
  const firstHour = new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS);
  const where = and(
    proxyId === null ? eq(domainUsageHourly.userId, userId) : eq(domainUsageHourly.proxyId, proxyId),
    gte(domainUsageHourly.hour, firstHour),
    lt(domainUsageHourly.hour, to),
  );
  const bytes = sql<string>`sum(${domainUsageHourly.bytes})`;
  const requests = sql<string>`sum(${domainUsageHourly.requests})`;
  const [rows, [totals], enabled] = await Promise.all([
    db
      .select({ domain: domainUsageHourly.domain, bytes, requests })
      .from(domainUsageHourly)
      .where(where)
      .groupBy(domainUsageHourly.domain)
      .orderBy(
        query.sort === 'bytes' ? desc(bytes) : desc(requests),
        query.sort === 'bytes' ? desc(requests) : desc(bytes),
        domainUsageHourly.domain,
      )
      .limit(query.limit),
    db
      .select({
        bytes: sql<string | null>`sum(${domainUsageHourly.bytes})`,
        requests: sql<string | null>`sum(${domainUsageHourly.requests})`,
        count: sql<string>`count(distinct ${domainUsageHourly.domain})`,
      })
      .from(domainUsageHourly)
      .where(where),
    isCollecting(db, userId),
  ]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    sort: query.sort,
    enabled,
    total_bytes: Number(totals?.bytes ?? 0),
    total_requests: Number(totals?.requests ?? 0),
    domain_count: Number(totals?.count ?? 0),
    domains: rows.map((row) => ({
      domain: row.domain,
      bytes: Number(row.bytes),
      requests: Number(row.requests),
    })),
  };
};

/** `GET /proxy/domain_usage`: the customer's top domains over every proxy. */
export const customerDomainUsage = (db: Database, userId: bigint, query: Query, now = new Date()) =>
  topDomains(db, userId, null, query, now);

/** `GET /proxy/token/domain_usage/{token_id}`: one proxy's top domains; another customer's proxy is missing. */
export const proxyDomainUsage = async (
  db: Database,
  userId: bigint,
  publicId: string,
  query: Query,
  now = new Date(),
): Promise<DomainUsage> => {
  const proxy = await findOwnProxy(db, userId, publicId);
  if (!proxy) throw new AppError('ERR_NO_THIS_USER_TOKEN');
  return topDomains(db, userId, proxy.id, query, now);
};

/** `GET /user/domain_usage`. */
export const readDomainUsageSetting = async (
  db: Database,
  userId: bigint,
  retentionDays: number,
): Promise<DomainUsageSetting> => ({
  enabled: await isCollecting(db, userId),
  retention_days: retentionDays,
});

/**
 * `PUT /user/domain_usage`: switches collection on or off. Off takes effect for what is flushed
 * from then on (the usage flush checks it) and for new connections once gateways re-read the
 * credential (seconds); `delete_existing` also deletes the figures kept so far.
 */
export const writeDomainUsageSetting = async (
  db: Database,
  userId: bigint,
  body: DomainUsageSettingBody,
  retentionDays: number,
): Promise<DomainUsageSetting> => {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (body.enabled) {
      await t.delete(domainUsageOptOuts).where(eq(domainUsageOptOuts.userId, userId));
      return;
    }
    await t.insert(domainUsageOptOuts).values({ userId }).onConflictDoNothing();
    if (body.delete_existing) await t.delete(domainUsageHourly).where(eq(domainUsageHourly.userId, userId));
  });
  return readDomainUsageSetting(db, userId, retentionDays);
};

/** Deletes the hours older than the retention (the `domain-usage-retention` job); answers how many rows. */
export const deleteExpiredDomainUsage = async (
  db: Database,
  retentionDays: number,
  now: Date,
): Promise<number> => {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await db
    .delete(domainUsageHourly)
    .where(lt(domainUsageHourly.hour, before))
    .returning({ hour: domainUsageHourly.hour });
  return deleted.length;
};
