import type { ProxyCredential, SubUserLimits } from '../ports';
import { Refusal } from '../refusals';
import type { Allowance } from './allowance';
import { BYTES_PER_GB } from './allowance';

/** The refusal of a sub-user whose traffic or spending limit of the period is used up (4017). */
export const subUserLimitReached = () =>
  new Refusal(
    'not_admitted',
    'proxy not allowed to carry traffic: sub_user_limit (its limit of the period is used up)',
    4017,
  );

/** How long a budget whose period ended, built from a credential of that old period, is trusted. */
const STALE_PERIOD_RETRY_MS = 60_000;

/**
 * What one sub-user (issue #21) may still carry through this gateway process in its period: its
 * limits less what was flushed when its credential was read, less what its connections here
 * carved since. Allowances of its connections are carved out of it as out of the owner's credit
 * (`OwnerCredit.carveFor` takes the smaller of the two), so a connection of a sub-user never
 * exceeds the sub-user's remaining allowance by more than the bound an owner's connection has
 * past its owner's credit (README "Credit control"). Bytes carried on traffic-package credit count
 * against the traffic limit only; bytes carried on money count against both.
 */
export class SubUserBudget {
  /** Bytes it may still carve (Infinity: no traffic limit). */
  bytesLeft: number;
  /** Micro-PTC it may still carve (Infinity: no spending limit). */
  moneyLeft: number;
  readonly proxyIds = new Set<string>();
  readonly allowances = new Set<Allowance>();
  /** Since when it has had no open connection. */
  idleSince: number;
  /**
   * A connection needed more and nothing was left: its connections were cut and new ones are
   * refused (4017) until its limits change or its figures are read afresh (after its usage was
   * flushed and it was idle a while).
   */
  isExhausted = false;
  /** The limits it was made with (a change of limits moves what is left by the difference). */
  private limits: SubUserLimits;

  constructor(
    readonly id: string,
    limits: SubUserLimits,
    now: number,
  ) {
    this.limits = limits;
    const isCurrent = limits.periodEndsAt > now;
    this.bytesLeft =
      limits.trafficLimitBytes === null
        ? Number.POSITIVE_INFINITY
        : limits.trafficLimitBytes - (isCurrent ? limits.bytesUsed : 0);
    this.moneyLeft =
      limits.spendingLimit === null
        ? Number.POSITIVE_INFINITY
        : limits.spendingLimit - (isCurrent ? limits.moneyUsed : 0);
    this.periodEndsAt = isCurrent ? limits.periodEndsAt : now + STALE_PERIOD_RETRY_MS;
    this.idleSince = now;
  }

  /** When this budget's period ends: a new connection after it starts from a fresh budget. */
  readonly periodEndsAt: number;

  /**
   * A fresher credential of the same period: a change of limits (the owner raised or lowered
   * them) moves what is left by the difference; usage flushed meanwhile is already counted here.
   */
  update(limits: SubUserLimits): void {
    const old = this.limits;
    if (old.trafficLimitBytes !== limits.trafficLimitBytes) {
      this.bytesLeft =
        limits.trafficLimitBytes === null
          ? Number.POSITIVE_INFINITY
          : old.trafficLimitBytes === null
            ? limits.trafficLimitBytes - limits.bytesUsed
            : this.bytesLeft + (limits.trafficLimitBytes - old.trafficLimitBytes);
    }
    if (old.spendingLimit !== limits.spendingLimit) {
      this.moneyLeft =
        limits.spendingLimit === null
          ? Number.POSITIVE_INFINITY
          : old.spendingLimit === null
            ? limits.spendingLimit - limits.moneyUsed
            : this.moneyLeft + (limits.spendingLimit - old.spendingLimit);
    }
    if (old.trafficLimitBytes !== limits.trafficLimitBytes || old.spendingLimit !== limits.spendingLimit) {
      this.isExhausted = false;
    }
    this.limits = limits;
  }

  /** Whole bytes it may still carve on money at `price`. */
  moneyBytes(price: number): number {
    if (this.moneyLeft === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
    return this.moneyLeft > 0 ? Math.floor((this.moneyLeft * BYTES_PER_GB) / price) : 0;
  }

  /** Whole bytes it may still carve at all. */
  bytes(): number {
    return this.bytesLeft === Number.POSITIVE_INFINITY
      ? this.bytesLeft
      : Math.max(0, Math.floor(this.bytesLeft));
  }

  /**
   * Whether nothing more can be carved for it: no bytes left, or no money left while its owner
   * has no traffic-package bytes at hand.
   */
  isSpent(price: number, ownerPackageBytes: number): boolean {
    return this.bytes() < 1 || (this.moneyBytes(price) < 1 && ownerPackageBytes < 1);
  }

  /** A carve (or an overrun charged after the fact): bytes from package credit and from money. */
  take(packageBytes: number, moneyBytes: number, price: number): void {
    this.bytesLeft -= packageBytes + moneyBytes;
    this.moneyLeft -= (moneyBytes * price) / BYTES_PER_GB;
  }

  /** Bytes a connection carved and did not use. */
  giveBack(packageBytes: number, moneyBytes: number, price: number): void {
    this.bytesLeft += packageBytes + moneyBytes;
    this.moneyLeft += (moneyBytes * price) / BYTES_PER_GB;
  }
}

/** The sub-users with connections through this process (and those idle for a short while). */
export class SubUserBudgets {
  private readonly budgets = new Map<string, SubUserBudget>();

  /** The budget of a credential's sub-user, made from the credential's figures when it has none. */
  of(credential: ProxyCredential, now: number): SubUserBudget | null {
    const limits = credential.subUser;
    if (!limits) return null;
    let budget = this.budgets.get(limits.id);
    if (budget && now >= budget.periodEndsAt && budget.allowances.size === 0) {
      this.budgets.delete(limits.id);
      budget = undefined;
    }
    if (budget) {
      budget.update(limits);
    } else {
      budget = new SubUserBudget(limits.id, limits, now);
      this.budgets.set(limits.id, budget);
    }
    budget.proxyIds.add(credential.proxyId);
    return budget;
  }

  /** Budgets with no open connection for `idleMs`: their figures are read afresh next time. */
  idle(now: number, idleMs: number): SubUserBudget[] {
    const idle: SubUserBudget[] = [];
    for (const budget of this.budgets.values()) {
      if (budget.allowances.size === 0 && now - budget.idleSince >= idleMs) idle.push(budget);
    }
    return idle;
  }

  /** Forgets a budget (after its usage was flushed). */
  forget(budget: SubUserBudget): void {
    if (this.budgets.get(budget.id) === budget && budget.allowances.size === 0)
      this.budgets.delete(budget.id);
  }

  get size(): number {
    return this.budgets.size;
  }
}
