import { type Micro, type PaymentMethod, quoteTopUp } from '@ptc/contracts';
import { formatMicro } from './wallet-money';

/** The price preview of a top-up as shown before paying: every figure with two decimals. */
export interface QuoteDisplay {
  /** PTC bought. */
  amount: string;
  /** Payment fee. */
  fee: string;
  /** What the customer pays: amount + fee. */
  total: string;
  /** Free PTC (10% from 200 PTC). */
  bonus: string;
  /** PTC the balance grows by: amount + bonus. */
  credited: string;
  hasFee: boolean;
  hasBonus: boolean;
}

/** Prices a top-up with the shared rule of the contracts (`quoteTopUp`) and formats it. */
export const describeQuote = (amount: Micro, method: PaymentMethod | 'auto'): QuoteDisplay => {
  const quote = quoteTopUp(amount, method);
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
