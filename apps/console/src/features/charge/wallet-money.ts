import { checkTopUpAmount, formatPtc, type Micro, parsePtc } from '@ptc/contracts';

/**
 * Money at the console's edge (DESIGN §4): decimal strings from the wire and from inputs become
 * micro-PTC `bigint` here and go back to text here; nothing in between is a float.
 */

/** Why a typed top-up amount cannot be paid (SPEC §5 texts), or what it is. */
export type AmountReading =
  | { ok: true; amount: Micro }
  | { ok: false; error: 'required' | 'format' | 'min' | 'max' | 'cents' };

/** Digits with an optional fraction: what may be typed as an amount (the fraction is checked after). */
const AMOUNT_TEXT = /^\d{1,7}(?:\.(\d*))?$/;

/**
 * Reads an amount typed in dollars/PTC ("200", "199.99") exactly. More than two decimals is
 * 'cents'; outside $1..$2000 'min' or 'max' (SPEC §5).
 */
export const readAmount = (text: string | null | undefined): AmountReading => {
  const source = (text ?? '').trim();
  if (source === '') return { ok: false, error: 'required' };
  const match = AMOUNT_TEXT.exec(source);
  if (!match) return { ok: false, error: 'format' };
  const fraction = match[1] ?? '';
  if (fraction.length > 2) return { ok: false, error: 'cents' };
  // "12." reads as "12".
  const amount = parsePtc(source.endsWith('.') ? source.slice(0, -1) : source);
  return { ok: true, amount };
};

/** Reads a top-up amount and checks it against the limits of SPEC §5 ($1 to $2000, whole cents). */
export const readTopUpAmount = (text: string | null | undefined): AmountReading => {
  const reading = readAmount(text);
  if (!reading.ok) return reading;
  const error = checkTopUpAmount(reading.amount);
  return error ? { ok: false, error } : reading;
};

/** An amount as a form field for the server: "200", "199.99", "12.5" (whole cents, no trailing zeros). */
export const toAmountField = (amount: Micro): string => {
  const [whole = '0', fraction = ''] = formatPtc(amount, 2).split('.');
  const cents = fraction.replace(/0+$/, '');
  return cents ? `${whole}.${cents}` : whole;
};

/** Reads a decimal string of the wire, or `null` when it is not one. */
export const parseWireAmount = (text: string | null | undefined): Micro | null => {
  if (text === null || text === undefined) return null;
  try {
    return parsePtc(text);
  } catch {
    return null;
  }
};

/** A decimal string of the wire shown with `digits` decimals ("220" → "220.00"); odd text stays as it came. */
export const formatAmount = (text: string | null | undefined, digits = 2): string => {
  const amount = parseWireAmount(text);
  if (amount === null) return text ?? '';
  return formatPtc(amount, digits);
};

/** micro-PTC shown with two decimals. */
export const formatMicro = (amount: Micro): string => formatPtc(amount, 2);

/** A decimal string of the wire without needless decimals ("200.000000" → "200", "9.90" → "9.9"). */
export const formatCompact = (text: string | null | undefined): string => {
  const amount = parseWireAmount(text);
  return amount === null ? (text ?? '') : toAmountField(amount);
};
