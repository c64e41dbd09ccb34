import { describe, expect, it } from 'vitest';
import { describeQuote, readServedTerms } from './top-up-quote';
import { readTopUpAmount } from './wallet-money';

const quoteOf = (text: string, method: Parameters<typeof describeQuote>[1]) => {
  const reading = readTopUpAmount(text);
  if (!reading.ok) throw new Error(`${text} is refused: ${reading.error}`);
  return describeQuote(reading.amount, method);
};

describe('describeQuote', () => {
  it('prices $1 by card: 3.4% + $0.50 fee, no bonus', () => {
    expect(quoteOf('1', 'card')).toEqual({
      amount: '1.00',
      fee: '0.53',
      total: '1.53',
      bonus: '0.00',
      credited: '1.00',
      hasFee: true,
      hasBonus: false,
    });
  });

  it('gives no bonus just below 200 PTC', () => {
    const quote = quoteOf('199.99', 'card');
    expect(quote).toMatchObject({ fee: '7.30', total: '207.29', bonus: '0.00', credited: '199.99' });
    expect(quote.hasBonus).toBe(false);
  });

  it('adds the 10% bonus from 200 PTC', () => {
    expect(quoteOf('200', 'card')).toMatchObject({
      amount: '200.00',
      fee: '7.30',
      total: '207.30',
      bonus: '20.00',
      credited: '220.00',
      hasBonus: true,
    });
  });

  it('prices the largest top-up, 2000 PTC', () => {
    expect(quoteOf('2000', 'alipay')).toMatchObject({
      fee: '68.50',
      total: '2068.50',
      bonus: '200.00',
      credited: '2200.00',
    });
  });

  it('has no quote for 2000.01, which is refused first', () => {
    expect(readTopUpAmount('2000.01')).toEqual({ ok: false, error: 'max' });
  });

  it('charges USDT 1.3% and wire transfer nothing', () => {
    expect(quoteOf('200', 'usdt')).toMatchObject({ fee: '2.60', total: '202.60', credited: '220.00' });
    expect(quoteOf('200', 'wire')).toMatchObject({ fee: '0.00', total: '200.00', hasFee: false });
  });
});

describe('describeQuote under the terms the server serves', () => {
  it("prices with an operator's fee and bonus rule, read from the served percentages without floats", () => {
    const reading = readTopUpAmount('150');
    if (!reading.ok) throw new Error('150 is refused');
    const terms = readServedTerms(
      { bonus_threshold: '100.00', bonus_percent: 12.5 },
      { fee_percent: 5.25, fee_fixed: '1.00' },
    );
    expect(terms).toEqual({
      bonus: { threshold: 100_000_000n, basisPoints: 1_250n },
      fee: { basisPoints: 525n, fixed: 1_000_000n },
    });
    expect(describeQuote(reading.amount, 'card', terms)).toMatchObject({
      fee: '8.88',
      total: '158.88',
      bonus: '18.75',
      credited: '168.75',
    });
  });

  it('falls back to the rules of SPEC §9 while nothing is served', () => {
    expect(readServedTerms(undefined, undefined)).toEqual({});
    expect(quoteOf('200', 'card')).toMatchObject({ fee: '7.30', bonus: '20.00' });
  });
});
