import type { SubUser } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { credentialLine, formatBytes, spendingLimitOf, trafficLimitOf, usedPercent } from './sub-users';

const subUser = (overrides: Partial<SubUser> = {}): SubUser => ({
  id: '1',
  name: 'team',
  status: 'active',
  period: 'month',
  traffic_limit_bytes: null,
  spending_limit: null,
  period_start: '2026-11-01T00:00:00.000Z',
  period_end: '2026-12-01T00:00:00.000Z',
  used_bytes: 0,
  used_spending: '0.000000',
  host: 'gw.example',
  port: 8000,
  username: 'abcdefghij',
  password: 'Secret1234567890',
  protocol: 'http',
  created_at: '2026-11-28T00:00:00.000Z',
  ...overrides,
});

describe('sub-user figures and inputs', () => {
  it('formats bytes in 1024 steps', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(262_144)).toBe('256 KB');
    expect(formatBytes(1_048_576)).toBe('1 MB');
    expect(formatBytes(1.5 * 2 ** 30)).toBe('1.5 GB');
  });
  it('reads a typed traffic limit in MB or GB, refusing what the server would refuse', () => {
    expect(trafficLimitOf('', 'GB')).toEqual({ ok: true, bytes: null });
    expect(trafficLimitOf('1', 'MB')).toEqual({ ok: true, bytes: 1_048_576 });
    expect(trafficLimitOf('2.5', 'GB')).toEqual({ ok: true, bytes: 2.5 * 2 ** 30 });
    expect(trafficLimitOf('0', 'GB')).toEqual({ ok: false, error: 'badNumber' });
    expect(trafficLimitOf('-1', 'GB')).toEqual({ ok: false, error: 'badNumber' });
    expect(trafficLimitOf('1e3', 'GB')).toEqual({ ok: false, error: 'badNumber' });
    expect(trafficLimitOf('99999999999', 'GB')).toEqual({ ok: false, error: 'tooLarge' });
  });
  it('reads a spending limit in PTC with at most six decimals', () => {
    expect(spendingLimitOf(' ')).toEqual({ ok: true, ptc: null });
    expect(spendingLimitOf('1.5')).toEqual({ ok: true, ptc: '1.5' });
    expect(spendingLimitOf('0')).toEqual({ ok: false, error: 'badNumber' });
    expect(spendingLimitOf('1.1234567')).toEqual({ ok: false, error: 'badNumber' });
    expect(spendingLimitOf('2000000000')).toEqual({ ok: false, error: 'tooLarge' });
  });
  it('shows the share of the tightest limit, and the ready credential line', () => {
    expect(usedPercent(subUser())).toBeNull();
    expect(usedPercent(subUser({ traffic_limit_bytes: 1000, used_bytes: 250 }))).toBe(25);
    expect(
      usedPercent(
        subUser({
          traffic_limit_bytes: 1000,
          used_bytes: 250,
          spending_limit: '1.000000',
          used_spending: '0.600000',
        }),
      ),
    ).toBe(60);
    expect(usedPercent(subUser({ traffic_limit_bytes: 1000, used_bytes: 1300 }))).toBe(100);
    expect(credentialLine(subUser())).toBe('gw.example:8000:abcdefghij:Secret1234567890');
  });
});
