import { describe, expect, it } from 'vitest';
import { applyBasisPoints, formatPtc, parsePtc } from './money';
import { DYNAMIC_IP_PRICE_PER_IP, STATIC_IP_PRICE, TOP_UP, TOP_UP_FEES } from './pricing';

describe('parsePtc', () => {
  it('reads decimal PTC exactly into micro-PTC', () => {
    expect(parsePtc('12')).toBe(12_000_000n);
    expect(parsePtc('0.15')).toBe(150_000n);
    expect(parsePtc('7.99')).toBe(7_990_000n);
    expect(parsePtc('-3.5')).toBe(-3_500_000n);
    expect(parsePtc('0.000001')).toBe(1n);
    expect(parsePtc('9007199254.740993')).toBe(9_007_199_254_740_993n);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.2345678', '1e3', '1,5', ' - 1', '.5'])
      expect(() => parsePtc(bad), bad).toThrow();
  });
});

describe('formatPtc', () => {
  it('rounds half away from zero at the requested precision', () => {
    expect(formatPtc(12_345_678n)).toBe('12.35');
    expect(formatPtc(12_345_678n, 6)).toBe('12.345678');
    expect(formatPtc(5_000n, 2)).toBe('0.01');
    expect(formatPtc(4_999n, 2)).toBe('0.00');
    expect(formatPtc(-1_005_000n, 2)).toBe('-1.01');
    expect(formatPtc(-4_000n, 2)).toBe('0.00');
    expect(formatPtc(2_500_000n, 0)).toBe('3');
  });

  it('round-trips with parsePtc', () => {
    for (const micro of [0n, 1n, 150_000n, 7_990_000n, 2_000_000_000n, -123_456n]) {
      expect(parsePtc(formatPtc(micro, 6))).toBe(micro);
    }
  });
});

describe('prices and fees', () => {
  it('computes the card fee of SPEC §9: 3.4% + 0.5 PTC', () => {
    const amount = 100_000_000n;
    const fee = applyBasisPoints(amount, TOP_UP_FEES.card.basisPoints) + TOP_UP_FEES.card.fixed;
    expect(formatPtc(fee)).toBe('3.90');
  });

  it('computes the 10% bonus from 200 PTC', () => {
    expect(applyBasisPoints(TOP_UP.BONUS_THRESHOLD, TOP_UP.BONUS_BASIS_POINTS)).toBe(20_000_000n);
  });

  it('rounds basis points half up on the micro-PTC', () => {
    expect(applyBasisPoints(1n, 5_000n)).toBe(1n);
    expect(applyBasisPoints(1n, 4_999n)).toBe(0n);
  });

  it('states prices in micro-PTC', () => {
    expect(formatPtc(DYNAMIC_IP_PRICE_PER_IP)).toBe('0.15');
    expect(formatPtc(STATIC_IP_PRICE.residential[30])).toBe('7.99');
    expect(formatPtc(STATIC_IP_PRICE.datacenter[1])).toBe('0.25');
  });
});
