import { PROXY_STATUS } from '@ptc/contracts';
import {
  and,
  count,
  type Database,
  desc,
  eq,
  exitHealthChecks,
  exitInService,
  exits,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  proxies,
  type SQL,
  sql,
} from '@ptc/db';
import { isExitLeased } from '../../areas/supply';

export type ExitRow = typeof exits.$inferSelect;

/** How the exit list is narrowed. */
export interface ExitFilter {
  kind?: 'direct' | 'http' | 'socks5';
  type?: 'residential' | 'datacenter';
  country?: string;
  isStatic?: boolean;
  isDemo?: boolean;
  state?: 'in_service' | 'disabled' | 'unhealthy';
  q?: string;
}

const stateCondition = (state: ExitFilter['state']): SQL | undefined => {
  if (state === 'in_service') return exitInService;
  if (state === 'disabled') return isNotNull(exits.disabledAt);
  if (state === 'unhealthy') return and(isNull(exits.disabledAt), eq(exits.isHealthy, false));
  return undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const whereOf = (filter: ExitFilter) =>
  and(
    filter.kind ? eq(exits.kind, filter.kind) : undefined,
    filter.type ? eq(exits.type, filter.type) : undefined,
    filter.country ? eq(exits.country, filter.country.toUpperCase()) : undefined,
    filter.isStatic === undefined ? undefined : eq(exits.isStatic, filter.isStatic),
    filter.isDemo === undefined ? undefined : eq(exits.isDemo, filter.isDemo),
    stateCondition(filter.state),
    filter.q
      ? or(
          ilike(exits.host, `%${escapeLike(filter.q)}%`),
          ilike(exits.ip, `%${escapeLike(filter.q)}%`),
          ilike(exits.label, `%${escapeLike(filter.q)}%`),
          ilike(exits.account, `%${escapeLike(filter.q)}%`),
        )
      : undefined,
  );

const DAY_MS = 86_400_000;

/**
 * Wraps a correlated subquery: drizzle writes the columns of a select field's own template without
 * their table (`"id"`), which inside a subquery would name the subquery's table; nested ones keep it.
 */
const correlated = <T>(subquery: SQL) => sql<T>`${subquery}`;

/** The health figures of the last 24 hours, per exit of the page. */
const recentChecks = (since: Date) => ({
  checks: correlated<number>(
    sql`(select count(*)::int from ${exitHealthChecks} where ${exitHealthChecks.exitId} = ${exits.id} and ${exitHealthChecks.checkedAt} > ${since})`,
  ),
  passed: correlated<number>(
    sql`(select count(*)::int from ${exitHealthChecks} where ${exitHealthChecks.exitId} = ${exits.id} and ${exitHealthChecks.checkedAt} > ${since} and ${exitHealthChecks.isOk})`,
  ),
  leasedBy: correlated<string | null>(
    sql`(select min(${proxies.publicId}) from ${proxies} where ${proxies.exitId} = ${exits.id} and ${proxies.deletedAt} is null and ${proxies.status} <> ${PROXY_STATUS.INVALID} and ${proxies.family} in ('static-traffic', 'static-ip'))`,
  ),
});

/** A page of exits, newest first, with their 24-hour health and (static ones) their lease. */
export const listExits = async (
  db: Database,
  filter: ExitFilter,
  page: { offset: number; limit: number },
  now: Date,
) => {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ exit: exits, ...recentChecks(new Date(now.getTime() - DAY_MS)) })
      .from(exits)
      .where(where)
      .orderBy(desc(exits.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(exits).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

/** One exit with its 24-hour health and lease. */
export const findExitDetail = async (db: Database, id: bigint, now: Date) => {
  const [row] = await db
    .select({ exit: exits, ...recentChecks(new Date(now.getTime() - DAY_MS)) })
    .from(exits)
    .where(eq(exits.id, id));
  return row ?? null;
};

export const findExit = async (db: Database, id: bigint) => {
  const [row] = await db.select().from(exits).where(eq(exits.id, id));
  return row ?? null;
};

/** Locks an exit row for a change (two operators editing it take turns). */
export const lockExit = async (db: Database, id: bigint) => {
  const [row] = await db.select().from(exits).where(eq(exits.id, id)).for('update');
  return row ?? null;
};

export const insertExits = (db: Database, rows: (typeof exits.$inferInsert)[]) =>
  db.insert(exits).values(rows).returning();

export const updateExit = async (db: Database, id: bigint, changes: Partial<typeof exits.$inferInsert>) => {
  const [row] = await db.update(exits).set(changes).where(eq(exits.id, id)).returning();
  return row ?? null;
};

/** Counts of the whole supply for the overview. */
export const countSupply = async (db: Database) => {
  const [row] = await db
    .select({
      total: count(),
      inService: sql<number>`count(*) filter (where ${exitInService})::int`,
      disabled: sql<number>`count(*) filter (where ${exits.disabledAt} is not null)::int`,
      unhealthy: sql<number>`count(*) filter (where ${exits.disabledAt} is null and not ${exits.isHealthy})::int`,
      upstream: sql<number>`count(*) filter (where ${exits.kind} <> 'direct')::int`,
      statics: sql<number>`count(*) filter (where ${exits.isStatic})::int`,
      demo: sql<number>`count(*) filter (where ${exits.isDemo})::int`,
      demoInService: sql<number>`count(*) filter (where ${exits.isDemo} and ${exits.disabledAt} is null)::int`,
    })
    .from(exits);
  return row;
};

/** The static inventory per place and type: addresses in service, leased and free. */
export const countInventory = (db: Database, country?: string) =>
  db
    .select({
      country: exits.country,
      state: exits.state,
      city: exits.city,
      label: sql<string | null>`min(${exits.label})`,
      type: exits.type,
      total: count(),
      leased: sql<number>`count(*) filter (where ${isExitLeased})::int`,
      unhealthy: sql<number>`count(*) filter (where not ${exits.isHealthy})::int`,
    })
    .from(exits)
    .where(
      and(
        eq(exits.isStatic, true),
        isNull(exits.disabledAt),
        country ? eq(exits.country, country.toUpperCase()) : undefined,
      ),
    )
    .groupBy(exits.country, exits.state, exits.city, exits.type)
    .orderBy(exits.country, exits.state, exits.city, exits.type);

/** Live static addresses among `ips`. */
export const findLiveStaticIps = async (db: Database, ips: string[]) => {
  if (ips.length === 0) return new Set<string>();
  const rows = await db
    .select({ ip: exits.ip })
    .from(exits)
    .where(
      and(
        eq(exits.isStatic, true),
        isNull(exits.disabledAt),
        sql`${exits.ip} = any(${sql.param(ips)}::text[])`,
      ),
    );
  return new Set(rows.map((row) => row.ip ?? ''));
};

/** The live static proxies leasing an exit (at most one; the lease index keeps it so). */
export const findLeases = (db: Database, exitId: bigint) =>
  db
    .select()
    .from(proxies)
    .where(
      and(
        eq(proxies.exitId, exitId),
        isNull(proxies.deletedAt),
        sql`${proxies.status} <> ${PROXY_STATUS.INVALID}`,
        sql`${proxies.family} in ('static-traffic', 'static-ip')`,
      ),
    )
    .for('update');

/**
 * Free static exits in service that can take over a lease from `exit`: the same type and country,
 * the same city first, then the same state.
 */
export const findReplacementExits = (db: Database, exit: ExitRow, limit: number) =>
  db
    .select({ id: exits.id, ip: exits.ip })
    .from(exits)
    .where(
      and(
        eq(exits.isStatic, true),
        exitInService,
        eq(exits.type, exit.type),
        eq(exits.country, exit.country),
        sql`${exits.id} <> ${exit.id}`,
        sql`not ${isExitLeased}`,
      ),
    )
    .orderBy(
      sql`coalesce(${exits.city} = ${exit.city}, false) desc`,
      sql`coalesce(${exits.state} = ${exit.state}, false) desc`,
      exits.id,
    )
    .limit(limit);

/** Exits a scheduled health check is due for: upstream, in use, not checked for `intervalMs`. */
export const listDueChecks = (db: Database, now: Date, intervalMs: number, limit: number) =>
  db
    .select()
    .from(exits)
    .where(
      and(
        sql`${exits.kind} <> 'direct'`,
        isNull(exits.disabledAt),
        or(isNull(exits.lastCheckedAt), lt(exits.lastCheckedAt, new Date(now.getTime() - intervalMs))),
      ),
    )
    .orderBy(sql`${exits.lastCheckedAt} asc nulls first`, exits.id)
    .limit(limit);

/** The latest health checks of an exit, newest first. */
export const listChecks = (db: Database, exitId: bigint, limit: number) =>
  db
    .select()
    .from(exitHealthChecks)
    .where(eq(exitHealthChecks.exitId, exitId))
    .orderBy(desc(exitHealthChecks.checkedAt), desc(exitHealthChecks.id))
    .limit(limit);

/** Health checks older than `before` go (they only feed the last day's figures). */
export const pruneChecks = async (db: Database, before: Date) => {
  const gone = await db
    .delete(exitHealthChecks)
    .where(lt(exitHealthChecks.checkedAt, before))
    .returning({ id: exitHealthChecks.id });
  return gone.length;
};
