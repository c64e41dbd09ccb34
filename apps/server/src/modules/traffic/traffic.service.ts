import {
  AppError,
  applyBasisPoints,
  BYTES_PER_GB,
  discountedPrice,
  emailSchema,
  phoneSchema,
  TRAFFIC_FAMILIES,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { UserRow } from '../auth/accounts.service';
import { readPrice } from '../proxies/pricing/prices.service';
import { lockHolds } from '../wallet/holds.service';
import { moveMoney, spendableOf } from '../wallet/ledger.service';
import { datesEndingWith, localDate } from './local-time';
import type { TrafficDeps } from './traffic.deps';
import { formatGb, presentBytes, presentPlan, presentPool, presentUsageSeries } from './traffic.presenter';
import {
  findTrafficAlarm,
  rearmTrafficAlarms,
  takeDueTrafficAlarms,
  upsertTrafficAlarm,
} from './traffic-alarms.repository';
import { lowTrafficMessage } from './traffic-messages';
import { findPlan, insertPlansIfNone, listActivePlans } from './traffic-plans.repository';
import {
  countPurchasesOfPlan,
  insertPool,
  listPools,
  type PoolFilter,
  sumPoolBytes,
  sumUsableBytes,
} from './traffic-pools.repository';
import { sumUsageByLocalDay } from './usage.repository';

const DAY_MS = 86_400_000;
/** Days of the usage chart of the traffic package page. */
const USAGE_DAYS = 30;

/**
 * The plans seeded when there are none: sizes with a discount on the dynamic traffic line-1 price,
 * and a small trial limited to one purchase per user.
 */
const PLAN_SEEDS = [
  { gb: 1, discountBasisPoints: 5_000, isPermanent: false, validDays: 7, maxPerUser: 1 },
  { gb: 10, discountBasisPoints: 1_000, isPermanent: true, validDays: null, maxPerUser: null },
  { gb: 50, discountBasisPoints: 2_000, isPermanent: true, validDays: null, maxPerUser: null },
  { gb: 100, discountBasisPoints: 3_000, isPermanent: true, validDays: null, maxPerUser: null },
] as const;

/** Seeds the traffic plans when there are none; answers how many it added. */
export const ensureTrafficPlans = async (db: Database) => {
  const listPrice = (await readPrice(db, 'dynamic_traffic_line1')).price;
  return insertPlansIfNone(
    db,
    PLAN_SEEDS.map((seed) => ({
      ...seed,
      pricePerGb: applyBasisPoints(listPrice, 10_000n - BigInt(seed.discountBasisPoints)),
    })),
  );
};

/** `GET /proxy/traffic/payway`: the plans on sale, at the customer's price (their discount off). */
export const listPlans = async (db: Database, customer: { discountBasisPoints: number }) =>
  (await listActivePlans(db)).map((plan) =>
    presentPlan(plan, discountedPrice(plan.pricePerGb, customer.discountBasisPoints)),
  );

/**
 * `POST /proxy/traffic/buy`: charges the plan's amount (kind `purchase`, reference `traffic_pool`)
 * and creates the package, in one transaction. 3004 for an unknown or withdrawn plan, 3005 past
 * the plan's purchases per user, 3002 when the balance is short.
 */
export const buyTrafficPackage = async (db: Database, user: UserRow, packageId: string, now = new Date()) => {
  const plan = /^\d{1,18}$/.test(packageId) ? await findPlan(db, BigInt(packageId)) : null;
  if (!plan?.isActive) throw new AppError('ERR_NOT_PAYWAY');
  const { pool, balance } = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // One purchase of a user at a time, so the per-user limit holds under concurrent requests.
    const holds = await lockHolds(t, user.id);
    if (plan.maxPerUser !== null && (await countPurchasesOfPlan(t, user.id, plan.id)) >= plan.maxPerUser) {
      throw new AppError('ERR_CHARGED_LIMIT');
    }
    // The package's own price, less the account's custom discount (as every proxy price).
    const amount = discountedPrice(plan.pricePerGb, holds?.discountBasisPoints ?? 0) * BigInt(plan.gb);
    const pool = await insertPool(t, {
      userId: user.id,
      planId: plan.id,
      bytesTotal: BigInt(plan.gb) * BYTES_PER_GB,
      amount,
      purchasedAt: now,
      expiresAt: plan.isPermanent ? null : new Date(now.getTime() + (plan.validDays ?? 0) * DAY_MS),
    });
    const { entry } = await moveMoney(t, {
      userId: user.id,
      amount: -amount,
      kind: 'purchase',
      idempotencyKey: `traffic_pool:${pool.id}`,
      reference: { type: 'traffic_pool', id: pool.id.toString() },
      note: `${plan.gb} GB traffic package`,
    });
    return { pool, balance: spendableOf({ balance: entry.balanceAfter, held: holds?.held ?? 0n }) };
  });
  return { pool: presentPool(pool, plan, now), balance };
};

/** `GET`/`POST /proxy/traffic/pool`: one page of the user's purchase records, newest first. */
export const listPurchases = async (
  db: Database,
  user: UserRow,
  query: { page: number; page_size: number; start?: string; end?: string; state: PoolFilter['state'] },
  now = new Date(),
) => {
  const { rows, total } = await listPools(
    db,
    user.id,
    {
      from: query.start ? new Date(query.start) : undefined,
      to: query.end ? new Date(query.end) : undefined,
      state: query.state,
    },
    { offset: (query.page - 1) * query.page_size, limit: query.page_size },
    now,
  );
  return {
    data: rows.map((row) => presentPool(row.pool, row.plan, now)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
};

/** `GET /proxy/traffic/pool/remaining`: bought traffic the user can still use. */
export const getRemaining = async (db: Database, user: UserRow, now = new Date()) =>
  presentBytes(await sumUsableBytes(db, user.id, now));

/**
 * `GET /proxy/summary/traffic_pool`: bought, used and remaining traffic, and what the user's
 * traffic proxies carried per day over the last 30 days (calendar days in `tz`).
 */
export const summarizeTrafficPool = async (db: Database, user: UserRow, tz: string, now = new Date()) => {
  const days = datesEndingWith(localDate(now, tz), USAGE_DAYS);
  // Two days more than 30 cover the first local day in any time zone.
  const since = new Date(now.getTime() - (USAGE_DAYS + 2) * DAY_MS);
  const [bytes, usage] = await Promise.all([
    sumPoolBytes(db, user.id, now),
    sumUsageByLocalDay(db, user.id, since, tz, TRAFFIC_FAMILIES),
  ]);
  return {
    bought: presentBytes(bytes.bought),
    used: presentBytes(bytes.used),
    remaining: presentBytes(bytes.left),
    days: presentUsageSeries(days, usage),
  };
};

/** `GET /proxy/traffic/alarm`. */
export const getTrafficAlarm = async (db: Database, user: UserRow) => {
  const alarm = await findTrafficAlarm(db, user.id);
  return {
    enabled: alarm?.enabled ?? false,
    threshold_gb: alarm?.thresholdGb ?? null,
    method: alarm?.method ?? ('email' as const),
    address: alarm?.address ?? user.email ?? user.phone ?? null,
  };
};

/** `POST /proxy/traffic/alarm`: a threshold in GB, and a valid email or phone for the method. */
export const setTrafficAlarm = async (
  db: Database,
  user: UserRow,
  input: { enabled: boolean; threshold_gb: number; method: 'email' | 'sms'; address: string },
  lang: string,
) => {
  const address = (input.method === 'email' ? emailSchema : phoneSchema).safeParse(input.address);
  if (!address.success) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: `Argument type error: address: ${input.method === 'email' ? 'a valid email address' : 'a valid phone number'}`,
    });
  }
  await upsertTrafficAlarm(db, {
    userId: user.id,
    enabled: input.enabled,
    thresholdGb: input.threshold_gb,
    method: input.method,
    address: address.data,
    lang,
  });
  return getTrafficAlarm(db, user);
};

/**
 * The traffic alarm job: one alert per crossing below the threshold (users who bought traffic
 * only), re-armed once the remaining traffic is back at or above it.
 */
export const runTrafficAlarms = async (deps: TrafficDeps, now = new Date()) => {
  await rearmTrafficAlarms(deps.db, now);
  const due = await takeDueTrafficAlarms(deps.db, now);
  for (const alarm of due) {
    const message = lowTrafficMessage(alarm.lang, formatGb(alarm.bytesLeft), alarm.thresholdGb);
    const sent =
      alarm.method === 'email'
        ? deps.mailer.send({ to: alarm.address, ...message })
        : deps.sms.send(alarm.address, message.text);
    await sent.catch(() => undefined);
  }
  return due.length;
};
