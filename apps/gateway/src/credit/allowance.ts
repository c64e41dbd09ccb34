import type { OwnerCredit } from './owner-credit';
import type { SubUserBudget } from './sub-user-allowance';

/** Bytes in one GB of billed traffic (2^30), as prices are per GB. */
export const BYTES_PER_GB = 2 ** 30;

/** Called when credit arrives for a stalled connection, or (`onRefused`) when none will. */
interface Waiter {
  onCredit: () => void;
  onRefused: (error: Error) => void;
}

/**
 * The bytes one metered connection (a tunnel, or a target connection of the forward path) may
 * move, carved out of its owner's local credit a piece at a time (DESIGN §4 Credit control). It
 * counts what the connection consumed (`measure`), tops itself up from the owner before it runs
 * out, and gives back what it did not use when it closes.
 *
 * `limit` bytes were carved in all, `packageLimit` of them from traffic-package credit, the rest
 * from money at `price`. The usage meter attributes each sampled byte (`attribute`) to package
 * credit while the connection has carved package bytes it has not used, to money after that, so
 * what a flush tells the store matches what was carved, whatever order carves came in.
 */
export class Allowance {
  /** Bytes carved for this connection so far (cumulative). */
  limit = 0;
  /** Of `limit`, bytes carved from traffic-package credit. */
  packageLimit = 0;
  /** Metered bytes attributed so far (what the usage flushes report). */
  attributed = 0;
  /** Of `attributed`, bytes attributed to package credit. */
  attributedPackage = 0;
  /** Size of the next carve: doubles with each one, up to the owner's maximum. */
  carve: number;
  private consumedOf: () => number = () => 0;
  /** Told when `shrink` lowered the limit (a splice relay re-reads its cap). */
  private onShrink: (() => void) | null = null;
  private waiter: Waiter | null = null;
  isClosed = false;
  /** Its connection is still being set up (waits for its first credit before dialling). */
  isOpening = false;
  /** The sub-user whose budget its carves also come out of (issue #21), or null. */
  subUser: SubUserBudget | null = null;

  constructor(
    readonly owner: OwnerCredit,
    /** Micro-PTC per GB of the connection's proxy. */
    readonly price: number,
    firstCarve: number,
  ) {
    this.carve = firstCarve;
  }

  /** Tells the allowance how to read the bytes its connection consumed so far. */
  measure(consumed: () => number): void {
    this.consumedOf = consumed;
  }

  /** Calls `onShrink` whenever `shrink` lowers the limit. */
  watchShrink(onShrink: () => void): void {
    this.onShrink = onShrink;
  }

  /**
   * Gives back what the connection carved and has not consumed (its owner ran out and shares what
   * is left among its connections): the limit drops to what was consumed. The last bytes carved
   * go back first: money, then package bytes. Answers the bytes given back.
   */
  shrink(): number {
    if (this.isClosed) return 0;
    const consumed = Math.max(this.consumedOf(), this.attributed);
    const unused = Math.floor(this.limit - consumed);
    if (unused <= 0) return 0;
    // Bytes consumed but not attributed yet will use the package bytes first.
    const pending = consumed - this.attributed;
    const packageLeft = Math.max(0, this.packageLimit - this.attributedPackage - pending);
    const fromPackage = Math.min(unused, Math.floor(packageLeft));
    const fromMoney = unused - fromPackage;
    this.limit -= unused;
    this.packageLimit -= fromPackage;
    this.owner.takeBack(fromPackage, fromMoney, this.price);
    this.subUser?.giveBack(fromPackage, fromMoney, this.price);
    this.onShrink?.();
    return unused;
  }

  /** Bytes the connection consumed so far. */
  consumed(): number {
    return this.consumedOf();
  }

  /** Whole bytes it may still move. */
  left(): number {
    return Math.floor(this.limit - this.consumedOf());
  }

  /**
   * For paths that move bytes in JavaScript, after moving some: true while the connection may go
   * on; false when it used up its allowance and the owner has no local credit for now: the caller
   * stops moving bytes until `whenCredited`'s callback. Tops up from the owner when half of the
   * last carve is left, so a connection with a funded owner never waits.
   */
  check(): boolean {
    const left = this.limit - this.consumedOf();
    if (left > this.carve / 2) return true;
    this.topUp();
    return this.left() > 0;
  }

  /** Carves more from the owner's local credit (asking the store for more in the background). */
  topUp(): void {
    if (this.isClosed) return;
    this.owner.carveFor(this);
  }

  /** Calls `onCredit` once credit was added for this connection, or `onRefused` when none will be. */
  whenCredited(onCredit: () => void, onRefused: (error: Error) => void = () => {}): void {
    if (this.isClosed) return;
    this.waiter = { onCredit, onRefused };
    this.owner.wait(this);
  }

  /** Whether the connection waits for credit. */
  get isWaiting(): boolean {
    return this.waiter !== null;
  }

  /** Credit arrived (called by the owner after carving for it). */
  credited(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.onCredit();
  }

  /** No credit will come (called by the owner). */
  refused(error: Error): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.onRefused(error);
  }

  /**
   * Counts `bytes` more metered bytes of the connection; answers how many of them were carried on
   * package credit (the carved package bytes not attributed yet go first). Bytes beyond the limit
   * (a read that came in whole past it) are carved from the owner after the fact, package bytes
   * first, money after (which may go below zero), so that local credit and the store's hold stay
   * in step and a package is used up before anything is owed.
   */
  attribute(bytes: number): number {
    if (bytes <= 0) return 0;
    const within = Math.max(0, Math.min(bytes, this.limit - this.attributed));
    let fromPackage = Math.min(within, Math.max(0, this.packageLimit - this.attributedPackage));
    const overrun = bytes - within;
    if (overrun > 0) {
      const overrunPackage = this.owner.chargeOverrun(overrun, this.price);
      this.subUser?.take(overrunPackage, overrun - overrunPackage, this.price);
      this.limit += overrun;
      this.packageLimit += overrunPackage;
      fromPackage += overrunPackage;
    }
    this.attributed += bytes;
    this.attributedPackage += fromPackage;
    return fromPackage;
  }

  /** The connection ended and was metered a last time: what it did not use goes back to the owner. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.waiter = null;
    this.owner.giveBack(this);
  }
}
