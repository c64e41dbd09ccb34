import { describe, expect, it } from 'vitest';
import { discountedPrice, ENTERPRISE_DISCOUNT } from './pricing';

describe('discountedPrice', () => {
  it('takes the discount off a list price exactly to the micro-PTC', () => {
    expect(discountedPrice(7_990_000n, 2_000)).toBe(6_392_000n);
    expect(discountedPrice(150_000n, 2_000)).toBe(120_000n);
    expect(discountedPrice(5_000_000n, 0)).toBe(5_000_000n);
    expect(discountedPrice(5_000_000n, ENTERPRISE_DISCOUNT.MAX_BASIS_POINTS)).toBe(500_000n);
  });

  it('rounds a fraction of a micro-PTC down, in the customer’s favour', () => {
    // 0.000333 PTC less 12.5% is 291.375 micro-PTC.
    expect(discountedPrice(333n, 1_250)).toBe(291n);
    expect(discountedPrice(1n, 1)).toBe(0n);
  });

  it('refuses a discount that is not a non-negative whole number of basis points', () => {
    expect(() => discountedPrice(1_000_000n, -1)).toThrow(RangeError);
    expect(() => discountedPrice(1_000_000n, 12.5)).toThrow(RangeError);
  });
});
