import { z } from 'zod';
import { MICRO_PER_PTC, parsePtc } from './money';
import { ptcAmountSchema } from './user';

/**
 * Remote PC configurations as operators run them (issue #19; SPEC §3 VM payway `vm_conf`):
 * `GET /admin/vm/configurations` (every operator) lists every configuration, offered or not, with
 * its limits, prices and the PCs held of it, and the host's capacity as configured;
 * `PATCH /admin/vm/configurations/{id}` (owner, finance) changes prices, limits or whether it is
 * offered, audited. A price applies to later purchases and renewals; limits to the next start.
 */

/** Bounds of what operators may set (the table's own checks; outside them: 1002). */
export const VM_CONF_LIMITS = {
  CPU_MIN: 1,
  CPU_MAX: 64,
  MEMORY_MB_MIN: 256,
  MEMORY_MB_MAX: 262_144,
  /** A day's price: above zero, at most 1 000 PTC. */
  PRICE_PER_DAY_MAX: 1_000n * MICRO_PER_PTC,
  /** A 30-day period's price: above zero, at most 30 000 PTC. */
  PRICE_30_DAYS_MAX: 30_000n * MICRO_PER_PTC,
} as const;

const PTC_TEXT = /^\d{1,10}(\.\d{1,6})?$/;

/** A decimal PTC price above zero and at most `max` micro-PTC. */
const priceText = (max: bigint, rangeText: string) =>
  z
    .string()
    .max(24)
    .regex(PTC_TEXT, 'a decimal PTC amount with at most 6 decimals')
    .refine((text) => {
      if (!PTC_TEXT.test(text)) return true;
      const micro = parsePtc(text);
      return micro > 0n && micro <= max;
    }, rangeText);

/** `PATCH /admin/vm/configurations/{id}`: what changes (absent fields are kept). */
export const adminVmConfigurationChangesSchema = z
  .object({
    price_per_day: priceText(VM_CONF_LIMITS.PRICE_PER_DAY_MAX, 'above 0 and at most 1000 PTC').optional(),
    price_30_days: priceText(VM_CONF_LIMITS.PRICE_30_DAYS_MAX, 'above 0 and at most 30000 PTC').optional(),
    cpu: z.number().int().min(VM_CONF_LIMITS.CPU_MIN).max(VM_CONF_LIMITS.CPU_MAX).optional(),
    memory_mb: z
      .number()
      .int()
      .min(VM_CONF_LIMITS.MEMORY_MB_MIN)
      .max(VM_CONF_LIMITS.MEMORY_MB_MAX)
      .optional(),
    /** Offered for new PCs; PCs of a withdrawn configuration keep it and can be renewed. */
    active: z.boolean().optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'nothing to change');
export type AdminVmConfigurationChanges = z.infer<typeof adminVmConfigurationChangesSchema>;

/** A configuration as operators see it. */
export const adminVmConfigurationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  en_name: z.string(),
  ru_name: z.string(),
  cpu: z.number().int(),
  memory_mb: z.number().int(),
  price_per_day: ptcAmountSchema,
  /** 7 days at the day price (what customers are charged for a week). */
  price_7_days: ptcAmountSchema,
  price_30_days: ptcAmountSchema,
  active: z.boolean(),
  /** PCs held of it now (not failed, not released). */
  pcs: z.number().int(),
});
export type AdminVmConfiguration = z.infer<typeof adminVmConfigurationSchema>;

/** `GET /admin/vm/configurations`. */
export const adminVmCatalogueSchema = z.object({
  records: z.array(adminVmConfigurationSchema),
  /** The host as configured (environment, read-only here) and its use now. */
  host: z.object({
    /** `VM_PROVIDER`. */
    provider: z.string(),
    /** `VM_HOST_CAPACITY`: PCs the host may run at once (4002 beyond). */
    capacity: z.number().int(),
    /** PCs using the host now (running or about to). */
    in_use: z.number().int(),
    /** `VM_CUSTOMER_LIMIT`: PCs one customer may hold (20003 beyond). */
    customer_limit: z.number().int(),
    /** `VM_CREATION_SUSPENDED` (20002 to new PCs). */
    creation_suspended: z.boolean(),
    /** Whether the provider can run PCs here, and why not. */
    available: z.boolean(),
    message: z.string().nullable(),
  }),
});
export type AdminVmCatalogue = z.infer<typeof adminVmCatalogueSchema>;
