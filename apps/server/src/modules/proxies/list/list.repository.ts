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
  proxyCounts,
  sql,
} from '@ptc/db';
import type { z } from 'zod';
import { ipPatternRegex } from '../generation/ip-pattern';
import type { ProxyRecord } from '../proxies.presenter';

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

/**
 * `column = any($1)` with the values as ONE array parameter: a selection of up to 5 000 proxies
 * (exports, batch actions) would otherwise be an `in` list of 5 000 parameters, costlier to build
 * than to run. Values travel as text and are cast to the column's type.
 */
export const isAnyOf = (
  column: typeof proxies.id | typeof proxies.publicId,
  values: readonly (string | bigint)[],
  type: 'text' | 'bigint',
) => sql`${column} = any(${sql.param(values.map(String))}::${sql.raw(type)}[])`;

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
        isAnyOf(proxies.publicId, publicIds, 'text'),
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

/**
 * The order of the list, or (`reversed`) exactly its opposite, which walks the same index from
 * the other end: a page past the middle of a long list is read backwards from its end.
 */
const orderOf = (filters: ProxyListFilters, reversed = false) => {
  const ascending = (filters.order === 'asc') !== reversed;
  const direction = ascending ? asc : desc;
  switch (filters.sort) {
    case 'expire_time':
      // Proxies without an expiry come last in either order of the list.
      return [
        filters.order === 'asc'
          ? sql`${proxies.expiresAt} ${sql.raw(ascending ? 'asc nulls last' : 'desc nulls first')}`
          : sql`${proxies.expiresAt} ${sql.raw(ascending ? 'asc nulls first' : 'desc nulls last')}`,
        direction(proxies.id),
      ];
    case 'traffic_used':
      return [direction(sql`${proxies.bytesUp} + ${proxies.bytesDown}`), direction(proxies.id)];
    default:
      // The order of `proxies_live_list_idx` / `proxies_deleted_list_idx`, walked either way.
      return [direction(proxies.createdAt), direction(proxies.id)];
  }
};

/**
 * From this offset on, a page is chosen by id before its rows are read: skipping thousands of
 * entries of the list index is cheap when only ids are needed (PostgreSQL then reads the index
 * alone), reading and skipping thousands of whole rows is not. So is a sort by traffic, which no
 * index serves (the usage flush rewrites those counters every few seconds): sorting ids and two
 * numbers costs a third of sorting whole rows joined to their exits. Otherwise, nearer the top,
 * the direct query is as fast and plans well even without statistics (PGlite is never analyzed).
 */
const DEFERRED_JOIN_OFFSET = 1_000;

/** Whether the list shows every proxy of the family (live or deleted): no filter narrows it. */
const isUnfiltered = (filters: ProxyListFilters) => {
  const { page, page_size, sort, order, deleted, status, ...narrowing } = filters;
  return status === 'all' && Object.values(narrowing).every((value) => value === undefined || value === '');
};

/** How many proxies of a family the account holds, live or deleted (kept by triggers in `proxy_counts`). */
export const countFamily = async (db: Database, userId: bigint, family: ProxyFamily, deleted: boolean) => {
  const column = deleted ? proxyCounts.deleted : proxyCounts.live;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${column}), 0)::int` })
    .from(proxyCounts)
    .where(and(eq(proxyCounts.userId, userId), eq(proxyCounts.family, family)));
  return row?.total ?? 0;
};

/**
 * One page of a family's proxies and the exact number of matches.
 *
 * The page walks `proxies_live_list_idx` (or one of the other list indexes); deep pages and the
 * sort by traffic choose their ids first (`DEFERRED_JOIN_OFFSET`), then only their rows are read
 * and joined to their exits. A list that no filter narrows takes its total from `proxy_counts`
 * and reads a page past its middle backwards from the end, so the last page of 100 000 proxies
 * costs what the first does. Otherwise the count (the costly part: it reads every match) is
 * skipped when the page itself shows where the list ends, and joins exits only when the address
 * filter needs them.
 */
export const listProxies = async (
  db: Database,
  userId: bigint,
  family: ProxyFamily,
  filters: ProxyListFilters,
  now: Date,
) => {
  const where = listConditions(userId, family, filters, now);
  const size = filters.page_size;
  const offset = (filters.page - 1) * size;
  const readPage = async (limit: number, skip: number, reversed: boolean) => {
    const order = orderOf(filters, reversed);
    let rows: Parameters<typeof toRecord>[0][];
    if (skip < DEFERRED_JOIN_OFFSET && filters.sort !== 'traffic_used') {
      rows = await db
        .select(recordColumns)
        .from(proxies)
        .leftJoin(exits, eq(exits.id, proxies.exitId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(skip);
    } else {
      const chosen = db.select({ id: proxies.id }).from(proxies).$dynamic();
      if (filters.ip) chosen.leftJoin(exits, eq(exits.id, proxies.exitId));
      const page = chosen
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(skip)
        .as('page');
      rows = await db
        .select(recordColumns)
        .from(page)
        .innerJoin(proxies, eq(proxies.id, page.id))
        .leftJoin(exits, eq(exits.id, proxies.exitId))
        .orderBy(...order);
    }
    return (reversed ? rows.reverse() : rows).map(toRecord);
  };

  if (isUnfiltered(filters)) {
    if (offset === 0) {
      // The first page never reads backwards: the page and the total can be read together.
      const [rows, total] = await Promise.all([
        readPage(size, 0, false),
        countFamily(db, userId, family, filters.deleted),
      ]);
      return { rows, total };
    }
    const total = await countFamily(db, userId, family, filters.deleted);
    const limit = Math.min(size, total - offset);
    if (limit <= 0) return { rows: [], total };
    const fromEnd = total - offset - limit;
    const rows =
      fromEnd < offset ? await readPage(limit, fromEnd, true) : await readPage(limit, offset, false);
    return { rows, total };
  }

  const rows = await readPage(size, offset, false);
  // A page that is not full ends the list: its position is the exact total, no count to run.
  if (rows.length < size && (rows.length > 0 || offset === 0)) {
    return { rows, total: offset + rows.length };
  }
  const countQuery = db.select({ total: sql<number>`count(*)::int` }).from(proxies);
  const [counted] = await (filters.ip
    ? countQuery.leftJoin(exits, eq(exits.id, proxies.exitId)).where(where)
    : countQuery.where(where));
  return { rows, total: counted?.total ?? 0 };
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
    .where(and(isAnyOf(proxies.id, ids, 'bigint'), isNull(proxies.deletedAt)))
    .returning({ id: proxies.id });

/**
 * Switches live proxies on (5) or off (6), only the user's when a user is given, stopping their
 * rotation when asked; answers the ids that changed.
 */
export const updateProxySwitch = async (
  db: Database,
  ids: readonly bigint[],
  state: 'on' | 'off',
  options: { userId?: bigint; stopRotation?: boolean },
) => {
  const changed = await db
    .update(proxies)
    .set({ switch: state === 'on' ? 5 : 6, ...(options.stopRotation ? { rotation: false } : {}) })
    .where(
      and(
        inArray(proxies.id, [...ids]),
        isNull(proxies.deletedAt),
        options.userId === undefined ? undefined : eq(proxies.userId, options.userId),
      ),
    )
    .returning({ id: proxies.id });
  return changed.map((row) => row.id);
};
