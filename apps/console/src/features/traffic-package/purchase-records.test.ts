import { describe, expect, it } from 'vitest';
import { recordState, toPoolQuery } from './purchase-records';
import type { TrafficPool } from './traffic-package.api';

const record = (remaining: string, expireTime: string | null): TrafficPool => ({
  id: '1',
  time: '2026-03-01T10:00:00.000Z',
  gb: 10,
  price_per_gb: '4.500000',
  amount: '45.000000',
  remaining_bytes: remaining,
  remaining_gb: '0.000',
  discount_percent: 10,
  permanent: expireTime === null,
  expire_time: expireTime,
});

const now = new Date('2026-03-15T12:00:00Z');

describe('purchase record state', () => {
  it('is usable with traffic left and no expiry', () => {
    expect(recordState(record('1024', null), now)).toBe('usable');
  });

  it('is used up with nothing left', () => {
    expect(recordState(record('0', null), now)).toBe('used_up');
    expect(recordState(record('0', '2026-04-01T00:00:00Z'), now)).toBe('used_up');
  });

  it('is expired past its expiry, whatever was left', () => {
    expect(recordState(record('0', '2026-03-15T12:00:00Z'), now)).toBe('expired');
    expect(recordState(record('1024', '2026-03-10T00:00:00Z'), now)).toBe('expired');
  });
});

describe('records query', () => {
  it('sends the page, its size and the state filter', () => {
    expect(toPoolQuery({ state: 'usable', page: 3, pageSize: 20 })).toEqual({
      page: 3,
      page_size: 20,
      state: 'usable',
    });
  });
});
