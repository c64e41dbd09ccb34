import { z } from 'zod';
import { CENT, PAYMENT_METHODS } from './charges';
import { MICRO_PER_PTC, type Micro, parsePtc } from './money';
import { TOP_UP } from './pricing';
import { ptcAmountSchema } from './user';

/**
 * The catalogue as operators run it (issue #15, `/api/admin/…`): traffic package plans, top-up
 * packages and the bonus rule, the fee of each payment method, and a read of the price table.
 * Amounts are decimal PTC strings with at most six places, held as micro-PTC `bigint`; rates are
 * whole basis points (1/10 000). A change applies to orders made after it: an order keeps the fee
 * and bonus it was made with, a bought package the bytes, price and expiry it was bought with.
 */

/** Who pays a fee: every payment method, and the fee-less auto top-up by saved card. */
export const TOP_UP_FEE_METHODS = [...PAYMENT_METHODS, 'auto'] as const;
export type TopUpFeeMethod = (typeof TOP_UP_FEE_METHODS)[number];

/** Bounds of what operators may set: anything outside is a typo, refused with 1002. */
export const CATALOGUE_LIMITS = {
  /** A fee's rate stays below 100% of the amount. */
  FEE_MAX_BASIS_POINTS: 9_999,
  /** A fee's fixed part: at most 100 PTC. */
  FEE_MAX_FIXED: 100n * MICRO_PER_PTC,
  /** The bonus is at most 100% of the amount. */
  BONUS_MAX_BASIS_POINTS: 10_000,
  /** Top-up packages offered at once. */
  PACKAGES_MAX: 12,
  /** A traffic plan's size in GB. */
  PLAN_MAX_GB: 100_000,
  /** A traffic plan's price per GB: above zero, at most 1 000 PTC. */
  PLAN_MAX_PRICE_PER_GB: 1_000n * MICRO_PER_PTC,
  /** The discount a plan advertises, below 100%. */
  PLAN_MAX_DISCOUNT_BASIS_POINTS: 9_999,
  /** A plan's validity in days (ten years). */
  PLAN_MAX_VALID_DAYS: 3_650,
  /** Purchases of one plan per customer. */
  PLAN_MAX_PER_USER: 1_000,
} as const;

const PTC_TEXT = /^\d{1,10}(\.\d{1,6})?$/;

/** The micro-PTC of a well-formed amount, else null (the pattern has said why). */
const microOf = (text: string): Micro | null => (PTC_TEXT.test(text) ? parsePtc(text) : null);

/** A decimal PTC amount within `[min, max]`, in whole cents when `isCents`. */
const ptcText = (bounds: { min: Micro; max: Micro; isCents?: boolean }, rangeText: string) =>
  z
    .string()
    .max(24)
    .regex(PTC_TEXT, 'a decimal PTC amount with at most 6 decimals')
    .refine((text) => {
      const micro = microOf(text);
      return micro === null || !bounds.isCents || micro % CENT === 0n;
    }, 'an amount in whole cents')
    .refine((text) => {
      const micro = microOf(text);
      return micro === null || (micro >= bounds.min && micro <= bounds.max);
    }, rangeText);

/** A basis-point rate from 0 to `max`. */
const basisPoints = (max: number) => z.number().int().min(0).max(max);

/** A rate in basis points and a fixed part, as operators set a payment method's fee. */
export const adminFeeSchema = z.object({
  /** Rate in basis points: 340 = 3.4%; below 10 000 (100%). */
  basis_points: basisPoints(CATALOGUE_LIMITS.FEE_MAX_BASIS_POINTS),
  /** Fixed part in PTC, whole cents, 0 to 100. */
  fixed: ptcText({ min: 0n, max: CATALOGUE_LIMITS.FEE_MAX_FIXED, isCents: true }, 'from 0 to 100 PTC'),
});
export type AdminFee = z.infer<typeof adminFeeSchema>;

/** `PUT /admin/catalogue/fees`: the methods whose fee changes (the others keep theirs). */
export const adminFeeChangesSchema = z
  .strictObject({
    card: adminFeeSchema.optional(),
    stripe_wechat: adminFeeSchema.optional(),
    alipay: adminFeeSchema.optional(),
    wechat: adminFeeSchema.optional(),
    epay: adminFeeSchema.optional(),
    usdt: adminFeeSchema.optional(),
    wire: adminFeeSchema.optional(),
    auto: adminFeeSchema.optional(),
  } satisfies Record<TopUpFeeMethod, z.ZodType>)
  .refine((changes) => Object.values(changes).some(Boolean), 'name at least one payment method');
export type AdminFeeChanges = z.infer<typeof adminFeeChangesSchema>;

/** `GET`/`PUT /admin/catalogue/fees`: every method's fee in force. */
export const adminFeesSchema = z.object({
  fees: z.array(
    z.object({
      method: z.enum(TOP_UP_FEE_METHODS),
      basis_points: z.number().int(),
      fixed: ptcAmountSchema,
      /** True while no operator has set it (SPEC §9's fee). */
      is_default: z.boolean(),
    }),
  ),
});
export type AdminFees = z.infer<typeof adminFeesSchema>;

/** A top-up package: an amount a customer may top up, in whole cents. */
const packageAmount = ptcText(
  { min: TOP_UP.MIN_AMOUNT, max: TOP_UP.MAX_AMOUNT, isCents: true },
  'from 1 to 2000 PTC',
);

/** `PUT /admin/catalogue/top-up`: the packages offered, the bonus rule, or both. */
export const adminTopUpChangesSchema = z
  .object({
    /** Amounts offered as packages (1 to 12, each once); shown smallest first. */
    packages: z
      .array(packageAmount)
      .min(1)
      .max(CATALOGUE_LIMITS.PACKAGES_MAX)
      .refine((amounts) => {
        const micros = amounts.map(microOf);
        return micros.includes(null) || new Set(micros.map(String)).size === micros.length;
      }, 'each amount once')
      .optional(),
    /** Top-ups of at least `threshold` PTC earn `basis_points` of their amount (at most 100%). */
    bonus: z
      .object({
        threshold: ptcText(
          { min: TOP_UP.MIN_AMOUNT, max: TOP_UP.MAX_AMOUNT, isCents: true },
          'from 1 to 2000 PTC',
        ),
        basis_points: basisPoints(CATALOGUE_LIMITS.BONUS_MAX_BASIS_POINTS),
      })
      .optional(),
  })
  .refine((changes) => changes.packages !== undefined || changes.bonus !== undefined, 'nothing to change');
export type AdminTopUpChanges = z.infer<typeof adminTopUpChangesSchema>;

/** `GET`/`PUT /admin/catalogue/top-up`: the packages and the bonus rule in force. */
export const adminTopUpTermsSchema = z.object({
  packages: z.array(z.object({ amount: ptcAmountSchema, bonus: ptcAmountSchema })),
  bonus: z.object({ threshold: ptcAmountSchema, basis_points: z.number().int() }),
  min_amount: ptcAmountSchema,
  max_amount: ptcAmountSchema,
  /** True while no operator has set them (the configuration's packages, SPEC §9's bonus). */
  is_default: z.object({ packages: z.boolean(), bonus: z.boolean() }),
});
export type AdminTopUpTerms = z.infer<typeof adminTopUpTermsSchema>;

const planFields = {
  /** Size in GB (2^30 bytes each). */
  gb: z.number().int().min(1).max(CATALOGUE_LIMITS.PLAN_MAX_GB),
  /** Price per GB in PTC, above zero (the customer's discount comes off it). */
  price_per_gb: ptcText(
    { min: 1n, max: CATALOGUE_LIMITS.PLAN_MAX_PRICE_PER_GB },
    'above 0 and at most 1000 PTC',
  ),
  /** The discount against the list price the plan advertises, in basis points (shown only). */
  discount_basis_points: basisPoints(CATALOGUE_LIMITS.PLAN_MAX_DISCOUNT_BASIS_POINTS),
  /** Days a bought package lasts; null: it never expires. */
  valid_days: z.number().int().min(1).max(CATALOGUE_LIMITS.PLAN_MAX_VALID_DAYS).nullable(),
  /** Purchases per customer (3005 beyond); null: no limit. */
  limit_per_user: z.number().int().min(1).max(CATALOGUE_LIMITS.PLAN_MAX_PER_USER).nullable(),
  /** Offered to customers; a plan taken off sale stays with those who bought it. */
  on_sale: z.boolean(),
};

/** `POST /admin/catalogue/plans`: a new traffic package plan. */
export const adminNewTrafficPlanSchema = z.object({
  gb: planFields.gb,
  price_per_gb: planFields.price_per_gb,
  discount_basis_points: planFields.discount_basis_points.default(0),
  valid_days: planFields.valid_days.default(null),
  limit_per_user: planFields.limit_per_user.default(null),
  on_sale: planFields.on_sale.default(true),
});
export type AdminNewTrafficPlan = z.input<typeof adminNewTrafficPlanSchema>;

/** `PATCH /admin/catalogue/plans/:id`: what changes (absent fields are kept). */
export const adminTrafficPlanChangesSchema = z
  .object({
    gb: planFields.gb.optional(),
    price_per_gb: planFields.price_per_gb.optional(),
    discount_basis_points: planFields.discount_basis_points.optional(),
    valid_days: planFields.valid_days.optional(),
    limit_per_user: planFields.limit_per_user.optional(),
    on_sale: planFields.on_sale.optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'nothing to change');
export type AdminTrafficPlanChanges = z.infer<typeof adminTrafficPlanChangesSchema>;

/** A traffic package plan as operators see it. */
export const adminTrafficPlanSchema = z.object({
  id: z.string(),
  gb: z.number().int(),
  price_per_gb: ptcAmountSchema,
  /** What the plan costs at list price: price per GB × GB. */
  amount: ptcAmountSchema,
  discount_basis_points: z.number().int(),
  valid_days: z.number().int().nullable(),
  limit_per_user: z.number().int().nullable(),
  on_sale: z.boolean(),
  /** Packages bought of it (a plan that sold is never deleted: take it off sale). */
  sold: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminTrafficPlan = z.infer<typeof adminTrafficPlanSchema>;

/** `GET /admin/catalogue/plans`: every plan, on sale or not. */
export const adminTrafficPlanListSchema = z.object({ records: z.array(adminTrafficPlanSchema) });
export type AdminTrafficPlanList = z.infer<typeof adminTrafficPlanListSchema>;

/** `GET /admin/prices`: the price table at list price, with the defaults it started with. */
export const adminPriceTableSchema = z.object({
  records: z.array(
    z.object({
      key: z.string(),
      price: ptcAmountSchema,
      unit: z.enum(['gb', 'ip', 'day', '30days']),
      default_price: ptcAmountSchema,
    }),
  ),
});
export type AdminPriceTable = z.infer<typeof adminPriceTableSchema>;
