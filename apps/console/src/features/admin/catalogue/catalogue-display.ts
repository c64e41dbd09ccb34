import { type Micro, parsePtc, TOP_UP } from '@ptc/contracts';

/**
 * How the catalogue page reads and shows rates and amounts. Rates travel in whole basis points
 * (340 = 3.4%) and are typed as percentages with at most two decimals; amounts travel as decimal
 * PTC strings. Nothing here goes through a float.
 */

/** A percentage as typed: up to three whole digits and two decimals ("3.4", "10", "99.99"). */
export const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

/** An amount as typed for top-ups and fees: whole cents ("200", "0.5", "12.34"). */
export const CENTS_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** A price per GB as typed: PTC with at most six decimals. */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,6})?$/;

/** Basis points of a typed percentage ("3.4" → 340), or null when it is not one. */
export const basisPointsOfPercent = (text: string): number | null => {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number.parseInt(match[1] ?? '0', 10) * 100 + Number.parseInt((match[2] ?? '').padEnd(2, '0'), 10);
};

/** A rate in basis points as a percentage to type or show (340 → "3.4", 1000 → "10"). */
export const percentOfBasisPoints = (basisPoints: number): string => {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
};

/** A decimal PTC string without the trailing zeros of its fraction ("200.00" → "200", "0.50" → "0.5"). */
export const plainAmount = (text: string): string =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

/** The amounts of a comma-separated list as typed ("10, 20,50" → ["10", "20", "50"]). */
export const splitAmounts = (text: string): string[] =>
  text
    .split(/[,，\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The micro-PTC of a typed amount matching `pattern`, or null. */
const microOf = (text: string, pattern: RegExp): Micro | null => (pattern.test(text) ? parsePtc(text) : null);

/** True when `text` matches `pattern` and lies within `[min, max]` micro-PTC. */
export const isAmountWithin = (text: string, pattern: RegExp, min: Micro, max: Micro): boolean => {
  const micro = microOf(text.trim(), pattern);
  return micro !== null && micro >= min && micro <= max;
};

/** True when `text` lists 1 to `max` different top-up amounts, each in cents within SPEC §5's bounds. */
export const isPackageList = (text: string, max: number): boolean => {
  const amounts = splitAmounts(text).map((amount) => microOf(amount, CENTS_PATTERN));
  if (amounts.length === 0 || amounts.length > max) return false;
  if (amounts.some((micro) => micro === null || micro < TOP_UP.MIN_AMOUNT || micro > TOP_UP.MAX_AMOUNT)) {
    return false;
  }
  return new Set(amounts.map(String)).size === amounts.length;
};
