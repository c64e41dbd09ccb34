import { formatPtc, type Micro, parsePtc } from '@ptc/contracts';
import type { TrafficPlan } from './traffic-package.api';

/** Reads an amount of the wire exactly, or `null` when it is not one. */
const readAmount = (text: string | null | undefined): Micro | null => {
  if (typeof text !== 'string') return null;
  try {
    return parsePtc(text);
  } catch {
    return null;
  }
};

/** Why a purchase cannot be sent: no package chosen (SPEC §5 'Please select a package'), or one no longer on sale. */
export type PackageChoiceError = 'required' | 'unknown';

/** The chosen package, or why there is none to buy. */
export type PackageChoice = { ok: true; plan: TrafficPlan } | { ok: false; error: PackageChoiceError };

/** Checks the package chosen before buying: one must be chosen, and it must be among those on sale. */
export const checkPackageChoice = (
  packageId: string | null | undefined,
  plans: readonly TrafficPlan[],
): PackageChoice => {
  if (!packageId) return { ok: false, error: 'required' };
  const plan = plans.find((item) => item.id === packageId);
  return plan ? { ok: true, plan } : { ok: false, error: 'unknown' };
};

/** What buying a package costs and leaves, in micro-PTC. */
export interface PurchaseQuote {
  amount: Micro;
  /** The balance now, `null` while the user info is not loaded. */
  balance: Micro | null;
  /** The balance after paying, `null` while the balance is unknown. */
  balanceAfter: Micro | null;
  /** True when the balance is known and short of the amount (the server would answer 3002). */
  isShort: boolean;
}

/** Prices a package against the balance, exactly. */
export const quotePurchase = (plan: TrafficPlan, balanceText: string | null | undefined): PurchaseQuote => {
  const amount = readAmount(plan.amount) ?? 0n;
  const balance = readAmount(balanceText);
  const balanceAfter = balance === null ? null : balance - amount;
  return { amount, balance, balanceAfter, isShort: balanceAfter !== null && balanceAfter < 0n };
};

/** Packages in the order shown: smallest first, a trial before a permanent package of the same size. */
export const sortPlans = (plans: readonly TrafficPlan[]): TrafficPlan[] =>
  [...plans].sort((a, b) => a.gb - b.gb || Number(a.permanent) - Number(b.permanent));

/**
 * An amount with as many decimals as it has, at least two: "45.00", "4.455", "0.000001". A price
 * per GB is shown exactly, never rounded to cents.
 */
export const formatExact = (amount: Micro): string => formatPtc(amount, 6).replace(/(\.\d\d\d*?)0+$/, '$1');

/** A wire amount shown by {@link formatExact}; text that is not an amount stays as it came. */
export const formatWireExact = (text: string): string => {
  const amount = readAmount(text);
  return amount === null ? text : formatExact(amount);
};
