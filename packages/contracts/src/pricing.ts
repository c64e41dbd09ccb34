/**
 * Prices, fees and limits of SPEC §9. Amounts are micro-PTC (`bigint`), rates basis points,
 * durations milliseconds. Nothing here is declared anywhere else.
 */
import type { Micro } from './money';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Bytes in one GB of billed traffic (DESIGN §4: 2^30). */
export const BYTES_PER_GB = 1n << 30n;

/** Dynamic (rotating) proxies paid by traffic: price per GB by line. */
export const DYNAMIC_TRAFFIC_PRICE_PER_GB: Readonly<Record<1 | 2 | 3 | 4, Micro>> = {
  1: 5_000_000n,
  2: 5_000_000n,
  /** Line 3 serves countries only. */
  3: 3_000_000n,
  4: 1_500_000n,
};

/** Dynamic (rotating) proxies paid by IP: price per IP. */
export const DYNAMIC_IP_PRICE_PER_IP: Micro = 150_000n;

/** Static proxies paid by traffic: price per GB. */
export const STATIC_TRAFFIC_PRICE_PER_GB = {
  residential: 5_000_000n,
  datacenter: 1_000_000n,
} as const satisfies Record<string, Micro>;

/** Static proxies paid by IP: price per rental cycle (1 day or 30 days). */
export const STATIC_IP_PRICE = {
  residential: { 1: 500_000n, 30: 7_990_000n },
  datacenter: { 1: 250_000n, 30: 3_990_000n },
} as const satisfies Record<string, Record<1 | 30, Micro>>;

/** Rental cycles of static proxies, in days. */
export const STATIC_RENTAL_DAYS = [1, 30] as const;

/** Residual refund rate of an unresolved static residential proxy, per IP per day. */
export const STATIC_REFUND_PER_IP_DAY = {
  residential: 250_000n,
  datacenter: 130_000n,
} as const satisfies Record<string, Micro>;

/** Payment methods and how their fees are computed (rate in basis points plus a fixed part). */
export const TOP_UP_FEES = {
  card: { basisPoints: 340n, fixed: 500_000n },
  alipay: { basisPoints: 340n, fixed: 500_000n },
  usdt: { basisPoints: 130n, fixed: 0n },
  wire: { basisPoints: 0n, fixed: 0n },
  auto: { basisPoints: 0n, fixed: 0n },
} as const satisfies Record<string, { basisPoints: bigint; fixed: Micro }>;

/**
 * The enterprise plan's custom discount (SPEC §1 "Enterprise gets custom discounts"): set per
 * account by an operator, in basis points (2 000 = 20%), at most 90%.
 */
export const ENTERPRISE_DISCOUNT = {
  MAX_BASIS_POINTS: 9_000,
} as const;

/**
 * A customer's price of a list price under a discount in basis points: the list price less the
 * discount, rounded DOWN to the micro-PTC (in the customer's favour). Applied to a unit price
 * (per GB, per IP, per rental cycle) before it is multiplied by a count.
 */
export const discountedPrice = (listPrice: Micro, discountBasisPoints: number): Micro => {
  if (!Number.isInteger(discountBasisPoints) || discountBasisPoints < 0) {
    throw new RangeError('a discount is a non-negative whole number of basis points');
  }
  if (discountBasisPoints === 0) return listPrice;
  return (listPrice * (10_000n - BigInt(discountBasisPoints))) / 10_000n;
};

/** Top-up rules. */
export const TOP_UP = {
  /** Smallest custom amount. */
  MIN_AMOUNT: 1_000_000n,
  /** Largest custom amount. */
  MAX_AMOUNT: 2_000_000_000n,
  /** Top-ups of at least this amount earn the bonus. */
  BONUS_THRESHOLD: 200_000_000n,
  /** Bonus rate in basis points (10%). */
  BONUS_BASIS_POINTS: 1_000n,
  /** Recommended auto top-up threshold, as a share of the amount in basis points (30%). */
  RECOMMENDED_AUTO_THRESHOLD_BASIS_POINTS: 3_000n,
} as const;

/** Rewards and programmes. */
export const REWARDS = {
  /** Survey completed and phone bound. */
  SURVEY_BIND_PHONE: 1_000_000n,
  /** Reward for a referral. */
  REFERRAL: 1_000_000n,
  /** Total top-up that unlocks the invitation programme. */
  INVITATION_UNLOCK_TOTAL_TOP_UP: 100_000_000n,
  /** Daily sign-in interval. */
  SIGN_IN_INTERVAL_MS: DAY_MS,
} as const;

/** Proxy rules. */
export const PROXY_RULES = {
  /** One generation per second per user. */
  GENERATION_INTERVAL_MS: 1_000,
  /** A rotating proxy paid by IP is valid this long. */
  DYNAMIC_IP_VALIDITY_MS: DAY_MS,
  /** A rotating IP that fails within this window is refunded. */
  DYNAMIC_IP_REFUND_WINDOW_MS: 3 * 60_000,
  /** Traffic-billed rotating IPs change every 3 to 5 minutes. */
  DYNAMIC_TRAFFIC_ROTATION_MS: { min: 3 * 60_000, max: 5 * 60_000 },
  /** Universal proxy session ids expire after 1 to 3 minutes. */
  UNIVERSAL_SESSION_MS: { min: 60_000, max: 3 * 60_000 },
  /** Auto renewal runs this long before expiry. */
  AUTO_RENEW_LEAD_MS: 12 * HOUR_MS,
  /** An expired static IP returns to the pool this long after expiry. */
  STATIC_RELEASE_AFTER_MS: DAY_MS,
  /** A static residential proxy unresolved this long is refunded. */
  STATIC_UNRESOLVED_REFUND_MS: 3 * HOUR_MS,
  /** Countries (ISO 3166-1 alpha-2) where automatic rotation is offered. */
  ROTATION_COUNTRIES: ['US', 'TW'],
} as const;

/** Limits. */
export const LIMITS = {
  EXPORT_MAX_PROXIES: 5_000,
  API_KEYS_MAX: 10,
  PASSWORD_MIN_LENGTH: 8,
  /** More than this many failed logins locks the account. */
  LOGIN_MAX_FAILURES: 10,
  LOGIN_LOCKOUT_MS: 10 * 60_000,
  /** Emailed links (registration, password reset) stay valid this long. */
  EMAIL_LINK_VALIDITY_MS: DAY_MS,
  /** Phone input: national number length and raw input length. */
  PHONE_NATIONAL_DIGITS: { min: 2, max: 17 },
  PHONE_RAW_MAX_LENGTH: 250,
} as const;

/** Technical values of SPEC §9 shared by server and console. */
export const TECHNICAL = {
  HTTP_TIMEOUT_MS: 30_000,
  TOAST_DURATION_MS: 5_000,
  MOBILE_BREAKPOINT_PX: 992,
  RESIZE_DEBOUNCE_MS: 100,
  COUNTRIES_PAGE_SIZE: 1_000,
  STATES_PAGE_SIZE: 100,
  CITIES_PAGE_SIZE: 100,
  PROXY_CASCADER_PAGE_SIZE: 9_999_999,
  DEFAULT_MENU_WIDTH: 220,
} as const;
