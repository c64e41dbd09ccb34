import {
  AppError,
  type CreateSubUserBody,
  formatPtc,
  parsePtc,
  type SubUser,
  type SubUserList,
  type SubUserPeriod,
  type SubUserUsage,
  subUserPeriodOf,
  type UpdateSubUserBody,
} from '@ptc/contracts';
import {
  and,
  asc,
  type Database,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  proxies,
  sql,
  subUsers,
  subUserUsageDaily,
  users,
} from '@ptc/db';
import type { UserRow } from '../auth/auth.repository';
import {
  newProxyPassword,
  newProxyPublicId,
  newProxyUsername,
  newSessionId,
} from '../proxies/generation/credentials';
import { gatewayFor, type ProxiesDeps } from '../proxies/proxies.deps';
import { announceProxyChanges } from '../proxies/proxy-changes';

/** What the sub-user services need: the proxies' dependencies and the account maximum. */
export interface SubUsersDeps extends ProxiesDeps {
  maxPerAccount: number;
}

type SubUserRow = typeof subUsers.$inferSelect;
type ProxyRow = Pick<typeof proxies.$inferSelect, 'username' | 'password' | 'protocol'>;

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A unique-index violation (PostgreSQL 23505) on a sub-user's name. */
const isNameTaken = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, constraint, message } = current as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (constraint === 'sub_users_name_key' || message?.includes('sub_users_name_key')))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/** A customer's sub-users are not for tourists (610), like API keys. */
const assertNotTourist = (user: UserRow) => {
  if (user.isTourist) throw new AppError('TOURIST_USER');
};

/** Micro-PTC of a spending limit from the API's PTC text; null for none, undefined for unchanged. */
const spendingOf = (text: string | null | undefined) =>
  text === undefined ? undefined : text === null ? null : parsePtc(text);

/** What each sub-user used in its current period: bytes and micro-PTC. */
const usedThisPeriod = async (db: Database, rows: readonly SubUserRow[], now: Date) => {
  const used = new Map<bigint, { bytes: bigint; cost: bigint }>();
  if (rows.length === 0) return used;
  // The earliest first day any of them needs: the month's or the week's, whichever is earlier.
  const since = [subUserPeriodOf('month', now).start, subUserPeriodOf('week', now).start].sort(
    (a, b) => a.getTime() - b.getTime(),
  )[0] as Date;
  const days = await db
    .select()
    .from(subUserUsageDaily)
    .where(
      and(
        inArray(
          subUserUsageDaily.subUserId,
          rows.map((row) => row.id),
        ),
        gte(subUserUsageDaily.day, dayOf(since)),
      ),
    );
  const startOf = new Map(rows.map((row) => [row.id, dayOf(subUserPeriodOf(row.period, now).start)]));
  for (const day of days) {
    const start = startOf.get(day.subUserId);
    if (start === undefined || day.day < start) continue;
    const sum = used.get(day.subUserId) ?? { bytes: 0n, cost: 0n };
    sum.bytes += day.bytes;
    sum.cost += day.cost;
    used.set(day.subUserId, sum);
  }
  return used;
};

/** A sub-user as the API answers it. */
const present = (
  row: SubUserRow,
  proxy: ProxyRow,
  used: { bytes: bigint; cost: bigint } | undefined,
  gateway: { host: string; port: number },
  now: Date,
): SubUser => {
  const period = subUserPeriodOf(row.period, now);
  return {
    id: row.id.toString(),
    name: row.name,
    status: row.status,
    period: row.period,
    traffic_limit_bytes: row.trafficLimitBytes === null ? null : Number(row.trafficLimitBytes),
    spending_limit: row.spendingLimit === null ? null : formatPtc(row.spendingLimit, 6),
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    used_bytes: Number(used?.bytes ?? 0n),
    used_spending: formatPtc(used?.cost ?? 0n, 6),
    host: gateway.host,
    port: gateway.port,
    username: proxy.username,
    password: proxy.password,
    protocol: proxy.protocol,
    created_at: row.createdAt.toISOString(),
  };
};

const selectWithProxy = (db: Database) =>
  db
    .select({
      subUser: subUsers,
      proxy: { username: proxies.username, password: proxies.password, protocol: proxies.protocol },
    })
    .from(subUsers)
    .innerJoin(proxies, eq(proxies.id, subUsers.proxyId));

/** The live sub-user `id` of `user`, or 4019. */
const findOwn = async (db: Database, user: UserRow, id: string) => {
  const [found] = await selectWithProxy(db)
    .where(and(eq(subUsers.id, BigInt(id)), eq(subUsers.userId, user.id), isNull(subUsers.deletedAt)))
    .limit(1);
  if (!found) throw new AppError('ERR_NO_SUB_USER');
  return found;
};

/** One sub-user with its figures of the period. */
const presentOne = async (deps: SubUsersDeps, user: UserRow, id: string, now = new Date()) => {
  const found = await findOwn(deps.db, user, id);
  const used = await usedThisPeriod(deps.db, [found.subUser], now);
  return present(
    found.subUser,
    found.proxy,
    used.get(found.subUser.id),
    await gatewayFor(deps, user.id),
    now,
  );
};

/** `GET /api/sub_users`: the live sub-users, oldest first, with what each used this period. */
export const listSubUsers = async (
  deps: SubUsersDeps,
  user: UserRow,
  now = new Date(),
): Promise<SubUserList> => {
  const rows = await selectWithProxy(deps.db)
    .where(and(eq(subUsers.userId, user.id), isNull(subUsers.deletedAt)))
    .orderBy(asc(subUsers.createdAt), asc(subUsers.id));
  const used = await usedThisPeriod(
    deps.db,
    rows.map((row) => row.subUser),
    now,
  );
  const gateway = await gatewayFor(deps, user.id);
  return {
    list: rows.map((row) => present(row.subUser, row.proxy, used.get(row.subUser.id), gateway, now)),
    max: deps.maxPerAccount,
  };
};

/**
 * `POST /api/sub_users`: a sub-user with its own credential, a rotating proxy billed by traffic
 * (any area, narrowed by username parameters like any rotating proxy), owned by the customer.
 * At most `maxPerAccount` live ones (4018, counted under the customer's row lock), names unique
 * among them (4020).
 */
export const createSubUser = async (deps: SubUsersDeps, user: UserRow, body: CreateSubUserBody) => {
  assertNotTourist(user);
  const name = body.name.trim();
  const now = new Date();
  let id: bigint;
  try {
    id = await deps.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await t.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [count] = await t
        .select({ n: sql<number>`count(*)::int` })
        .from(subUsers)
        .where(and(eq(subUsers.userId, user.id), isNull(subUsers.deletedAt)));
      if ((count?.n ?? 0) >= deps.maxPerAccount) throw new AppError('ERR_SUB_USER_MAX');
      const [taken] = await t
        .select({ id: subUsers.id })
        .from(subUsers)
        .where(and(eq(subUsers.userId, user.id), eq(subUsers.name, name), isNull(subUsers.deletedAt)))
        .limit(1);
      if (taken) throw new AppError('ERR_SUB_USER_NAME_TAKEN');
      const [proxy] = await t
        .insert(proxies)
        .values({
          publicId: newProxyPublicId(),
          userId: user.id,
          family: 'dynamic-traffic',
          username: newProxyUsername(),
          password: newProxyPassword(),
          protocol: 'http',
          generateType: 'by_common',
          precision: 'country',
          session: newSessionId(),
          remark: `Sub-user: ${name}`.slice(0, 200),
          createdAt: now,
          purchasedAt: now,
        })
        .returning({ id: proxies.id });
      if (!proxy) throw new Error('no proxy inserted');
      const [row] = await t
        .insert(subUsers)
        .values({
          userId: user.id,
          proxyId: proxy.id,
          name,
          trafficLimitBytes:
            body.traffic_limit_bytes === undefined || body.traffic_limit_bytes === null
              ? null
              : BigInt(body.traffic_limit_bytes),
          spendingLimit: spendingOf(body.spending_limit) ?? null,
          period: body.period ?? 'month',
        })
        .returning({ id: subUsers.id });
      if (!row) throw new Error('no sub-user inserted');
      return row.id;
    });
  } catch (error) {
    if (isNameTaken(error)) throw new AppError('ERR_SUB_USER_NAME_TAKEN');
    throw error;
  }
  return presentOne(deps, user, id.toString(), now);
};

/**
 * `PUT /api/sub_users/{id}`: rename, change limits or period, pause or resume. Gateways are told
 * at once: a paused sub-user's open connections are cut within seconds, a changed limit applies
 * to its connections from then on.
 */
export const updateSubUser = async (
  deps: SubUsersDeps,
  user: UserRow,
  id: string,
  body: UpdateSubUserBody,
) => {
  const found = await findOwn(deps.db, user, id);
  const changes: Partial<typeof subUsers.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name.trim();
  if (body.traffic_limit_bytes !== undefined)
    changes.trafficLimitBytes = body.traffic_limit_bytes === null ? null : BigInt(body.traffic_limit_bytes);
  const spending = spendingOf(body.spending_limit);
  if (spending !== undefined) changes.spendingLimit = spending;
  if (body.period !== undefined) changes.period = body.period as SubUserPeriod;
  if (body.status !== undefined) changes.status = body.status;
  if (Object.keys(changes).length > 0) {
    try {
      await deps.db.update(subUsers).set(changes).where(eq(subUsers.id, found.subUser.id));
    } catch (error) {
      if (isNameTaken(error)) throw new AppError('ERR_SUB_USER_NAME_TAKEN');
      throw error;
    }
    if (changes.name !== undefined)
      await deps.db
        .update(proxies)
        .set({ remark: `Sub-user: ${changes.name}`.slice(0, 200) })
        .where(eq(proxies.id, found.subUser.proxyId));
    await announceProxyChanges(deps.database, [found.subUser.proxyId]);
  }
  return presentOne(deps, user, id);
};

/** `POST /api/sub_users/{id}/password`: a new password for its credential (the old one stops working). */
export const resetSubUserPassword = async (deps: SubUsersDeps, user: UserRow, id: string) => {
  const found = await findOwn(deps.db, user, id);
  await deps.db
    .update(proxies)
    .set({ password: newProxyPassword() })
    .where(eq(proxies.id, found.subUser.proxyId));
  await announceProxyChanges(deps.database, [found.subUser.proxyId]);
  return presentOne(deps, user, id);
};

/** `DELETE /api/sub_users/{id}`: the sub-user and its credential go (open connections are cut). */
export const deleteSubUser = async (deps: SubUsersDeps, user: UserRow, id: string) => {
  const found = await findOwn(deps.db, user, id);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.update(subUsers).set({ deletedAt: now }).where(eq(subUsers.id, found.subUser.id));
    await t.update(proxies).set({ deletedAt: now }).where(eq(proxies.id, found.subUser.proxyId));
  });
  await announceProxyChanges(deps.database, [found.subUser.proxyId]);
  return { done: true as const };
};

/** `GET /api/sub_users/{id}/usage`: bytes and PTC per UTC day over the last `days` days, newest first. */
export const subUserUsage = async (
  deps: SubUsersDeps,
  user: UserRow,
  id: string,
  days: number,
  now = new Date(),
): Promise<SubUserUsage> => {
  const found = await findOwn(deps.db, user, id);
  const since = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));
  const rows = await deps.db
    .select()
    .from(subUserUsageDaily)
    .where(and(eq(subUserUsageDaily.subUserId, found.subUser.id), gte(subUserUsageDaily.day, since)))
    .orderBy(desc(subUserUsageDaily.day));
  return {
    days: rows.map((row) => ({ day: row.day, bytes: Number(row.bytes), spending: formatPtc(row.cost, 6) })),
  };
};
