import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  pickByteUnit,
  readBytes,
  toUnit,
  toUsageSeries,
  type UsagePoint,
} from './traffic-series';

const GB = 1n << 30n;
const MB = 1n << 20n;

const point = (time: string, down: bigint, up: bigint): UsagePoint => ({
  time,
  bytes_down: down.toString(),
  bytes_up: up.toString(),
  bytes: (down + up).toString(),
});

describe('byte units', () => {
  it('picks the largest binary unit the amount reaches', () => {
    expect(pickByteUnit(0n)).toBe('B');
    expect(pickByteUnit(1023n)).toBe('B');
    expect(pickByteUnit(1024n)).toBe('KB');
    expect(pickByteUnit(5n * MB)).toBe('MB');
    expect(pickByteUnit(GB)).toBe('GB');
    expect(pickByteUnit(GB * 1024n * 1024n)).toBe('TB');
  });

  it('rounds down to two decimals', () => {
    expect(toUnit(GB + GB / 2n, 'GB')).toBe(1.5);
    expect(toUnit(GB - 1n, 'GB')).toBe(0.99);
    expect(formatBytes(0n)).toBe('0 B');
    expect(formatBytes('1610612736')).toBe('1.5 GB');
    expect(formatBytes(1536n)).toBe('1.5 KB');
  });

  it('reads only whole byte counts', () => {
    expect(readBytes('123')).toBe(123n);
    expect(readBytes('1.5')).toBe(0n);
    expect(readBytes(undefined)).toBe(0n);
    expect(readBytes('99999999999999999999')).toBe(99999999999999999999n);
  });
});

describe('usage buckets to chart series', () => {
  it('maps daily buckets in order to download and upload in one unit, with exact totals', () => {
    const series = toUsageSeries(
      [point('2026-03-13', 0n, 0n), point('2026-03-14', 2n * GB, 512n * MB), point('2026-03-15', MB, 0n)],
      'day',
    );
    expect(series.labels).toEqual(['03-13', '03-14', '03-15']);
    expect(series.titles).toEqual(['2026-03-13', '2026-03-14', '2026-03-15']);
    expect(series.unit).toBe('GB');
    expect(series.download).toEqual([0, 2, 0]);
    expect(series.upload).toEqual([0, 0.5, 0]);
    expect(series.totals).toEqual(['0 B', '2.5 GB', '1 MB']);
    expect(series.sum).toBe(2n * GB + 512n * MB + MB);
  });

  it('labels hourly buckets by local hour', () => {
    const hours = Array.from({ length: 24 }, (_, index) =>
      point(new Date(Date.UTC(2026, 2, 15, index)).toISOString(), BigInt(index) * 1024n, 0n),
    );
    const series = toUsageSeries(hours, 'hour');
    expect(series.labels).toHaveLength(24);
    expect(new Set(series.labels).size).toBe(24);
    expect(series.labels[5]).toBe(dayjs('2026-03-15T05:00:00Z').format('HH:mm'));
    expect(series.unit).toBe('KB');
    expect(series.download[23]).toBe(23);
  });

  it('keeps an empty period as zero bytes', () => {
    const series = toUsageSeries([], 'day');
    expect(series).toMatchObject({ labels: [], download: [], upload: [], unit: 'B', sum: 0n });
  });
});

describe('unit labels', () => {
  it('writes units in the interface language', () => {
    const russian = (unit: string) => ({ B: 'Б', KB: 'КБ', MB: 'МБ', GB: 'ГБ', TB: 'ТБ' })[unit] ?? unit;
    expect(formatBytes(GB, russian)).toBe('1 ГБ');
    const series = toUsageSeries([point('2026-03-15', 3n * MB, 0n)], 'day', russian);
    expect(series).toMatchObject({ unit: 'MB', unitText: 'МБ', totals: ['3 МБ'] });
  });
});
