import { describe, expect, it } from 'vitest';
import {
  checkAlarmThreshold,
  checkAutoAmount,
  checkAutoThreshold,
  recommendThreshold,
} from './wallet-settings.rules';

describe('auto top-up rules', () => {
  it('takes amounts from 10 to 2000 PTC in whole cents', () => {
    expect(checkAutoAmount('10')).toBeNull();
    expect(checkAutoAmount('2000')).toBeNull();
    expect(checkAutoAmount('')).toBe('required');
    expect(checkAutoAmount('9.99')).toBe('min');
    expect(checkAutoAmount('2000.01')).toBe('max');
    expect(checkAutoAmount('50.005')).toBe('cents');
  });

  it('takes thresholds from 1 to 1000 PTC, below the amount', () => {
    expect(checkAutoThreshold('30', '100')).toBeNull();
    expect(checkAutoThreshold('0.5', '100')).toBe('min');
    expect(checkAutoThreshold('1000.01', '2000')).toBe('max');
    expect(checkAutoThreshold('100', '100')).toBe('notBelowAmount');
    expect(checkAutoThreshold('150', '100')).toBe('notBelowAmount');
    expect(checkAutoThreshold('', '100')).toBe('required');
  });

  it('recommends 30% of the amount as the threshold', () => {
    expect(recommendThreshold('100')).toBe('30');
    expect(recommendThreshold('55.55')).toBe('16.67');
    expect(recommendThreshold('2000')).toBe('600');
    expect(recommendThreshold('5')).toBeNull();
    expect(recommendThreshold('')).toBeNull();
  });
});

describe('balance alarm rules', () => {
  it('takes a positive threshold in whole cents', () => {
    expect(checkAlarmThreshold('10')).toBeNull();
    expect(checkAlarmThreshold('0.01')).toBeNull();
    expect(checkAlarmThreshold('0')).toBe('positive');
    expect(checkAlarmThreshold('')).toBe('required');
    expect(checkAlarmThreshold('1.234')).toBe('cents');
  });
});
