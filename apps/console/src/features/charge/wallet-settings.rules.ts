import { AUTO_TOP_UP_LIMITS, type Micro, recommendedAutoThreshold } from '@ptc/contracts';
import { type AmountReading, readAmount, toAmountField } from './wallet-money';

/** Why an amount field of the auto top-up or balance alarm forms is refused. */
export type AmountFieldError = Exclude<AmountReading, { ok: true }>['error'] | 'notBelowAmount' | 'positive';

const readWithin = (text: string | null | undefined, min: Micro, max: Micro): AmountReading => {
  const reading = readAmount(text);
  if (!reading.ok) return reading;
  if (reading.amount < min) return { ok: false, error: 'min' };
  if (reading.amount > max) return { ok: false, error: 'max' };
  return reading;
};

/** Checks the auto top-up amount: required, whole cents, 10 to 2000 PTC. */
export const checkAutoAmount = (text: string | null | undefined): AmountFieldError | null => {
  const reading = readWithin(text, AUTO_TOP_UP_LIMITS.MIN_AMOUNT, AUTO_TOP_UP_LIMITS.MAX_AMOUNT);
  return reading.ok ? null : reading.error;
};

/**
 * Checks the auto top-up threshold: required, whole cents, 1 to 1000 PTC, and below the amount
 * (a threshold at or above it would top up again right after topping up).
 */
export const checkAutoThreshold = (
  text: string | null | undefined,
  amountText: string | null | undefined,
): AmountFieldError | null => {
  const reading = readWithin(text, AUTO_TOP_UP_LIMITS.MIN_THRESHOLD, AUTO_TOP_UP_LIMITS.MAX_THRESHOLD);
  if (!reading.ok) return reading.error;
  const amount = readAmount(amountText);
  if (amount.ok && reading.amount >= amount.amount) return 'notBelowAmount';
  return null;
};

/**
 * The recommended threshold for a typed auto top-up amount (30% of it, SPEC §5/§9), as a form
 * value, or null while the amount is not valid.
 */
export const recommendThreshold = (amountText: string | null | undefined): string | null => {
  if (checkAutoAmount(amountText) !== null) return null;
  const amount = readAmount(amountText);
  return amount.ok ? toAmountField(recommendedAutoThreshold(amount.amount)) : null;
};

/** Checks the balance alarm threshold: required, whole cents, above zero. */
export const checkAlarmThreshold = (text: string | null | undefined): AmountFieldError | null => {
  const reading = readAmount(text);
  if (!reading.ok) return reading.error;
  return reading.amount > 0n ? null : 'positive';
};
