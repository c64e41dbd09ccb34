import { describe, expect, it } from 'vitest';
import { usedPercent } from './used-percent';

describe('share of bought traffic used', () => {
  it('is a percentage with one decimal, rounded down', () => {
    expect(usedPercent('1', '3')).toBe(33.3);
    expect(usedPercent('2', '3')).toBe(66.6);
    expect(usedPercent('1073741824', '10737418240')).toBe(10);
  });

  it('is 0 without a purchase and never above 100', () => {
    expect(usedPercent('0', '0')).toBe(0);
    expect(usedPercent('500', '0')).toBe(0);
    expect(usedPercent('11', '10')).toBe(100);
  });
});
