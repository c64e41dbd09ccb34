import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  COST_RANGE_LIMITS,
  checkCostRange,
  isOutsidePickable,
  rangeLength,
  SHORTCUTS,
  shortcutRange,
  toCostQuery,
} from './cost-ranges';

const today = dayjs('2026-03-15T17:45:00');
const query = (...args: Parameters<typeof shortcutRange>) => toCostQuery(args[1], shortcutRange(...args));

describe('date-range shortcuts', () => {
  it('ends every shortcut today and counts today in', () => {
    expect(query('last7Days', 'day', today)).toEqual({ start: '2026-03-09', end: '2026-03-15' });
    expect(query('last30Days', 'day', today)).toEqual({ start: '2026-02-14', end: '2026-03-15' });
    expect(query('last6Months', 'day', today)).toEqual({ start: '2025-09-16', end: '2026-03-15' });
    expect(query('last1Year', 'day', today)).toEqual({ start: '2025-03-16', end: '2026-03-15' });
  });

  it('spans exactly 7 and 30 days', () => {
    expect(rangeLength('day', shortcutRange('last7Days', 'day', today))).toBe(7);
    expect(rangeLength('day', shortcutRange('last30Days', 'day', today))).toBe(30);
  });

  it('keeps every shortcut within what the server answers, leap years included', () => {
    for (const day of ['2024-02-29', '2024-12-31', '2025-03-01', '2028-03-01']) {
      for (const period of ['day', 'month'] as const) {
        for (const shortcut of SHORTCUTS[period]) {
          const range = shortcutRange(shortcut, period, dayjs(day));
          expect(checkCostRange(period, range), `${shortcut} ${period} ${day}`).toBeNull();
        }
      }
    }
  });
});

describe('month-range shortcuts', () => {
  it('covers this month and the months before', () => {
    expect(query('last6Months', 'month', today)).toEqual({ start: '2025-10', end: '2026-03' });
    expect(query('last1Year', 'month', today)).toEqual({ start: '2025-04', end: '2026-03' });
    expect(rangeLength('month', shortcutRange('last1Year', 'month', today))).toBe(12);
  });

  it('offers only month-sized shortcuts on the month picker', () => {
    expect(SHORTCUTS.month).toEqual(['last6Months', 'last1Year']);
    expect(SHORTCUTS.day).toEqual(['last7Days', 'last30Days', 'last6Months', 'last1Year']);
  });
});

describe('range checks', () => {
  it('requires both ends (SPEC §5)', () => {
    expect(checkCostRange('day', null)).toBe('required');
    expect(checkCostRange('month', [today, null])).toBe('required');
  });

  it('refuses an end before the start', () => {
    expect(checkCostRange('day', [today, today.subtract(1, 'day')])).toBe('order');
    expect(checkCostRange('month', [today, today.subtract(1, 'month')])).toBe('order');
  });

  it('refuses ranges longer than the server answers', () => {
    const start = today.subtract(COST_RANGE_LIMITS.day - 1, 'day');
    expect(checkCostRange('day', [start, today])).toBeNull();
    expect(checkCostRange('day', [start.subtract(1, 'day'), today])).toBe('tooLong');
    expect(checkCostRange('month', [today.subtract(36, 'month'), today])).toBe('tooLong');
    expect(checkCostRange('month', [today.subtract(35, 'month'), today])).toBeNull();
  });

  it('disables future dates and dates too far from the picked end', () => {
    expect(isOutsidePickable('day', today.add(1, 'day'), today)).toBe(true);
    expect(isOutsidePickable('day', today, today)).toBe(false);
    expect(isOutsidePickable('month', today.add(1, 'month'), today)).toBe(true);
    expect(isOutsidePickable('month', today.endOf('month'), today)).toBe(false);
    const from = today.subtract(10, 'day');
    expect(isOutsidePickable('day', from.subtract(COST_RANGE_LIMITS.day - 1, 'day'), today, from)).toBe(
      false,
    );
    expect(isOutsidePickable('day', from.subtract(COST_RANGE_LIMITS.day, 'day'), today, from)).toBe(true);
  });
});
