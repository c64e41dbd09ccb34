import {
  ADMIN_REPORT_MAX_DAYS,
  type AdminDailyReportRow,
  AppError,
  type adminDailyReportQuerySchema,
  REPORT_PRODUCTS,
  type ReportProduct,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { z } from 'zod';
import { neutraliseFormula, toCsv } from '../../proxies/export/export.cells';
import { formatPtc } from './money.presenter';
import { sumLedgerByDay } from './money.repository';
import { endOfDay, startOfDay } from './money.service';

const DAY_MS = 86_400_000;

/** One day's sums in micro-PTC, before they are presented. */
interface DayTotals {
  topupCount: number;
  topups: bigint;
  bonuses: bigint;
  spending: Record<ReportProduct, bigint>;
  refundCount: number;
  refunds: bigint;
  adjustmentCount: number;
  adjustments: bigint;
  rewards: bigint;
}

const emptyTotals = (): DayTotals => ({
  topupCount: 0,
  topups: 0n,
  bonuses: 0n,
  spending: Object.fromEntries(REPORT_PRODUCTS.map((product) => [product, 0n])) as Record<
    ReportProduct,
    bigint
  >,
  refundCount: 0,
  refunds: 0n,
  adjustmentCount: 0,
  adjustments: 0n,
  rewards: 0n,
});

const isProduct = (product: string): product is ReportProduct =>
  (REPORT_PRODUCTS as readonly string[]).includes(product);

/** Adds one ledger sum (a day, kind and product) to a day. */
const addSum = (day: DayTotals, row: { kind: string; product: string; count: number; sum: bigint }) => {
  switch (row.kind) {
    case 'topup':
      day.topupCount += row.count;
      day.topups += row.sum;
      break;
    case 'bonus':
      day.bonuses += row.sum;
      break;
    case 'purchase':
    case 'renewal':
    case 'usage':
      day.spending[isProduct(row.product) ? row.product : 'other'] -= row.sum;
      break;
    case 'refund':
      day.refundCount += row.count;
      day.refunds += row.sum;
      break;
    case 'adjustment':
      day.adjustmentCount += row.count;
      day.adjustments += row.sum;
      break;
    case 'reward':
    case 'referral':
      day.rewards += row.sum;
      break;
  }
};

const mergeInto = (total: DayTotals, day: DayTotals) => {
  total.topupCount += day.topupCount;
  total.topups += day.topups;
  total.bonuses += day.bonuses;
  for (const product of REPORT_PRODUCTS) total.spending[product] += day.spending[product];
  total.refundCount += day.refundCount;
  total.refunds += day.refunds;
  total.adjustmentCount += day.adjustmentCount;
  total.adjustments += day.adjustments;
  total.rewards += day.rewards;
};

const presentDay = (day: string, totals: DayTotals): AdminDailyReportRow => {
  const spendingTotal = REPORT_PRODUCTS.reduce((sum, product) => sum + totals.spending[product], 0n);
  return {
    day,
    topup_count: totals.topupCount,
    topups: formatPtc(totals.topups),
    bonuses: formatPtc(totals.bonuses),
    spending: Object.fromEntries(
      REPORT_PRODUCTS.map((product) => [product, formatPtc(totals.spending[product])]),
    ) as AdminDailyReportRow['spending'],
    spending_total: formatPtc(spendingTotal),
    refund_count: totals.refundCount,
    refunds: formatPtc(totals.refunds),
    adjustment_count: totals.adjustmentCount,
    adjustments: formatPtc(totals.adjustments),
    rewards: formatPtc(totals.rewards),
    revenue: formatPtc(spendingTotal - totals.refunds),
  };
};

const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The report's range: the last 30 UTC days by default; `from` after `to` or over 366 days answers 1002. */
const rangeOf = (query: z.output<typeof adminDailyReportQuerySchema>, now: Date) => {
  const to =
    query.to ?? (query.from ? isoDay(new Date(startOfDay(query.from).getTime() + 29 * DAY_MS)) : isoDay(now));
  const from = query.from ?? isoDay(new Date(startOfDay(to).getTime() - 29 * DAY_MS));
  if (from > to)
    throw new AppError('ERR_ARGUMENT_TYPE', { message: 'Argument type error: from is after to' });
  const days = Math.round((endOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS);
  if (days > ADMIN_REPORT_MAX_DAYS) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: `Argument type error: a report spans at most ${ADMIN_REPORT_MAX_DAYS} days`,
    });
  }
  return { from, to, days };
};

/**
 * `GET /api/admin/reports/daily`: per UTC day, from the ledger (the one record of money): top-ups
 * (`topup` credits: paid orders of every provider and confirmed wires) and their bonuses; charges
 * (purchase, renewal, usage debits) by product, the family of the proxy a charge names or a
 * traffic package; refunds; operator adjustments (net); rewards; revenue = charges − refunds.
 */
export const buildDailyReport = async (
  db: Database,
  query: z.output<typeof adminDailyReportQuerySchema>,
  now = new Date(),
) => {
  const range = rangeOf(query, now);
  const sums = await sumLedgerByDay(db, startOfDay(range.from), endOfDay(range.to));
  const byDay = new Map<string, DayTotals>();
  for (let index = 0; index < range.days; index += 1) {
    byDay.set(isoDay(new Date(startOfDay(range.from).getTime() + index * DAY_MS)), emptyTotals());
  }
  for (const row of sums) {
    const day = byDay.get(row.day);
    if (day) addSum(day, { ...row, sum: BigInt(row.sum) });
  }
  const totals = emptyTotals();
  for (const day of byDay.values()) mergeInto(totals, day);
  return {
    from: range.from,
    to: range.to,
    days: [...byDay].map(([day, sums]) => presentDay(day, sums)),
    totals: presentDay('total', totals),
  };
};

/** The columns of the CSV report, in order. */
export const DAILY_REPORT_COLUMNS = [
  'day',
  'topup_count',
  'topups',
  'bonuses',
  ...REPORT_PRODUCTS.map((product) => `spending_${product.replaceAll('-', '_')}`),
  'spending_total',
  'refund_count',
  'refunds',
  'adjustment_count',
  'adjustments',
  'rewards',
  'revenue',
] as const;

// Our own figures (counts, signed decimals) stay numbers; any other text is neutralised.
const NUMBER = /^-?\d+(\.\d+)?$/;
const safeCell = (cell: string | number) =>
  typeof cell === 'string' && NUMBER.test(cell) ? cell : neutraliseFormula(cell);

/**
 * `GET /api/admin/reports/daily.csv`: the days of the report as RFC 4180 text, a header row first;
 * no cell can start a spreadsheet formula.
 */
export const dailyReportCsv = (report: Awaited<ReturnType<typeof buildDailyReport>>) => {
  const rows = report.days.map((day) => [
    day.day,
    day.topup_count,
    day.topups,
    day.bonuses,
    ...REPORT_PRODUCTS.map((product) => day.spending[product]),
    day.spending_total,
    day.refund_count,
    day.refunds,
    day.adjustment_count,
    day.adjustments,
    day.rewards,
    day.revenue,
  ]);
  return {
    fileName: `ptc-daily-${report.from}-${report.to}.csv`,
    content: `${toCsv([[...DAILY_REPORT_COLUMNS], ...rows].map((row) => row.map(safeCell)))}\n`,
  };
};
