import type { usagePointSchema } from '@ptc/contracts';
import dayjs from 'dayjs';
import type { ResponseOf } from '../../shared/api/contract-types';

/** Bytes carried in one hour or day, as the summary calls answer them (decimal strings). */
export type UsagePoint = ResponseOf<typeof usagePointSchema>;

/** Binary units: 1 GB is 2^30 bytes (DESIGN §4), like the traffic packages. */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

const unitSize = (index: number): bigint => 1n << BigInt(10 * index);

/** Reads a byte count of the wire; anything that is not a whole number counts as nothing. */
export const readBytes = (text: string | null | undefined): bigint =>
  text && /^\d+$/.test(text) ? BigInt(text) : 0n;

/** The largest unit in which `bytes` is at least 1 (B for less than a KB). */
export const pickByteUnit = (bytes: bigint): ByteUnit => {
  let index = 0;
  while (index < BYTE_UNITS.length - 1 && bytes >= unitSize(index + 1)) index += 1;
  return BYTE_UNITS[index] ?? 'B';
};

/** `bytes` in `unit`, rounded down to two decimals: a plotted value, never more than was carried. */
export const toUnit = (bytes: bigint, unit: ByteUnit): number => {
  const hundredths = (bytes * 100n) / unitSize(BYTE_UNITS.indexOf(unit));
  return Number(hundredths) / 100;
};

/** How a unit is written in the interface language ("GB", "ГБ"); the code itself by default. */
export type UnitLabel = (unit: ByteUnit) => string;

const asIs: UnitLabel = (unit) => unit;

/** A byte count for people: "0 B", "512 B", "1.5 GB" (two decimals at most, in the best unit). */
export const formatBytes = (bytes: bigint | string, unitLabel: UnitLabel = asIs): string => {
  const value = typeof bytes === 'string' ? readBytes(bytes) : bytes;
  const unit = pickByteUnit(value);
  return `${toUnit(value, unit)} ${unitLabel(unit)}`;
};

/** Whether the points are hours (ISO instants) or calendar days (`YYYY-MM-DD`). */
export type UsageGrain = 'hour' | 'day';

/** A usage chart's data: one label per point and the bytes per direction in one unit. */
export interface UsageSeries {
  /** Axis labels: `HH:mm` in the browser's zone for hours, `MM-DD` for days. */
  labels: string[];
  /** Tooltip titles: the full local hour or date. */
  titles: string[];
  unit: ByteUnit;
  /** The unit as written in the interface language. */
  unitText: string;
  download: number[];
  upload: number[];
  /** Exact totals per point, for the tooltip. */
  totals: string[];
  /** Bytes over the whole series. */
  sum: bigint;
}

/**
 * Turns hourly or daily buckets into chart series, in the order the server sent them (oldest
 * first). The unit is chosen from the largest direction of any point, so bars stay readable.
 */
export const toUsageSeries = (
  points: readonly UsagePoint[],
  grain: UsageGrain,
  unitLabel: UnitLabel = asIs,
): UsageSeries => {
  const rows = points.map((point) => ({
    time: point.time,
    down: readBytes(point.bytes_down),
    up: readBytes(point.bytes_up),
    total: readBytes(point.bytes),
  }));
  const largest = rows.reduce((max, row) => {
    const side = row.down > row.up ? row.down : row.up;
    return side > max ? side : max;
  }, 0n);
  const unit = pickByteUnit(largest);
  // dayjs reads a bare date as local midnight, so a day stays the day the server named.
  const at = (time: string) => dayjs(time);
  return {
    labels: rows.map((row) => at(row.time).format(grain === 'hour' ? 'HH:mm' : 'MM-DD')),
    titles: rows.map((row) => at(row.time).format(grain === 'hour' ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD')),
    unit,
    unitText: unitLabel(unit),
    download: rows.map((row) => toUnit(row.down, unit)),
    upload: rows.map((row) => toUnit(row.up, unit)),
    totals: rows.map((row) => formatBytes(row.total, unitLabel)),
    sum: rows.reduce((sum, row) => sum + row.total, 0n),
  };
};
