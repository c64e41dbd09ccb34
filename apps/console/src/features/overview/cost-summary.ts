import { COST_CATEGORIES, formatPtc, type Micro, parsePtc } from '@ptc/contracts';
import type { CostSummary } from './overview.api';

/** A cost category of SPEC §2 as the server names it. */
export type CostCategory = (typeof COST_CATEGORIES)[number];

type Costs = CostSummary['totals'];

/**
 * Categories that add up to the total, stacked in the chart. The data-center and residential
 * figures, and the budget lines 3 and 4, split their family's and would count twice.
 */
export const STACKED_CATEGORIES: readonly CostCategory[] = [
  'dynamic_ip',
  'dynamic_traffic',
  'static_ip',
  'static_traffic',
  'vm',
];

/**
 * Rows of the cost table: each family followed by its split (the two supplier-specific traffic
 * types, the budget lines 3 and 4, under dynamic traffic), then remote PCs, the total last.
 */
const TABLE_LAYOUT: readonly { category: CostCategory; level: 0 | 1 }[] = [
  { category: 'dynamic_ip', level: 0 },
  { category: 'dynamic_traffic', level: 0 },
  { category: 'dynamic_traffic_line3', level: 1 },
  { category: 'dynamic_traffic_line4', level: 1 },
  { category: 'static_ip', level: 0 },
  { category: 'static_ip_datacenter', level: 1 },
  { category: 'static_ip_residential', level: 1 },
  { category: 'static_traffic', level: 0 },
  { category: 'static_traffic_datacenter', level: 1 },
  { category: 'static_traffic_residential', level: 1 },
  { category: 'vm', level: 0 },
  { category: 'total', level: 0 },
];

/** Reads an amount of the wire; a missing or malformed one counts as nothing spent. */
const readCost = (text: string | undefined): Micro => {
  if (!text) return 0n;
  try {
    return parsePtc(text);
  } catch {
    return 0n;
  }
};

/** One row of the cost table. */
export interface CostRow {
  category: CostCategory;
  /** 1 for the data-center / residential or budget-line split of the family above. */
  level: 0 | 1;
  amount: Micro;
  /** Two decimals, as the balance is shown. */
  text: string;
  isTotal: boolean;
}

/**
 * Products the console does not sell yet (remote PCs: their page is a placeholder): their row and
 * bars appear only when the range holds a cost of theirs (one an operator booked), never as a zero.
 */
export const UNSOLD_CATEGORIES: readonly CostCategory[] = ['vm'];

/**
 * The cost table of a range: every category of SPEC §2 the server reports, the total last; an
 * unsold product's row only when it cost something.
 */
export const toCostRows = (totals: Costs): CostRow[] =>
  TABLE_LAYOUT.filter(({ category }) => COST_CATEGORIES.includes(category))
    .map(({ category, level }) => {
      const amount = readCost(totals[category]);
      return { category, level, amount, text: formatPtc(amount, 2), isTotal: category === 'total' };
    })
    .filter((row) => row.amount !== 0n || !UNSOLD_CATEGORIES.includes(row.category));

/** True when nothing was spent in the range: the card shows an empty state, not a chart of zeros. */
export const isNothingSpent = (summary: CostSummary): boolean =>
  readCost(summary.totals.total) === 0n &&
  summary.records.every((record) => readCost(record.costs.total) === 0n);

/** The cost chart of a range: one stacked bar per period and category. */
export interface CostChart {
  /** Days (`YYYY-MM-DD`) or months (`YYYY-MM`), oldest first; the tooltip's titles. */
  periods: string[];
  /** Axis labels: `MM-DD` per day (the range shows the year), `YYYY-MM` per month. */
  labels: string[];
  /**
   * Whole cents per period of each stacked category: plotted heights only, exact integers.
   * Texts come from {@link CostChart.texts}.
   */
  series: { category: CostCategory; cents: number[] }[];
  /** Exact two-decimal texts per category and period, for the tooltip (the total included). */
  texts: Record<CostCategory, string[]>;
}

/** Micro-PTC as whole cents for a bar height; the sub-cent rest is not drawn. */
const toCents = (amount: Micro): number => Number(amount / 10_000n); // exact integer

/** Turns a cost summary into the stacked chart of its periods. */
export const toCostChart = (summary: CostSummary): CostChart => {
  const periods = summary.records.map((record) => record.time);
  const texts = Object.fromEntries(
    COST_CATEGORIES.map((category) => [
      category,
      summary.records.map((record) => formatPtc(readCost(record.costs[category]), 2)),
    ]),
  ) as Record<CostCategory, string[]>;
  return {
    periods,
    labels: periods.map((period) => (summary.statistics_type === 'day' ? period.slice(5) : period)),
    series: STACKED_CATEGORIES.map((category) => ({
      category,
      cents: summary.records.map((record) => toCents(readCost(record.costs[category]))),
    })).filter(
      (series) => !UNSOLD_CATEGORIES.includes(series.category) || series.cents.some((cents) => cents !== 0),
    ),
    texts,
  };
};

/** A whole number of cents (an axis tick) as PTC with two decimals. */
export const formatCents = (cents: number): string =>
  Number.isSafeInteger(cents) ? formatPtc(BigInt(cents) * 10_000n, 2) : '';
