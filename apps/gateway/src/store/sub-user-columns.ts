import { subUserPeriodOf } from '@ptc/contracts';
import {
  and,
  type Database,
  eq,
  isNull,
  proxies,
  type SQL,
  sql,
  subUserGrants,
  subUsers,
  subUserUsageDaily,
} from '@ptc/db';
import type { Admission, SubUserLimits } from '../ports';

/** The sub-user of a credential (issue #21): joined to its proxy, when it has one that is not deleted. */
export const subUserJoin = and(eq(subUsers.proxyId, proxies.id), isNull(subUsers.deletedAt)) as SQL;

/** The first day (UTC, `YYYY-MM-DD`) of each period that `at` falls in. */
const periodStarts = (at: Date) => ({
  day: subUserPeriodOf('day', at).start.toISOString().slice(0, 10),
  week: subUserPeriodOf('week', at).start.toISOString().slice(0, 10),
  month: subUserPeriodOf('month', at).start.toISOString().slice(0, 10),
});

/**
 * The columns of a credential's sub-user: its status, limits and period, and what it used this
 * period (the sum of its daily usage since the period's first day). Nulls for proxies of no
 * sub-user (the usage sum is not even looked for).
 */
export const subUserColumns = (at: Date) => {
  const starts = periodStarts(at);
  const since = sql`case ${subUsers.period} when 'day' then ${starts.day}::date when 'week' then ${starts.week}::date else ${starts.month}::date end`;
  return {
    subUserId: subUsers.id,
    subUserStatus: subUsers.status,
    subUserPeriod: subUsers.period,
    subUserTrafficLimit: subUsers.trafficLimitBytes,
    subUserSpendingLimit: subUsers.spendingLimit,
    subUserUsed: sql<
      string | null
    >`case when ${subUsers.id} is null then null else (select coalesce(sum(${subUserUsageDaily.bytes}), 0)::text || ':' || coalesce(sum(${subUserUsageDaily.cost}), 0)::text from ${subUserUsageDaily} where ${subUserUsageDaily.subUserId} = ${subUsers.id} and ${subUserUsageDaily.day} >= ${since}) end`,
  };
};

/** A row with the sub-user columns. */
export interface SubUserRow {
  subUserId?: bigint | null;
  subUserStatus?: 'active' | 'paused' | null;
  subUserPeriod?: 'day' | 'week' | 'month' | null;
  subUserTrafficLimit?: bigint | null;
  subUserSpendingLimit?: bigint | null;
  subUserUsed?: string | null;
}

/** The sub-user's limits and usage as the gateway's credit control takes them; null for no sub-user. */
export const subUserLimitsOf = (row: SubUserRow, at: Date): SubUserLimits | null => {
  if (row.subUserId === null || row.subUserId === undefined) return null;
  const [bytes, cost] = (row.subUserUsed ?? '0:0').split(':');
  return {
    id: row.subUserId.toString(),
    trafficLimitBytes: row.subUserTrafficLimit == null ? null : Number(row.subUserTrafficLimit),
    spendingLimit: row.subUserSpendingLimit == null ? null : Number(row.subUserSpendingLimit),
    bytesUsed: Number(bytes ?? 0),
    moneyUsed: Number(cost ?? 0),
    periodEndsAt: subUserPeriodOf(row.subUserPeriod ?? 'month', at).end.getTime(),
  };
};

/** A sub-user's own refusal: paused, or its limit of the period used up as flushed; null: none. */
export const subUserAdmissionOf = (row: SubUserRow, at: Date): Exclude<Admission, { ok: true }> | null => {
  if (row.subUserId === null || row.subUserId === undefined) return null;
  if (row.subUserStatus === 'paused') return { ok: false, reason: 'sub_user_paused' };
  const limits = subUserLimitsOf(row, at);
  if (!limits) return null;
  if (limits.trafficLimitBytes !== null && limits.bytesUsed >= limits.trafficLimitBytes)
    return { ok: false, reason: 'sub_user_limit' };
  if (limits.spendingLimit !== null && limits.moneyUsed >= limits.spendingLimit)
    return { ok: false, reason: 'sub_user_limit' };
  return null;
};

/** What one proxy carried in a usage batch: bytes, and the micro-PTC they were priced at. */
interface CarriedStep {
  id: bigint;
  bytesUp: bigint;
  bytesDown: bigint;
  accruedCost: bigint;
}

/**
 * Adds what the proxies of sub-users carried in a usage batch to their daily usage (the UTC day
 * of `at`), in the flush's transaction: one statement per batch, matching the batch's proxies
 * to sub-users by the unique `sub_users.proxy_id`. Proxies of no sub-user add nothing. What was
 * carried comes out of the flushing process's grants of their limits (`holder`; never below
 * zero: bytes past a grant only count as usage), so usage plus live grants never exceeds a limit
 * by more than what connections carried past their allowances.
 */
export const recordSubUserUsage = async (
  t: Database,
  steps: readonly CarriedStep[],
  at: Date,
  holder: string | null = null,
): Promise<void> => {
  const carried = steps.filter((step) => step.bytesUp + step.bytesDown > 0n);
  if (carried.length === 0) return;
  const day = at.toISOString().slice(0, 10);
  const values = sql.join(
    carried.map(
      (step) =>
        sql`(${step.id}::bigint, ${step.bytesUp + step.bytesDown}::bigint, ${step.accruedCost}::bigint)`,
    ),
    sql`, `,
  );
  await t.execute(sql`
    insert into ${subUserUsageDaily} (sub_user_id, day, bytes, cost)
    select s.id, ${day}::date, sum(v.bytes), sum(v.cost)
    from (values ${values}) as v(proxy_id, bytes, cost)
    join ${subUsers} s on s.proxy_id = v.proxy_id
    group by s.id
    on conflict (sub_user_id, day) do update set
      bytes = ${subUserUsageDaily}.bytes + excluded.bytes,
      cost = ${subUserUsageDaily}.cost + excluded.cost,
      updated_at = now()`);
  if (holder === null) return;
  await t.execute(sql`
    update ${subUserGrants} g set
      bytes = greatest(g.bytes - x.bytes, 0),
      amount = greatest(g.amount - x.cost, 0),
      updated_at = now()
    from (
      select s.id, sum(v.bytes) as bytes, sum(v.cost) as cost
      from (values ${values}) as v(proxy_id, bytes, cost)
      join ${subUsers} s on s.proxy_id = v.proxy_id
      group by s.id
    ) as x
    where g.sub_user_id = x.id and g.holder = ${holder}`);
};
