/**
 * Money is an integer count of micro-PTC (1 PTC = 1 000 000 µPTC), held in `bigint` and
 * never in floating point (DESIGN §4). Display rounds at the edge.
 */

/** An amount in micro-PTC. */
export type Micro = bigint;

/** Micro-PTC in one PTC. */
export const MICRO_PER_PTC = 1_000_000n;

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,6}))?$/;

/**
 * Parses a decimal PTC amount ("12", "0.15", "-3.5") into micro-PTC exactly. Only text is
 * accepted: money never passes through a floating-point number.
 */
export const parsePtc = (text: string): Micro => {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a PTC amount: ${JSON.stringify(text)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const micro = BigInt(whole) * MICRO_PER_PTC + BigInt(fraction.padEnd(6, '0'));
  return sign ? -micro : micro;
};

/**
 * Formats micro-PTC as a decimal string with `digits` decimals (0–6), rounding half away
 * from zero; trailing zeros are kept so columns line up.
 */
export const formatPtc = (micro: Micro, digits = 2): string => {
  if (!Number.isInteger(digits) || digits < 0 || digits > 6) throw new RangeError('digits must be 0..6');
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const unit = 10n ** BigInt(6 - digits);
  const rounded = (abs + unit / 2n) / unit;
  const scale = 10n ** BigInt(digits);
  const whole = rounded / scale;
  const fraction = (rounded % scale).toString().padStart(digits, '0');
  const text = digits === 0 ? whole.toString() : `${whole}.${fraction}`;
  return negative && rounded !== 0n ? `-${text}` : text;
};

/** Multiplies an amount by a rate in basis points (1/10 000), rounding half up. */
export const applyBasisPoints = (micro: Micro, basisPoints: bigint): Micro => {
  const product = micro * basisPoints;
  const quotient = product / 10_000n;
  const remainder = product % 10_000n;
  return remainder * 2n >= 10_000n ? quotient + 1n : quotient;
};
