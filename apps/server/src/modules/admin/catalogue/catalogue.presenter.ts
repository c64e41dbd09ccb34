import {
  type AdminFees,
  type AdminTopUpTerms,
  type AdminTrafficPlan,
  bonusOf,
  TOP_UP,
  TOP_UP_FEE_METHODS,
} from '@ptc/contracts';
import { presentPtc } from '../../proxies/proxies.presenter';
import type { PlanRow } from '../../traffic/traffic-plans.repository';
import type { TopUpTerms } from '../../wallet/top-up-terms.service';

// Basis points are at most 10 000: a JSON number holds them exactly.
const rate = (basisPoints: bigint) => Number(basisPoints);

/** A traffic plan as operators see it, with how many packages were bought of it. */
export const presentAdminPlan = (plan: PlanRow, sold: number): AdminTrafficPlan => ({
  id: plan.id.toString(),
  gb: plan.gb,
  price_per_gb: presentPtc(plan.pricePerGb),
  amount: presentPtc(plan.pricePerGb * BigInt(plan.gb)),
  discount_basis_points: plan.discountBasisPoints,
  valid_days: plan.isPermanent ? null : plan.validDays,
  limit_per_user: plan.maxPerUser,
  on_sale: plan.isActive,
  sold,
  created_at: plan.createdAt.toISOString(),
  updated_at: plan.updatedAt.toISOString(),
});

/** The packages and the bonus rule in force, each package with the bonus it earns. */
export const presentTopUpTerms = (terms: TopUpTerms): AdminTopUpTerms => ({
  packages: terms.packages.map((amount) => ({
    amount: presentPtc(amount),
    bonus: presentPtc(bonusOf(amount, terms.bonus)),
  })),
  bonus: { threshold: presentPtc(terms.bonus.threshold), basis_points: rate(terms.bonus.basisPoints) },
  min_amount: presentPtc(TOP_UP.MIN_AMOUNT),
  max_amount: presentPtc(TOP_UP.MAX_AMOUNT),
  is_default: { packages: terms.isDefault.packages, bonus: terms.isDefault.bonus },
});

/** Every payment method's fee in force. */
export const presentFees = (terms: TopUpTerms): AdminFees => ({
  fees: TOP_UP_FEE_METHODS.map((method) => ({
    method,
    basis_points: rate(terms.fees[method].basisPoints),
    fixed: presentPtc(terms.fees[method].fixed),
    is_default: terms.isDefault.fees[method],
  })),
});
