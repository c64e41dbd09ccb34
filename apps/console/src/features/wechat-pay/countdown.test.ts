import { describe, expect, it } from 'vitest';
import { formatCountdown, getRemainingMs } from './countdown';

describe('formatCountdown', () => {
  it('shows minutes and seconds', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(9 * 60_000 + 5_000)).toBe('09:05');
    expect(formatCountdown(59_000)).toBe('00:59');
  });

  it('counts a started second as a whole one', () => {
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(61_500)).toBe('01:02');
  });

  it('is never negative', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
  });

  it('keeps counting minutes past an hour', () => {
    expect(formatCountdown(2 * 3_600_000)).toBe('120:00');
  });
});

describe('getRemainingMs', () => {
  const expiresAt = '2026-11-22T10:15:00.000Z';
  const end = Date.parse(expiresAt);

  it('counts down to the expiry and stops at zero', () => {
    expect(getRemainingMs(expiresAt, end - 90_000)).toBe(90_000);
    expect(getRemainingMs(expiresAt, end + 1_000)).toBe(0);
  });

  it('treats an unreadable expiry as no time left', () => {
    expect(getRemainingMs('later', end)).toBe(0);
  });
});
