import { COST_RANGE_LIMITS } from '@ptc/contracts';
import type { Dayjs } from 'dayjs';
import type { CostPeriod } from './overview.api';

/** A picked range, both ends included: days for `day`, months (any day inside) for `month`. */
export type CostRange = readonly [Dayjs, Dayjs];

export { COST_RANGE_LIMITS };

/** The range shortcuts of SPEC §2. */
export type RangeShortcut = 'last7Days' | 'last30Days' | 'last6Months' | 'last1Year';

/**
 * Shortcuts offered by each picker: every one on the date picker, the month-sized ones on the
 * month picker (a week is not a month range).
 */
export const SHORTCUTS: Readonly<Record<CostPeriod, readonly RangeShortcut[]>> = {
  day: ['last7Days', 'last30Days', 'last6Months', 'last1Year'],
  month: ['last6Months', 'last1Year'],
};

/** The range each picker starts with. */
export const DEFAULT_SHORTCUT: Readonly<Record<CostPeriod, RangeShortcut>> = {
  day: 'last30Days',
  month: 'last6Months',
};

/** The first day of a shortcut ending `today` (included): 7 days is today and the 6 before. */
const firstDayOf = (shortcut: RangeShortcut, today: Dayjs): Dayjs => {
  switch (shortcut) {
    case 'last7Days':
      return today.subtract(6, 'day');
    case 'last30Days':
      return today.subtract(29, 'day');
    case 'last6Months':
      return today.subtract(6, 'month').add(1, 'day');
    case 'last1Year':
      return today.subtract(1, 'year').add(1, 'day');
  }
};

/** The first month of a month-picker shortcut: 6 months is this month and the 5 before. */
const firstMonthOf = (shortcut: RangeShortcut, today: Dayjs): Dayjs => {
  const month = today.startOf('month');
  switch (shortcut) {
    case 'last6Months':
      return month.subtract(5, 'month');
    case 'last1Year':
      return month.subtract(11, 'month');
    default:
      return firstDayOf(shortcut, today).startOf('month');
  }
};

/** The range a shortcut stands for on the `period` picker, ending today (or this month). */
export const shortcutRange = (shortcut: RangeShortcut, period: CostPeriod, today: Dayjs): CostRange => {
  const end = today.startOf('day');
  return period === 'day'
    ? [firstDayOf(shortcut, end), end]
    : [firstMonthOf(shortcut, end), end.startOf('month')];
};

/** How many days or months a range spans, both ends included. */
export const rangeLength = (period: CostPeriod, [start, end]: CostRange): number =>
  end.startOf(period).diff(start.startOf(period), period) + 1;

/** Why a range cannot be asked for (SPEC §5: the range is required), or `null` when it can. */
export type CostRangeError = 'required' | 'order' | 'tooLong';

/** Checks a picked range: both ends, in order, within {@link COST_RANGE_LIMITS}. */
export const checkCostRange = (
  period: CostPeriod,
  range: readonly [Dayjs | null, Dayjs | null] | null | undefined,
): CostRangeError | null => {
  const [start, end] = range ?? [null, null];
  if (!start || !end) return 'required';
  const length = rangeLength(period, [start, end]);
  if (length < 1) return 'order';
  return length > COST_RANGE_LIMITS[period] ? 'tooLong' : null;
};

/** The `start`/`end` query of a range: `YYYY-MM-DD` per day, `YYYY-MM` per month. */
export const toCostQuery = (period: CostPeriod, [start, end]: CostRange): { start: string; end: string } => {
  const format = period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return { start: start.format(format), end: end.format(format) };
};

/**
 * Whether the picker should refuse `date`: after today (or this month), or too far from the end
 * already picked (`from`) to keep the range within the limit.
 */
export const isOutsidePickable = (
  period: CostPeriod,
  date: Dayjs,
  today: Dayjs,
  from?: Dayjs | null,
): boolean => {
  if (date.isAfter(today, period)) return true;
  if (!from) return false;
  const span = Math.abs(date.startOf(period).diff(from.startOf(period), period)) + 1;
  return span > COST_RANGE_LIMITS[period];
};
