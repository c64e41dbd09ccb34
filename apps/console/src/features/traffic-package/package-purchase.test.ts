import { describe, expect, it } from 'vitest';
import {
  checkPackageChoice,
  formatExact,
  formatWireExact,
  quotePurchase,
  sortPlans,
} from './package-purchase';
import type { TrafficPlan } from './traffic-package.api';

const plan = (id: string, gb: number, amount: string, permanent = true): TrafficPlan => ({
  id,
  gb,
  price_per_gb: '4.500000',
  amount,
  discount_percent: 10,
  permanent,
  valid_days: permanent ? null : 7,
  limit_per_user: null,
});

const plans = [plan('2', 10, '45.000000'), plan('1', 1, '2.500000', false), plan('3', 50, '200.000000')];

describe('package choice', () => {
  it("refuses to buy without a package ('Please select a package')", () => {
    expect(checkPackageChoice(undefined, plans)).toEqual({ ok: false, error: 'required' });
    expect(checkPackageChoice('', plans)).toEqual({ ok: false, error: 'required' });
  });

  it('refuses a package that is no longer on sale', () => {
    expect(checkPackageChoice('99', plans)).toEqual({ ok: false, error: 'unknown' });
  });

  it('answers the chosen package', () => {
    expect(checkPackageChoice('2', plans)).toEqual({ ok: true, plan: plans[0] });
  });
});

describe('purchase quote', () => {
  it('subtracts the price from the balance exactly', () => {
    expect(quotePurchase(plan('2', 10, '45.000000'), '45.000001')).toEqual({
      amount: 45_000_000n,
      balance: 45_000_001n,
      balanceAfter: 1n,
      isShort: false,
    });
  });

  it('says when the balance is short', () => {
    expect(quotePurchase(plan('2', 10, '45.000000'), '44.999999')).toMatchObject({
      balanceAfter: -1n,
      isShort: true,
    });
  });

  it('is not short while the balance is unknown', () => {
    expect(quotePurchase(plan('2', 10, '45.000000'), undefined)).toMatchObject({
      balance: null,
      balanceAfter: null,
      isShort: false,
    });
  });
});

describe('package order', () => {
  it('shows the smallest package first', () => {
    expect(sortPlans(plans).map((item) => item.id)).toEqual(['1', '2', '3']);
  });
});

describe('exact amounts', () => {
  it('keeps every significant decimal and at least two', () => {
    expect(formatExact(45_000_000n)).toBe('45.00');
    expect(formatExact(4_455_000n)).toBe('4.455');
    expect(formatExact(4_500_000n)).toBe('4.50');
    expect(formatExact(1n)).toBe('0.000001');
    expect(formatWireExact('3.500000')).toBe('3.50');
    expect(formatWireExact('n/a')).toBe('n/a');
  });
});
