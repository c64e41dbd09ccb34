import {
  type BonusRule,
  CATALOGUE_LIMITS,
  DEFAULT_BONUS_RULE,
  defaultFeeOf,
  type FeeRule,
  type Micro,
  TOP_UP_FEE_METHODS,
  type TopUpFeeMethod,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import { z } from 'zod';
import {
  type CatalogueSettingName,
  findCatalogueSettings,
  lockCatalogueSettings,
  upsertCatalogueSetting,
} from './top-up-terms.repository';
import type { WalletDeps } from './wallet.deps';

/**
 * The terms of a top-up an operator may change (issue #15): the packages offered, the bonus rule
 * and each payment method's fee. Stored in `catalogue_settings` (one jsonb row per name, micro-PTC
 * as digit strings); a name with no row keeps its default (the `TOPUP_PACKAGES` configuration,
 * SPEC §9's bonus and fees). Read on every quote and order, so a change applies to the next order
 * in every process; an order keeps the fee and bonus it was made with.
 */
export interface TopUpTerms {
  /** Amounts offered as packages, smallest first. */
  packages: Micro[];
  bonus: BonusRule;
  fees: Record<TopUpFeeMethod, FeeRule>;
  /** Which terms no operator has set. */
  isDefault: { packages: boolean; bonus: boolean; fees: Record<TopUpFeeMethod, boolean> };
}

/** What reading the terms needs: the database and the configured default packages. */
export type TopUpTermsDeps = Pick<WalletDeps, 'db' | 'config'>;

const microText = z
  .string()
  .regex(/^\d{1,18}$/)
  .transform((text) => BigInt(text));
const storedPackages = z.object({ amounts: z.array(microText).min(1).max(CATALOGUE_LIMITS.PACKAGES_MAX) });
const storedBonus = z.object({
  threshold: microText,
  basis_points: z.number().int().min(0).max(CATALOGUE_LIMITS.BONUS_MAX_BASIS_POINTS),
});
const storedFees = z.partialRecord(
  z.enum(TOP_UP_FEE_METHODS),
  z.object({
    basis_points: z.number().int().min(0).max(CATALOGUE_LIMITS.FEE_MAX_BASIS_POINTS),
    fixed: microText.refine((fixed) => fixed <= CATALOGUE_LIMITS.FEE_MAX_FIXED),
  }),
);

/** Basis points as the JSON number stored (at most 10 000: exact). */
const storedRate = (basisPoints: bigint) => Number(basisPoints);

const byAmount = (a: Micro, b: Micro) => (a < b ? -1 : a > b ? 1 : 0);

/** A stored setting, validated as it was written (a row changed by hand fails loudly, not silently). */
const parseStored = <T extends z.ZodType>(name: CatalogueSettingName, schema: T, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`catalogue_settings.${name} is not valid: ${parsed.error.message}`);
  return parsed.data as z.output<T>;
};

const termsOf = (settings: Map<CatalogueSettingName, unknown>, configured: readonly Micro[]): TopUpTerms => {
  const packages = settings.has('top_up_packages')
    ? parseStored('top_up_packages', storedPackages, settings.get('top_up_packages')).amounts
    : [...configured];
  const bonus = settings.has('top_up_bonus')
    ? parseStored('top_up_bonus', storedBonus, settings.get('top_up_bonus'))
    : null;
  const fees = settings.has('top_up_fees')
    ? parseStored('top_up_fees', storedFees, settings.get('top_up_fees'))
    : {};
  const feeOfMethod = (method: TopUpFeeMethod): FeeRule => {
    const stored = fees[method];
    return stored ? { basisPoints: BigInt(stored.basis_points), fixed: stored.fixed } : defaultFeeOf(method);
  };
  return {
    packages: packages.sort(byAmount),
    bonus: bonus
      ? { threshold: bonus.threshold, basisPoints: BigInt(bonus.basis_points) }
      : DEFAULT_BONUS_RULE,
    fees: Object.fromEntries(TOP_UP_FEE_METHODS.map((method) => [method, feeOfMethod(method)])) as Record<
      TopUpFeeMethod,
      FeeRule
    >,
    isDefault: {
      packages: !settings.has('top_up_packages'),
      bonus: bonus === null,
      fees: Object.fromEntries(TOP_UP_FEE_METHODS.map((method) => [method, !fees[method]])) as Record<
        TopUpFeeMethod,
        boolean
      >,
    },
  };
};

/** The top-up terms in force now. */
export const readTopUpTerms = async (deps: TopUpTermsDeps): Promise<TopUpTerms> =>
  termsOf(await findCatalogueSettings(deps.db), deps.config.payments.packages);

/** The fee and bonus of a top-up paid by `method` under `terms`, as `quoteTopUp` takes them. */
export const quoteTermsOf = (terms: TopUpTerms, method: TopUpFeeMethod) => ({
  fee: terms.fees[method],
  bonus: terms.bonus,
});

/**
 * Changes the terms under the settings lock; answers them before and after. Amounts are checked
 * by the caller's schema (`adminTopUpChangesSchema`, `adminFeeChangesSchema`).
 */
export const changeTopUpTerms = (
  deps: TopUpTermsDeps,
  changes: {
    packages?: readonly Micro[];
    bonus?: BonusRule;
    fees?: Partial<Record<TopUpFeeMethod, FeeRule>>;
  },
) =>
  deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockCatalogueSettings(t);
    const settings = await findCatalogueSettings(t);
    const before = termsOf(settings, deps.config.payments.packages);
    if (changes.packages) {
      const amounts = [...new Set(changes.packages)].sort(byAmount);
      await upsertCatalogueSetting(t, 'top_up_packages', { amounts: amounts.map(String) });
    }
    if (changes.bonus) {
      await upsertCatalogueSetting(t, 'top_up_bonus', {
        threshold: changes.bonus.threshold.toString(),
        basis_points: storedRate(changes.bonus.basisPoints),
      });
    }
    if (changes.fees) {
      const stored = settings.has('top_up_fees')
        ? parseStored('top_up_fees', storedFees, settings.get('top_up_fees'))
        : {};
      const merged = Object.fromEntries(
        TOP_UP_FEE_METHODS.flatMap((method) => {
          const fee = changes.fees?.[method];
          if (fee)
            return [[method, { basis_points: storedRate(fee.basisPoints), fixed: fee.fixed.toString() }]];
          const kept = stored[method];
          return kept ? [[method, { basis_points: kept.basis_points, fixed: kept.fixed.toString() }]] : [];
        }),
      );
      await upsertCatalogueSetting(t, 'top_up_fees', merged);
    }
    const after = termsOf(await findCatalogueSettings(t), deps.config.payments.packages);
    return { before, after };
  });
