import { BYTES_PER_GB, type Micro } from '@ptc/contracts';

/** What some bytes cost, and the part of a micro-PTC (in units of 1/2^30) carried to the next charge. */
export interface TrafficCharge {
  /** Whole micro-PTC to charge now. */
  charge: Micro;
  /** `(bytes × price + carried) mod 2^30`: the fraction of a micro-PTC not charged yet. */
  remainder: bigint;
}

/**
 * Prices `bytes` at `pricePerGb` micro-PTC per 2^30 bytes, exactly: the fraction of a micro-PTC
 * left over is carried, so billing in many small steps sums to the charge of one big step.
 */
export const chargeForBytes = (bytes: bigint, pricePerGb: Micro, carried: bigint): TrafficCharge => {
  const numerator = bytes * pricePerGb + carried;
  return { charge: numerator / BYTES_PER_GB, remainder: numerator % BYTES_PER_GB };
};

/**
 * The most bytes whose charge (with the carried fraction) stays within `amount`; `null` when
 * traffic is free. At any price below 2^30 micro-PTC per GB this charge reaches `amount` exactly.
 */
export const bytesAffordable = (amount: Micro, pricePerGb: Micro, carried: bigint): bigint | null => {
  if (pricePerGb <= 0n) return null;
  // Largest x with floor((x × price + carried) / 2^30) <= amount.
  const limit = (amount + 1n) * BYTES_PER_GB - 1n - carried;
  return limit < 0n ? 0n : limit / pricePerGb;
};
