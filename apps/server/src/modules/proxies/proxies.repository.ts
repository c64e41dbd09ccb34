import type { ProxyFamily, proxyListQuerySchema } from '@ptc/contracts';
import {
  and,
  asc,
  type Database,
  desc,
  eq,
  exits,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  proxies,
  sql,
} from '@ptc/db';
import type { z } from 'zod';
import { ipPatternRegex } from './ip-pattern';
import type { ProxyRecord } from './proxies.presenter';

type Condition = ReturnType<typeof sql> | undefined;

/** The columns of a proxy record: the proxy and what the list shows of its exit. */
const recordColumns = {
  proxy: proxies,
  exitIp: exits.ip,
  exitLabel: exits.label,
};

const toRecord = (row: {
  proxy: typeof proxies.$inferSelect;
  exitIp: string | null;
  exitLabel: string | null;
}) => ({ ...row.proxy, exitIp: row.exitIp, exitLabel: row.exitLabel }) satisfies ProxyRecord;

/** A live (not deleted) proxy of this user, or null: another user's id answers exactly like a missing one. */
export const findOwnProxy = async (
  db: Database,
  userId: bigint,
  publicId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProxyRecord | null> => {
  const query = db
    .select(recordColumns)
    .from(proxies)
    .leftJoin(exits, eq(exits.id, proxies.exitId))
    .where(and(eq(proxies.publicId, publicId), eq(proxies.userId, userId), isNull(proxies.deletedAt)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: proxies }) : await query;
  return row ? toRecord(row) : null;
};

/** Live proxies of this user among `publicIds` (those that are someone else's, or missing, are left out). */
export const findOwnProxies = async (
  db: Database,
  userId: bigint,
  publicIds: readonly string[],
  options: { family?: ProxyFamily } = {},
): Promise<ProxyRecord[]> => {
  if (publicIds.length === 0) return [];
  const rows = await db
    .select(recordColumns)
    .from(proxies)
    .leftJoin(exits, eq(exits.id, proxies.exitId))
    .where(
      and(
        inArray(proxies.publicId, [...publicIds]),
        eq(proxies.userId, userId),
        isNull(proxies.deletedAt),
        options.family ? eq(proxies.family, options.family) : undefined,
      ),
    )
    .orderBy(desc(proxies.createdAt), desc(proxies.id));
  return rows.map(toRecord);
};

/** Escapes a text for a LIKE pattern (backslash is the default escape character). */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** An exit address filter: `*` stands for one octet (69.32.3.*), otherwise a prefix (69.32). */
export const ipCondition = (ip: string): Condition => {
  if (ip.includes('*')) return sql`${exits.ip} ~ ${ipPatternRegex(ip)}`;
  return sql`${exits.ip} like ${`${likeEscape(ip)}%`}`;
};

/** The filters of the list (SPEC §2 Proxy list). */
export type ProxyListFilters = z.output<typeof proxyListQuerySchema>;

const listConditions = (userId: bigint, family: ProxyFamily, filters: ProxyListFilters, now: Date) => {
  const notExpired = sql`(${proxies.expiresAt} is null or ${proxies.expiresAt} > ${now})`;
  const status: Record<ProxyListFilters['status'], Condition> = {
    all: undefined,
    normal: and(eq(proxies.status, 1), notExpired),
    unhealthy: and(eq(proxies.status, 4), notExpired),
    expired: sql`(${proxies.status} = 3 or ${proxies.expiresAt} <= ${now})`,
  };
  return and(
    eq(proxies.userId, userId),
    eq(proxies.family, family),
    filters.deleted ? isNotNull(proxies.deletedAt) : isNull(proxies.deletedAt),
    filters.ip ? ipCondition(filters.ip) : undefined,
    filters.type ? eq(proxies.exitType, filters.type) : undefined,
    filters.username
      ? sql`${proxies.username} like ${`${likeEscape(filters.username.toLowerCase())}%`}`
      : undefined,
    filters.password ? sql`${proxies.password} like ${`${likeEscape(filters.password)}%`}` : undefined,
    filters.country ? eq(proxies.country, filters.country) : undefined,
    filters.state ? sql`lower(${proxies.state}) = lower(${filters.state})` : undefined,
    filters.city ? eq(proxies.city, filters.city.toLowerCase()) : undefined,
    filters.remark ? sql`${proxies.remark} ilike ${`%${likeEscape(filters.remark)}%`}` : undefined,
    status[filters.status],
    filters.start ? gte(proxies.createdAt, new Date(filters.start)) : undefined,
    filters.end ? lte(proxies.createdAt, new Date(filters.end)) : undefined,
  );
};

const orderOf = (filters: ProxyListFilters) => {
  const direction = filters.order === 'asc' ? asc : desc;
  switch (filters.sort) {
    case 'expire_time':
      return [
        filters.order === 'asc'
          ? sql`${proxies.expiresAt} asc nulls last`
          : sql`${proxies.expiresAt} desc nulls last`,
        direction(proxies.id),
      ];
    case 'traffic_used':
      return [direction(sql`${proxies.bytesUp} + ${proxies.bytesDown}`), direction(proxies.id)];
    default:
      // The order of `proxies_list_idx` (user, family, created_at desc, id desc), walked either way.
      return [direction(proxies.createdAt), direction(proxies.id)];
  }
};

/**
 * One page of a family's proxies and the exact number of matches. The page walks
 * `proxies_list_idx` and joins each row's exit once. The count (the costly part: it reads every
 * matching row) is skipped when the page itself shows where the list ends, and joins exits only
 * when the address filter needs them.
 */
export const listProxies = async (
  db: Database,
  userId: bigint,
  family: ProxyFamily,
  filters: ProxyListFilters,
  now: Date,
) => {
  const where = listConditions(userId, family, filters, now);
  const offset = (filters.page - 1) * filters.page_size;
  const rows = await db
    .select(recordColumns)
    .from(proxies)
    .leftJoin(exits, eq(exits.id, proxies.exitId))
    .where(where)
    .orderBy(...orderOf(filters))
    .limit(filters.page_size)
    .offset(offset);
  // A page that is not full ends the list: its position is the exact total, no count to run.
  if (rows.length < filters.page_size && (rows.length > 0 || offset === 0)) {
    return { rows: rows.map(toRecord), total: offset + rows.length };
  }
  const countQuery = db.select({ total: sql<number>`count(*)::int` }).from(proxies);
  const [counted] = await (filters.ip
    ? countQuery.leftJoin(exits, eq(exits.id, proxies.exitId)).where(where)
    : countQuery.where(where));
  return { rows: rows.map(toRecord), total: counted?.total ?? 0 };
};

/** The proxies of a family created in a time range (exports), newest first, up to `limit`. */
export const findProxiesCreatedBetween = async (
  db: Database,
  userId: bigint,
  family: ProxyFamily,
  range: { start: Date; end: Date },
  limit: number,
): Promise<ProxyRecord[]> => {
  const rows = await db
    .select(recordColumns)
    .from(proxies)
    .leftJoin(exits, eq(exits.id, proxies.exitId))
    .where(
      and(
        eq(proxies.userId, userId),
        eq(proxies.family, family),
        isNull(proxies.deletedAt),
        gte(proxies.createdAt, range.start),
        lte(proxies.createdAt, range.end),
      ),
    )
    .orderBy(desc(proxies.createdAt), desc(proxies.id))
    .limit(limit);
  return rows.map(toRecord);
};

/** Updates one proxy and answers it (the caller has already checked ownership). */
export const updateProxy = async (db: Database, id: bigint, values: Partial<typeof proxies.$inferInsert>) => {
  const [row] = await db.update(proxies).set(values).where(eq(proxies.id, id)).returning();
  if (!row) throw new Error('the proxy vanished');
  return row;
};

/** Soft-deletes proxies; a leased static exit is free again from this moment (the lease index ignores deleted rows). */
export const softDeleteProxies = (db: Database, ids: bigint[], now: Date) =>
  db
    .update(proxies)
    .set({ deletedAt: now })
    .where(and(inArray(proxies.id, ids), isNull(proxies.deletedAt)))
    .returning({ id: proxies.id });
