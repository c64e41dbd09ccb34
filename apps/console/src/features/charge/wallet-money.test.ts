import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCompact,
  parseWireAmount,
  readAmount,
  readTopUpAmount,
  toAmountField,
} from './wallet-money';

describe('readTopUpAmount', () => {
  it.each([
    ['1', 1_000_000n],
    ['199.99', 199_990_000n],
    ['200', 200_000_000n],
    ['2000', 2_000_000_000n],
    [' 12.5 ', 12_500_000n],
    ['12.', 12_000_000n],
  ])('accepts %j as %s micro-PTC', (text, amount) => {
    expect(readTopUpAmount(text)).toEqual({ ok: true, amount });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    [undefined, 'required'],
    ['0', 'min'],
    ['0.99', 'min'],
    ['2000.01', 'max'],
    ['5000', 'max'],
    ['1.999', 'cents'],
    ['199.991', 'cents'],
    ['-5', 'format'],
    ['1e3', 'format'],
    ['12,5', 'format'],
    ['abc', 'format'],
    ['.5', 'format'],
  ])('refuses %j with %s', (text, error) => {
    expect(readTopUpAmount(text)).toEqual({ ok: false, error });
  });

  it('reads amounts exactly, with no binary rounding', () => {
    expect(readAmount('0.1')).toEqual({ ok: true, amount: 100_000n });
    expect(readAmount('1999.99')).toEqual({ ok: true, amount: 1_999_990_000n });
  });
});

describe('toAmountField', () => {
  it('writes whole cents without trailing zeros, as the server takes them', () => {
    expect(toAmountField(200_000_000n)).toBe('200');
    expect(toAmountField(199_990_000n)).toBe('199.99');
    expect(toAmountField(12_500_000n)).toBe('12.5');
    expect(toAmountField(100_000_000n)).toBe('100');
    expect(toAmountField(0n)).toBe('0');
  });
});

describe('formatAmount', () => {
  it('shows a wire amount with two decimals', () => {
    expect(formatAmount('220')).toBe('220.00');
    expect(formatAmount('220.000000')).toBe('220.00');
    expect(formatAmount('0.005')).toBe('0.01');
    expect(formatAmount('-3.5')).toBe('-3.50');
  });

  it('leaves text that is not an amount as it came', () => {
    expect(formatAmount('n/a')).toBe('n/a');
    expect(formatAmount(null)).toBe('');
    expect(parseWireAmount('1.2345678')).toBeNull();
  });
});

describe('formatCompact', () => {
  it('drops needless decimals of a wire amount, for labels and hooks', () => {
    expect(formatCompact('200.00')).toBe('200');
    expect(formatCompact('9.90')).toBe('9.9');
    expect(formatCompact('199.99')).toBe('199.99');
    expect(formatCompact('odd')).toBe('odd');
  });
});
