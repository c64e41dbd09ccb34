import { describe, expect, it } from 'vitest';
import {
  connectFamily,
  currentFirstRunStep,
  hasAnyTraffic,
  hasUsage,
  isFirstRun,
  isPositiveAmount,
} from './first-run';
import type { ProxiesSummary, TrafficSummary } from './overview.api';

const family = (name: ProxiesSummary['families'][number]['family'], total: number) => ({
  family: name,
  total,
  normal: total,
  invalid: 0,
  expired: 0,
  unhealthy: 0,
  on: total,
  off: 0,
});

const point = (bytes: string) => ({ time: '2026-03-15', bytes_down: bytes, bytes_up: '0', bytes });

describe('the first run of an account', () => {
  it('is on while the account holds no proxy, and only once the summary says so', () => {
    expect(isFirstRun({ families: [], total: 0 })).toBe(true);
    expect(isFirstRun({ families: [family('static-ip', 1)], total: 1 })).toBe(false);
    expect(isFirstRun(undefined)).toBe(false);
  });

  it('asks for a top-up first, then a proxy type, then the snippet', () => {
    expect(currentFirstRunStep({ balance: '0.000000', proxyCount: 0 })).toBe('topUp');
    expect(currentFirstRunStep({ balance: undefined, proxyCount: 0 })).toBe('topUp');
    expect(currentFirstRunStep({ balance: '0.010000', proxyCount: 0 })).toBe('pickType');
    expect(currentFirstRunStep({ balance: '0.000000', proxyCount: 2 })).toBe('connect');
  });

  it('reads wire amounts strictly', () => {
    expect(isPositiveAmount('12.500000')).toBe(true);
    expect(isPositiveAmount('0.000000')).toBe(false);
    expect(isPositiveAmount('-1.000000')).toBe(false);
    expect(isPositiveAmount('')).toBe(false);
    expect(isPositiveAmount(null)).toBe(false);
  });

  it('connects on the page of the first family that holds proxies', () => {
    expect(
      connectFamily({ families: [family('dynamic-traffic', 0), family('static-ip', 3)], total: 3 }),
    ).toBe('static-ip');
    expect(connectFamily({ families: [], total: 0 })).toBe('dynamic-traffic');
  });

  it('tells traffic from none, so an empty chart is an empty state and not axes of "1 B"', () => {
    expect(hasUsage([point('0'), point('0')])).toBe(false);
    expect(hasUsage([point('0'), point('512')])).toBe(true);
    const none: TrafficSummary = { hours: [point('0')], days: [point('0')], total_24h: '0', total_30d: '0' };
    expect(hasAnyTraffic(none)).toBe(false);
    expect(hasAnyTraffic({ ...none, days: [point('1')] })).toBe(true);
    expect(hasAnyTraffic({ ...none, total_30d: '42' })).toBe(true);
  });
});
