import type { Credit } from '../ports';
import { Allowance, BYTES_PER_GB } from './allowance';
import type { SubUserBudget } from './sub-user-allowance';

/** Sizes and times of credit control (README: "Credit control"). */
export interface CreditSizes {
  /** The first reservation for an owner, in bytes; later ones double while used within a second. */
  minReservationBytes: number;
  maxReservationBytes: number;
  /** The first carve of a connection; later ones double. */
  minCarveBytes: number;
  maxCarveBytes: number;
}

/** What an owner needs from the credit control that keeps it. */
export interface OwnerSupport {
  sizes: CreditSizes;
  now: () => number;
  /** Asks the store for more credit for the owner, in the background (at most one request at a time). */
  reserve(owner: OwnerCredit): void;
  /** Whether local credit may be carved (false while the store's holds cannot be renewed). */
  canCarve(): boolean;
  /** Asks the store for more of a sub-user's limits, in the background (at most one request at a time). */
  reserveSubUser?(subUser: SubUserBudget): void;
  /**
   * A connection of a sub-user needs more and the sub-user has nothing left here: answers false
   * while more is being asked for (it waits), true when the store just said nothing is left (then
   * `subUserSpent` decides).
   */
  isSubUserOut?(subUser: SubUserBudget): boolean;
  /** A connection of a sub-user needs more and the sub-user's limit of the period is used up. */
  subUserSpent?(allowance: Allowance): void;
}

/**
 * One owner's credit in this gateway process: what the store reserved for it and no connection
 * has carved yet (package bytes, and money in micro-PTC), its open connections' allowances, and
 * those waiting for credit.
 */
export class OwnerCredit {
  /** Uncarved traffic-package bytes. */
  packageBytes = 0;
  /** Uncarved micro-PTC (fractional: carves are priced per byte). */
  money = 0;
  /** Bytes the next reservation asks for. */
  reservationBytes: number;
  /** When the last reservation was asked for. */
  lastReservationAt = Number.NEGATIVE_INFINITY;
  /** When the store last answered that nothing was left (new connections are refused for a while). */
  refusedAt = Number.NEGATIVE_INFINITY;
  /** Whether a reservation is under way. */
  isReserving = false;
  /** The store has nothing more: connections share what is left in small, even pieces. */
  isScarce = false;
  /** Whether the store holds anything for it that must be given back. */
  hasHolds = false;
  /** Price of the proxy that last needed credit (reservations are sized at it). */
  price = 0;
  /** Proxies of this owner that connected through this process (cut together when credit runs out). */
  readonly proxyIds = new Set<string>();
  readonly allowances = new Set<Allowance>();
  private readonly waiting = new Set<Allowance>();
  /** Since when it has had no open connection. */
  idleSince: number;
  /** Average bytes a connection used (the first carve of the next one). */
  private typicalConnection: number;

  constructor(
    readonly userId: string,
    private readonly support: OwnerSupport,
  ) {
    this.reservationBytes = support.sizes.minReservationBytes;
    this.typicalConnection = support.sizes.minCarveBytes;
    this.idleSince = support.now();
  }

  /** Uncarved credit in bytes at `price`. */
  availableBytes(price: number): number {
    return Math.max(0, this.packageBytes) + Math.max(0, (this.money * BYTES_PER_GB) / price);
  }

  /** An allowance for a new connection of `proxyId`, with a first carve if credit is at hand. */
  open(proxyId: string, price: number, subUser: SubUserBudget | null = null): Allowance {
    const { sizes } = this.support;
    // Whole bytes: a fraction of a byte left in an allowance would look like credit no relay can use.
    const first = Math.floor(
      Math.min(sizes.maxCarveBytes, Math.max(sizes.minCarveBytes, this.typicalConnection)),
    );
    const allowance = new Allowance(this, price, first);
    if (subUser) {
      allowance.subUser = subUser;
      subUser.allowances.add(allowance);
    }
    this.proxyIds.add(proxyId);
    this.allowances.add(allowance);
    this.price = price;
    this.carveFor(allowance);
    return allowance;
  }

  /**
   * Carves the allowance's next piece out of local credit (package bytes first), and asks the
   * store for more in the background once local credit falls below half a reservation.
   */
  carveFor(allowance: Allowance): void {
    const { price } = allowance;
    this.price = price;
    if (this.support.canCarve()) {
      const share = Math.ceil(this.availableBytes(price) / Math.max(1, this.allowances.size));
      const { subUser } = allowance;
      const want = Math.min(
        Math.floor(
          this.isScarce
            ? Math.min(allowance.carve, Math.max(this.support.sizes.minCarveBytes / 4, share))
            : allowance.carve,
        ),
        subUser ? subUser.bytes() : Number.POSITIVE_INFINITY,
      );
      const fromPackage = Math.min(want, Math.max(0, Math.floor(this.packageBytes)));
      const affordable = this.money > 0 ? Math.floor((this.money * BYTES_PER_GB) / price) : 0;
      const fromMoney = Math.min(
        want - fromPackage,
        affordable,
        subUser ? subUser.moneyBytes(price) : Number.POSITIVE_INFINITY,
      );
      if (fromPackage + fromMoney > 0) {
        subUser?.take(fromPackage, fromMoney, price);
        this.packageBytes -= fromPackage;
        this.money -= (fromMoney * price) / BYTES_PER_GB;
        allowance.limit += fromPackage + fromMoney;
        allowance.packageLimit += fromPackage;
        allowance.carve = Math.min(this.support.sizes.maxCarveBytes, want * 2);
      }
    }
    if (this.availableBytes(price) < this.reservationBytes / 2) this.support.reserve(this);
    // The sub-user's next grant, before this one runs out.
    if (allowance.subUser?.wantsMore(price)) {
      allowance.subUser.price = price;
      this.support.reserveSubUser?.(allowance.subUser);
    }
  }

  /**
   * Whether a waiting connection's sub-user has nothing left (more is asked for, unless the store
   * just said there is none: then `subUserSpent` takes the connection). Answers true when the
   * connection is no longer waiting for its owner's credit. `isDeferred`: the connection is told
   * after the caller returns (a relay that asked for credit pauses before it can be resumed).
   */
  private isSubUserShort(allowance: Allowance, isDeferred = false): boolean {
    const { subUser } = allowance;
    if (!subUser?.isSpent(allowance.price, this.packageBytes)) return false;
    const spent = this.support.subUserSpent;
    if (this.support.isSubUserOut?.(subUser) && spent) {
      this.waiting.delete(allowance);
      if (!isDeferred) spent(allowance);
      else
        setImmediate(() => {
          if (!allowance.isClosed) spent(allowance);
        });
      return true;
    }
    subUser.price = allowance.price;
    this.support.reserveSubUser?.(subUser);
    return false;
  }

  /** Registers a connection waiting for credit, and makes sure credit is being asked for. */
  wait(allowance: Allowance): void {
    this.waiting.add(allowance);
    // A sub-user with nothing left waits for its next grant: its owner's credit would not help.
    if (allowance.subUser?.isSpent(allowance.price, this.packageBytes)) {
      if (this.isSubUserShort(allowance, true) || this.availableBytes(allowance.price) >= 1) return;
    }
    this.support.reserve(this);
  }

  /** Whether connections wait for credit. */
  get hasWaiters(): boolean {
    return this.waiting.size > 0;
  }

  /** Credit reserved by the store: carve for the waiting connections first. */
  add(credit: Credit): void {
    this.packageBytes += credit.packageBytes;
    this.money += credit.money;
    this.hasHolds = true;
    this.isScarce = false;
    this.serveWaiting();
  }

  /**
   * The store has nothing more: what the open connections carved and did not use yet comes back
   * and is shared among those waiting (each gets a piece, the others carve again as they need).
   * Answers whether any connection still waits (then there is no credit left at all).
   */
  share(): boolean {
    this.isScarce = true;
    for (const allowance of this.allowances) {
      if (!this.waiting.has(allowance)) allowance.shrink();
    }
    this.serveWaiting();
    return this.waiting.size > 0;
  }

  /** Bytes an allowance gave back unused (`shrink`). */
  takeBack(packageBytes: number, moneyBytes: number, price: number): void {
    this.packageBytes += packageBytes;
    this.money += (moneyBytes * price) / BYTES_PER_GB;
  }

  /** Carves for the connections waiting for credit; those that got some go on. */
  serveWaiting(): void {
    for (const allowance of [...this.waiting]) {
      if (allowance.isClosed) {
        this.waiting.delete(allowance);
        continue;
      }
      allowance.topUp();
      if (allowance.left() > 0) {
        this.waiting.delete(allowance);
        allowance.credited();
      } else {
        this.isSubUserShort(allowance);
      }
    }
  }

  /** No credit is coming: the waiting connections (those `which` picks) are told so. */
  refuseWaiting(error: Error, which: (allowance: Allowance) => boolean = () => true): void {
    for (const allowance of [...this.waiting]) {
      if (!which(allowance)) continue;
      this.waiting.delete(allowance);
      allowance.refused(error);
    }
  }

  /**
   * Metered bytes beyond an allowance's limit: charged to local package bytes while there are any,
   * the rest to local money (it may go below zero). Answers the bytes charged to package bytes.
   */
  chargeOverrun(bytes: number, price: number): number {
    const fromPackage = Math.min(bytes, Math.max(0, Math.floor(this.packageBytes)));
    this.packageBytes -= fromPackage;
    this.money -= ((bytes - fromPackage) * price) / BYTES_PER_GB;
    return fromPackage;
  }

  /** A connection closed: its unused carve comes back, and its usage tunes the next first carve. */
  giveBack(allowance: Allowance): void {
    const { limit, packageLimit, attributed, attributedPackage, price } = allowance;
    const unusedPackage = Math.max(0, packageLimit - attributedPackage);
    const unusedMoneyBytes = Math.max(0, limit - packageLimit - (attributed - attributedPackage));
    this.packageBytes += unusedPackage;
    this.money += (unusedMoneyBytes * price) / BYTES_PER_GB;
    this.typicalConnection = (this.typicalConnection * 3 + attributed) / 4;
    const { subUser } = allowance;
    if (subUser) {
      subUser.giveBack(unusedPackage, unusedMoneyBytes, price);
      subUser.allowances.delete(allowance);
      if (subUser.allowances.size === 0) subUser.idleSince = this.support.now();
    }
    this.allowances.delete(allowance);
    this.waiting.delete(allowance);
    if (this.allowances.size === 0) this.idleSince = this.support.now();
  }

  /** Drops all local credit (the store's holds lapsed or were given back). */
  forget(): void {
    this.packageBytes = 0;
    this.money = 0;
    this.hasHolds = false;
  }
}
