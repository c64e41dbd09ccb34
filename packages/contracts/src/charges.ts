/**
 * The wallet's shared rules and shapes (SPEC §3 bill/charge record, auto top-up, WeChat order,
 * balance alarm; §5 top-up validation; §7 Charges; §9 Top-up). Amounts on the wire are exact
 * decimal strings; in code they are micro-PTC `bigint` (1 PTC ≈ 1 USD).
 */
import { z } from 'zod';
import { applyBasisPoints, type Micro } from './money';
import { TOP_UP, TOP_UP_FEES } from './pricing';
import { ptcAmountSchema } from './user';

/** How a customer pays. `card` and `stripe_wechat` go through Stripe when it is configured. */
export const PAYMENT_METHODS = ['card', 'stripe_wechat', 'alipay', 'wechat', 'epay', 'usdt', 'wire'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Plans of SPEC §1: enterprise adds wire transfer. */
export const PLANS = ['personal', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Which fee rule of SPEC §9 each method pays; WeChat and the aggregator cost what cards cost. */
export const FEE_RULE_OF_METHOD: Readonly<Record<PaymentMethod | 'auto', keyof typeof TOP_UP_FEES>> = {
  card: 'card',
  stripe_wechat: 'card',
  alipay: 'alipay',
  wechat: 'alipay',
  epay: 'alipay',
  usdt: 'usdt',
  wire: 'wire',
  auto: 'auto',
};

/** Order states (DESIGN §4). */
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One cent in micro-PTC: amounts paid by card are whole cents. */
export const CENT: Micro = 10_000n;

const roundHalfUpTo = (micro: Micro, unit: Micro): Micro => ((micro + unit / 2n) / unit) * unit;

/** The price breakdown of a top-up, shown before paying and stored on the order. */
export interface TopUpQuote {
  /** PTC bought (and credited). */
  amount: Micro;
  /** Payment fee on top of the amount, rounded to the cent. */
  fee: Micro;
  /** What the customer pays: amount + fee. */
  total: Micro;
  /** Free PTC credited with it (the bonus rule: 10% from 200 PTC unless an operator changed it). */
  bonus: Micro;
  /** PTC the balance grows by: amount + bonus. */
  credited: Micro;
}

/** A payment fee: a rate in basis points of the amount plus a fixed part. */
export interface FeeRule {
  basisPoints: bigint;
  fixed: Micro;
}

/** The top-up bonus: a top-up of at least `threshold` earns `basisPoints` of its amount. */
export interface BonusRule {
  threshold: Micro;
  basisPoints: bigint;
}

/** The bonus rule of SPEC §9 (10% from 200 PTC), in force until an operator changes it. */
export const DEFAULT_BONUS_RULE: BonusRule = {
  threshold: TOP_UP.BONUS_THRESHOLD,
  basisPoints: TOP_UP.BONUS_BASIS_POINTS,
};

/** The fee of SPEC §9 that `method` pays, in force until an operator changes it. */
export const defaultFeeOf = (method: PaymentMethod | 'auto'): FeeRule =>
  TOP_UP_FEES[FEE_RULE_OF_METHOD[method]];

/** The payment fee of a top-up of `amount`, rounded half up to the cent. */
export const feeOf = (amount: Micro, rule: FeeRule): Micro =>
  amount > 0n ? roundHalfUpTo(applyBasisPoints(amount, rule.basisPoints) + rule.fixed, CENT) : 0n;

/** The bonus a top-up of `amount` earns under `rule`. */
export const bonusOf = (amount: Micro, rule: BonusRule = DEFAULT_BONUS_RULE): Micro =>
  amount >= rule.threshold ? applyBasisPoints(amount, rule.basisPoints) : 0n;

/**
 * Prices a top-up of `amount` paid by `method`: under `terms` (the fee and bonus an operator set,
 * as the server serves them), else under SPEC §9's.
 */
export const quoteTopUp = (
  amount: Micro,
  method: PaymentMethod | 'auto',
  terms: { fee?: FeeRule; bonus?: BonusRule } = {},
): TopUpQuote => {
  const fee = feeOf(amount, terms.fee ?? defaultFeeOf(method));
  const bonus = bonusOf(amount, terms.bonus ?? DEFAULT_BONUS_RULE);
  return { amount, fee, total: amount + fee, bonus, credited: amount + bonus };
};

/** Why an amount cannot be topped up, or null when it can: the texts of SPEC §5. */
export const checkTopUpAmount = (amount: Micro): 'min' | 'max' | 'cents' | null => {
  if (amount < TOP_UP.MIN_AMOUNT) return 'min';
  if (amount > TOP_UP.MAX_AMOUNT) return 'max';
  if (amount % CENT !== 0n) return 'cents';
  return null;
};

/** A top-up amount as typed: dollars with at most two decimals ("200", "199.99"). */
export const topUpAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'an amount in PTC with at most two decimals');

/** Body of the calls that create a top-up order (form or query). */
export const topUpRequestSchema = z.object({
  /** PTC to buy, from a package or typed in (1 to 2000). */
  amount: topUpAmountSchema,
  /**
   * Kept for older clients: the plan is the account's (set by an operator), so a plan other than
   * the account's own is refused (1002) and the account's own changes nothing.
   */
  plan: z.enum(PLANS).optional(),
});
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;

/** What the browser does next to pay an order. */
export const checkoutSchema = z.discriminatedUnion('kind', [
  /** Open this page (Stripe Checkout, Alipay, the aggregator, the sandbox). */
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  /** Show this QR code (WeChat Pay native) on the console's `/wechat/pay/{order_no}` page. */
  z.object({ kind: z.literal('qr'), code_url: z.string() }),
  /** Send exactly `amount` USDT on `network` to `address`. */
  z.object({
    kind: z.literal('crypto'),
    network: z.literal('TRC20'),
    address: z.string(),
    amount: z.string(),
  }),
  /** Transfer by bank with these instructions, quoting `reference`. */
  z.object({ kind: z.literal('wire'), instructions: z.string(), reference: z.string() }),
]);
export type Checkout = z.infer<typeof checkoutSchema>;

/** A top-up order as the console sees it (SPEC §3 WeChat top-up order and more). */
export const topUpOrderSchema = z.object({
  order_no: z.string(),
  method: z.enum([...PAYMENT_METHODS, 'auto']),
  plan: z.enum(PLANS),
  status: z.enum(ORDER_STATUSES),
  /** PTC bought. */
  amount: ptcAmountSchema,
  bonus: ptcAmountSchema,
  fee: ptcAmountSchema,
  /** Order price in USD: amount + fee. */
  total: ptcAmountSchema,
  /** Currency and amount actually charged (CNY for Alipay and WeChat, USDT on chain). */
  pay_currency: z.enum(['USD', 'CNY', 'USDT']),
  pay_amount: ptcAmountSchema,
  /** True when a sandbox stands in for the real provider (no money moves). */
  sandbox: z.boolean(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  checkout: checkoutSchema.nullable(),
});
export type TopUpOrder = z.infer<typeof topUpOrderSchema>;

/** `GET /proxy/charges/list`: packages and limits. */
export const chargePackagesSchema = z.object({
  packages: z.array(z.object({ id: z.string(), amount: ptcAmountSchema, bonus: ptcAmountSchema })),
  min_amount: ptcAmountSchema,
  max_amount: ptcAmountSchema,
  bonus_threshold: ptcAmountSchema,
  bonus_percent: z.number(),
});

/** `GET /proxy/payway/{payway_name}`: payment methods (SPEC §3 payway item, with fees). */
export const paywayItemSchema = z.object({
  id: z.enum(PAYMENT_METHODS),
  name: z.string(),
  en_name: z.string(),
  ru_name: z.string(),
  fee_percent: z.number(),
  fee_fixed: ptcAmountSchema,
  /** Plans that may use it (wire transfer is for enterprise). */
  plans: z.array(z.enum(PLANS)),
  sandbox: z.boolean(),
});

/** `GET /proxy/charges/records`: query. */
export const chargeRecordsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** ISO date-time bounds on the record time. */
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
});

/**
 * What a billing record's note says, as a code the console words in the customer's language: the
 * order's state, or why it failed (the provider reported it, the checkout could not start, the
 * saved card was refused for auto top-up).
 */
export const CHARGE_NOTES = [
  ...ORDER_STATUSES,
  'provider_failed',
  'checkout_failed',
  'auto_charge_failed',
] as const;
export type ChargeNote = (typeof CHARGE_NOTES)[number];

/** One billing record (SPEC §3 bill/charge record). */
export const chargeRecordSchema = z.object({
  order_id: z.string(),
  /** What it was: the payment method, or the kind of balance movement. */
  bill: z.string(),
  /** Status or why it failed, as a code. */
  note: z.enum(CHARGE_NOTES),
  time: z.string(),
  /** Price paid (USD), fee included. */
  price: ptcAmountSchema,
  /** PTC bought. */
  value: ptcAmountSchema,
  /** Free PTC (bonus). */
  free: ptcAmountSchema,
  /** PTC credited: value + free. */
  total: ptcAmountSchema,
  status: z.enum(ORDER_STATUSES),
});

/** Answer of `GET /proxy/charges/records`. */
export const chargeRecordsSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  data: z.array(chargeRecordSchema),
});

/** Bounds of auto top-up (SPEC §5: required, within bounds; 30% threshold recommended). */
export const AUTO_TOP_UP_LIMITS = {
  MIN_AMOUNT: 10_000_000n,
  MAX_AMOUNT: TOP_UP.MAX_AMOUNT,
  MIN_THRESHOLD: 1_000_000n,
  MAX_THRESHOLD: 1_000_000_000n,
} as const;

/** The recommended threshold for an auto top-up amount: 30% of it. */
export const recommendedAutoThreshold = (amount: Micro): Micro =>
  roundHalfUpTo(applyBasisPoints(amount, TOP_UP.RECOMMENDED_AUTO_THRESHOLD_BASIS_POINTS), CENT);

/**
 * Why an automatic charge failed: the saved card cannot be charged by the provider configured now,
 * the card was declined, or the provider failed otherwise.
 */
export const AUTO_TOP_UP_ERRORS = ['card_unusable', 'card_declined', 'charge_failed'] as const;
export type AutoTopUpError = (typeof AUTO_TOP_UP_ERRORS)[number];

/** A saved card for auto top-up. */
export const savedCardSchema = z.object({ brand: z.string(), last4: z.string(), exp: z.string() });

/** `GET /proxy/charges/stripe/info`. */
export const autoTopUpSchema = z.object({
  enabled: z.boolean(),
  amount: ptcAmountSchema.nullable(),
  threshold: ptcAmountSchema.nullable(),
  card: savedCardSchema.nullable(),
  recommended_threshold_percent: z.number(),
  /** Why the last automatic charge failed, if it did, as a code (the console words it). */
  last_error: z.enum(AUTO_TOP_UP_ERRORS).nullable(),
});

/** `POST /proxy/charges/stripe/info`. */
export const autoTopUpRequestSchema = z.object({
  enabled: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true'),
  amount: topUpAmountSchema,
  threshold: topUpAmountSchema,
});

/** `POST /proxy/charges/stripe/band`: where to save a card. */
export const bindCardResponseSchema = z.object({ url: z.string() });

/** `GET`/`POST /user/balance/alarm` (SPEC §3 balance alarm). */
export const balanceAlarmSchema = z.object({
  enabled: z.boolean(),
  /** Alarm when the balance falls below this many PTC. */
  threshold: ptcAmountSchema.nullable(),
  method: z.enum(['email', 'sms']),
  /** Receiving email or phone (E.164). */
  address: z.string().nullable(),
});

/** `POST /user/balance/alarm`. */
export const balanceAlarmRequestSchema = z.object({
  enabled: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true'),
  threshold: topUpAmountSchema,
  method: z.enum(['email', 'sms']),
  address: z.string().trim().min(3).max(254),
});
