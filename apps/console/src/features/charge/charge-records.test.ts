import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { lastDays, toRecordsQuery } from './charge-records';

describe('records query', () => {
  it('asks for a page without a range', () => {
    expect(toRecordsQuery({ page: 2, pageSize: 10, range: null })).toEqual({ page: 2, page_size: 10 });
  });

  it('covers whole days of the range, both ends included', () => {
    const range = [dayjs('2026-11-01T15:00:00'), dayjs('2026-11-07T08:00:00')] as const;
    const query = toRecordsQuery({ page: 1, pageSize: 20, range });
    expect(query.start).toBe(dayjs('2026-11-01T00:00:00.000').toISOString());
    expect(query.end).toBe(dayjs('2026-11-07T23:59:59.999').toISOString());
  });

  it('makes the last 7 and 30 days end today', () => {
    const today = dayjs('2026-11-22T12:00:00');
    const [start7, end7] = lastDays(7, today);
    expect(start7.format('YYYY-MM-DD HH:mm')).toBe('2026-11-16 00:00');
    expect(end7.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-22 23:59:59');
    expect(lastDays(30, today)[0].format('YYYY-MM-DD')).toBe('2026-10-24');
  });
});
