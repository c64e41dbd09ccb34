import { BYTES_PER_GB, formatPtc } from '@ptc/contracts';
import type { PlanRow } from './traffic-plans.repository';
import type { PoolRow } from './traffic-pools.repository';
import type { UsageTotals } from './usage.repository';

/** Bytes as GB (2^30 bytes) with three decimals, rounded down: never more than there is. */
export const formatGb = (bytes: bigint): string => {
  const thousandths = (bytes * 1_000n) / BYTES_PER_GB;
  return `${thousandths / 1_000n}.${(thousandths % 1_000n).toString().padStart(3, '0')}`;
};

// Basis points to percent for display only.
const discountPercent = (plan: PlanRow) => plan.discountBasisPoints / 100;

/** A plan on sale (`GET /proxy/traffic/payway`) at `pricePerGb`, the customer's price of it. */
export const presentPlan = (plan: PlanRow, pricePerGb: bigint) => ({
  id: plan.id.toString(),
  gb: plan.gb,
  price_per_gb: formatPtc(pricePerGb),
  amount: formatPtc(pricePerGb * BigInt(plan.gb)),
  discount_percent: discountPercent(plan),
  permanent: plan.isPermanent,
  valid_days: plan.isPermanent ? null : plan.validDays,
  limit_per_user: plan.maxPerUser,
});

/**
 * A purchase record; an expired package has nothing left to use. Its size, price and expiry are
 * the package's own, as bought: an operator's later edit of the plan does not rewrite them.
 */
export const presentPool = (pool: PoolRow, plan: PlanRow, now: Date) => {
  const isExpired = pool.expiresAt !== null && pool.expiresAt <= now;
  const left = isExpired ? 0n : pool.bytesTotal - pool.bytesUsed;
  const wholeGb = pool.bytesTotal / BYTES_PER_GB;
  return {
    id: pool.id.toString(),
    time: pool.purchasedAt.toISOString(),
    gb: Number(wholeGb),
    // What was paid per GB (exact: the amount is a price per GB times whole GB).
    price_per_gb: formatPtc(wholeGb > 0n ? pool.amount / wholeGb : plan.pricePerGb),
    amount: formatPtc(pool.amount),
    remaining_bytes: left.toString(),
    remaining_gb: formatGb(left),
    discount_percent: discountPercent(plan),
    permanent: pool.expiresAt === null,
    expire_time: pool.expiresAt?.toISOString() ?? null,
  };
};

/** Bytes as both a byte count and GB. */
export const presentBytes = (bytes: bigint) => ({ bytes: bytes.toString(), gb: formatGb(bytes) });

/** A usage series over `periods` (every period present, zero when nothing was carried). */
export const presentUsageSeries = (periods: readonly string[], totals: readonly UsageTotals[]) => {
  const byPeriod = new Map(totals.map((total) => [total.period, total]));
  return periods.map((period) => {
    const total = byPeriod.get(period);
    const up = total?.up ?? 0n;
    const down = total?.down ?? 0n;
    return {
      time: period,
      bytes_up: up.toString(),
      bytes_down: down.toString(),
      bytes: (up + down).toString(),
    };
  });
};
