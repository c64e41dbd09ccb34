import {
  AppError,
  COST_CATEGORIES,
  COST_RANGE_LIMITS,
  formatPtc,
  PROXY_FAMILIES,
  PROXY_STATUS,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { UserRow } from '../auth/accounts.service';
import { addDays, datesEndingWith, localDate } from '../traffic/local-time';
import { presentUsageSeries } from '../traffic/traffic.presenter';
import { sumUsageByHour, sumUsageByLocalDay } from '../traffic/usage.service';
import { type CostRow, countProxiesByState, sumCostsByPeriod } from './summary.repository';

/** A dashboard cost category (SPEC §2). */
export type CostCategory = (typeof COST_CATEGORIES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const argumentError = (message: string) =>
  new AppError('ERR_ARGUMENT_TYPE', { message: `Argument type error: ${message}` });

const isDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  // Rejects 2026-02-30 and 2026-13-01, which Date would roll over or refuse.
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
};

/** The periods (dates or months) from `start` to `end` inclusive, and the local-date range they span. */
const periodsOf = (type: 'day' | 'month', start: string, end: string) => {
  if (type === 'day') {
    if (!isDate(start) || !isDate(end)) throw argumentError('start and end must be dates (YYYY-MM-DD)');
    const days = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
    if (days < 1) throw argumentError('end must not be before start');
    if (days > COST_RANGE_LIMITS.day) throw argumentError(`at most ${COST_RANGE_LIMITS.day} days`);
    return { periods: datesEndingWith(end, days), from: start, to: addDays(end, 1) };
  }
  if (!isDate(`${start}-01`) || !isDate(`${end}-01`) || start.length !== 7 || end.length !== 7) {
    throw argumentError('start and end must be months (YYYY-MM)');
  }
  const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  const months = monthIndex(end) - monthIndex(start) + 1;
  if (months < 1) throw argumentError('end must not be before start');
  if (months > COST_RANGE_LIMITS.month) throw argumentError(`at most ${COST_RANGE_LIMITS.month} months`);
  const periods = Array.from({ length: months }, (_, offset) => {
    const index = monthIndex(start) + offset;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
  const after = monthIndex(end) + 1;
  const to = `${Math.floor(after / 12)}-${String((after % 12) + 1).padStart(2, '0')}-01`;
  return { periods, from: `${start}-01`, to };
};

/** The categories one cost row counts in: a family, and its exit type or supplier line where the dashboard splits it. */
const categoriesOf = (row: CostRow): CostCategory[] => {
  if (row.referenceType === 'vm') return ['vm'];
  // Packages are sold off the dynamic traffic price, and what they cover is not charged again.
  if (row.referenceType === 'traffic_pool') return ['dynamic_traffic'];
  const type = row.exitType ?? 'residential';
  switch (row.family) {
    case 'dynamic-ip':
      return ['dynamic_ip'];
    case 'dynamic-traffic':
      // Lines 3 and 4 are the budget routes' suppliers, shown apart as well (SPEC §2).
      if (row.line === 3) return ['dynamic_traffic', 'dynamic_traffic_line3'];
      if (row.line === 4) return ['dynamic_traffic', 'dynamic_traffic_line4'];
      return ['dynamic_traffic'];
    case 'static-traffic':
      return ['static_traffic', `static_traffic_${type}`];
    case 'static-ip':
      return ['static_ip', `static_ip_${type}`];
    default:
      return [];
  }
};

/** Categories that add up to the total (the typed static ones and the lines split their family's figure). */
const TOTAL_OF: readonly CostCategory[] = [
  'dynamic_ip',
  'dynamic_traffic',
  'static_traffic',
  'static_ip',
  'vm',
];

const zeroCosts = () =>
  Object.fromEntries(COST_CATEGORIES.map((category) => [category, 0n])) as Record<CostCategory, bigint>;

const presentCosts = (costs: Record<CostCategory, bigint>) =>
  Object.fromEntries(COST_CATEGORIES.map((category) => [category, formatPtc(costs[category], 6)])) as Record<
    CostCategory,
    string
  >;

/**
 * `GET /proxy/summary/cost/{statistics_type}`: PTC spent per category per day (`start`/`end` dates,
 * at most 366 days) or month (`YYYY-MM`, at most 36), from the ledger: purchases, renewals and
 * usage of proxies and remote PCs, minus their refunds, with day boundaries in `tz`.
 */
export const summarizeCosts = async (
  db: Database,
  user: UserRow,
  type: 'day' | 'month',
  query: { start: string; end: string },
  tz: string,
) => {
  const { periods, from, to } = periodsOf(type, query.start, query.end);
  const rows = await sumCostsByPeriod(db, user.id, { from, to, tz, unit: type });
  const byPeriod = new Map(periods.map((period) => [period, zeroCosts()]));
  const totals = zeroCosts();
  for (const row of rows) {
    const costs = byPeriod.get(row.period);
    if (!costs) continue;
    for (const category of categoriesOf(row)) {
      costs[category] -= row.amount;
      totals[category] -= row.amount;
    }
  }
  for (const costs of [...byPeriod.values(), totals]) {
    costs.total = TOTAL_OF.reduce((sum, category) => sum + costs[category], 0n);
  }
  return {
    statistics_type: type,
    start: query.start,
    end: query.end,
    records: periods.map((period) => ({
      time: period,
      costs: presentCosts(byPeriod.get(period) ?? zeroCosts()),
    })),
    totals: presentCosts(totals),
  };
};

/**
 * `GET /proxy/summary/traffic`: bytes carried by all the user's proxies over the last 24 hours
 * (per UTC hour, the current one included) and the last 30 days (per calendar day in `tz`).
 */
export const summarizeTraffic = async (db: Database, user: UserRow, tz: string, now = new Date()) => {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const hours = Array.from({ length: 24 }, (_, index) =>
    new Date(currentHour - (23 - index) * HOUR_MS).toISOString(),
  );
  const days = datesEndingWith(localDate(now, tz), 30);
  const [hourly, daily] = await Promise.all([
    sumUsageByHour(db, user.id, new Date(currentHour - 23 * HOUR_MS)),
    // Two days more than 30 cover the first local day in any time zone.
    sumUsageByLocalDay(db, user.id, new Date(now.getTime() - 32 * DAY_MS), tz),
  ]);
  const hourSeries = presentUsageSeries(hours, hourly);
  const daySeries = presentUsageSeries(days, daily);
  const sum = (series: { bytes: string }[]) =>
    series.reduce((total, point) => total + BigInt(point.bytes), 0n).toString();
  return { hours: hourSeries, days: daySeries, total_24h: sum(hourSeries), total_30d: sum(daySeries) };
};

/** `GET /proxy/summary/proxies`: the user's live proxies per family, by status and switch. */
export const summarizeProxies = async (db: Database, user: UserRow, now = new Date()) => {
  const rows = await countProxiesByState(db, user.id, now);
  const families = PROXY_FAMILIES.map((family) => {
    const counts = { family, total: 0, normal: 0, invalid: 0, expired: 0, unhealthy: 0, on: 0, off: 0 };
    for (const row of rows) {
      if (row.family !== family) continue;
      counts.total += row.count;
      if (row.isExpired) counts.expired += row.count;
      else if (row.status === PROXY_STATUS.INVALID) counts.invalid += row.count;
      else if (row.status === PROXY_STATUS.UNHEALTHY) counts.unhealthy += row.count;
      else counts.normal += row.count;
      if (row.switch === PROXY_STATUS.ON) counts.on += row.count;
      else counts.off += row.count;
    }
    return counts;
  });
  return { families, total: families.reduce((sum, family) => sum + family.total, 0) };
};
