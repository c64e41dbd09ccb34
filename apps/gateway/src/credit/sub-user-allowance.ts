import type { ProxyCredential, SubUserGrant, SubUserLimits } from '../ports';
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

/** How long an exhausted budget waits past its period's end when its credential still names the old period. */
const STALE_PERIOD_RETRY_MS = 60_000;

/**
 * What one sub-user (issue #21) may still carry through this gateway process: the part of its
 * limits of the period that the store holds for this process (`CreditStore.reserveSubUser`: a
 * grant never exceeds the limit less the period's flushed usage less what every process holds)
 * and that no connection here has carved yet. Allowances of its connections are carved out of it
 * as out of the owner's credit (`OwnerCredit.carveFor` takes the smaller of the two), and the next
 * grant is asked for in the background once less than half a grant is left, so a connection of a
 * sub-user exceeds the sub-user's limit, summed over every gateway process, by no more than an
 * owner's connection exceeds its owner's credit (README "Credit control"). Bytes carried on
 * traffic-package credit count against the traffic limit only; bytes carried on money count
 * against both. A limit the sub-user does not have is unbounded here (Infinity) and never held.
 */
export class SubUserBudget {
  /** Held bytes it may still carve (Infinity: no traffic limit). */
  bytesLeft: number;
  /** Held micro-PTC it may still carve (Infinity: no spending limit). */
  moneyLeft: number;
  readonly proxyIds = new Set<string>();
  readonly allowances = new Set<Allowance>();
  /** Since when it has had no open connection. */
  idleSince: number;
  /**
   * A connection needed more and nothing was left: its connections were cut and new ones are
   * refused (4017) until its limits change, its period ends, or it is read afresh (after it was
   * idle a while and its grants were given back).
   */
  isExhausted = false;
  /** Bytes the next grant asks for (adapts as an owner's reservation does). */
  reservationBytes: number;
  /** When the last grant was asked for. */
  lastReservationAt = Number.NEGATIVE_INFINITY;
  /** When the store last had nothing more that its connections could use. */
  refusedAt = Number.NEGATIVE_INFINITY;
  /** Whether a grant is being asked for. */
  isReserving = false;
  /** Whether the store holds anything of its limits for this process (given back when idle). */
  hasHolds = false;
  /** Price of the proxy that last needed credit (grants of its spending limit are sized at it). */
  price = 0;
  /** When its period ends: an exhausted budget is tried afresh after it. */
  periodEndsAt: number;
  /** Its limits as last read (sent with each request; a change of limits clears exhaustion). */
  limits: SubUserLimits;

  constructor(
    readonly id: string,
    limits: SubUserLimits,
    now: number,
    firstReservationBytes: number,
  ) {
    this.limits = limits;
    this.bytesLeft = limits.trafficLimitBytes === null ? Number.POSITIVE_INFINITY : 0;
    this.moneyLeft = limits.spendingLimit === null ? Number.POSITIVE_INFINITY : 0;
    this.periodEndsAt = limits.periodEndsAt;
    this.idleSince = now;
    this.reservationBytes = firstReservationBytes;
  }

  /**
   * A fresher credential: a change of limits lets the sub-user try again (a raised limit applies
   * with the next grant; what this process already holds stays usable), as does a new period.
   */
  update(limits: SubUserLimits, now: number): void {
    const old = this.limits;
    const isChanged =
      old.trafficLimitBytes !== limits.trafficLimitBytes || old.spendingLimit !== limits.spendingLimit;
    const becomesLimited =
      (old.trafficLimitBytes === null && limits.trafficLimitBytes !== null) ||
      (old.spendingLimit === null && limits.spendingLimit !== null);
    // What its connections carved while it had no such limit was held by nobody: it goes back
    // (to its owner's credit) before anything is carved from grants.
    if (becomesLimited) for (const allowance of this.allowances) allowance.shrink();
    if (old.trafficLimitBytes !== limits.trafficLimitBytes) {
      if (limits.trafficLimitBytes === null) this.bytesLeft = Number.POSITIVE_INFINITY;
      else if (old.trafficLimitBytes === null) this.bytesLeft = 0;
    }
    if (old.spendingLimit !== limits.spendingLimit) {
      if (limits.spendingLimit === null) this.moneyLeft = Number.POSITIVE_INFINITY;
      else if (old.spendingLimit === null) this.moneyLeft = 0;
    }
    if (isChanged || now >= this.periodEndsAt) {
      this.isExhausted = false;
      this.refusedAt = Number.NEGATIVE_INFINITY;
    }
    if (now >= this.periodEndsAt) {
      // A credential read before the period ended says nothing of the next: tried again in a while.
      this.periodEndsAt = limits.periodEndsAt > now ? limits.periodEndsAt : now + STALE_PERIOD_RETRY_MS;
    } else if (limits.periodEndsAt > this.periodEndsAt) {
      this.periodEndsAt = limits.periodEndsAt;
    }
    this.limits = limits;
  }

  /** Whether it has a limit at all (then its connections carve from grants). */
  get isLimited(): boolean {
    return this.bytesLeft !== Number.POSITIVE_INFINITY || this.moneyLeft !== Number.POSITIVE_INFINITY;
  }

  /** A grant of the store: added to what it may carve (null: that limit is gone, unbounded now). */
  add(grant: SubUserGrant): void {
    if (grant.bytes === null) this.bytesLeft = Number.POSITIVE_INFINITY;
    else this.bytesLeft = (this.bytesLeft === Number.POSITIVE_INFINITY ? 0 : this.bytesLeft) + grant.bytes;
    if (grant.money === null) this.moneyLeft = Number.POSITIVE_INFINITY;
    else this.moneyLeft = (this.moneyLeft === Number.POSITIVE_INFINITY ? 0 : this.moneyLeft) + grant.money;
    if (grant.bytes || grant.money) this.hasHolds = true;
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

  /** Whether less than half a grant is left of a limit it has: the next is asked for in the background. */
  wantsMore(price: number): boolean {
    if (!this.isLimited) return false;
    const half = this.reservationBytes / 2;
    return this.bytes() < half || this.moneyBytes(price) < half;
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

  constructor(private readonly firstReservationBytes: number) {}

  /** The budget of a credential's sub-user, made from the credential's figures when it has none. */
  of(credential: ProxyCredential, now: number): SubUserBudget | null {
    const limits = credential.subUser;
    if (!limits) return null;
    let budget = this.budgets.get(limits.id);
    if (budget) {
      budget.update(limits, now);
    } else {
      budget = new SubUserBudget(limits.id, limits, now, this.firstReservationBytes);
      this.budgets.set(limits.id, budget);
    }
    budget.proxyIds.add(credential.proxyId);
    return budget;
  }

  /** Whether a budget is kept for this sub-user. */
  has(id: string): boolean {
    return this.budgets.has(id);
  }

  /** Whether this is the budget kept for its sub-user (not one dropped meanwhile). */
  isCurrent(budget: SubUserBudget): boolean {
    return this.budgets.get(budget.id) === budget;
  }

  /** Budgets with no open connection for `idleMs` and no grant under way. */
  idle(now: number, idleMs: number): SubUserBudget[] {
    const idle: SubUserBudget[] = [];
    for (const budget of this.budgets.values()) {
      if (budget.allowances.size === 0 && !budget.isReserving && now - budget.idleSince >= idleMs)
        idle.push(budget);
    }
    return idle;
  }

  /** Every budget (to give back their grants when the process stops). */
  all(): SubUserBudget[] {
    return [...this.budgets.values()];
  }

  /** Forgets a budget: the sub-user's figures are read afresh next time. */
  forget(budget: SubUserBudget): void {
    if (this.budgets.get(budget.id) === budget && budget.allowances.size === 0)
      this.budgets.delete(budget.id);
  }

  /** Forgets every budget. */
  clear(): void {
    this.budgets.clear();
  }

  get size(): number {
    return this.budgets.size;
  }
}
