import { describe, expect, it } from 'vitest';
import { checkThresholdGb, THRESHOLD_GB } from './traffic-alarm.rules';

describe('low-traffic alert threshold', () => {
  it('is required', () => {
    expect(checkThresholdGb(undefined)).toBe('required');
    expect(checkThresholdGb(null)).toBe('required');
    expect(checkThresholdGb('  ')).toBe('required');
  });

  it('is a whole number of GB', () => {
    expect(checkThresholdGb(1.5)).toBe('integer');
    expect(checkThresholdGb('2.0')).toBe('integer');
    expect(checkThresholdGb(-3)).toBe('integer');
    expect(checkThresholdGb('ten')).toBe('integer');
  });

  it('stays within the bounds the server accepts', () => {
    expect(checkThresholdGb(0)).toBe('min');
    expect(checkThresholdGb(THRESHOLD_GB.min)).toBeNull();
    expect(checkThresholdGb('5')).toBeNull();
    expect(checkThresholdGb(THRESHOLD_GB.max)).toBeNull();
    expect(checkThresholdGb(THRESHOLD_GB.max + 1)).toBe('max');
  });
});
