/**
 * The price table (SPEC §9, editable by an operator): its keys, its defaults, and how carried
 * traffic is priced (DESIGN §4 Usage and billing) — by the GB of 2^30 bytes, exactly to the
 * micro-PTC, the fraction of a micro-PTC carried from one charge to the next. Shared by the
 * gateway (which prices what it carries as it flushes) and the server (which settles it).
 */
import type { Micro } from './money';
import {
  BYTES_PER_GB,
  DYNAMIC_IP_PRICE_PER_IP,
  DYNAMIC_TRAFFIC_PRICE_PER_GB,
  STATIC_IP_PRICE,
  STATIC_TRAFFIC_PRICE_PER_GB,
} from './pricing';

/** Keys of the price table (SPEC §9). */
export type PriceKey =
  | `dynamic_traffic_line${1 | 2 | 3 | 4}`
  | 'dynamic_ip'
  | `static_traffic_${'residential' | 'datacenter'}`
  | `static_ip_${'residential' | 'datacenter'}_${1 | 30}`;

/** What a price is per: a GB of traffic, an IP, or a rental cycle (1 day, 30 days). */
export type PriceUnit = 'gb' | 'ip' | 'day' | '30days';

/** The prices of SPEC §9, seeded into the table an operator may then edit. */
export const DEFAULT_PRICES: Readonly<Record<PriceKey, { price: Micro; unit: PriceUnit }>> = {
  dynamic_traffic_line1: { price: DYNAMIC_TRAFFIC_PRICE_PER_GB[1], unit: 'gb' },
  dynamic_traffic_line2: { price: DYNAMIC_TRAFFIC_PRICE_PER_GB[2], unit: 'gb' },
  dynamic_traffic_line3: { price: DYNAMIC_TRAFFIC_PRICE_PER_GB[3], unit: 'gb' },
  dynamic_traffic_line4: { price: DYNAMIC_TRAFFIC_PRICE_PER_GB[4], unit: 'gb' },
  dynamic_ip: { price: DYNAMIC_IP_PRICE_PER_IP, unit: 'ip' },
  static_traffic_residential: { price: STATIC_TRAFFIC_PRICE_PER_GB.residential, unit: 'gb' },
  static_traffic_datacenter: { price: STATIC_TRAFFIC_PRICE_PER_GB.datacenter, unit: 'gb' },
  static_ip_residential_1: { price: STATIC_IP_PRICE.residential[1], unit: 'day' },
  static_ip_residential_30: { price: STATIC_IP_PRICE.residential[30], unit: '30days' },
  static_ip_datacenter_1: { price: STATIC_IP_PRICE.datacenter[1], unit: 'day' },
  static_ip_datacenter_30: { price: STATIC_IP_PRICE.datacenter[30], unit: '30days' },
};

/** The families billed by the traffic they carry (SPEC §3); the others are prepaid. */
export const TRAFFIC_FAMILIES = ['dynamic-traffic', 'static-traffic'] as const;

/** Whether a family is billed by traffic. */
export const isTrafficFamily = (family: string): family is (typeof TRAFFIC_FAMILIES)[number] =>
  (TRAFFIC_FAMILIES as readonly string[]).includes(family);

/** The price key of a traffic-billed proxy: its line (dynamic) or exit type (static). */
export const trafficPriceKey = (proxy: {
  family: string;
  line: number | null;
  exitType: 'residential' | 'datacenter' | null;
}): PriceKey =>
  proxy.family === 'static-traffic'
    ? `static_traffic_${proxy.exitType ?? 'residential'}`
    : `dynamic_traffic_line${(proxy.line ?? 1) as 1 | 2 | 3 | 4}`;

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

/** The micro-PTC that covers `bytes` at `pricePerGb`, rounded up (what a grant must hold for them). */
export const costOfBytes = (bytes: bigint, pricePerGb: Micro): Micro =>
  (bytes * pricePerGb + BYTES_PER_GB - 1n) / BYTES_PER_GB;
