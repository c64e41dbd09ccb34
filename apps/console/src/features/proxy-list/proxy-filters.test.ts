import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, INITIAL_VIEW, isIpFilter, toExportRange, toListQuery } from './proxy-filters';

describe('the IP filter', () => {
  it.each(['', '69', '69.32', '69.32.3.', '69.32.3.4', '69.32.3.*', '*.*.*.*', '10.*.0.1'])(
    'accepts %j',
    (text) => {
      expect(isIpFilter(text)).toBe(true);
    },
  );

  it.each(['69.32.*', '256.1.1.1', '69.32.3.4.5', 'abc', '69..3', '69.32.3.**'])('refuses %j', (text) => {
    expect(isIpFilter(text)).toBe(false);
  });
});

describe('the list query', () => {
  it('sends only the page, order, status and scope of a fresh list', () => {
    expect(toListQuery(INITIAL_VIEW)).toEqual({
      page: 1,
      page_size: 20,
      status: 'all',
      deleted: false,
      sort: 'create_time',
      order: 'desc',
    });
  });

  it('sends every filled filter, trimmed, and the creation range from the first to the last instant of its days', () => {
    const start = dayjs('2026-03-01T15:00:00');
    const end = dayjs('2026-03-07T09:30:00');
    const query = toListQuery({
      ...INITIAL_VIEW,
      page: 3,
      pageSize: 100,
      sort: 'expire_time',
      order: 'asc',
      filters: {
        ...EMPTY_FILTERS,
        ip: ' 69.32.3.* ',
        type: 'datacenter',
        username: 'u8f',
        password: 'pw',
        country: 'US',
        state: 'NY',
        city: 'newyork',
        remark: ' shop ',
        status: 'expired',
        range: [start, end],
        deleted: true,
      },
    });
    expect(query).toEqual({
      page: 3,
      page_size: 100,
      sort: 'expire_time',
      order: 'asc',
      status: 'expired',
      deleted: true,
      ip: '69.32.3.*',
      type: 'datacenter',
      username: 'u8f',
      password: 'pw',
      country: 'US',
      state: 'NY',
      city: 'newyork',
      remark: 'shop',
      start: start.startOf('day').toISOString(),
      end: end.endOf('day').toISOString(),
    });
    expect(toExportRange([start, end])).toEqual({ start: query.start, end: query.end });
  });
});
