import type { AuthenticatedClient } from '../auth/authenticator';
import type { GatewayLogger } from '../gateway.types';
import type { CreditStore } from '../ports';
import { Refusal } from '../refusals';
import { type Allowance, BYTES_PER_GB } from './allowance';
import { type CreditSizes, OwnerCredit } from './owner-credit';
import { type SubUserBudget, SubUserBudgets, subUserLimitReached } from './sub-user-allowance';

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

/** Defaults of credit control (README: "Credit control"). */
export const CREDIT_DEFAULTS = {
  sizes: {
    minReservationBytes: 4 * MIB,
    maxReservationBytes: 8 * GIB,
    minCarveBytes: 64 * KIB,
    maxCarveBytes: 64 * MIB,
  } satisfies CreditSizes,
  /** An owner with no open connection this long gives its credit back. */
  idleReleaseMs: 5_000,
  /** After the store found nothing left, new connections of the owner are refused this long without asking again. */
  refusalMs: 1_000,
  /** How often this process renews its holds; they lapse after the store's TTL without renewal. */
  renewIntervalMs: 10_000,
  /** Local credit is not carved once holds were not renewed for this long (they may have lapsed). */
  staleAfterMs: 20_000,
  /** Pause before asking again after the store failed. */
  retryMs: 1_000,
} as const;

/** Options of credit control. */
export interface CreditControlOptions {
  store: CreditStore;
  /** Flushes metered usage; answers whether everything was flushed (holds are released only then). */
  flushUsage: () => Promise<boolean>;
  /** Cuts every open connection of these proxies (their owner's credit, or their sub-user's limit, ran out). */
  cut: (proxyIds: readonly string[], reason?: 'no_funds' | 'sub_user_limit') => void;
  /** The credentials of these proxies are read afresh on their next use (a sub-user's budget was dropped). */
  refreshCredentials?: (proxyIds: readonly string[]) => void;
  now: () => number;
  log: GatewayLogger;
  sizes?: Partial<CreditSizes>;
  idleReleaseMs?: number;
  refusalMs?: number;
  renewIntervalMs?: number;
  staleAfterMs?: number;
}

const noFunds = () =>
  new Refusal('not_admitted', 'proxy not allowed to carry traffic: no_funds (top up or buy traffic)', 3002);
const storeDown = () => new Refusal('store_unavailable', 'credit cannot be checked right now, retry shortly');

const MINIMUM_RESERVATION_SECONDS = 1;
const RELAXED_RESERVATION_SECONDS = 5;

/**
 * Credit control of one gateway process (DESIGN §4; RFC 4006's quota grants): a proxy billed by
 * traffic carries bytes only against credit this process holds for its owner. The store reserves
 * credit (package bytes, then money from the spendable balance) in growing amounts; connections
 * carve allowances out of it locally, with no store round trip per byte; before it runs out the
 * next reservation is asked for in the background; when the store has nothing more, every
 * connection of the owner is cut and new ones are refused (3002) until funds return. Usage
 * flushes consume the holds; an owner idle for a while gives back what it holds; holds are renewed
 * while the process lives and lapse after a crash.
 */
export class CreditControl {
  private readonly owners = new Map<string, OwnerCredit>();
  /** Releases under way, by user: a new owner waits for its user's release before reserving. */
  private readonly releasing = new Map<string, Promise<void>>();
  /** Users whose holds still have to be given back (released owners whose usage was not flushed yet). */
  private readonly toRelease = new Set<string>();
  private readonly sizes: CreditSizes;
  private readonly idleReleaseMs: number;
  private readonly refusalMs: number;
  private readonly renewIntervalMs: number;
  private readonly staleAfterMs: number;
  private timer: NodeJS.Timeout | null = null;
  private lastRenewedAt: number;
  private isRenewing = false;
  private isClosed = false;
  /** Sub-users (issue #21) whose connections carve out of their limits as well as their owner's credit. */
  private readonly subUsers: SubUserBudgets;
  /** Releases of sub-users' grants under way: a new budget waits for its sub-user's before asking. */
  private readonly subUsersReleasing = new Map<string, Promise<void>>();
  /** Sub-users whose grants still have to be given back (dropped budgets whose usage was not flushed yet). */
  private readonly subUsersToRelease = new Set<string>();
  /** Counters for `stats()`. */
  private reservations = 0;
  private refusals = 0;
  private subUserGrants = 0;
  private subUserRefusals = 0;
  /** Proxies of dropped sub-users, read afresh once their grants are given back. */
  private readonly proxiesToRefresh = new Map<string, Set<string>>();

  constructor(private readonly options: CreditControlOptions) {
    this.sizes = { ...CREDIT_DEFAULTS.sizes, ...options.sizes };
    this.idleReleaseMs = options.idleReleaseMs ?? CREDIT_DEFAULTS.idleReleaseMs;
    this.refusalMs = options.refusalMs ?? CREDIT_DEFAULTS.refusalMs;
    this.renewIntervalMs = options.renewIntervalMs ?? CREDIT_DEFAULTS.renewIntervalMs;
    this.staleAfterMs = options.staleAfterMs ?? CREDIT_DEFAULTS.staleAfterMs;
    this.lastRenewedAt = options.now();
    this.subUsers = new SubUserBudgets(this.sizes.minReservationBytes);
  }

  /** Starts renewing holds and giving back those of idle owners. */
  start(): void {
    if (this.timer) return;
    // Often enough that a renewal starts close to its interval, well before holds count as stale.
    const tick = Math.min(1_000, this.renewIntervalMs / 4, this.idleReleaseMs);
    this.timer = setInterval(() => this.housekeep(), tick);
    this.timer.unref();
  }

  /**
   * The allowance of a new connection of `client`: at once when its owner has local credit, after a
   * reservation otherwise; null for proxies paid in advance (not metered against credit). Refuses
   * (3002) an owner with no credit left.
   */
  open(client: AuthenticatedClient): Allowance | null | Promise<Allowance> {
    const { pricePerGb, proxyId, userId } = client.credential;
    if (pricePerGb === null || !(pricePerGb > 0)) return null;
    if (this.isClosed) throw storeDown();
    const owner = this.ownerOf(userId);
    const isRefused = this.options.now() - owner.refusedAt < this.refusalMs;
    if (isRefused && owner.availableBytes(pricePerGb) < 1) throw noFunds();
    const subUser = this.subUsers.of(client.credential, this.options.now());
    if (subUser?.isExhausted) throw subUserLimitReached();
    const allowance = owner.open(proxyId, pricePerGb, subUser);
    if (allowance.left() > 0) return allowance;
    allowance.isOpening = true;
    return new Promise<Allowance>((resolve, reject) => {
      allowance.whenCredited(
        () => {
          allowance.isOpening = false;
          resolve(allowance);
        },
        (error) => {
          allowance.close();
          reject(error);
        },
      );
    });
  }

  /** Owners with local state, credit held and counters (for tests and diagnostics). */
  stats() {
    let held = 0;
    for (const owner of this.owners.values()) held += owner.hasHolds ? 1 : 0;
    return {
      owners: this.owners.size,
      holding: held,
      reservations: this.reservations,
      refusals: this.refusals,
      subUsers: this.subUsers.size,
      subUserGrants: this.subUserGrants,
      subUserRefusals: this.subUserRefusals,
    };
  }

  /** The local credit of a user (for tests and diagnostics). */
  creditOf(userId: string): { packageBytes: number; money: number; connections: number } | null {
    const owner = this.owners.get(userId);
    return owner
      ? { packageBytes: owner.packageBytes, money: owner.money, connections: owner.allowances.size }
      : null;
  }

  /**
   * Stops: gives back every hold (after the caller's final usage flush). Connections are closed by
   * then; nothing is carved afterwards.
   */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const owner of this.owners.values()) {
      owner.refuseWaiting(storeDown());
      if (owner.hasHolds) this.toRelease.add(owner.userId);
    }
    this.owners.clear();
    for (const budget of this.subUsers.all()) if (budget.hasHolds) this.subUsersToRelease.add(budget.id);
    this.subUsers.clear();
    await Promise.all([...this.releasing.values(), ...this.subUsersReleasing.values()]);
    if (this.subUsersToRelease.size > 0) {
      const subUserIds = [...this.subUsersToRelease];
      try {
        await this.options.store.releaseSubUsers(subUserIds);
        this.subUsersToRelease.clear();
      } catch (error) {
        // They lapse after the store's TTL.
        this.options.log.warn(
          { err: error, subUsers: subUserIds.length },
          "sub-users' grants could not be given back",
        );
      }
    }
    if (this.toRelease.size === 0) return;
    const users = [...this.toRelease];
    try {
      await this.options.store.release(users);
      this.toRelease.clear();
    } catch (error) {
      // They lapse after the store's TTL.
      this.options.log.warn({ err: error, users: users.length }, 'credit holds could not be given back');
    }
  }

  private ownerOf(userId: string): OwnerCredit {
    let owner = this.owners.get(userId);
    if (owner) return owner;
    owner = new OwnerCredit(userId, {
      sizes: this.sizes,
      now: this.options.now,
      reserve: (who) => this.reserve(who),
      canCarve: () => this.options.now() - this.lastRenewedAt < this.staleAfterMs,
      reserveSubUser: (budget) => this.reserveSubUser(budget),
      isSubUserOut: (budget) => this.options.now() - budget.refusedAt < this.refusalMs,
      subUserSpent: (allowance) => this.subUserSpent(allowance),
    });
    this.owners.set(userId, owner);
    return owner;
  }

  /** Asks the store for more credit for an owner, unless a request is under way already. */
  private reserve(owner: OwnerCredit): void {
    if (owner.isReserving || this.isClosed) return;
    owner.isReserving = true;
    void this.runReservation(owner).finally(() => {
      owner.isReserving = false;
    });
  }

  private async runReservation(owner: OwnerCredit): Promise<void> {
    const { store, now, log } = this.options;
    // A hold given back for this user must be gone before a new one is made under the same name.
    await this.releasing.get(owner.userId);
    const startedAt = now();
    // Recently refused: what is left is shared without asking again.
    if (startedAt - owner.refusedAt < this.refusalMs) {
      if (owner.hasWaiters && owner.share()) this.exhaust(owner);
      return;
    }
    const since = startedAt - owner.lastReservationAt;
    if (since < MINIMUM_RESERVATION_SECONDS * 1_000) {
      owner.reservationBytes = Math.min(this.sizes.maxReservationBytes, owner.reservationBytes * 2);
    } else if (since > RELAXED_RESERVATION_SECONDS * 1_000) {
      owner.reservationBytes = Math.max(this.sizes.minReservationBytes, owner.reservationBytes / 2);
    }
    owner.lastReservationAt = startedAt;
    let answer: Awaited<ReturnType<CreditStore['reserve']>>;
    try {
      answer = await store.reserve({
        userId: owner.userId,
        bytes: Math.ceil(owner.reservationBytes),
        pricePerGb: owner.price,
      });
    } catch (error) {
      log.warn({ err: error, userId: owner.userId }, 'credit reservation failed, will retry');
      // Connections still opening are told now; open ones wait for the retry.
      owner.refuseWaiting(storeDown(), (allowance) => allowance.isOpening);
      setTimeout(() => {
        if (owner.hasWaiters && this.owners.get(owner.userId) === owner) this.reserve(owner);
      }, CREDIT_DEFAULTS.retryMs).unref();
      return;
    }
    if (this.owners.get(owner.userId) !== owner || this.isClosed) {
      // Released or closed meanwhile: what was just held goes back with the rest.
      if (answer.ok) this.toRelease.add(owner.userId);
      return;
    }
    if (answer.ok) {
      this.reservations += 1;
      owner.add(answer.credit);
      return;
    }
    this.refusals += 1;
    owner.refusedAt = now();
    // What open connections have not used yet is shared; when nothing is, they are all cut.
    if (owner.hasWaiters && owner.share()) this.exhaust(owner);
  }

  /**
   * Asks the store for more of a sub-user's limits, unless a request is under way already or the
   * store just said nothing is left; then serves its waiting connections with the answer.
   */
  private reserveSubUser(budget: SubUserBudget): void {
    if (budget.isReserving || this.isClosed || !budget.isLimited) return;
    if (this.options.now() - budget.refusedAt < this.refusalMs) return;
    budget.isReserving = true;
    void this.runSubUserReservation(budget).then(
      (isAnswered) => {
        budget.isReserving = false;
        if (isAnswered) this.serveSubUser(budget);
      },
      (error: unknown) => {
        budget.isReserving = false;
        this.options.log.warn({ err: error, subUserId: budget.id }, 'sub-user grant failed');
      },
    );
  }

  /** Asks for a sub-user's next grant; answers whether its waiting connections can be served. */
  private async runSubUserReservation(budget: SubUserBudget): Promise<boolean> {
    const { store, now, log } = this.options;
    // A grant given back for this sub-user must be gone before a new one is made under the same name.
    await this.subUsersReleasing.get(budget.id);
    const startedAt = now();
    const since = startedAt - budget.lastReservationAt;
    if (since < MINIMUM_RESERVATION_SECONDS * 1_000) {
      budget.reservationBytes = Math.min(this.sizes.maxReservationBytes, budget.reservationBytes * 2);
    } else if (since > RELAXED_RESERVATION_SECONDS * 1_000) {
      budget.reservationBytes = Math.max(this.sizes.minReservationBytes, budget.reservationBytes / 2);
    }
    budget.lastReservationAt = startedAt;
    const price = budget.price > 0 ? budget.price : 1;
    const bytes = Math.ceil(budget.reservationBytes);
    let answer: Awaited<ReturnType<CreditStore['reserveSubUser']>>;
    try {
      answer = await store.reserveSubUser({
        subUserId: budget.id,
        bytes,
        money: Math.ceil((bytes * price) / BYTES_PER_GB),
        limits: budget.limits,
      });
    } catch (error) {
      log.warn({ err: error, subUserId: budget.id }, 'sub-user grant failed, will retry');
      // Connections still opening are told now; open ones wait for the retry.
      for (const owner of this.ownersWaitingFor(budget))
        owner.refuseWaiting(storeDown(), (allowance) => allowance.isOpening && allowance.subUser === budget);
      setTimeout(() => {
        if (this.subUsers.isCurrent(budget) && this.ownersWaitingFor(budget).length > 0)
          this.reserveSubUser(budget);
      }, CREDIT_DEFAULTS.retryMs).unref();
      return false;
    }
    if (!this.subUsers.isCurrent(budget) || this.isClosed) {
      // Dropped or closed meanwhile: what was just held goes back with the rest.
      if (answer.ok) this.subUsersToRelease.add(budget.id);
      return false;
    }
    if (answer.ok) {
      this.subUserGrants += 1;
      budget.add(answer.grant);
    } else {
      this.subUserRefusals += 1;
    }
    // Nothing its connections can use (its traffic limit is used up, or its spending limit while
    // its owner has no package bytes at hand): they get what the others carved, or are cut.
    const packageBytes = this.ownerOfConnections(budget)?.packageBytes ?? 0;
    if (!answer.ok || budget.isSpent(price, packageBytes)) budget.refusedAt = now();
    return true;
  }

  /** The owner of a sub-user's connections (a sub-user has one owner), if any connection is open. */
  private ownerOfConnections(budget: SubUserBudget): OwnerCredit | null {
    for (const allowance of budget.allowances) return allowance.owner;
    return null;
  }

  /** Owners with connections of this sub-user. */
  private ownersWaitingFor(budget: SubUserBudget): OwnerCredit[] {
    return [...new Set([...budget.allowances].map((allowance) => allowance.owner))].filter(
      (owner) => owner.hasWaiters,
    );
  }

  /** A sub-user's grant was answered: its waiting connections carve, or learn that nothing is left. */
  private serveSubUser(budget: SubUserBudget): void {
    for (const owner of this.ownersWaitingFor(budget)) owner.serveWaiting();
  }

  /**
   * The owner's credit ran out: connections still opening are refused (3002), then, once their
   * answer was written, every open connection of its proxies is cut.
   */
  private exhaust(owner: OwnerCredit): void {
    owner.refuseWaiting(noFunds());
    const proxyIds = [...owner.proxyIds];
    this.options.log.info(
      { userId: owner.userId, proxies: proxyIds.length },
      'credit exhausted, connections cut',
    );
    setImmediate(() => this.options.cut(proxyIds));
  }

  /**
   * A connection of a sub-user needs more and its limit has nothing left: what its other
   * connections carved and did not use comes back first (as an owner's scarce credit is shared);
   * when that gives it nothing either, it is refused (4017) and every connection of the sub-user
   * is cut.
   */
  private subUserSpent(allowance: Allowance): void {
    const subUser = allowance.subUser;
    if (!subUser) return;
    let returned = 0;
    for (const other of subUser.allowances) if (other !== allowance) returned += other.shrink();
    if (returned > 0) {
      allowance.topUp();
      if (allowance.left() > 0) {
        allowance.credited();
        return;
      }
    }
    subUser.isExhausted = true;
    allowance.refused(subUserLimitReached());
    const proxyIds = [...subUser.proxyIds];
    this.options.log.info({ subUserId: subUser.id }, 'sub-user limit used up, connections cut');
    setImmediate(() => this.options.cut(proxyIds, 'sub_user_limit'));
  }

  /**
   * Drops the budgets of sub-users idle for a while: their grants are given back once their usage
   * is flushed, and their credentials are read afresh on their next use.
   */
  private dropIdleSubUsers(now: number): void {
    for (const budget of this.subUsers.idle(now, this.idleReleaseMs)) {
      this.subUsers.forget(budget);
      this.subUsersToRelease.add(budget.id);
      const proxyIds = this.proxiesToRefresh.get(budget.id) ?? new Set<string>();
      for (const proxyId of budget.proxyIds) proxyIds.add(proxyId);
      this.proxiesToRefresh.set(budget.id, proxyIds);
    }
  }

  /** Gives back the grants of dropped sub-users once their usage is flushed. */
  private async releaseIdleSubUsers(): Promise<void> {
    // A sub-user back in use keeps what is held (given back with its new budget's grants).
    const ids = [...this.subUsersToRelease].filter((id) => !this.subUsers.has(id));
    if (ids.length === 0) return;
    let done: () => void = () => {};
    const releasing = new Promise<void>((resolve) => {
      done = resolve;
    });
    for (const id of ids) this.subUsersReleasing.set(id, releasing);
    try {
      // What their connections carried is consumed from the grants first.
      if (!(await this.options.flushUsage())) return;
      await this.options.store.releaseSubUsers(ids);
      for (const id of ids) {
        this.subUsersToRelease.delete(id);
        const proxyIds = this.proxiesToRefresh.get(id);
        this.proxiesToRefresh.delete(id);
        if (proxyIds) this.options.refreshCredentials?.([...proxyIds]);
      }
    } catch (error) {
      this.options.log.warn(
        { err: error, subUsers: ids.length },
        "sub-users' grants could not be given back yet",
      );
    } finally {
      for (const id of ids) this.subUsersReleasing.delete(id);
      done();
    }
  }

  /** Renews holds, and gives back those of owners idle for a while. */
  private housekeep(): void {
    const now = this.options.now();
    if (!this.isRenewing && now - this.lastRenewedAt >= this.renewIntervalMs) {
      this.isRenewing = true;
      this.options.store
        .renew()
        .then(
          () => {
            const wasStale = this.options.now() - this.lastRenewedAt >= this.staleAfterMs;
            this.lastRenewedAt = Math.max(this.lastRenewedAt, now);
            // Connections that waited while the holds were stale carve again.
            if (wasStale)
              for (const owner of this.owners.values()) if (owner.hasWaiters) owner.serveWaiting();
          },
          (error: unknown) => this.options.log.warn({ err: error }, 'credit holds could not be renewed'),
        )
        .finally(() => {
          this.isRenewing = false;
        });
    }
    for (const owner of this.owners.values()) {
      if (owner.allowances.size > 0 || owner.isReserving || owner.hasWaiters) continue;
      if (now - owner.idleSince < this.idleReleaseMs) continue;
      this.owners.delete(owner.userId);
      if (owner.hasHolds) this.toRelease.add(owner.userId);
    }
    if (this.toRelease.size > 0 && this.releasing.size === 0) void this.releaseIdle();
    if (this.subUsers.size > 0) this.dropIdleSubUsers(now);
    if (this.subUsersToRelease.size > 0 && this.subUsersReleasing.size === 0) void this.releaseIdleSubUsers();
  }

  /** Gives back the holds of released owners once their usage is flushed. */
  private async releaseIdle(): Promise<void> {
    const users = [...this.toRelease].filter((userId) => !this.owners.has(userId));
    if (users.length === 0) return;
    let done: () => void = () => {};
    const releasing = new Promise<void>((resolve) => {
      done = resolve;
    });
    for (const userId of users) this.releasing.set(userId, releasing);
    try {
      // What their connections carried is consumed from the holds first.
      if (!(await this.options.flushUsage())) return;
      await this.options.store.release(users);
      for (const userId of users) this.toRelease.delete(userId);
    } catch (error) {
      this.options.log.warn({ err: error, users: users.length }, 'credit holds could not be given back yet');
    } finally {
      for (const userId of users) this.releasing.delete(userId);
      done();
    }
  }
}
