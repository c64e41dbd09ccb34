import { type BonusRule, type FeeRule, type Micro, type PaymentMethod, quoteTopUp } from '@ptc/contracts';
import type { ChargePackages } from './charge.api';
import type { PaywayItem } from './payment-methods';
import { formatMicro, parseWireAmount } from './wallet-money';

/** The price preview of a top-up as shown before paying: every figure with two decimals. */
export interface QuoteDisplay {
  /** PTC bought. */
  amount: string;
  /** Payment fee. */
  fee: string;
  /** What the customer pays: amount + fee. */
  total: string;
  /** Free PTC (the bonus rule in force: 10% from 200 PTC unless an operator changed it). */
  bonus: string;
  /** PTC the balance grows by: amount + bonus. */
  credited: string;
  hasFee: boolean;
  hasBonus: boolean;
}

/** The fee and bonus terms a quote takes (absent ones: SPEC §9's). */
export type QuoteTerms = { fee?: FeeRule; bonus?: BonusRule };

/** Basis points of a percentage the server serves (3.4 → 340n), read from its text, never as a float. */
const basisPointsOfPercent = (percent: number): bigint | null => {
  const match = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(String(percent));
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
};

/**
 * The terms in force as the server serves them: the bonus rule of `GET /proxy/charges/list` and the
 * fee of the chosen method of `GET /proxy/payway/charge` (an operator may have changed both).
 */
export const readServedTerms = (
  packages: Pick<ChargePackages, 'bonus_threshold' | 'bonus_percent'> | undefined,
  payway: Pick<PaywayItem, 'fee_percent' | 'fee_fixed'> | undefined,
): QuoteTerms => {
  const terms: QuoteTerms = {};
  const threshold = parseWireAmount(packages?.bonus_threshold);
  const bonusBasisPoints = packages ? basisPointsOfPercent(packages.bonus_percent) : null;
  if (threshold !== null && bonusBasisPoints !== null) {
    terms.bonus = { threshold, basisPoints: bonusBasisPoints };
  }
  const fixed = parseWireAmount(payway?.fee_fixed);
  const feeBasisPoints = payway ? basisPointsOfPercent(payway.fee_percent) : null;
  if (fixed !== null && feeBasisPoints !== null) terms.fee = { basisPoints: feeBasisPoints, fixed };
  return terms;
};

/**
 * Prices a top-up with the shared rule of the contracts (`quoteTopUp`) under the served `terms`,
 * and formats it.
 */
export const describeQuote = (
  amount: Micro,
  method: PaymentMethod | 'auto',
  terms: QuoteTerms = {},
): QuoteDisplay => {
  const quote = quoteTopUp(amount, method, terms);
  return {
    amount: formatMicro(quote.amount),
    fee: formatMicro(quote.fee),
    total: formatMicro(quote.total),
    bonus: formatMicro(quote.bonus),
    credited: formatMicro(quote.credited),
    hasFee: quote.fee > 0n,
    hasBonus: quote.bonus > 0n,
  };
};
