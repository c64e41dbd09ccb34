import { describe, expect, it } from 'vitest';
import { checkTopUpAmount, quoteTopUp, recommendedAutoThreshold } from './charges';
import { formatPtc, parsePtc } from './money';

const quote = (amount: string, method: Parameters<typeof quoteTopUp>[1]) => {
  const q = quoteTopUp(parsePtc(amount), method);
  return {
    fee: formatPtc(q.fee),
    total: formatPtc(q.total),
    bonus: formatPtc(q.bonus),
    credited: formatPtc(q.credited),
  };
};

describe('top-up arithmetic at the boundaries', () => {
  it('charges card and Alipay 3.4% + 0.5, rounded half up to the cent', () => {
    expect(quote('1', 'card')).toEqual({ fee: '0.53', total: '1.53', bonus: '0.00', credited: '1.00' });
    expect(quote('199.99', 'alipay')).toEqual({
      fee: '7.30',
      total: '207.29',
      bonus: '0.00',
      credited: '199.99',
    });
    expect(quote('200', 'card')).toEqual({
      fee: '7.30',
      total: '207.30',
      bonus: '20.00',
      credited: '220.00',
    });
    expect(quote('2000', 'card')).toEqual({
      fee: '68.50',
      total: '2068.50',
      bonus: '200.00',
      credited: '2200.00',
    });
  });

  it('charges USDT 1.3%, and nothing for wire transfer and auto top-up', () => {
    expect(quote('1', 'usdt')).toEqual({ fee: '0.01', total: '1.01', bonus: '0.00', credited: '1.00' });
    expect(quote('200', 'usdt')).toEqual({
      fee: '2.60',
      total: '202.60',
      bonus: '20.00',
      credited: '220.00',
    });
    expect(quote('2000', 'wire')).toEqual({
      fee: '0.00',
      total: '2000.00',
      bonus: '200.00',
      credited: '2200.00',
    });
    expect(quote('50', 'auto')).toEqual({ fee: '0.00', total: '50.00', bonus: '0.00', credited: '50.00' });
  });

  it('gives the 10% bonus from exactly 200 PTC', () => {
    expect(quoteTopUp(parsePtc('199.99'), 'wire').bonus).toBe(0n);
    expect(quoteTopUp(parsePtc('200'), 'wire').bonus).toBe(20_000_000n);
  });

  it('accepts 1 to 2000 PTC in whole cents', () => {
    expect(checkTopUpAmount(parsePtc('0.99'))).toBe('min');
    expect(checkTopUpAmount(parsePtc('1'))).toBeNull();
    expect(checkTopUpAmount(parsePtc('199.99'))).toBeNull();
    expect(checkTopUpAmount(parsePtc('2000'))).toBeNull();
    expect(checkTopUpAmount(parsePtc('2000.01'))).toBe('max');
    expect(checkTopUpAmount(parsePtc('10.001'))).toBe('cents');
  });

  it('recommends a 30% auto top-up threshold', () => {
    expect(formatPtc(recommendedAutoThreshold(parsePtc('100')))).toBe('30.00');
    expect(formatPtc(recommendedAutoThreshold(parsePtc('33.33')))).toBe('10.00');
  });

  it("prices under an operator's terms: the fee and bonus given, SPEC §9's for what is not", () => {
    const terms = {
      fee: { basisPoints: 500n, fixed: parsePtc('1') },
      bonus: { threshold: parsePtc('100'), basisPoints: 1_500n },
    };
    const priced = quoteTopUp(parsePtc('100'), 'card', terms);
    expect([priced.fee, priced.bonus, priced.total]).toEqual([
      parsePtc('6'),
      parsePtc('15'),
      parsePtc('106'),
    ]);
    expect(quoteTopUp(parsePtc('99.99'), 'card', terms).bonus).toBe(0n);
    expect(quoteTopUp(parsePtc('200'), 'usdt', { bonus: terms.bonus }).fee).toBe(parsePtc('2.6'));
    expect(quoteTopUp(parsePtc('200'), 'usdt', { fee: terms.fee }).bonus).toBe(parsePtc('20'));
  });
});
